import { describe, expect, it } from 'vitest';
import { addWorkingHours, formatWorkingTime, workingMsBetween } from './working-time.js';

const HOUR = 60 * 60 * 1000;
/** A Riyadh wall-clock time as an instant (Riyadh is UTC+3 all year). */
const riyadh = (local: string) => new Date(`${local}+03:00`);
const none = new Set<string>();

// 2026-11-22 is a Sunday; 2026-11-26 a Thursday; 27 and 28 the weekend.
describe('working time: Sunday–Thursday, 8:00–17:00 Riyadh', () => {
  it('counts only the hours inside the working day', () => {
    expect(workingMsBetween(riyadh('2026-11-22T09:00'), riyadh('2026-11-22T12:30'), none)).toBe(
      3.5 * HOUR,
    );
    expect(workingMsBetween(riyadh('2026-11-22T06:00'), riyadh('2026-11-22T20:00'), none)).toBe(
      9 * HOUR,
    );
    expect(workingMsBetween(riyadh('2026-11-22T16:00'), riyadh('2026-11-23T09:00'), none)).toBe(
      2 * HOUR,
    );
    expect(workingMsBetween(riyadh('2026-11-22T12:00'), riyadh('2026-11-22T11:00'), none)).toBe(0);
  });

  it('skips Friday and Saturday, and the holidays given', () => {
    // Thursday 16:00 to Sunday 9:00: one hour on Thursday, one on Sunday.
    expect(workingMsBetween(riyadh('2026-11-26T16:00'), riyadh('2026-11-29T09:00'), none)).toBe(
      2 * HOUR,
    );
    const holidays = new Set(['2026-11-29']);
    expect(workingMsBetween(riyadh('2026-11-26T16:00'), riyadh('2026-11-30T09:00'), holidays)).toBe(
      2 * HOUR,
    );
  });

  it('finds the deadline that many working hours later, and agrees with the count', () => {
    // Submitted Thursday 15:00: two working days (18 hours) end Monday 15:00.
    const start = riyadh('2026-11-26T15:00');
    const due = addWorkingHours(start, 18, none);
    expect(due).toEqual(riyadh('2026-11-30T15:00'));
    expect(workingMsBetween(start, due, none)).toBe(18 * HOUR);
    // A holiday on the Sunday pushes it a day.
    expect(addWorkingHours(start, 18, new Set(['2026-11-29']))).toEqual(riyadh('2026-12-01T15:00'));
    // Started at night or on the weekend, the clock starts at the next opening.
    expect(addWorkingHours(riyadh('2026-11-27T22:00'), 1, none)).toEqual(
      riyadh('2026-11-29T09:00'),
    );
    // A deadline at the very close stays on that day.
    expect(addWorkingHours(riyadh('2026-11-22T08:00'), 9, none)).toEqual(
      riyadh('2026-11-22T17:00'),
    );
  });

  it('is said as people say it, with Arabic number agreement', () => {
    expect(formatWorkingTime(20 * 60 * 1000)).toBe('أقل من ساعة عمل');
    expect(formatWorkingTime(1 * HOUR)).toBe('ساعة عمل واحدة');
    expect(formatWorkingTime(2 * HOUR)).toBe('ساعتا عمل');
    expect(formatWorkingTime(5 * HOUR)).toBe('٥ ساعات عمل');
    expect(formatWorkingTime(9 * HOUR)).toBe('يوم عمل واحد');
    expect(formatWorkingTime(21 * HOUR)).toBe('يوما عمل و٣ ساعات');
    expect(formatWorkingTime(99 * HOUR)).toBe('١١ يوم عمل');
  });
});
