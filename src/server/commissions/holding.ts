import { and, eq, lte, sql } from 'drizzle-orm';
import { formatSar, toCents, toMoneyString } from '#domain';
import { auditSystem } from '../audit/service.js';
import type { Database } from '../db/client.js';
import { commissions } from '../db/schema.js';
import { notify } from '../notifications/service.js';
import { lockBroker, markRequestedCommissions } from './service.js';

/** Brokers handled per call; the next run takes the rest. */
const RELEASE_BATCH = 500;

/** Past its holding period, and held by no open fraud signal (those wait for an admin). */
const due = and(
  eq(commissions.status, 'on_hold'),
  eq(commissions.signalHold, false),
  lte(commissions.payableAt, sql`now()`),
);

/**
 * Moves every commission whose holding period has ended from `on_hold` to payable, broker by
 * broker: with the broker's row locked (as every money change), each release audited as the
 * system's, and the requested marks brought up to date. The broker is notified once with the
 * amount. Safe on several instances at once: the lock and the conditional update release each
 * commission once. Returns how many commissions were released.
 */
export async function releaseHeldCommissions(db: Database): Promise<number> {
  const brokers = await db
    .selectDistinct({ brokerId: commissions.brokerId })
    .from(commissions)
    .where(due)
    .limit(RELEASE_BATCH);
  let released = 0;
  for (const { brokerId } of brokers) {
    const freed = await db.transaction(async (tx) => {
      await lockBroker(tx, brokerId);
      const rows = await tx
        .update(commissions)
        .set({ status: 'pending' })
        .where(and(eq(commissions.brokerId, brokerId), due))
        .returning({
          id: commissions.id,
          unpaid: sql<string>`${commissions.amount} - ${commissions.paidAmount}`,
        });
      if (rows.length === 0) return rows;
      await markRequestedCommissions(tx, brokerId);
      for (const row of rows) {
        await auditSystem(tx, {
          action: 'commission.release',
          entityType: 'commission',
          entityId: row.id,
          before: { status: 'on_hold' },
          after: { status: 'pending' },
        });
      }
      return rows;
    });
    if (freed.length === 0) continue;
    released += freed.length;
    const cents = freed.reduce((sum, row) => sum + toCents(row.unpaid), 0);
    await notify(db, brokerId, {
      type: 'success',
      title: 'انتهت فترة الانتظار',
      message: `أصبح مبلغ ${formatSar(toMoneyString(cents / 100))} من عمولاتك قابلاً للتحويل، ويمكنك الآن طلب تحويله.`,
      link: '/commissions',
    });
  }
  return released;
}
