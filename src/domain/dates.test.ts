import { describe, expect, it } from 'vitest';
import {
  boundedDaySchema,
  DAY_OUT_OF_RANGE_MESSAGE,
  FIRST_DAY,
  isDayInRange,
  LAST_DAY,
  MESSAGES,
  riyadhDayRange,
} from './index.js';

const issues = (value: unknown) =>
  boundedDaySchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('issue 26 item 9: a day in a query or a body is bounded', () => {
  it.each([FIRST_DAY, '2026-02-28', '2028-02-29', LAST_DAY])('takes %s', (day) => {
    expect(isDayInRange(day)).toBe(true);
    expect(issues(day)).toEqual([]);
  });

  it.each([
    ['the first day', '0001-01-01'],
    ['the day before the range', '1999-12-31'],
    ['the day after it', '2101-01-01'],
    ['the last day of the calendar', '9999-12-31'],
  ])('refuses %s with one Arabic message naming the range', (_label, day) => {
    expect(isDayInRange(day)).toBe(false);
    expect(issues(day)).toEqual([DAY_OUT_OF_RANGE_MESSAGE]);
  });

  it.each([
    ['an impossible day', '2026-02-30'],
    ['a month 13', '2026-13-01'],
    ['a six-digit year', '275760-09-13'],
    ['an instant', '2026-01-01T00:00:00Z'],
    ['Arabic-Indic digits', '٢٠٢٦-٠١-٠١'],
    ['text', 'garbage'],
    ['a number', 20260101],
    ['a long text', 'x'.repeat(5000)],
  ])('refuses %s as a wrong date, once', (_label, value) => {
    expect(issues(value)).toEqual([MESSAGES.invalidDate]);
  });

  it("the message's years are the range's, in Arabic-Indic digits", () => {
    const arabic = (year: string) => year.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'.charAt(Number(d)));
    expect(DAY_OUT_OF_RANGE_MESSAGE).toContain(arabic(FIRST_DAY.slice(0, 4)));
    expect(DAY_OUT_OF_RANGE_MESSAGE).toContain(arabic(LAST_DAY.slice(0, 4)));
  });

  it('every day of the range is an instant the database can store (years 1 to 9999 UTC)', () => {
    expect(riyadhDayRange(FIRST_DAY).start.toISOString()).toBe('1999-12-31T21:00:00.000Z');
    expect(riyadhDayRange(LAST_DAY).end.toISOString()).toBe('2100-12-31T21:00:00.000Z');
  });
});
