import { count, desc, eq, sql } from 'drizzle-orm';
import { type PayoutStatus, payoutReference } from '#domain';
import type { Database } from '../../db/client.js';
import { brokers, fraudSignals, payouts } from '../../db/schema.js';
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
      })
      .from(payouts)
      .innerJoin(brokers, eq(brokers.id, payouts.brokerId))
      .where(where)
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(pageOffset(query.page)),
    db.select({ value: count() }).from(payouts).where(where),
  ]);
  const items = rows.map(({ payout, ibanChangedAt, ...broker }) => ({
    id: payout.id,
    brokerId: payout.brokerId,
    amount: payout.amount,
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
