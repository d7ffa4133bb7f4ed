import { describe, expect, it } from 'vitest';
import { dataIncidentClock, dataIncidentClockText } from './data-incidents.js';

const HOUR = 3_600_000;
const discoveredAt = new Date('2026-11-20T09:00:00Z');
const at = (hours: number) => new Date(discoveredAt.getTime() + hours * HOUR);
const pending = { discoveredAt, sdaiaNotice: 'pending', sdaiaNotifiedAt: null } as const;

describe('dataIncidentClock', () => {
  it('runs 72 hours from the discovery', () => {
    expect(dataIncidentClock(pending, at(0)).deadlineAt).toEqual(at(72));
  });

  it('is on time, then due in the last 24 hours, then overdue past the deadline', () => {
    expect(dataIncidentClock(pending, at(1))).toMatchObject({ state: 'on_time', hoursLeft: 71 });
    expect(dataIncidentClock(pending, at(47.9))).toMatchObject({
      state: 'on_time',
      hoursLeft: 25,
    });
    expect(dataIncidentClock(pending, at(48))).toMatchObject({ state: 'due_soon', hoursLeft: 24 });
    expect(dataIncidentClock(pending, at(71.5))).toMatchObject({ state: 'due_soon', hoursLeft: 1 });
    // At the deadline itself a notice is still in time.
    expect(dataIncidentClock(pending, at(72))).toMatchObject({ state: 'due_soon', hoursLeft: 1 });
    expect(dataIncidentClock(pending, new Date(at(72).getTime() + 1))).toMatchObject({
      state: 'overdue',
      hoursLeft: null,
      hoursLate: 0,
    });
    expect(dataIncidentClock(pending, at(74.5))).toMatchObject({ state: 'overdue', hoursLate: 2 });
  });

  it('judges a notice by when it was given, whatever the time now', () => {
    const notified = (hours: number) =>
      dataIncidentClock(
        { discoveredAt, sdaiaNotice: 'notified', sdaiaNotifiedAt: at(hours) },
        at(500),
      );
    expect(notified(72)).toMatchObject({ state: 'notified_on_time', hoursLate: null });
    expect(notified(73.5)).toMatchObject({ state: 'notified_late', hoursLate: 1 });
    expect(
      dataIncidentClock(
        { discoveredAt, sdaiaNotice: 'not_required', sdaiaNotifiedAt: null },
        at(90),
      ),
    ).toMatchObject({ state: 'not_required', hoursLeft: null, hoursLate: null });
  });
});

describe('dataIncidentClockText', () => {
  it('says it in Arabic, with the hours agreeing with their number', () => {
    const text = (clock: Parameters<typeof dataIncidentClockText>[0]) =>
      dataIncidentClockText(clock);
    expect(text({ state: 'on_time', hoursLeft: 70, hoursLate: null })).toBe(
      'يجب إبلاغ سدايا خلال ٧٠ ساعة',
    );
    expect(text({ state: 'due_soon', hoursLeft: 5, hoursLate: null })).toBe(
      'يجب إبلاغ سدايا خلال ٥ ساعات',
    );
    expect(text({ state: 'due_soon', hoursLeft: 2, hoursLate: null })).toBe(
      'يجب إبلاغ سدايا خلال ساعتين',
    );
    expect(text({ state: 'due_soon', hoursLeft: 1, hoursLate: null })).toBe(
      'يجب إبلاغ سدايا خلال ساعة واحدة',
    );
    expect(text({ state: 'overdue', hoursLeft: null, hoursLate: 0 })).toBe(
      'تجاوزت مهلة إبلاغ سدايا منذ أقل من ساعة',
    );
    expect(text({ state: 'overdue', hoursLeft: null, hoursLate: 11 })).toBe(
      'تجاوزت مهلة إبلاغ سدايا منذ ١١ ساعة',
    );
    expect(text({ state: 'notified_on_time', hoursLeft: null, hoursLate: null })).toBe(
      'أُبلغت سدايا ضمن المهلة',
    );
    expect(text({ state: 'notified_late', hoursLeft: null, hoursLate: 3 })).toBe(
      'أُبلغت سدايا بعد المهلة بتأخير ٣ ساعات',
    );
    expect(text({ state: 'not_required', hoursLeft: null, hoursLate: null })).toBe(
      'لا يلزم إبلاغ سدايا',
    );
  });
});
