import { type SQL, sql } from 'drizzle-orm';
import { formatSar } from '#domain';
import { auditSystem } from '../audit/service.js';
import { type Database, rowsOf, type Transaction } from '../db/client.js';
import { createProgramCommission, noticeInTransaction } from '../ledger/adjustments.js';
import { lockBroker, lockedLiveBroker } from '../ledger/locks.js';

/**
 * Bonuses reached (decision record 074). A contract counts toward a bonus as it counts toward a
 * promotion: its commission made between the bonus's first and last Riyadh day, not reversed,
 * held by no fraud signal nor licence hold. Staff accounts never earn one (super-admins define
 * them). A bonus closes 90 days after its last day: a contract whose hold is lifted later than
 * that no longer brings it. As SQL on `b`, a row of brokers.
 */
const CLOSES_AFTER_DAYS = 90;

/** When the Riyadh day `day` begins, as a SQL timestamp. */
const riyadhStart = (day: SQL) => sql`(${day})::timestamp at time zone 'Asia/Riyadh'`;

/** How many contracts of `b` count toward bonus `bo`, as SQL. */
export const countedContracts = sql`(select count(*)::int from commissions c
  where c.broker_id = b.id and c.kind = 'referral' and c.status <> 'reversed'
    and not c.signal_hold and not c.license_hold
    and c.created_at >= ${riyadhStart(sql`bo.starts_on`)}
    and c.created_at < ${riyadhStart(sql`bo.ends_on + 1`)})`;

/**
 * Whether bonus `bo` is still open: not stopped by a super-admin, and its last day at most
 * CLOSES_AFTER_DAYS ago.
 */
export const openBonus = sql`bo.closed_at is null and bo.ends_on >= (now() at time zone 'Asia/Riyadh')::date - ${CLOSES_AFTER_DAYS}::int`;

/** The open bonuses `b` has reached and not been paid, as SQL. */
const reachedBonuses = sql`
  select bo.id, bo.name, bo.amount, bo.signed_contracts
  from bonuses bo
  where not b.is_admin and not b.is_super_admin
    and ${openBonus}
    and not exists (select 1 from commissions x where x.bonus_id = bo.id and x.broker_id = b.id)
    and ${countedContracts} >= bo.signed_contracts`;

type Reached = { id: string; name: string; amount: string; signed_contracts: number };

/**
 * Pays every bonus the broker has now reached, once each, in the caller's transaction with the
 * broker's row locked: a commission of kind `bonus`, audited as the system's, the broker told
 * when the transaction commits. Answers how many.
 */
export async function awardBonuses(tx: Transaction, brokerId: string): Promise<number> {
  const reached = await rowsOf<Reached>(
    tx,
    sql`select r.* from brokers b, lateral (${reachedBonuses}) r
      where b.id = ${brokerId} and b.deleted_at is null`,
  );
  if (reached.length === 0) return 0;
  const broker = await lockedLiveBroker(tx, brokerId);
  let awarded = 0;
  for (const { id } of reached) {
    // The bonus re-read under its lock, and the target checked again: one changed or deleted
    // meanwhile pays by its new terms or not at all, never by the terms read before.
    const [bonus] = await rowsOf<Reached>(
      tx,
      sql`select r.* from brokers b, lateral (${reachedBonuses} and bo.id = ${id} for key share of bo) r
        where b.id = ${brokerId}`,
    );
    if (!bonus) continue;
    const made = await createProgramCommission(tx, broker, {
      kind: 'bonus',
      amount: Number(bonus.amount),
      reason: bonus.name,
      bonusId: bonus.id,
    });
    if (!made) continue;
    awarded += 1;
    await auditSystem(tx, {
      action: 'bonus.award',
      entityType: 'broker',
      entityId: brokerId,
      after: { bonus: bonus.id, name: bonus.name, amount: bonus.amount, commissionId: made },
    });
    await noticeInTransaction(tx, brokerId, {
      type: 'success',
      title: `مبروك! حققت مكافأة «${bonus.name}»`,
      message: `أُضيفت مكافأة بقيمة ${formatSar(bonus.amount)} إلى عمولاتك.`,
    });
  }
  return awarded;
}

/**
 * The housekeeping's awards: every live broker who reached an open bonus and was not paid it
 * (a contract's hold lifted, a bonus added after the contracts), each in a transaction of its own
 * with their row locked and the bonus checked again under the lock. Answers how many were paid.
 */
export async function awardAllBonuses(db: Database): Promise<number> {
  const candidates = await rowsOf<{ id: string }>(
    db,
    sql`select b.id from brokers b
      where b.deleted_at is null and exists (${reachedBonuses})`,
  );
  let awarded = 0;
  for (const { id } of candidates) {
    awarded += await db.transaction(async (tx) => {
      await lockBroker(tx, id);
      return awardBonuses(tx, id);
    });
  }
  return awarded;
}
