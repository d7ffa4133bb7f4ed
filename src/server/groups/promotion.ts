import { eq, sql } from 'drizzle-orm';
import { promotionConditionAr, ruleSummaryAr } from '#domain';
import { auditSystem } from '../audit/service.js';
import { type Database, rowsOf, type Transaction } from '../db/client.js';
import { brokerGroups, brokers } from '../db/schema.js';
import { noticeInTransaction } from '../ledger/adjustments.js';
import { lockBroker } from '../ledger/locks.js';
import { brokerTerms, defaultGroupId } from './terms.js';

/**
 * The highest group a broker has earned by a promotion rule and is not in yet: a rule of a group
 * of a higher level than theirs, whose count of contracts signed in its window the broker has
 * reached. A contract counts once its commission is made, not reversed and held by no fraud
 * signal nor licence hold (five fake contracts buy nothing while their signal is open), and only
 * since a super-admin last moved the broker by hand: one moved down is not bounced back by the
 * contracts that promoted them before. Staff accounts are never promoted by a rule (their terms
 * are another super-admin's hand). As SQL on `b`, a row of brokers.
 */
const earnedRule = sql`
  select r.id, r.signed_contracts, r.within_days, g.id as group_id, g.name as group_name
  from promotion_rules r
  join broker_groups g on g.id = r.group_id
  where g.level > coalesce((select level from broker_groups own
      where own.id = coalesce(b.group_id, ${defaultGroupId})), -1)
    and not b.is_admin and not b.is_super_admin
    and (select count(*) from commissions c
      where c.broker_id = b.id and c.kind = 'referral' and c.status <> 'reversed'
        and not c.signal_hold and not c.license_hold
        and c.created_at > greatest(now() - make_interval(days => r.within_days),
          coalesce(b.group_moved_at, '-infinity'))) >= r.signed_contracts
  order by g.level desc, r.created_at
  limit 1`;

type Earned = {
  id: string;
  signed_contracts: number;
  within_days: number;
  group_id: string;
  group_name: string;
};

/**
 * Moves a broker up to the highest group a promotion rule gives them (decision record 072), in
 * the caller's transaction with the broker's row locked: never down, and the commissions already
 * made keep the rule stored with them. Audited as the system's, and the broker is told when the
 * transaction commits. Answers the group's name, or null when the broker stays.
 */
export async function promoteBroker(tx: Transaction, brokerId: string): Promise<string | null> {
  const [earned] = await rowsOf<Earned>(
    tx,
    sql`select e.* from brokers b, lateral (${earnedRule}) e
      where b.id = ${brokerId} and b.deleted_at is null`,
  );
  if (!earned) return null;
  // The group held while the broker joins it: one deleted meanwhile is no promotion, not a 500.
  const [target] = await tx
    .select({ id: brokerGroups.id })
    .from(brokerGroups)
    .where(eq(brokerGroups.id, earned.group_id))
    .for('key share');
  if (!target) return null;
  const before = await brokerTerms(tx, brokerId);
  await tx.update(brokers).set({ groupId: earned.group_id }).where(eq(brokers.id, brokerId));
  const { rule } = await brokerTerms(tx, brokerId);
  await auditSystem(tx, {
    action: 'broker.group_promote',
    entityType: 'broker',
    entityId: brokerId,
    before: { group: before.rule.groupName },
    after: {
      group: earned.group_name,
      promotionRule: earned.id,
      signedContracts: earned.signed_contracts,
      withinDays: earned.within_days,
    },
  });
  await noticeInTransaction(tx, brokerId, {
    type: 'success',
    title: `ترقية إلى مجموعة «${earned.group_name}»`,
    message: `بعد ${promotionConditionAr(earned.signed_contracts, earned.within_days)} انتقلت إلى مجموعة «${earned.group_name}»، وتُحتسب عمولاتك الجديدة بنسبة ${ruleSummaryAr(rule)}.`,
  });
  return earned.group_name;
}

/**
 * The housekeeping's promotions: every live broker a rule now moves up (a rule added or a group
 * raised since their last contract), each in a transaction of its own with their row locked and
 * the rule checked again under the lock. Answers how many moved.
 */
export async function promoteBrokers(db: Database): Promise<number> {
  const candidates = await rowsOf<{ id: string }>(
    db,
    sql`select b.id from brokers b
      where b.deleted_at is null and exists (select 1 from promotion_rules)
        and exists (${earnedRule})`,
  );
  let promoted = 0;
  for (const { id } of candidates) {
    const moved = await db.transaction(async (tx) => {
      await lockBroker(tx, id);
      return promoteBroker(tx, id);
    });
    if (moved) promoted += 1;
  }
  return promoted;
}
