import { eq, sql } from 'drizzle-orm';
import { fromCents, UNSETTLED_PAYOUT_STATUSES } from '#domain';
import type { Database } from '../db/client.js';
import { preparedStatement, type Queryable } from '../db/prepared.js';
import { commissions, deductions, payouts, storedPayoutStatus } from '../db/schema.js';

/** The payout states whose money is requested, not yet settled, as a SQL list. */
export const UNSETTLED = sql.raw(
  `(${UNSETTLED_PAYOUT_STATUSES.map((status) => `'${storedPayoutStatus(status)}'`).join(',')})`,
);

/** Earned, paid and what open transfer requests hold: one named statement. */
const summaryStatement = preparedStatement((db) =>
  db
    .select({
      total: sql<string>`coalesce(sum(${commissions.amount})
        filter (where ${commissions.status} <> 'reversed'), 0)`,
      paid: sql<string>`coalesce(sum(${commissions.paidAmount} - ${commissions.recoveredAmount}), 0)`,
      onHold: sql<string>`coalesce(sum(${commissions.amount} - ${commissions.paidAmount})
        filter (where ${commissions.status} = 'on_hold'), 0)`,
      reversed: sql<string>`coalesce(sum(${commissions.amount})
        filter (where ${commissions.status} = 'reversed'), 0)`,
      toRecover: sql<string>`coalesce(sum(${commissions.paidAmount} - ${commissions.recoveredAmount})
        filter (where ${commissions.status} = 'reversed'), 0)`,
      requested: sql<string>`(select coalesce(sum(${payouts.amount}), 0)
        from ${payouts}
        where ${payouts.brokerId} = ${sql.placeholder('brokerId')}
          and ${payouts.status} in ${UNSETTLED})`,
      deducted: sql<string>`(select coalesce(sum(${deductions.amount}), 0)
        from ${deductions} where ${deductions.brokerId} = ${sql.placeholder('brokerId')})`,
      deductionsRecovered: sql<string>`(select coalesce(sum(${deductions.recoveredAmount}), 0)
        from ${deductions} where ${deductions.brokerId} = ${sql.placeholder('brokerId')})`,
    })
    .from(commissions)
    .where(eq(commissions.brokerId, sql.placeholder('brokerId')))
    .prepare('commission_summary'),
);

/**
 * The broker's money, always consistent: total = paid + pending + requested + onHold, where
 * total leaves reversed commissions out and takes deductions off (decision record 074), paid is
 * what was sent (net of what later payments deducted for reversed commissions and deductions),
 * requested is what open transfer requests hold, onHold what is still inside its holding period,
 * and pending what is left to request: net of `toRecover`, the paid part of reversed commissions
 * and the deductions not yet taken back (so it may be negative). `reversed` is the amount of the
 * reversed commissions, for the record (the deductions are listed apart).
 */
export async function commissionSummary(db: Queryable, brokerId: string) {
  const [row] = await summaryStatement(db).execute({ brokerId });
  // Cents as integers: no floating-point drift in money.
  const cents = (value: string | undefined) => Math.round(Number(value ?? 0) * 100);
  const deducted = cents(row?.deducted);
  const deductionsRecovered = cents(row?.deductionsRecovered);
  const total = cents(row?.total) - deducted;
  const paid = cents(row?.paid) - deductionsRecovered;
  const requested = cents(row?.requested);
  const onHold = cents(row?.onHold);
  const pending = total - paid - requested - onHold;
  return {
    total: fromCents(total),
    paid: fromCents(paid),
    pending: fromCents(pending),
    requested: fromCents(requested),
    onHold: fromCents(onHold),
    reversed: fromCents(cents(row?.reversed)),
    toRecover: fromCents(cents(row?.toRecover) + deducted - deductionsRecovered),
  };
}

/**
 * Keeps each payable commission's status telling whether open transfer requests hold it:
 * requests are settled oldest commission first, so a commission is 'requested' when the unpaid
 * amounts before it leave part of the open requests' total to fall on it, else 'pending'.
 * Commissions on hold or reversed take no part: they are not payable. Called, with the
 * broker's row locked, after every change to the broker's money.
 */
export async function markRequestedCommissions(
  tx: Pick<Database, 'execute'>,
  brokerId: string,
): Promise<void> {
  await tx.execute(sql`
    update commissions c
    set status = case when held.before_it < held.requested then 'requested' else 'pending' end
    from (
      select u.id,
        sum(u.amount - u.paid_amount) over (order by u.created_at, u.id)
          - (u.amount - u.paid_amount) as before_it,
        (select coalesce(sum(t.amount), 0) from transfer_requests t
          where t.broker_id = ${brokerId} and t.status in ${UNSETTLED}) as requested
      from commissions u
      where u.broker_id = ${brokerId} and u.paid_amount < u.amount
        and u.status not in ('on_hold', 'reversed')
    ) held
    where c.id = held.id
      and c.status <> case when held.before_it < held.requested then 'requested' else 'pending' end`);
}
