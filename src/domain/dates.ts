import { z } from 'zod';
import { MESSAGES } from './messages.js';

const RIYADH_OFFSET_MS = 3 * 60 * 60 * 1000; // UTC+3 all year, no daylight saving
const DAY_MS = 24 * 60 * 60 * 1000;

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

export function daysSince(value: string | Date, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - toDate(value).getTime()) / DAY_MS));
}

/** The Riyadh calendar day `YYYY-MM-DD` as [start, next day's start), for date filters. */
export function riyadhDayRange(isoDate: string): { start: Date; end: Date } {
  const start = new Date(Date.parse(`${isoDate}T00:00:00Z`) - RIYADH_OFFSET_MS);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

/** The Riyadh calendar date of an instant as `YYYY-MM-DD` (file names, date inputs). */
export function riyadhIsoDate(value: Date): string {
  return new Date(value.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The instant shifted to Riyadh wall-clock time, for formats with no time zone (a
 * spreadsheet cell shows the UTC fields of the Date it is given).
 */
export function riyadhWallClock(value: Date): Date {
  return new Date(value.getTime() + RIYADH_OFFSET_MS);
}

/** A real calendar day written `YYYY-MM-DD` (not 2024-13-45, not 2023-02-29). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/**
 * The days a date filter or a holiday may name: wide enough for any record
 * and any plan, and far from the calendar's edges, where PostgreSQL refuses what a day becomes
 * (year 1 in Riyadh starts in year 0 UTC, 9999-12-31 ends in year 10000: a 500).
 */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2100-12-31';
export const DAY_OUT_OF_RANGE_MESSAGE = 'يرجى إدخال تاريخ بين ٢٠٠٠ و٢١٠٠';

/** A real calendar day between FIRST_DAY and LAST_DAY (ISO days compare as text). */
export function isDayInRange(value: string): boolean {
  return isCalendarDay(value) && value >= FIRST_DAY && value <= LAST_DAY;
}

/** A calendar day `YYYY-MM-DD` in a query or a body: impossible or out of range is a 400. */
export const boundedDaySchema = z
  .string({ error: MESSAGES.invalidDate })
  .max(10, { error: MESSAGES.invalidDate, abort: true })
  .refine(isCalendarDay, { error: MESSAGES.invalidDate, abort: true })
  .refine(isDayInRange, { error: DAY_OUT_OF_RANGE_MESSAGE });
