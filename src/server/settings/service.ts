import { eq, inArray } from 'drizzle-orm';
import { DOCUMENT_RETENTION_DAYS } from '#contract/admin/settings';
import {
  type CommissionRule,
  DEFAULT_COMMISSION_RULE,
  DEFAULT_HOLDING_DAYS,
  DEFAULT_LINK_OTP_DAILY_CEILING,
  DEFAULT_OTP_DAILY_CEILING,
  DEFAULT_OTP_HOURLY_CEILING,
  DEFAULT_PAYOUT_DUAL_CONTROL_AMOUNT,
  DEFAULT_PAYOUT_MINIMUM,
  DORMANCY_DAYS,
  type LeaderboardNames,
  MAX_HOLDING_DAYS,
} from '#domain';
import type { Database, DatabaseHandle } from '../db/client.js';
import { preparedStatement, type Queryable } from '../db/prepared.js';
import { systemConfig } from '../db/schema.js';

const SMS_NOTIFICATIONS_KEY = 'sms_notifications_enabled';

export async function getSetting(
  db: Pick<Database, 'select'>,
  key: string,
): Promise<string | null> {
  const [row] = await db
    .select({ value: systemConfig.value })
    .from(systemConfig)
    .where(eq(systemConfig.key, key))
    .limit(1);
  return row?.value ?? null;
}

/** Spec section 4: the SMS to tenants is on unless the stored value is 'false'. */
export async function smsNotificationsEnabled(db: Database): Promise<boolean> {
  return (await getSetting(db, SMS_NOTIFICATIONS_KEY)) !== 'false';
}

export const HOLDING_DAYS_KEY = 'commission_holding_days';

/**
 * The holding period in force, in whole days: a new commission is payable that long after the
 * contract is signed. Read in the caller's transaction; DEFAULT_HOLDING_DAYS (0, payable at once)
 * where nothing usable is stored.
 */
export async function holdingDays(db: Pick<Database, 'select'>): Promise<number> {
  const stored = await getSetting(db, HOLDING_DAYS_KEY);
  const days = stored === null ? Number.NaN : Number(stored);
  return Number.isInteger(days) && days >= 0 && days <= MAX_HOLDING_DAYS
    ? days
    : DEFAULT_HOLDING_DAYS;
}

export const PAYOUT_MINIMUM_KEY = 'payout_minimum';

/** A stored whole number, at least `least`; else (nothing, or nothing usable) the default. */
function wholeNumber(raw: string | null | undefined, least: number, fallback: number): number {
  const stored = raw == null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isInteger(stored) && stored >= least ? stored : fallback;
}

/** A whole-number setting read on its own. */
const wholeSetting = async (
  db: Pick<Database, 'select'>,
  key: string,
  least: number,
  fallback: number,
): Promise<number> => wholeNumber(await getSetting(db, key), least, fallback);

/** «دفع كل المستحق» leaves out brokers with less than this payable, in whole riyals. */
export const payoutMinimum = (db: Pick<Database, 'select'>): Promise<number> =>
  wholeSetting(db, PAYOUT_MINIMUM_KEY, 1, DEFAULT_PAYOUT_MINIMUM);

export const PAYOUT_DUAL_CONTROL_KEY = 'payout_dual_control_amount';

/** Payouts of at least this many riyals are marked sent and paid by a second admin. */
export const payoutDualControlAmount = (db: Pick<Database, 'select'>): Promise<number> =>
  wholeSetting(db, PAYOUT_DUAL_CONTROL_KEY, 0, DEFAULT_PAYOUT_DUAL_CONTROL_AMOUNT);

export const OTP_CEILING_KEYS = {
  hourly: 'otp_hourly_ceiling',
  daily: 'otp_daily_ceiling',
  perLinkDaily: 'link_otp_daily_ceiling',
} as const;

/**
 * How many one-time codes may go out: platform-wide per hour and per day, per link per day.
 * One query, as every code sent reads them.
 */
export async function otpCeilings(
  db: Pick<Database, 'select'>,
): Promise<{ hourly: number; daily: number; perLinkDaily: number }> {
  const rows = await db
    .select({ key: systemConfig.key, value: systemConfig.value })
    .from(systemConfig)
    .where(inArray(systemConfig.key, Object.values(OTP_CEILING_KEYS)));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return {
    hourly: wholeNumber(stored.get(OTP_CEILING_KEYS.hourly), 1, DEFAULT_OTP_HOURLY_CEILING),
    daily: wholeNumber(stored.get(OTP_CEILING_KEYS.daily), 1, DEFAULT_OTP_DAILY_CEILING),
    perLinkDaily: wholeNumber(
      stored.get(OTP_CEILING_KEYS.perLinkDaily),
      1,
      DEFAULT_LINK_OTP_DAILY_CEILING,
    ),
  };
}

export const DOCUMENT_RETENTION_KEY = 'document_retention_days';

