import { eq, inArray, sql } from 'drizzle-orm';
import type { AppliedRule, RuleSource } from '#domain';
import type { Queryable } from '../db/prepared.js';
import { brokerGroups, brokers } from '../db/schema.js';
import { commissionRule, holdingDays, payoutMinimum } from '../settings/service.js';

/** The terms one broker earns and is paid under: the rule a new commission is made by. */
export type BrokerTerms = { rule: AppliedRule; payoutMinimum: number };

/**
 * The default group's id, for a broker without one (an account an earlier release made during
 * the deploy): such a broker is in it.
 */
export const defaultGroupId = sql`(select ${brokerGroups.id} from ${brokerGroups} where ${brokerGroups.isDefault})`;

/** A broker's group: theirs, else the default one. */
export const groupOfBroker = sql`coalesce(${brokers.groupId}, ${defaultGroupId})`;

/**
 * The terms in force for each broker named (decision record 072): the broker's own rate and
 * minimum where an override sets them, else their group's, else the program's settings; the
 * holding period and payout minimum of the group, else the program's. Read in the caller's
 * transaction when money is written with them. A broker who does not exist gets the program's
 * terms (no group). One query for the brokers, whatever their number.
 */
export async function brokerTermsOf(
  db: Queryable,
  brokerIds: readonly string[],
): Promise<Map<string, BrokerTerms>> {
  // One after another: in a transaction they share its one connection.
  const rows =
    brokerIds.length === 0
      ? []
      : await db
          .select({
            brokerId: brokers.id,
            groupId: brokerGroups.id,
            groupName: brokerGroups.name,
            rate: brokerGroups.commissionRate,
            minimum: brokerGroups.commissionMinimum,
            holdingDays: brokerGroups.holdingDays,
            payoutMinimum: brokerGroups.payoutMinimum,
            rateOverride: brokers.commissionRateOverride,
            minimumOverride: brokers.commissionMinimumOverride,
            overrideReason: brokers.commissionOverrideReason,
          })
          .from(brokers)
          .leftJoin(brokerGroups, eq(brokerGroups.id, groupOfBroker))
          .where(inArray(brokers.id, [...new Set(brokerIds)]));
  const program = await commissionRule(db);
  const programHolding = await holdingDays(db);
  const programPayoutMinimum = await payoutMinimum(db);
  const found = new Map(rows.map((row) => [row.brokerId, row]));
  const pick = (
    override: number | null | undefined,
    group: number | null | undefined,
    fallback: number,
  ): [number, RuleSource] =>
    override != null
      ? [override, 'override']
      : group != null
        ? [group, 'group']
        : [fallback, 'program'];
  return new Map(
    brokerIds.map((brokerId) => {
      const row = found.get(brokerId);
      const [rate, rateSource] = pick(row?.rateOverride, row?.rate, program.rate);
      const [minimum, minimumSource] = pick(row?.minimumOverride, row?.minimum, program.minimum);
      const overridden = rateSource === 'override' || minimumSource === 'override';
      const terms: BrokerTerms = {
        rule: {
          groupId: row?.groupId ?? null,
          groupName: row?.groupName ?? null,
          rate,
          minimum,
          holdingDays: row?.holdingDays ?? programHolding,
          rateSource,
          minimumSource,
          overrideReason: overridden ? (row?.overrideReason ?? null) : null,
        },
        payoutMinimum: row?.payoutMinimum ?? programPayoutMinimum,
      };
      return [brokerId, terms];
    }),
  );
}

/** The terms in force for one broker (brokerTermsOf). */
export async function brokerTerms(db: Queryable, brokerId: string): Promise<BrokerTerms> {
  const terms = (await brokerTermsOf(db, [brokerId])).get(brokerId);
  if (!terms) throw new Error('brokerTermsOf answers every broker asked');
  return terms;
}

/** The commission rule one broker earns under now (brokerTermsOf). */
export const brokerRule = async (db: Queryable, brokerId: string): Promise<AppliedRule> =>
  (await brokerTerms(db, brokerId)).rule;

/** A broker's rule out of brokerTermsOf's answer. */
export function ruleOf(terms: Map<string, BrokerTerms>, brokerId: string): AppliedRule {
  const found = terms.get(brokerId);
  if (!found) throw new Error('brokerTermsOf answers every broker asked');
  return found.rule;
}
