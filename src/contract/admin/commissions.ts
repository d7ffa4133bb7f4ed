import { z } from 'zod';
import { appliedRuleSchema, COMMISSION_KINDS } from '../../domain/index.js';
import { endpoint, idParams, isoDateTime, money, pageOf } from '../common.js';
import {
  ADMIN_COMMISSION_SORTS,
  adminPage,
  brokerColumns,
  changed,
  reasonBody,
  sortQuery,
  storedCommissionStatus,
  transferReference,
} from './lists.js';

/**
 * The bank's reference, and the VAT the admin was shown on what is sent (decision 071): a
 * registration changed since the dialog opened is refused rather than paid blind.
 */
const confirmPaymentBody = z
  .object({
    transferReference: transferReference.nullish(),
    vatAmount: z
      .string()
      .regex(/^\d{1,10}\.\d{2}$/, { error: 'مبلغ الضريبة غير صالح' })
      .optional(),
  })
  .default({});

const adminCommission = z.object({
  id: z.string(),
  /** What made it: a signed contract, an adjustment or a bonus (decision 074). */
  kind: z.enum(COMMISSION_KINDS),
  /** The referral, for a `referral` commission; null for the others. */
  referralId: z.string().nullable(),
  /** Why an adjustment was made, or the bonus reached; null for a referral commission. */
  reason: z.string().nullable(),
  /** Before VAT, and the VAT on top (decision 071). */
  amount: money,
  vatAmount: money,
  paidAmount: money,
  status: storedCommissionStatus,
  contractNumber: z.string().nullable(),
  paidAt: isoDateTime.nullable(),
  /** When the holding period ends: an `on_hold` commission may be paid from then. */
  payableAt: isoDateTime,
  /** Held by an open fraud signal (the signals tab), whatever its holding period says. */
  signalHold: z.boolean(),
  /** Held because the broker's FAL licence was not verified and valid when it was created. */
  licenseHold: z.boolean(),
  /** Why it was reversed, and how much of what was paid later payments have deducted. */
  reversalReason: z.string().nullable(),
  recoveredAmount: money,
  /** The rule that made it, stored with it (decision record 072); null when made before. */
  rule: appliedRuleSchema.nullable(),
  /**
   * What the broker still owes for reversed commissions and deductions, deducted from the next
   * payment.
   */
  brokerOwes: money,
  createdAt: isoDateTime,
  ...brokerColumns,
  /** The referral's tenant; null for an adjustment or a bonus. */
  tenantPhone: z.string().nullable(),
});

/** The commissions tab's search, status filter, order and page. */
export const adminCommissionListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  status: storedCommissionStatus.optional(),
  sort: sortQuery(ADMIN_COMMISSION_SORTS),
  page: adminPage,
});

export const adminCommissionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/commissions',
    access: 'admin',
    summary: "every commission, searched by the broker's name or phone, sorted",
    query: adminCommissionListQuery,
    response: pageOf(adminCommission),
  }),
  confirmPayment: endpoint({
    method: 'POST',
    path: '/api/admin/commissions/:id/confirm-payment',
    access: 'admin',
    summary: 'mark a commission paid in full (audited, notified; idempotent)',
    params: idParams,
    notFound: 'العمولة غير موجودة',
    body: confirmPaymentBody,
    response: changed,
  }),
  reverse: endpoint({
    method: 'POST',
    path: '/api/admin/commissions/:id/reverse',
    access: 'admin',
    summary:
      "reverse the commission of a cancelled contract; what was paid of it is deducted from the broker's next payments (audited, notified; idempotent)",
    params: idParams,
    notFound: 'العمولة غير موجودة',
    body: reasonBody('يرجى كتابة سبب إلغاء العمولة'),
    response: changed,
  }),
};
