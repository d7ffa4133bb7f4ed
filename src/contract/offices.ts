import { z } from 'zod';
import {
  OFFICE_MEMBER_STATUSES,
  OFFICE_PAYEES,
  OFFICE_ROLES,
  officeBody,
  officeInvitationBody,
  officePayoutBody,
} from '../domain/index.js';
import { adminPage, count } from './admin/lists.js';
import { endpoint, idParams, isoDateTime, money, ok, pageOf, referralStatus } from './common.js';

// ---------- brokerage offices and their agents (issue 35 item 4, decision record 080) ----------

/** An office as its members read it. */
const office = z.object({
  id: z.string(),
  name: z.string(),
  crNumber: z.string(),
  ownerName: z.string(),
  payoutTo: z.enum(OFFICE_PAYEES),
  /** The office's share of each member's commission, in percent; null for none. */
  sharePercent: z.number().int().nullable(),
  /** The IBAN the members' commissions go to when `payoutTo` is `office`. */
  iban: z.string().nullable(),
  createdAt: isoDateTime,
});

/** An invitation waiting for the signed-in broker's answer. */
const invitation = z.object({
  id: z.string(),
  officeName: z.string(),
  ownerName: z.string(),
  /** Where the members' payouts go and the office's share: said before the broker joins. */
  payoutTo: z.enum(OFFICE_PAYEES),
  sharePercent: z.number().int().nullable(),
  invitedAt: isoDateTime,
});

/** A member of the office as its owner reads it, with what they did while a member. */
const member = z.object({
  id: z.string(),
  name: z.string().nullable(),
  phone: z.string(),
  role: z.enum(OFFICE_ROLES),
  status: z.enum(OFFICE_MEMBER_STATUSES),
  invitedAt: isoDateTime,
  joinedAt: isoDateTime.nullable(),
  endedAt: isoDateTime.nullable(),
  referrals: count,
  signedContracts: count,
  /** Commissions made while a member, and the office's share of them. */
  earned: money,
  officeShare: money,
  paid: money,
});

/** A referral a member made while in the office (no tenant's data: it is the agent's). */
const teamReferral = z.object({
  id: z.string(),
  number: z.number().int(),
  agentName: z.string(),
  status: referralStatus,
  submittedAt: isoDateTime,
  commission: money.nullable(),
  officeShare: money.nullable(),
});

export const officeEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: '/api/office',
    access: 'broker',
    summary:
      "the broker's office and role in it (null when none), and the invitations waiting for them",
    response: z.object({
      office: office.nullable(),
      role: z.enum(OFFICE_ROLES).nullable(),
      invitations: z.array(invitation),
    }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/office',
    access: 'broker',
    summary:
      'register an office by its commercial registration; its owner is its first member (audited)',
    body: officeBody,
    status: 201,
    response: office,
  }),
  setPayout: endpoint({
    method: 'PUT',
    path: '/api/office/payout',
    access: 'broker',
    summary:
      "where the members' commissions are paid and the office's share of each, with the owner's password (audited; the members are told)",
    body: officePayoutBody,
    response: office,
  }),
  team: endpoint({
    method: 'GET',
    path: '/api/office/team',
    access: 'broker',
    summary:
      "the office's members with what each did while a member, and their referrals (owner only)",
    query: z.object({ page: adminPage }),
    response: pageOf(teamReferral).extend({ members: z.array(member) }),
  }),
  invite: endpoint({
    method: 'POST',
    path: '/api/office/invitations',
    access: 'broker',
    summary:
      'invite an agent by phone; they are told in the app and on the phone (owner only, audited)',
    body: officeInvitationBody,
    status: 201,
    response: ok,
  }),
  endMembership: endpoint({
    method: 'DELETE',
    path: '/api/office/members/:id',
    access: 'broker',
    summary:
      'cancel an invitation or remove an agent; their history stays theirs (owner only, audited)',
    params: idParams,
    notFound: 'العضو غير موجود',
    response: ok,
  }),
  accept: endpoint({
    method: 'POST',
    path: '/api/office/invitations/:id/accept',
    access: 'broker',
    summary: 'join the office that invited your phone (audited)',
    params: idParams,
    notFound: 'الدعوة غير موجودة',
    response: ok,
  }),
  decline: endpoint({
    method: 'POST',
    path: '/api/office/invitations/:id/decline',
    access: 'broker',
    summary: 'decline an invitation (audited)',
    params: idParams,
    notFound: 'الدعوة غير موجودة',
    response: ok,
  }),
  leave: endpoint({
    method: 'POST',
    path: '/api/office/leave',
    access: 'broker',
    summary: 'leave your office; your referrals and commissions stay yours (audited)',
    response: ok,
  }),
  adminList: endpoint({
    method: 'GET',
    path: '/api/admin/offices',
    access: 'admin',
    summary: 'the offices with their owner and active members, by name',
    response: z.object({
      items: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          crNumber: z.string(),
          ownerName: z.string(),
          members: count,
          payoutTo: z.enum(OFFICE_PAYEES),
        }),
      ),
    }),
  }),
};
