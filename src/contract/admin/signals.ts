import { z } from 'zod';
import { multiLineText, SIGNAL_KINDS, SIGNAL_SCOPES, SIGNAL_STATUSES } from '../../domain/index.js';
import { endpoint, idParams, isoDateTime, ok, pageOf } from '../common.js';
import { adminPage, count } from './lists.js';

// ---------- signals ----------

const signalNote = z.object({
  note: multiLineText({ max: 500, min: 1, required: 'يرجى كتابة ملاحظة' }),
});

/** A fraud or duplicate signal as the admins' signals view shows it. */
const fraudSignal = z.object({
  id: z.string(),
  kind: z.enum(SIGNAL_KINDS),
  /** What money it holds while open: the referral's commission, or none. */
  scope: z.enum(SIGNAL_SCOPES),
  reason: z.string(),
  status: z.enum(SIGNAL_STATUSES),
  note: z.string().nullable(),
  brokerId: z.string(),
  brokerName: z.string().nullable(),
  brokerPhone: z.string(),
  brokerCode: z.string(),
  referralId: z.string().nullable(),
  referralNumber: count.nullable(),
  createdAt: isoDateTime,
  resolvedAt: isoDateTime.nullable(),
});

/**
 * An open signal where a decision is made (a referral's row, card and processing dialog): on
 * the referral itself, or on its broker's whole account (a shared IBAN).
 */
export const openSignal = fraudSignal.pick({ id: true, kind: true, scope: true, reason: true });

/** The signals list's status (open unless asked) and page. */
export const signalListQuery = z.object({
  status: z.enum([...SIGNAL_STATUSES, 'all'], { error: 'حالة غير معروفة' }).default('open'),
  page: adminPage,
});

export const adminSignalEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/signals',
    access: 'admin',
    summary: 'fraud and duplicate signals, newest first, open unless asked',
    query: signalListQuery,
    response: pageOf(fraudSignal),
  }),
  resolve: endpoint({
    method: 'POST',
    path: '/api/admin/signals/:id/resolve',
    access: 'admin',
    summary: 'close a signal as handled, with a note; the money it held is released (audited)',
    params: idParams,
    notFound: 'التنبيه غير موجود',
    body: signalNote,
    response: ok,
  }),
  dismiss: endpoint({
    method: 'POST',
    path: '/api/admin/signals/:id/dismiss',
    access: 'admin',
    summary:
      'close a signal as a false alarm, with a note; the money it held is released (audited)',
    params: idParams,
    notFound: 'التنبيه غير موجود',
    body: signalNote,
    response: ok,
  }),
};
