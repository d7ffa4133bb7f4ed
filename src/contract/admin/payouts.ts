import { z } from 'zod';
import { documentMonthSchema } from '../../domain/index.js';
import { paymentDocument, payout } from '../commissions.js';
import { endpoint, idParams, isoDateTime, money, ok, pageOf, payoutStatus } from '../common.js';
import {
  adminPage,
  brokerColumns,
  changed,
  count,
  reasonBody,
  transferReference,
  transferReferenceBody,
} from './lists.js';

/** A Riyadh calendar month of documents. */
const documentMonthQuery = z.object({ month: documentMonthSchema });

/** A payout as the admins' payouts card lists it. */
const adminPayout = payout.extend({
  brokerId: z.string(),
  ...brokerColumns,
  /** Its line's reference in the bank file and on the statement. */
  reference: z.string(),
  /** The bank's reference, given when it was sent or paid. */
  transferReference: z.string().nullable(),
  /** The bank file that carried it, once an approved payout is downloaded. */
  bankBatch: z.string().nullable(),
  approvedAt: isoDateTime.nullable(),
  sentAt: isoDateTime.nullable(),
  /** Until when the broker's payouts wait after an IBAN change; null when they do not. */
  ibanHoldUntil: isoDateTime.nullable(),
  /** An open signal holds all the broker's money (a shared IBAN): it cannot move. */
  signalHold: z.boolean(),
});

const BANK_REFERENCE_REQUIRED = 'يرجى إدخال مرجع التحويل من البنك';

/** How many payouts wait at one step of the work, and their sum. */
const waiting = z.object({ count, amount: money });

/** The payouts list's status (drafts unless asked) and page. */
export const adminPayoutListQuery = z.object({
  status: z.enum(payoutStatus.options, { error: 'حالة غير معروفة' }).default('draft'),
  page: adminPage,
});

export const adminPayoutEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/payouts',
    access: 'admin',
    summary: 'payouts of one status, drafts unless asked',
    query: adminPayoutListQuery,
    response: pageOf(adminPayout),
  }),
  pay: endpoint({
    method: 'POST',
    path: '/api/admin/payouts/:id/pay',
    access: 'admin',
    summary: 'pay a payout from the oldest unpaid commissions (audited, notified)',
    params: idParams,
    notFound: 'طلب التحويل غير موجود',
    body: transferReferenceBody,
    response: changed,
  }),
  fail: endpoint({
    method: 'POST',
    path: '/api/admin/payouts/:id/fail',
    access: 'admin',
    summary:
      'record that the bank returned an approved or sent payout, with the reason: its money is payable again (audited, notified; idempotent)',
    params: idParams,
    notFound: 'طلب التحويل غير موجود',
    body: reasonBody('يرجى كتابة سبب فشل التحويل'),
    response: changed,
  }),
  steps: endpoint({
    method: 'GET',
    path: '/api/admin/payouts/steps',
    access: 'admin',
    summary:
      'the payouts at each step of the work: drafts to approve, approved in no bank file, in a bank file not yet sent, sent not yet paid',
    response: z.object({
      draft: waiting,
      approved: waiting,
      inBankFile: waiting,
      sent: waiting,
    }),
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/admin/payouts/:id/cancel',
    access: 'admin',
    summary:
      'cancel a draft, or an approved payout in no bank file, with a reason: its money returns to the broker, payable or held by an open signal (audited, notified; idempotent)',
    params: idParams,
    notFound: 'طلب التحويل غير موجود',
    body: reasonBody('يرجى كتابة سبب الإلغاء'),
    response: changed,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/admin/payouts/:id/reject',
    access: 'admin',
    summary: 'reject a draft or approved payout with a reason (audited, notified)',
    params: idParams,
    notFound: 'طلب التحويل غير موجود',
    body: reasonBody('يرجى كتابة سبب الرفض'),
    response: ok,
  }),
  mark: endpoint({
    method: 'POST',
    path: '/api/admin/payouts/mark',
    access: 'admin',
    summary:
      'approve, send (with the bank reference) or mark paid many payouts in one action; each is its own transaction, and each refusal is answered',
    body: z
      .object({
        ids: z
          .array(z.string().max(100), { error: 'يرجى اختيار الدفعات' })
          .min(1, { error: 'يرجى اختيار الدفعات' })
          .max(200, { error: 'لا يمكن معالجة أكثر من ٢٠٠ دفعة في المرة الواحدة' }),
        status: z.enum(['approved', 'sent', 'paid'], { error: 'حالة غير معروفة' }),
        transferReference: transferReference.nullish(),
      })
      .refine((body) => body.status !== 'sent' || Boolean(body.transferReference), {
        path: ['transferReference'],
        error: BANK_REFERENCE_REQUIRED,
      }),
    response: z.object({
      changed: count,
      unchanged: count,
      refused: z.array(z.object({ id: z.string(), message: z.string() })),
    }),
  }),
  payDue: endpoint({
    method: 'POST',
    path: '/api/admin/payouts/pay-due',
    access: 'admin',
    summary:
      '«دفع كل المستحق»: one draft payout per broker with at least the minimum payable, to the IBAN on the profile (audited)',
    response: z.object({
      created: count,
      amount: money,
      skipped: z.object({ noIban: count, ibanHold: count, signal: count, ownMoney: count }),
    }),
  }),
  bankFile: endpoint({
    method: 'POST',
    path: '/api/admin/payouts/bank-file',
    access: 'admin',
    summary:
      'a new bank file: every approved payout in no file yet, whose broker is not held, as CSV (docs/bank-file.md); the batch is in X-Bank-Batch (audited)',
    response: null,
  }),
  bankFileAgain: endpoint({
    method: 'GET',
    path: '/api/admin/payouts/bank-file/:batch',
    access: 'admin',
    summary: 'a bank file again: its payouts still approved (audited)',
    params: z.object({ batch: z.string().max(60) }),
    response: null,
  }),
  documents: endpoint({
    method: 'GET',
    path: '/api/admin/documents',
    access: 'admin',
    summary: "a Riyadh month's payment documents (tax invoices and statements), newest first",
    query: documentMonthQuery,
    response: z.array(paymentDocument),
  }),
  documentsExport: endpoint({
    method: 'GET',
    path: '/api/admin/documents/export',
    access: 'admin',
    summary:
      "the month's documents for the accountant, as a ZIP: each printable page, each tax invoice's UBL XML, and an index (audited)",
    query: documentMonthQuery,
    response: null,
  }),
  document: endpoint({
    method: 'GET',
    path: '/api/admin/documents/:id',
    access: 'admin',
    summary: 'a payment document as a printable Arabic page (audited)',
    params: idParams,
    notFound: 'المستند غير موجود',
    response: null,
  }),
  documentXml: endpoint({
    method: 'GET',
    path: '/api/admin/documents/:id/xml',
    access: 'admin',
    summary: "a tax invoice's UBL 2.1 XML (audited)",
    params: idParams,
    notFound: 'المستند غير موجود',
    response: null,
  }),
};
