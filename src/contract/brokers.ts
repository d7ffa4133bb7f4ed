import { z } from 'zod';
import {
  bankAccountBodySchema,
  profilePatchBodySchema,
  profileUpdateBodySchema,
} from '../domain/index.js';
import { endpoint, isoDateTime, ok } from './common.js';

/** The broker as the web app sees them: no password hash, no internal flags. */
export const profile = z.object({
  id: z.string(),
  phone: z.string(),
  brokerCode: z.string(),
  fullName: z.string().nullable(),
  officeName: z.string().nullable(),
  secondPhone: z.string().nullable(),
  bio: z.string().nullable(),
  logo: z.string().nullable(),
  falLicense: z.string().nullable(),
  email: z.string().nullable(),
  city: z.string().nullable(),
  profileComplete: z.boolean(),
  /**
   * Whether the full name passes the rule for what tenants are shown (brokerNameForTenants):
   * without such a name the broker takes no referral (brokerRequestBlock).
   */
  nameShownToTenants: z.boolean(),
  isActive: z.boolean(),
  isAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
  activationRequestedAt: isoDateTime.nullable(),
  /** A message on the preferred channel when a referral's status changes (on by default). */
  notifyByMessage: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

/** The IBAN payouts go to, and until when they wait after it was replaced. */
export const bankAccount = z.object({
  iban: z.string().nullable(),
  holdUntil: isoDateTime.nullable(),
});

export const brokerEndpoints = {
  profile: endpoint({
    method: 'GET',
    path: '/api/broker/profile',
    access: 'broker',
    summary: 'the signed-in broker',
    response: profile,
  }),
  replaceProfile: endpoint({
    method: 'PUT',
    path: '/api/broker/profile',
    access: 'broker',
    summary: 'save the profile form',
    body: profileUpdateBodySchema,
    response: profile,
  }),
  updateProfile: endpoint({
    method: 'PATCH',
    path: '/api/broker/profile',
    access: 'broker',
    summary: 'save some profile fields',
    body: profilePatchBodySchema,
    response: profile,
  }),
  requestActivation: endpoint({
    method: 'POST',
    path: '/api/broker/request-activation',
    access: 'broker',
    summary: 'ask the administration to activate the account (once)',
    response: profile,
  }),
  bankAccount: endpoint({
    method: 'GET',
    path: '/api/broker/bank-account',
    access: 'broker',
    summary: 'the IBAN on the profile, and until when payouts wait after a change',
    response: bankAccount,
  }),
  setBankAccount: endpoint({
    method: 'PUT',
    path: '/api/broker/bank-account',
    access: 'broker',
    summary:
      'set or replace the IBAN with the password again; a replacement holds payouts for 48 hours (audited, notified)',
    body: bankAccountBodySchema,
    response: bankAccount,
  }),
  deleteAccount: endpoint({
    method: 'DELETE',
    path: '/api/broker/account',
    access: 'broker',
    summary: 'leave: the account is retired, its money records kept',
    response: ok,
  }),
};
