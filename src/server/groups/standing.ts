import { sql } from 'drizzle-orm';
import { leaderboardNameAr } from '#domain';
import { bonusProgress } from '../bonuses/service.js';
import { type Database, rowsOf } from '../db/client.js';
import { leaderboardNames } from '../settings/service.js';
import { brokerTerms, defaultGroupId } from './terms.js';

/** How many of the leaderboard's first places the dashboard shows. */
const BOARD_SIZE = 5;

/** The start of this Riyadh month, as SQL. */
const monthStart = sql`date_trunc('month', now() at time zone 'Asia/Riyadh') at time zone 'Asia/Riyadh'`;

/**
 * Where a broker stands (issue 34 item 5, decision 072): their group and the rule they earn by,
 * the nearest higher group a promotion rule leads to with the contracts counted toward it (as
 * promoteBroker counts them), and this Riyadh month's leaderboard of the active brokers of their
 * city by contracts signed, staff left out. Others are named as super-admins chose
 * (`leaderboard_names`): initials and the first letters of their office unless they chose names.
 */
export async function brokerStanding(db: Database, brokerId: string) {
  const { rule } = await brokerTerms(db, brokerId);
  const [next] = await rowsOf<{
    group_name: string;
    signed_contracts: number;
    within_days: number;
    counted: number;
  }>(
    db,
    sql`select g.name as group_name, r.signed_contracts, r.within_days,
        (select count(*)::int from commissions c
          where c.broker_id = b.id and c.kind = 'referral' and c.status <> 'reversed'
            and not c.signal_hold and not c.license_hold
            and c.created_at > greatest(now() - make_interval(days => r.within_days),
              coalesce(b.group_moved_at, '-infinity'))) as counted
      from brokers b
      join promotion_rules r on true
      join broker_groups g on g.id = r.group_id
      where b.id = ${brokerId}
        and g.level > coalesce((select level from broker_groups own
          where own.id = coalesce(b.group_id, ${defaultGroupId})), -1)
      order by g.level, r.signed_contracts
      limit 1`,
  );
  const [board, bonuses] = await Promise.all([
    leaderboard(db, brokerId),
    bonusProgress(db, brokerId),
  ]);
  return {
    group: rule.groupName ? { name: rule.groupName, rate: rule.rate, minimum: rule.minimum } : null,
    next: next
      ? {
          groupName: next.group_name,
          signedContracts: next.signed_contracts,
          withinDays: next.within_days,
          counted: next.counted,
        }
      : null,
    bonuses,
    board,
  };
}

type Place = {
  id: string;
  full_name: string | null;
  office_name: string | null;
  contracts: number;
  rank: number;
};

/** This month's ranking of the broker's city; null when the broker named no city. */
async function leaderboard(db: Database, brokerId: string) {
  const places = await rowsOf<Place & { city: string }>(
    db,
    sql`with me as (select city from brokers where id = ${brokerId} and city is not null),
      month as (
        select b.id, b.full_name, b.office_name, b.city,
          (select count(*)::int from commissions c
            where c.broker_id = b.id and c.kind = 'referral' and c.status <> 'reversed'
              and c.created_at >= ${monthStart}) as contracts
        from brokers b, me
        where b.city = me.city and b.deleted_at is null and b.is_active
          and ((not b.is_admin and not b.is_super_admin) or b.id = ${brokerId}))
      select *, (rank() over (order by contracts desc))::int as rank from month
      order by rank, id`,
  );
  const mine = places.find((place) => place.id === brokerId);
  if (!mine) return null;
  const mode = await leaderboardNames(db);
  return {
    city: mine.city,
    entries: places.slice(0, BOARD_SIZE).map((place) => ({
      rank: place.rank,
      name:
        place.id === brokerId
          ? 'أنت'
          : leaderboardNameAr({ fullName: place.full_name, officeName: place.office_name }, mode),
      contracts: place.contracts,
      me: place.id === brokerId,
    })),
    me: { rank: mine.rank, contracts: mine.contracts },
    brokers: places.length,
  };
}
