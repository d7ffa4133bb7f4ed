import { z } from 'zod';
import { isoDaySchema, newReferralBodySchema, REFERRAL_STATUS_KEYS } from '../domain/index.js';
import {
  commissionStatus,
  endpoint,
  idParams,
  isoDateTime,
  money,
  outboxStatus,
  pageOf,
  referralStatus,
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

export const referralDetails = referral.extend({
  formToken: z.string(),
  tenantFormUrl: z.string(),
  /** The latest message carrying the tenant's link; null when none was sent (SMS switched off). */
  linkDelivery: linkDelivery.nullable(),
  tenantData: z
    .object({
      name: z.string(),
      income: money,
      monthlyObligations: money,
      submittedAt: isoDateTime,
      salaryDefinitionFile: z.string().nullable(),
      creditReportFile: z.string().nullable(),
    })
    .nullable(),
});

export const referralListQuery = z.object({
  status: z.enum(REFERRAL_STATUS_KEYS, { error: 'حالة غير معروفة' }).optional(),
  phone: z.string().max(20, { error: 'النص أطول من المسموح' }).optional(),
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const metrics = z.object({
  activeReferrals: z.number().int(),
  totalCommission: money,
  completedContracts: z.number().int(),
  successRate: z.number(),
  totalReferrals: z.number().int(),
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
    response: referral,
  }),
  details: endpoint({
    method: 'GET',
    path: '/api/referrals/:id/details',
    access: 'broker',
    summary: "one referral with the tenant's submitted data (audited)",
    params: idParams,
    response: referralDetails,
  }),
  metrics: endpoint({
    method: 'GET',
    path: '/api/dashboard/metrics',
    access: 'broker',
    summary: "the broker's dashboard figures",
    response: metrics,
  }),
};
