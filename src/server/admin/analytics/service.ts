import { sql } from 'drizzle-orm';
import { type ReferralSource, type ReferralStatus, riyadhDayRange } from '#domain';
import { type Database, rowsOf } from '../../db/client.js';

/**
 * Statuses at or past the tenant's acceptance, and at or past the signed contract. The funnel
 * is nested: an accepted referral counts as completed even when its data came another way.
 */
const ACCEPTED = sql.raw(
  `('accepted_awaiting_owner_contract','preparing_tenant_contract','contract_signed','commission_added')`,
);
const SIGNED = sql.raw(`('contract_signed','commission_added')`);

/** Saudi weeks start on Sunday: the Riyadh date of the Sunday on or before the instant. */
const riyadhWeek = (column: string) =>
  sql.raw(
    `(date_trunc('week', (${column} at time zone 'Asia/Riyadh') + interval '1 day') - interval '1 day')::date::text`,
  );
const riyadhMonth = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'Asia/Riyadh', 'YYYY-MM')`);

/**
 * The analytics tab, computed in SQL over the Riyadh days `from`..`to` (inclusive):
 * referrals per week by status, the funnel from submitted to signed, commissions per month,
 * referrals by city, the top brokers, and what each source of referrals brings.
 */
export async function adminAnalytics(db: Database, range: { from: string; to: string }) {
  const start = riyadhDayRange(range.from).start;
  const end = riyadhDayRange(range.to).end;
  const inRange = sql`r.submitted_at >= ${start.toISOString()}::timestamptz and r.submitted_at < ${end.toISOString()}::timestamptz`;

  const [weekly, [funnel], monthly, cities, top, sources] = await Promise.all([
    rowsOf<{ week: string; status: ReferralStatus; count: number }>(
      db,
      sql`select ${riyadhWeek('r.submitted_at')} as week, r.status, count(*)::int as count
          from referrals r where ${inRange}
          group by 1, 2 order by 1, 2`,
    ),
    rowsOf<{ submitted: number; completed: number; accepted: number; signed: number }>(
      db,
      sql`select count(*)::int as submitted,
                 count(*) filter (where tf.id is not null or r.status in ${ACCEPTED})::int as completed,
                 count(*) filter (where r.status in ${ACCEPTED})::int as accepted,
                 count(*) filter (where r.status in ${SIGNED})::int as signed
          from referrals r left join tenant_forms tf on tf.referral_id = r.id
          where ${inRange}`,
    ),
    rowsOf<{ month: string; paid: string; pending: string }>(
      db,
      sql`select ${riyadhMonth('c.created_at')} as month,
                 coalesce(sum(c.paid_amount - c.recovered_amount), 0)::numeric(14,2)::text as paid,
                 coalesce(sum(c.amount - c.paid_amount) filter (where c.status <> 'reversed'), 0)
                   ::numeric(14,2)::text as pending
          from commissions c
          where c.created_at >= ${start.toISOString()}::timestamptz
            and c.created_at < ${end.toISOString()}::timestamptz
          group by 1 order by 1`,
    ),
    rowsOf<{ city: string | null; count: number }>(
      db,
      sql`select coalesce(r.city, b.city) as city, count(*)::int as count
          from referrals r join brokers b on b.id = r.broker_id
          where ${inRange}
          group by 1 order by 2 desc, 1`,
    ),
    rowsOf<{
      id: string;
      fullName: string | null;
      brokerCode: string;
      referrals: number;
      signed: number;
      commissions: string;
    }>(
      db,
      sql`select b.id, b.full_name as "fullName", b.broker_code as "brokerCode",
                 count(*)::int as referrals,
                 count(*) filter (where r.status in ${SIGNED})::int as signed,
                 coalesce(sum(c.amount) filter (where c.status <> 'reversed'), 0)
                   ::numeric(14,2)::text as commissions
          from referrals r
          join brokers b on b.id = r.broker_id
          left join commissions c on c.referral_id = r.id
          where ${inRange}
          group by b.id order by referrals desc, signed desc, b.broker_code limit 10`,
    ),
    // What typed referrals, the brokers' links and their QR codes each bring.
    rowsOf<{
      source: ReferralSource;
      referrals: number;
      completed: number;
      signed: number;
      commissions: string;
    }>(
      db,
      sql`select r.source, count(*)::int as referrals,
                 count(*) filter (where tf.id is not null)::int as completed,
                 count(*) filter (where r.status in ${SIGNED})::int as signed,
                 coalesce(sum(c.amount) filter (where c.status <> 'reversed'), 0)
                   ::numeric(14,2)::text as commissions
          from referrals r
          left join tenant_forms tf on tf.referral_id = r.id
          left join commissions c on c.referral_id = r.id
          where ${inRange}
          group by r.source order by r.source`,
    ),
  ]);

  const stages = funnel ?? { submitted: 0, completed: 0, accepted: 0, signed: 0 };
  const rate = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
  return {
    range,
    referralsPerWeek: weekly,
    funnel: [
      { stage: 'submitted' as const, count: stages.submitted, ofPrevious: 1, ofSubmitted: 1 },
      {
        stage: 'completed' as const,
        count: stages.completed,
        ofPrevious: rate(stages.completed, stages.submitted),
        ofSubmitted: rate(stages.completed, stages.submitted),
      },
      {
        stage: 'accepted' as const,
        count: stages.accepted,
        ofPrevious: rate(stages.accepted, stages.completed),
        ofSubmitted: rate(stages.accepted, stages.submitted),
      },
      {
        stage: 'signed' as const,
        count: stages.signed,
        ofPrevious: rate(stages.signed, stages.accepted),
        ofSubmitted: rate(stages.signed, stages.submitted),
      },
    ],
    commissionsPerMonth: monthly,
    referralsByCity: cities,
    topBrokers: top,
    referralsBySource: sources,
  };
}
