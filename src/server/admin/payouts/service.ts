import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type PayoutStatus, payoutReference, UNSETTLED_PAYOUT_STATUSES } from '#domain';
import type { Database } from '../../db/client.js';
import {
  brokers,
  fraudSignals,
  paymentDocuments,
  payouts,
  storedPayoutStatus,
} from '../../db/schema.js';
import { ADMIN_PAGE_SIZE, brokerColumns, pageOffset } from '../../http/toolkit.js';
import { ibanHoldUntil } from '../../ledger/holds.js';

/** Payouts of one status, newest first, 50 a page with the total. */
export async function listPayoutsForAdmin(
  db: Database,
  query: { status: PayoutStatus; page: number },
) {
  const where = eq(payouts.status, query.status);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        payout: payouts,
        ...brokerColumns,
        ibanChangedAt: brokers.ibanChangedAt,
        signalHold: sql<boolean>`exists (select 1 from ${fraudSignals} s
          where s.broker_id = ${payouts.brokerId} and s.scope = 'broker'
            and s.status = 'open')`,
        documentId: paymentDocuments.id,
      })
      .from(payouts)
      .innerJoin(brokers, eq(brokers.id, payouts.brokerId))
      .leftJoin(paymentDocuments, eq(paymentDocuments.payoutId, payouts.id))
      .where(where)
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(pageOffset(query.page)),
    db.select({ value: count() }).from(payouts).where(where),
  ]);
  const items = rows.map(({ payout, ibanChangedAt, documentId, ...broker }) => ({
    id: payout.id,
    brokerId: payout.brokerId,
    amount: payout.amount,
    vatAmount: payout.vatAmount,
    documentId,
    iban: payout.iban,
    status: payout.status,
    source: payout.source,
    rejectionReason: payout.rejectionReason,
    failureReason: payout.failureReason,
    reference: payoutReference(payout.id),
    transferReference: payout.transferReference,
    bankBatch: payout.bankBatch,
    approvedAt: payout.approvedAt?.toISOString() ?? null,
    sentAt: payout.sentAt?.toISOString() ?? null,
    ibanHoldUntil: ibanHoldUntil(ibanChangedAt)?.toISOString() ?? null,
    createdAt: payout.createdAt.toISOString(),
    handledAt: payout.handledAt?.toISOString() ?? null,
    ...broker,
  }));
  return { items, total: total?.value ?? 0, page: query.page, pageSize: ADMIN_PAGE_SIZE };
}

/**
 * The payouts card's steps, in the order of the work: drafts to approve, approved payouts in no
 * bank file (the next file takes them), those in a file not yet marked sent, and those sent not
 * yet paid. One pass over the unsettled payouts (the status index).
 */
export async function payoutSteps(db: Database) {
  const rows = await db
    .select({
      step: sql<'draft' | 'approved' | 'inBankFile' | 'sent'>`case
        when ${payouts.status} = 'approved' and ${payouts.bankBatch} is not null then 'inBankFile'
        when ${payouts.status} = ${storedPayoutStatus('draft')} then 'draft'
        else ${payouts.status} end`,
      count: sql<number>`count(*)::int`,
      // What the bank pays: the net and the VAT on top (decision 071).
      amount: sql<string>`coalesce(sum(${payouts.amount} + ${payouts.vatAmount}), 0)::numeric(14,2)::text`,
    })
    .from(payouts)
    .where(inArray(payouts.status, UNSETTLED_PAYOUT_STATUSES))
    .groupBy(sql`1`);
  const none = { count: 0, amount: '0.00' };
  const of = (step: string) => {
    const row = rows.find((r) => r.step === step);
    return row ? { count: row.count, amount: row.amount } : none;
  };
  return {
    draft: of('draft'),
    approved: of('approved'),
    inBankFile: of('inBankFile'),
    sent: of('sent'),
  };
}
