import { arabicCount, NOUNS } from './count.js';
import type { ReferralStatus } from './referral-status.js';

/**
 * Saudi working time (docs/decisions/041-service-clocks-in-working-time.md):
 * Sunday to Thursday, 8:00 to 17:00 in Riyadh (UTC+3 all year: no daylight saving), public
 * holidays excluded. Service promises are measured in it.
 */
export const WORKDAY_OPENS_AT = 8;
export const WORKDAY_CLOSES_AT = 17;
/** Hours in one working day. */
export const WORKDAY_HOURS = WORKDAY_CLOSES_AT - WORKDAY_OPENS_AT;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const RIYADH_OFFSET_MS = 3 * HOUR_MS;
/** Beyond ten years a clock has no meaning; it also bounds the loops below. */
const MAX_DAYS = 3660;

/** Public holidays as Riyadh calendar days, `YYYY-MM-DD`. */
export type Holidays = ReadonlySet<string>;

/** Working day? `riyadhDayStart` is the Riyadh midnight, on the shifted (UTC+3) time line. */
function isWorkingDay(riyadhDayStart: number, holidays: Holidays): boolean {
  const day = new Date(riyadhDayStart);
  // Sunday 0 … Thursday 4; Friday and Saturday are the weekend.
  return day.getUTCDay() <= 4 && !holidays.has(day.toISOString().slice(0, 10));
}

/** The working time between two instants, in milliseconds (0 when `end` is not after `start`). */
export function workingMsBetween(start: Date, end: Date, holidays: Holidays): number {
  const stop = end.getTime() + RIYADH_OFFSET_MS;
  let at = start.getTime() + RIYADH_OFFSET_MS;
  let total = 0;
  for (let days = 0; at < stop && days < MAX_DAYS; days++) {
    const dayStart = Math.floor(at / DAY_MS) * DAY_MS;
    if (isWorkingDay(dayStart, holidays)) {
      const from = Math.max(at, dayStart + WORKDAY_OPENS_AT * HOUR_MS);
      const to = Math.min(stop, dayStart + WORKDAY_CLOSES_AT * HOUR_MS);
      if (to > from) total += to - from;
    }
    at = dayStart + DAY_MS;
  }
  return total;
}

/** The instant `hours` of working time after `start` (a deadline). */
export function addWorkingHours(start: Date, hours: number, holidays: Holidays): Date {
  let remaining = hours * HOUR_MS;
  let at = start.getTime() + RIYADH_OFFSET_MS;
  for (let days = 0; days < MAX_DAYS; days++) {
    const dayStart = Math.floor(at / DAY_MS) * DAY_MS;
    if (isWorkingDay(dayStart, holidays)) {
      const from = Math.max(at, dayStart + WORKDAY_OPENS_AT * HOUR_MS);
      const available = dayStart + WORKDAY_CLOSES_AT * HOUR_MS - from;
      if (available > 0) {
        if (remaining <= available) return new Date(from + remaining - RIYADH_OFFSET_MS);
        remaining -= available;
      }
    }
    at = dayStart + DAY_MS;
  }
  return new Date(at - RIYADH_OFFSET_MS);
}

/**
 * The service promises, in working hours, for the stages where the team owes the next step
 * (product spec: the tenant is contacted within 24–48 hours, the commission is paid within a
 * few working days after signing). Stages waiting on the tenant have no clock here: the 30-day
 * expiry covers them.
 */
export const STAGE_TARGET_HOURS = {
  /** Reviewed and the tenant contacted: two working days (the promise's 48 hours). */
  under_review: 2 * WORKDAY_HOURS,
  /** The landlord's contract: followed up after five working days. */
  accepted_awaiting_owner_contract: 5 * WORKDAY_HOURS,
  /** The provider's contract with the tenant: three working days. */
  preparing_tenant_contract: 3 * WORKDAY_HOURS,
} as const satisfies Partial<Record<ReferralStatus, number>>;
export type TimedStage = keyof typeof STAGE_TARGET_HOURS;
export const TIMED_STAGES = Object.keys(STAGE_TARGET_HOURS) as TimedStage[];

/** A payable commission is paid within three working days of becoming payable. */
export const PAYMENT_TARGET_HOURS = 3 * WORKDAY_HOURS;

export const isTimedStage = (status: string): status is TimedStage =>
  (TIMED_STAGES as string[]).includes(status);

const WORK_HOUR = {
  one: 'ساعة عمل واحدة',
  two: 'ساعتا عمل',
  few: 'ساعات عمل',
  many: 'ساعة عمل',
  other: 'ساعة عمل',
};
const WORK_DAY = {
  one: 'يوم عمل واحد',
  two: 'يوما عمل',
  few: 'أيام عمل',
  many: 'يوم عمل',
  other: 'يوم عمل',
};

/**
 * Working time as people say it: «أقل من ساعة عمل», «٥ ساعات عمل», «يوما عمل و٣ ساعات»
 * (days of nine working hours, then the hours left).
 */
export function formatWorkingTime(ms: number): string {
  const hours = Math.floor(ms / HOUR_MS);
  if (hours < 1) return 'أقل من ساعة عمل';
  if (hours < WORKDAY_HOURS) return arabicCount(hours, WORK_HOUR);
  const days = Math.floor(hours / WORKDAY_HOURS);
  const rest = hours % WORKDAY_HOURS;
  const dayText = arabicCount(days, WORK_DAY);
  return rest === 0 ? dayText : `${dayText} و${arabicCount(rest, NOUNS.hour)}`;
}
