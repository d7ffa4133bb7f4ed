import { and, count, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { UNSETTLED_PAYOUT_STATUSES } from '#domain';
import { type Database, rowsOf } from '../../db/client.js';
import {
  brokers,
  commissions,
  fraudSignals,
  payouts,
  referrals,
  tenantForms,
} from '../../db/schema.js';
import { serviceBreaches } from '../../service-clocks.js';

/** Retired (deleted) accounts stay for the money records but are no longer brokers. */
const liveBroker = isNull(brokers.deletedAt);

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
    // Reversed commissions are not earned money.
    .where(ne(commissions.status, 'reversed'));
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
const awaitingReview = eq(referrals.status, 'under_review');
const activationRequested = and(
  eq(brokers.isActive, false),
  isNotNull(brokers.activationRequestedAt),
  // Retiring an account clears its request too; this keeps a retired one out regardless.
  isNull(brokers.deletedAt),
);

/**
 * The admin view of /dashboard: what needs the operations team's attention today. Reviews
 * come longest-waiting first; activation requests newest first (the full list is a filter on
 * the brokers tab).
 */
export async function operationsDashboard(db: Database) {
  const [
    summary,
    reviewRows,
    [reviewCount],
    activationRows,
    [activationCount],
    unsettled,
    [signals],
    weekly,
    breaches,
  ] = await Promise.all([
    adminSummary(db),
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
    db.select({ value: count() }).from(referrals).where(awaitingReview),
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
    db.select({ value: count() }).from(brokers).where(activationRequested),
    db
      .select({
        count: sql<number>`count(*)::int`,
        amount: sql<string>`coalesce(sum(${payouts.amount}), 0)::numeric(14,2)::text`,
      })
      .from(payouts)
      .where(inArray(payouts.status, UNSETTLED_PAYOUT_STATUSES)),
    // The status index: the open ones only.
    db.select({ value: count() }).from(fraudSignals).where(eq(fraudSignals.status, 'open')),
    rowsOf<{ week: string; count: number }>(
      db,
      sql`select (date_trunc('week', (submitted_at at time zone 'Asia/Riyadh') + interval '1 day') - interval '1 day')::date::text as week,
                   count(*)::int as count
            from referrals
            where submitted_at >= now() - make_interval(weeks => ${WEEKS})
            group by 1 order by 1`,
    ),
    serviceBreaches(db),
  ]);
  return {
    summary,
    awaitingReview: {
      total: reviewCount?.value ?? 0,
      items: reviewRows.map((row) => ({ ...row, submittedAt: row.submittedAt.toISOString() })),
    },
    activationRequests: {
      total: activationCount?.value ?? 0,
      items: activationRows.map((row) => ({
        ...row,
        activationRequestedAt: row.activationRequestedAt?.toISOString() ?? null,
      })),
    },
    unsettledPayouts: unsettled[0] ?? { count: 0, amount: '0.00' },
    openSignals: signals?.value ?? 0,
    serviceBreaches: breaches,
    referralsPerWeek: weekly,
  };
}
