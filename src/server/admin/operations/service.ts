import {
  and,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  type SQL,
  sql,
} from 'drizzle-orm';
import { TIMED_STAGES, UNSETTLED_PAYOUT_STATUSES } from '#domain';
import { type Database, rowsOf } from '../../db/client.js';
import {
  brokers,
  commissions,
  fraudSignals,
  payouts,
  referrals,
  tenantForms,
} from '../../db/schema.js';

/** Retired (deleted) accounts stay for the money records but are no longer brokers. */
const liveBroker = isNull(brokers.deletedAt);
/** Reversed commissions are not earned money. */
const earned = ne(commissions.status, 'reversed');

/** The cards' totals: live brokers; referrals and commissions of retired ones still count. */
export async function adminSummary(db: Database) {
  const [b] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`count(*) filter (where ${brokers.isActive})::int`,
    })
    .from(brokers)
    .where(liveBroker);
  const [r] = await db.select({ total: sql<number>`count(*)::int` }).from(referrals);
  const [c] = await db
    .select({ total: sql<string>`coalesce(sum(${commissions.amount}), 0)::numeric(14,2)::text` })
    .from(commissions)
    .where(earned);
  return {
    totalBrokers: b?.total ?? 0,
    activeBrokers: b?.active ?? 0,
    totalReferrals: r?.total ?? 0,
    totalCommissions: c?.total ?? '0.00',
  };
}

const LATEST = 5;
const WEEKS = 8;

/** Waiting for review: the tenant's submission moves a referral to "under review". */
const AWAITING_REVIEW = 'under_review';
const awaitingReview = eq(referrals.status, AWAITING_REVIEW);
const activationRequested = and(
  eq(brokers.isActive, false),
  isNotNull(brokers.activationRequestedAt),
  // Retiring an account clears its request too; this keeps a retired one out regardless.
  isNull(brokers.deletedAt),
);
/** Commissions the service clock of payment runs for (decision record 041). */
const PAYABLE = ['pending', 'requested'] as const;
/** The statuses the referral pass counts: the timed stages and the one awaiting review. */
const referralCounting: Record<string, SQL<number>> = {
  total: sql<number>`count(*)::int`,
  ...Object.fromEntries(
    [...new Set<string>([...TIMED_STAGES, AWAITING_REVIEW])].map((status) => [
      status,
      sql<number>`count(*) filter (where ${referrals.status} = ${status})::int`,
    ]),
  ),
};

/**
 * The admin view of /dashboard: what needs the operations team's attention today. Reviews
 * come longest-waiting first; activation requests newest first (the full list is a filter on
 * the brokers tab).
 *
 * At 200,000 referrals (bench/admin-lists.ts) the counts are the cost, so each is made once:
 * one pass over the referrals counts them all and those in each counted status, one over the
 * commissions sums the earned ones and counts the payable ones (FILTER clauses), one over the
 * brokers counts live, active and asking ones; the overdue ones are read from the deadline
 * indexes of decision record 041. The cards' figures are those `adminSummary` gives.
 */
export async function operationsDashboard(db: Database) {
  const now = new Date();
  const [
    [people],
    [referralCounts],
    overdueStages,
    [money],
    [overduePayments],
    reviewRows,
    activationRows,
    unsettled,
    [signals],
    weekly,
  ] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        active: sql<number>`count(*) filter (where ${brokers.isActive})::int`,
        activationRequests: sql<number>`count(*) filter (where ${activationRequested})::int`,
      })
      .from(brokers)
      .where(liveBroker),
    db.select(referralCounting).from(referrals),
    // The deadline index: only the referrals past their stage's deadline are read.
    db
      .select({ status: referrals.status, overdue: count() })
      .from(referrals)
      .where(and(lt(referrals.stageDueAt, now), inArray(referrals.status, TIMED_STAGES)))
      .groupBy(referrals.status),
    db
      .select({
        earned: sql<string>`coalesce(sum(${commissions.amount}) filter (where ${earned}), 0)::numeric(14,2)::text`,
        payable: sql<number>`count(*) filter (where ${inArray(commissions.status, PAYABLE)})::int`,
      })
      .from(commissions),
    // The payment deadline index (payable commissions only).
    db
      .select({ value: count() })
      .from(commissions)
      .where(and(inArray(commissions.status, PAYABLE), lt(commissions.payDueAt, now))),
    db
      .select({
        id: referrals.id,
        number: referrals.number,
        tenantPhone: referrals.tenantPhone,
        status: referrals.status,
        submittedAt: referrals.submittedAt,
        brokerName: brokers.fullName,
        tenantDataReceived: sql<boolean>`${tenantForms.id} is not null`,
      })
      .from(referrals)
      .innerJoin(brokers, eq(brokers.id, referrals.brokerId))
      .leftJoin(tenantForms, eq(tenantForms.referralId, referrals.id))
      .where(awaitingReview)
      .orderBy(referrals.submittedAt)
      .limit(LATEST),
    db
      .select({
        id: brokers.id,
        fullName: brokers.fullName,
        phone: brokers.phone,
        brokerCode: brokers.brokerCode,
        activationRequestedAt: brokers.activationRequestedAt,
      })
      .from(brokers)
      .where(activationRequested)
      .orderBy(desc(brokers.activationRequestedAt))
      .limit(LATEST),
    db
      .select({
        count: sql<number>`count(*)::int`,
        amount: sql<string>`coalesce(sum(${payouts.amount}), 0)::numeric(14,2)::text`,
      })
      .from(payouts)
      .where(inArray(payouts.status, UNSETTLED_PAYOUT_STATUSES)),
    db.select({ value: count() }).from(fraudSignals).where(eq(fraudSignals.status, 'open')),
    // Grouped by the day itself (a cheaper key than its text), written as text after.
    rowsOf<{ week: string; count: number }>(
      db,
      sql`select week::text as week, count
            from (select (date_trunc('week', (submitted_at at time zone 'Asia/Riyadh') + interval '1 day') - interval '1 day')::date as week,
                         count(*)::int as count
                    from referrals
                    where submitted_at >= now() - make_interval(weeks => ${WEEKS})
                    group by 1) weeks
            order by weeks.week`,
    ),
  ]);
  const inStatus = (status: string) => referralCounts?.[status] ?? 0;
  return {
    summary: {
      totalBrokers: people?.total ?? 0,
      activeBrokers: people?.active ?? 0,
      totalReferrals: referralCounts?.total ?? 0,
      totalCommissions: money?.earned ?? '0.00',
    },
    awaitingReview: {
      total: inStatus(AWAITING_REVIEW),
      items: reviewRows.map((row) => ({ ...row, submittedAt: row.submittedAt.toISOString() })),
    },
    activationRequests: {
      total: people?.activationRequests ?? 0,
      items: activationRows.map((row) => ({
        ...row,
        activationRequestedAt: row.activationRequestedAt?.toISOString() ?? null,
      })),
    },
    unsettledPayouts: unsettled[0] ?? { count: 0, amount: '0.00' },
    openSignals: signals?.value ?? 0,
    /**
     * Service promises in working time: per timed stage, the referrals in it and those past
     * their deadline; and the payable commissions and those unpaid past theirs.
     */
    serviceBreaches: [
      ...TIMED_STAGES.map((stage) => ({
        stage,
        open: inStatus(stage),
        overdue: overdueStages.find((row) => row.status === stage)?.overdue ?? 0,
      })),
      {
        stage: 'commission_payment' as const,
        open: money?.payable ?? 0,
        overdue: overduePayments?.value ?? 0,
      },
    ],
    referralsPerWeek: weekly,
  };
}