/**
 * How many days after a referral closes its tenant's documents are erased (decision record 068):
 * what the retention sweep erases by and the privacy notice says. DOCUMENT_RETENTION_DAYS'
 * default where nothing usable is stored (a value set by hand outside its bounds among them).
 */
export async function documentRetentionDays(db: Pick<Database, 'select'>): Promise<number> {
  const stored = await getSetting(db, DOCUMENT_RETENTION_KEY);
  const days = stored === null || stored.trim() === '' ? Number.NaN : Number(stored);
  return Number.isInteger(days) &&
    days >= DOCUMENT_RETENTION_DAYS.least &&
    days <= DOCUMENT_RETENTION_DAYS.most
    ? days
    : DOCUMENT_RETENTION_DAYS.default;
}

export const DORMANCY_DAYS_KEY = 'dormancy_days';

/** Days without a referral after which an active broker is dormant; the default where unset. */
export async function dormancyDays(db: Pick<Database, 'select'>): Promise<number> {
  const days = wholeNumber(await getSetting(db, DORMANCY_DAYS_KEY), 1, DORMANCY_DAYS.default);
  return days >= DORMANCY_DAYS.least && days <= DORMANCY_DAYS.most ? days : DORMANCY_DAYS.default;
}

export const LEADERBOARD_NAMES_KEY = 'leaderboard_names';

/** How the leaderboard names other brokers: their initials unless super-admins chose names. */
export async function leaderboardNames(db: Pick<Database, 'select'>): Promise<LeaderboardNames> {
  return (await getSetting(db, LEADERBOARD_NAMES_KEY)) === 'full' ? 'full' : 'initials';
}

export const WEBHOOK_PRIVATE_RANGES_KEY = 'webhook_private_ranges';

/** What the system_config trigger announces every change on (migration 0007). */
const SETTINGS_CHANNEL = 'shareek_settings';

/** The commission rule of one database, kept in memory while the announcements are heard. */
type RuleCache = { rule: Promise<CommissionRule> | null; listening: boolean };
const ruleCaches = new WeakMap<Database, RuleCache>();

/**
 * Keeps the commission rule of the database in memory, read again after every change to
 * system_config: the trigger of migration 0007 announces each one, from any instance or from
 * a hand-made change, when it commits. While the announcements cannot be heard (the listening
 * connection is lost: noticed at once when it closes, within 35 s by its heartbeat when it goes
 * silent), the rule is read on every call. Until the returned function is called. Requests are
 * served only once this has resolved, so the cache is never used before LISTEN is in place.
 */
export async function keepCommissionRule(database: DatabaseHandle): Promise<() => Promise<void>> {
  const cache: RuleCache = { rule: null, listening: true };
  ruleCaches.set(database.db, cache);
  const forget = () => {
    cache.rule = null;
  };
  const stop = await database.listen(SETTINGS_CHANNEL, forget, {
    onLost: () => {
      cache.listening = false;
      forget();
    },
    onReconnect: () => {
      cache.listening = true;
      forget();
    },
  });
  return async () => {
    ruleCaches.delete(database.db);
    await stop();
  };
}

/**
 * Forgets the kept rule at once, for the instance that changed a setting: its own
 * announcement arrives a moment later.
 */
export function forgetSettings(db: Database): void {
  const cache = ruleCaches.get(db);
  if (cache) cache.rule = null;
}

/**
 * The commission rule in force: minimum and rate from system_config, the landing page's
 * 500 riyals and 1% where nothing (or nothing usable) is stored. Kept in memory between
 * changes where keepCommissionRule runs; read afresh inside a transaction (money is written
 * with the rule as it is then).
 */
export function commissionRule(db: Queryable): Promise<CommissionRule> {
  const cache = ruleCaches.get(db as Database);
  if (!cache?.listening) return readCommissionRule(db);
  if (!cache.rule) {
    const read = readCommissionRule(db);
    cache.rule = read;
    // A failed read is not kept: the next call tries again.
    read.catch(() => {
      if (cache.rule === read) cache.rule = null;
    });
  }
  return cache.rule;
}

async function readCommissionRule(db: Queryable): Promise<CommissionRule> {
  const rows = await ruleStatement(db).execute();
  const stored = (key: string) => rows.find((row) => row.key === key)?.value ?? null;
  const number = (value: string | null, fallback: number, floor: number) =>
    value !== null && Number.isFinite(Number(value)) && Number(value) >= floor
      ? Number(value)
      : fallback;
  return {
    // A commission is never zero (the database refuses one), so the minimum is at least 1.
    minimum: number(stored('commission_minimum'), DEFAULT_COMMISSION_RULE.minimum, 1),
    rate: number(stored('commission_rate'), DEFAULT_COMMISSION_RULE.rate, 0),
  };
}

const ruleStatement = preparedStatement((db) =>
  db
    .select({ key: systemConfig.key, value: systemConfig.value })
    .from(systemConfig)
    .where(inArray(systemConfig.key, ['commission_minimum', 'commission_rate']))
    .prepare('commission_rule'),
);
