import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { CommissionSummary } from './responses.js';

const cents = (value: string | number) => Math.round(Number(value) * 100);

/**
 * Whether a broker's money adds up, total = paid + pending + requested + onHold, counted in
 * cents (onHold is zero where there is no holding period).
 */
export const addsUp = (s: CommissionSummary): boolean =>
  cents(s.total) === cents(s.paid) + cents(s.pending) + cents(s.requested) + cents(s.onHold);

/**
 * The invariant counted from the rows themselves, not through the summary: every riyal of the
 * broker's commissions is paid, on hold, or unpaid and payable, and open transfer requests
 * never hold more than the payable part. Answers the four figures in cents, to compare with the
 * summary the broker sees.
 */
export async function ledgerOf(db: Database, brokerId: string) {
  const result = (await db.execute(sql`
    select
      coalesce(sum(amount), 0)::text as total,
      coalesce(sum(paid_amount), 0)::text as paid,
      coalesce(sum(amount - paid_amount) filter (where status = 'on_hold'), 0)::text as on_hold,
      coalesce(sum(amount - paid_amount) filter (where status in ('pending', 'requested')), 0)::text
        as payable,
      (select coalesce(sum(amount), 0) from transfer_requests
        where broker_id = ${brokerId} and status = 'open')::text as requested
    from commissions where broker_id = ${brokerId}`)) as unknown as {
    rows: { total: string; paid: string; on_hold: string; payable: string; requested: string }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('no ledger row');
  const ledger = {
    total: cents(row.total),
    paid: cents(row.paid),
    onHold: cents(row.on_hold),
    payable: cents(row.payable),
    requested: cents(row.requested),
  };
  if (ledger.total !== ledger.paid + ledger.onHold + ledger.payable) {
    throw new Error(`the ledger does not add up: ${JSON.stringify(ledger)}`);
  }
  if (ledger.requested > ledger.payable) {
    throw new Error(`open requests hold more than is payable: ${JSON.stringify(ledger)}`);
  }
  return ledger;
}
