import { sql } from 'drizzle-orm';
import { toCents } from '#domain';
import type { Database } from '../db/client.js';
import type { CommissionSummary } from './responses.js';

/**
 * Whether a broker's money adds up, total = paid + pending + requested + onHold, counted in
 * cents (onHold is zero where there is no holding period).
 */
export const addsUp = (s: CommissionSummary): boolean =>
  toCents(s.total) ===
  toCents(s.paid) + toCents(s.pending) + toCents(s.requested) + toCents(s.onHold);

/**
 * The ledger's invariant (decision record 039), counted from the rows themselves rather than
 * through the summary:
 * `sum(commissions) − deductions = paid + payable + held + requested − reversed`, where reversed
 * money is a negative adjustment (so it is added back here) and deductions are the others. Every riyal of every commission, reversed ones
 * included, is in exactly one place: sent (net of what later payments deducted), payable now
 * (net of what is still owed for reversed commissions), held by open requests, on hold, or
 * reversed. Open requests never hold more than the unpaid payable commissions. Answers the
 * figures in cents, named as the summary names them, to compare with what the broker sees.
 */
export async function ledgerOf(db: Database, brokerId: string) {
  const result = (await db.execute(sql`
    select
      coalesce(sum(amount), 0)::text as everything,
      coalesce(sum(amount) filter (where status <> 'reversed'), 0)::text as total,
      coalesce(sum(paid_amount - recovered_amount), 0)::text as paid,
      coalesce(sum(amount - paid_amount) filter (where status = 'on_hold'), 0)::text as on_hold,
      coalesce(sum(amount - paid_amount) filter (where status in ('pending', 'requested')), 0)::text
        as unpaid_payable,
      coalesce(sum(amount) filter (where status = 'reversed'), 0)::text as reversed,
      coalesce(sum(paid_amount - recovered_amount) filter (where status = 'reversed'), 0)::text
        as to_recover,
      (select coalesce(sum(amount), 0) from transfer_requests
        where broker_id = ${brokerId} and status in ('open', 'approved', 'sent'))::text as requested,
      (select coalesce(sum(amount), 0) from deductions where broker_id = ${brokerId})::text
        as deducted,
      (select coalesce(sum(recovered_amount), 0) from deductions where broker_id = ${brokerId})::text
        as deductions_recovered
    from commissions where broker_id = ${brokerId}`)) as unknown as {
    rows: Record<
      | 'everything'
      | 'total'
      | 'paid'
      | 'on_hold'
      | 'unpaid_payable'
      | 'reversed'
      | 'to_recover'
      | 'requested'
      | 'deducted'
      | 'deductions_recovered',
      string
    >[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('no ledger row');
  const requested = toCents(row.requested);
  const deducted = toCents(row.deducted);
  const deductionsRecovered = toCents(row.deductions_recovered);
  const toRecover = toCents(row.to_recover) + deducted - deductionsRecovered;
  const ledger = {
    total: toCents(row.total) - deducted,
    paid: toCents(row.paid) - deductionsRecovered,
    pending: toCents(row.unpaid_payable) - requested - toRecover,
    requested,
    onHold: toCents(row.on_hold),
    reversed: toCents(row.reversed),
    toRecover,
  };
  // The issue's `reversed`: the reversals as the negative adjustment they are.
  const reversedAdjustment = -ledger.reversed;
  const sides = {
    // Deductions (decision record 074) are negative adjustments too: what the broker owes.
    sum: toCents(row.everything) - deducted,
    parts: ledger.paid + ledger.pending + ledger.onHold + ledger.requested - reversedAdjustment,
  };
  if (sides.sum !== sides.parts) {
    throw new Error(`the money does not add up: ${JSON.stringify({ ledger, sides })}`);
  }
  if (requested > toCents(row.unpaid_payable)) {
    throw new Error(`open requests hold more than is payable: ${JSON.stringify(ledger)}`);
  }
  return ledger;
}

/** A summary's figures in cents, to compare with ledgerOf. */
export const inCents = (s: CommissionSummary) => ({
  total: toCents(s.total),
  paid: toCents(s.paid),
  pending: toCents(s.pending),
  requested: toCents(s.requested),
  onHold: toCents(s.onHold),
  reversed: toCents(s.reversed),
  toRecover: toCents(s.toRecover),
});
