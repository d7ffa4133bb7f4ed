import { z } from 'zod';
import { COMMISSION_KINDS, COMMISSION_STATUS_KEYS, PAYOUT_STATUSES } from '../domain/index.js';
import { referralStatusBody } from './admin/referrals.js';
import {
  endpoint,
  idParams,
  isoDateTime,
  money,
  pageNumber,
  pageOf,
  referralStatus,
} from './common.js';

// ---------- the inbound API: the provider's systems, with a key (decision record 077) ----------
//
// Its own shapes, kept stable for the systems that read them, apart from the console's. A
// refusal is `{ code, message, messageEn }`: a stable code, Arabic and English.

/** A referral as the provider's systems read it. */
const inboundReferral = z.object({
  id: z.string(),
  brokerCode: z.string(),
  status: referralStatus,
  /** The annual rent the broker declared; null when not given. */
  declaredRent: money.nullable(),
  /** The lease's Ejar contract number, once signed. */
  contractId: z.string().nullable(),
  contractRent: money.nullable(),
  contractStartsOn: z.string().nullable(),
  contractEndsOn: z.string().nullable(),
  submittedAt: isoDateTime,
  updatedAt: isoDateTime,
});

const inboundCommission = z.object({
  id: z.string(),
  kind: z.enum(COMMISSION_KINDS),
  referralId: z.string().nullable(),
  brokerCode: z.string(),
  /** Before VAT, and the VAT on top. */
  amount: money,
  vatAmount: money,
  paidAmount: money,
  status: z.enum(COMMISSION_STATUS_KEYS),
  createdAt: isoDateTime,
});

const inboundPayout = z.object({
  id: z.string(),
  brokerCode: z.string(),
  /** Before VAT, and the VAT paid on top: the bank transfers their sum. */
  amount: money,
  vatAmount: money,
  /** The bank's reference, once sent or paid. */
  transferReference: z.string().nullable(),
  status: z.enum(PAYOUT_STATUSES),
  requestedAt: isoDateTime,
  paidAt: isoDateTime.nullable(),
});

/** The `Idempotency-Key` a state-changing call carries: 8 to 100 visible ASCII characters. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,100}$/;

export const inboundEndpoints = {
  referrals: endpoint({
    method: 'GET',
    path: '/api/v1/referrals',
    access: 'apiKey',
    scope: 'referrals:read',
    summary:
      'referrals, the latest changed first, by status; with updatedSince, those changed after it, the oldest change first (to sync page by page); 50 to a page',
    query: z.object({
      status: referralStatus.optional(),
      /** An instant with its offset (`2026-11-28T09:00:00Z`): only what changed after it. */
      updatedSince: z.iso
        .datetime({ offset: true, error: 'يرجى إرسال updatedSince تاريخاً ووقتاً بصيغة ISO 8601' })
        .optional(),
      page: pageNumber,
    }),
    response: pageOf(inboundReferral),
  }),
  referral: endpoint({
    method: 'GET',
    path: '/api/v1/referrals/:id',
    access: 'apiKey',
    scope: 'referrals:read',
    summary: 'one referral',
    params: idParams,
    notFound: 'الإحالة غير موجودة',
    response: inboundReferral,
  }),
  tenantForm: endpoint({
    method: 'GET',
    path: '/api/v1/referrals/:id/tenant-form',
    access: 'apiKey',
    scope: 'referrals:tenant-data',
    summary: "the tenant's submitted data (audited as a view of it)",
    params: idParams,
    notFound: 'لم يقم المستأجر بإرسال بياناته بعد',
    response: z.object({
      fullName: z.string(),
      phone: z.string(),
      monthlyIncome: money,
      monthlyObligations: money,
      submittedAt: isoDateTime,
    }),
  }),
  changeStatus: endpoint({
    method: 'POST',
    path: '/api/v1/referrals/:id/status',
    access: 'apiKey',
    scope: 'referrals:status',
    summary:
      "move a referral's status with the console's rules (a signed contract needs its Ejar number, rent and dates); once per Idempotency-Key",
    params: idParams,
    body: referralStatusBody,
    notFound: 'الإحالة غير موجودة',
    response: z.object({
      oldStatus: referralStatus,
      newStatus: referralStatus,
      /** The amount (before VAT) of the commission the change created, if it did. */
      commissionCreated: money.nullable(),
    }),
  }),
  commissions: endpoint({
    method: 'GET',
    path: '/api/v1/commissions',
    access: 'apiKey',
    scope: 'commissions:read',
    summary: "commissions, the latest first, or one referral's; 50 to a page",
    query: z.object({ referralId: z.string().max(64).optional(), page: pageNumber }),
    response: pageOf(inboundCommission),
  }),
  payouts: endpoint({
    method: 'GET',
    path: '/api/v1/payouts',
    access: 'apiKey',
    scope: 'payouts:read',
    summary: 'transfer requests, the latest first, by status; 50 to a page',
    query: z.object({ status: z.enum(PAYOUT_STATUSES).optional(), page: pageNumber }),
    response: pageOf(inboundPayout),
  }),
};
