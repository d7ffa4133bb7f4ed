import { z } from 'zod';
import {
  AFFORDABILITY_LEVELS,
  boundedDaySchema,
  newReferralBodySchema,
  REFERRAL_SOURCES,
  REFERRAL_STATUS_KEYS,
  TENANT_DOCUMENT_KINDS,
} from '../domain/index.js';
import {
  commissionStatus,
  endpoint,
  idParams,
  isoDateTime,
  money,
  outboxStatus,
  pageOf,
  pageQuery,
  referralStatus,
  stageClock,
} from './common.js';

/** A referral as its broker sees it, with its commission or the one it would earn. */
export const referral = z.object({
  id: z.string(),
  number: z.number().int(),
  tenantPhone: z.string(),
  propertyType: z.string().nullable(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  notes: z.string().nullable(),
  rentAmount: z.number().int().nullable(),
  status: referralStatus,
  contractId: z.string().nullable(),
  /** Typed by the broker, or asked for by the tenant through the broker's link or QR. */
  source: z.enum(REFERRAL_SOURCES),
  submittedAt: isoDateTime,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  commission: z.object({ amount: money, status: commissionStatus }).nullable(),
  potentialCommission: money.nullable(),
});

/** How far the tenant's link got, on the broker's referral page. */
export const linkDelivery = z.object({
  status: outboxStatus,
  channel: z.enum(['sms', 'whatsapp']),
  at: isoDateTime,
  /** It failed: the broker may send it again. */
  canResend: z.boolean(),
});

/**
 * One step of a referral's history, oldest first: its creation, the tenant's submission, each
 * change an admin made (a status, or only the note). `note` is the note written in that change.
 */
export const statusHistoryEntry = z.object({
  at: isoDateTime,
  kind: z.enum(['created', 'tenant_submitted', 'status_changed', 'note_changed']),
  /** The status the referral had after the step. */
  status: referralStatus,
  /**
   * Who took the step: the referring broker, the operations team (an admin), the tenant, or the
   * product itself (a referral its tenant never completed, expired).
   */
  actor: z.enum(['broker', 'admin', 'tenant', 'system']),
  note: z.string().nullable(),
});

/** The admin's history names the accounts that acted; the broker's never does. */
export const adminStatusHistoryEntry = statusHistoryEntry.extend({
  actorName: z.string().nullable(),
});

export const referralDetails = referral.extend({
  stageClock,
  /** Oldest first; admins appear only as the operations team. */
  history: z.array(statusHistoryEntry),
  formToken: z.string(),
  tenantFormUrl: z.string(),
  /** The latest message carrying the tenant's link; null when none was sent (SMS switched off). */
  linkDelivery: linkDelivery.nullable(),
  /**
   * What the tenant sent, as far as the referring broker needs it: the name, the affordability
   * verdict without the figures behind it, and which documents were provided and when; never the
   * salary, the obligations, the salary certificate or the credit report (decision 066).
   */
  tenantData: z
    .object({
      name: z.string(),
      submittedAt: isoDateTime,
      /** Null while the referral's rent is unknown. */
      affordability: z.enum(AFFORDABILITY_LEVELS).nullable(),
      documents: z.array(
        z.object({ kind: z.enum(TENANT_DOCUMENT_KINDS), providedAt: isoDateTime }),
      ),
    })
    .nullable(),
});

export const referralListQuery = z.object({
  status: z.enum(REFERRAL_STATUS_KEYS, { error: 'حالة غير معروفة' }).optional(),
  phone: z.string().max(20, { error: 'النص أطول من المسموح' }).optional(),
  from: boundedDaySchema.optional(),
  to: boundedDaySchema.optional(),
  ...pageQuery,
});

/** Where a broker stands (issue 34 item 5): their group, the next one, their rank this month. */
const standing = z.object({
  /** The broker's group and the rule their next commission is made by; null before any group. */
  group: z.object({ name: z.string(), rate: z.number(), minimum: z.number() }).nullable(),
  /** The nearest group a promotion rule leads to, and the contracts counted toward it. */
  next: z
    .object({
      groupName: z.string(),
      signedContracts: z.number().int(),
      withinDays: z.number().int(),
      counted: z.number().int(),
    })
    .nullable(),
  /**
   * The bonuses running today (decision 074), the nearest end first: the contracts counted
   * toward each, its target, and whether it was reached (and paid).
   */
  bonuses: z.array(
    z.object({
      name: z.string(),
      amount: money,
      signedContracts: z.number().int(),
      /** Its last Riyadh day, `YYYY-MM-DD`. */
      endsOn: z.string(),
      counted: z.number().int(),
      reached: z.boolean(),
    }),
  ),
  /** This Riyadh month's contracts signed among the active brokers of the broker's city. */
  board: z
    .object({
      city: z.string(),
      entries: z.array(
        z.object({
          rank: z.number().int(),
          name: z.string(),
          contracts: z.number().int(),
          me: z.boolean(),
        }),
      ),
      /** The broker's own place, in the entries or below them. */
      me: z.object({ rank: z.number().int(), contracts: z.number().int() }),
      brokers: z.number().int(),
    })
    .nullable(),
});

export const metrics = z.object({
  activeReferrals: z.number().int(),
  totalCommission: money,
  completedContracts: z.number().int(),
  successRate: z.number(),
  totalReferrals: z.number().int(),
  /**
   * The same figure as totalCommission: the product description names the phone dashboard's
   * field so, and API clients may read either.
   */
  totalCommissions: money,
});

export const referralEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/api/referrals',
    access: 'broker',
    summary: 'refer a tenant; the tenant gets the form link by SMS',
    body: newReferralBodySchema,
    status: 201,
    response: referral,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/referrals',
    access: 'broker',
    summary: "the broker's referrals, filtered and paged",
    query: referralListQuery,
    response: pageOf(referral),
  }),
  one: endpoint({
    method: 'GET',
    path: '/api/referrals/:id',
    access: 'broker',
    summary: 'one referral of the broker',
    params: idParams,
    notFound: 'الطلب غير موجود',
    response: referral,
  }),
  details: endpoint({
    method: 'GET',
    path: '/api/referrals/:id/details',
    access: 'broker',
    summary: "one referral with the tenant's submitted data (audited)",
    params: idParams,
    notFound: 'الطلب غير موجود',
    response: referralDetails,
  }),
  metrics: endpoint({
    method: 'GET',
    path: '/api/dashboard/metrics',
    access: 'broker',
    summary: "the broker's dashboard figures",
    response: metrics,
  }),
  standing: endpoint({
    method: 'GET',
    path: '/api/dashboard/standing',
    access: 'broker',
    summary:
      "where the broker stands: their group, what the next group needs, and this month's rank in their city",
    response: standing,
  }),
  resendLink: endpoint({
    method: 'POST',
    path: '/api/referrals/:id/resend-link',
    access: 'broker',
    summary: "send the tenant's form link again after it failed",
    params: idParams,
    notFound: 'الطلب غير موجود',
    response: linkDelivery,
  }),
};
