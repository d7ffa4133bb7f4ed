import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { adminOperationsEndpoints } from '#contract/admin/operations';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import type { ResponseOf } from '#contract/common';
import { devEndpoints } from '#contract/dev';
import { referralEndpoints } from '#contract/referrals';
import { superadminEndpoints } from '#contract/superadmin';
import { addWorkingHours } from '#domain';
import { auditLog, commissions, referrals } from './db/schema.js';
import { type Caller, client } from './test-support/client.js';
import { type QueryOf, unchecked } from './test-support/endpoints.js';
import {
  aBroker,
  aLease,
  aReferral,
  aSignedContract,
  aTenantSubmission,
} from './test-support/factories.js';
import type { ApiError } from './test-support/responses.js';
import { sharedTestApp } from './test-support/shared-test-app.js';
import { anAdminAndASuperAdmin } from './test-support/staff.js';
import type { TestBroker } from './test-support/test-app.js';

// Service clocks in Saudi working time (Sunday–Thursday, 8:00–17:00 Riyadh,
// public holidays from a table super-admins edit).

type Breach = ResponseOf<typeof adminOperationsEndpoints.dashboard>['serviceBreaches'][number];

let admin: TestBroker;
let superAdmin: TestBroker;
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeAll(async () => {
  ({ admin, root: superAdmin } = await anAdminAndASuperAdmin(t));
});

const as = (caller: Caller) => client(t).as(caller);
const row = async (id: string) =>
  (await t.database.db.select().from(referrals).where(eq(referrals.id, id)))[0];
const setStatus = async (id: string, status: string, details: object = {}) => {
  const changed = await as(admin).call(adminReferralEndpoints.changeStatus, {
    params: { id },
    body: { status, ...details },
  });
  expect(changed.statusCode, changed.body).toBe(200);
};
const adminItem = async (number: number, query: QueryOf<typeof adminReferralEndpoints.list> = {}) =>
  (
    await as(admin).call(adminReferralEndpoints.list, { query: { search: `#${number}`, ...query } })
  ).json().items[0];
const breaches = async () =>
  (await as(admin).call(adminOperationsEndpoints.dashboard)).json().serviceBreaches;
const stage = (all: Breach[], name: string) => all.find((b) => b.stage === name);
const noHolidays = new Set<string>();

describe('a referral’s clock in its stage', () => {
  it('starts when it enters a timed stage, with the deadline in working hours; broker and admin see it', async () => {
    const broker = await aBroker(t);
    const referral = await aReferral(t, broker);
    await setStatus(referral.id, 'under_review');
    const stored = await row(referral.id);
    expect(stored?.status).toBe('under_review');
    expect(stored?.stageDueAt).toEqual(
      addWorkingHours(stored?.statusChangedAt as Date, 18, noHolidays),
    );

    const item = await adminItem(referral.number);
    expect(item?.stageClock).toEqual({
      since: stored?.statusChangedAt.toISOString(),
      workingMinutes: expect.any(Number),
      dueAt: stored?.stageDueAt?.toISOString(),
      overdue: false,
    });
    const details = (
      await as(broker).call(referralEndpoints.details, { params: { id: referral.id } })
    ).json();
    expect(details.stageClock).toEqual(item?.stageClock);
    // Another broker sees nothing of it.
    expect(
      (await as(await aBroker(t)).call(referralEndpoints.details, { params: { id: referral.id } }))
        .statusCode,
    ).toBe(404);

    // A new stage restarts the clock with its own promise; a closed referral has none.
    await setStatus(referral.id, 'accepted_awaiting_owner_contract');
    const accepted = await row(referral.id);
    expect(accepted?.statusChangedAt.getTime()).toBeGreaterThanOrEqual(
      stored?.statusChangedAt.getTime() ?? 0,
    );
    expect(accepted?.stageDueAt).toEqual(
      addWorkingHours(accepted?.statusChangedAt as Date, 45, noHolidays),
    );
    await setStatus(referral.id, 'contract_signed', aLease(60_000));
    expect((await row(referral.id))?.stageDueAt).toBeNull();
    expect((await adminItem(referral.number))?.stageClock).toBeNull();
  });

  it('a tenant’s submission starts the review clock', async () => {
    const broker = await aBroker(t);
    const referral = await aReferral(t, broker);
    expect((await row(referral.id))?.stageDueAt).toBeNull();
    await aTenantSubmission(t, referral);
    const stored = await row(referral.id);
    expect(stored?.status).toBe('under_review');
    expect(stored?.stageDueAt).toEqual(
      addWorkingHours(stored?.statusChangedAt as Date, 18, noHolidays),
    );
  });

  it('past its deadline it is overdue: filtered, sorted first and counted per stage', async () => {
    const before = await breaches();
    const broker = await aBroker(t);
    const late = await aReferral(t, broker);
    await setStatus(late.id, 'under_review');
    const clock = await as(admin).call(devEndpoints.clock, {
      body: { referralId: late.id, days: 10 },
    });
    expect(clock.statusCode, clock.body).toBe(200);

    const item = await adminItem(late.number, { overdue: 'true' });
    expect(item?.id).toBe(late.id);
    expect(item?.stageClock?.overdue).toBe(true);
    // Ten calendar days back are at least six working days.
    expect(item?.stageClock?.workingMinutes).toBeGreaterThanOrEqual(6 * 9 * 60);
    const overdueFirst = (
      await as(admin).call(adminReferralEndpoints.list, {
        query: { overdue: 'true', sort: 'stageDueAt:asc' },
      })
    ).json();
    expect(overdueFirst.items.every((r) => r.stageClock?.overdue)).toBe(true);
    expect(overdueFirst.items.map((r) => r.id)).toContain(late.id);
    const dues = overdueFirst.items.map((r) => r.stageClock?.dueAt ?? '');
    expect(dues).toEqual([...dues].sort());
    // A referral on time is not in the filter.
    const onTime = await aReferral(t, broker);
    await setStatus(onTime.id, 'under_review');
    expect(await adminItem(onTime.number, { overdue: 'true' })).toBeUndefined();

    const after = await breaches();
    expect(stage(after, 'under_review')?.overdue).toBe(
      (stage(before, 'under_review')?.overdue ?? 0) + 1,
    );
    expect(stage(after, 'under_review')?.open).toBe((stage(before, 'under_review')?.open ?? 0) + 2);
  });

  it('a payable commission unpaid three working days after it became payable is a breach', async () => {
    const before = stage(await breaches(), 'commission_payment');
    const { referral, commission } = await aSignedContract(t, admin);
    const [stored] = await t.database.db
      .select()
      .from(commissions)
      .where(eq(commissions.id, commission.id));
    expect(stored?.payDueAt).toEqual(addWorkingHours(stored?.payableAt as Date, 27, noHolidays));
    expect(stage(await breaches(), 'commission_payment')).toEqual({
      stage: 'commission_payment',
      open: (before?.open ?? 0) + 1,
      overdue: before?.overdue ?? 0,
    });
    await as(admin).call(devEndpoints.clock, { body: { referralId: referral.id, days: 10 } });
    expect(stage(await breaches(), 'commission_payment')?.overdue).toBe((before?.overdue ?? 0) + 1);
    const paid = await as(admin).call(adminCommissionEndpoints.confirmPayment, {
      params: { id: commission.id },
      body: {},
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(stage(await breaches(), 'commission_payment')?.overdue).toBe(before?.overdue ?? 0);
  });

  it('bad list queries get an Arabic 400', async () => {
    const bad = await as(admin).call(adminReferralEndpoints.list, {
      query: { overdue: unchecked('yes') },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>().message).toBe('قيمة غير صالحة');
    expect(
      (
        await as(admin).call(adminReferralEndpoints.list, {
          query: { sort: unchecked('stageDueAt:sideways') },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('public holidays', () => {
  // Thursday 2030-01-03 15:00 Riyadh: two working days end Monday 15:00.
  const thursday = new Date('2030-01-03T15:00:00+03:00');

  it('super-admins add and remove them; every open deadline follows', async () => {
    const referral = await aReferral(t, await aBroker(t));
    await setStatus(referral.id, 'under_review');
    // The clock started on a known Thursday afternoon (set by hand; the trigger only moves it
    // when the status changes).
    await t.database.db
      .update(referrals)
      .set({ statusChangedAt: thursday, stageDueAt: null })
      .where(eq(referrals.id, referral.id));
    await t.app.scheduledJobs.fillDeadlines();
    expect((await row(referral.id))?.stageDueAt).toEqual(new Date('2030-01-07T15:00:00+03:00'));

    const added = await as(superAdmin).call(superadminEndpoints.addHoliday, {
      body: {
        day: '2030-01-06',
        name: 'عطلة تجريبية',
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await row(referral.id))?.stageDueAt).toEqual(new Date('2030-01-08T15:00:00+03:00'));
    const list = (await as(superAdmin).call(superadminEndpoints.holidays)).json();
    expect(list.items).toContainEqual({ day: '2030-01-06', name: 'عطلة تجريبية' });

    const removed = await as(superAdmin).call(superadminEndpoints.removeHoliday, {
      params: { day: '2030-01-06' },
    });
    expect(removed.statusCode).toBe(200);
    expect((await row(referral.id))?.stageDueAt).toEqual(new Date('2030-01-07T15:00:00+03:00'));
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, '2030-01-06'))
      .orderBy(asc(auditLog.id));
    expect(audits.map((a) => a.action)).toEqual(['holiday.add', 'holiday.remove']);
  });

  it('refuses a duplicate, a bad day, a missing name, an unknown day and anyone but super-admins', async () => {
    expect(
      (
        await as(superAdmin).call(superadminEndpoints.addHoliday, {
          body: {
            day: '2030-09-23',
            name: 'اليوم الوطني',
          },
        })
      ).statusCode,
    ).toBe(201);
    const twice = await as(superAdmin).call(superadminEndpoints.addHoliday, {
      body: {
        day: '2030-09-23',
        name: 'مكرر',
      },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ApiError>().message).toBe('هذا اليوم مسجل عطلةً بالفعل');
    for (const [body, message] of [
      [{ day: '2030-02-30', name: 'يوم' }, 'صيغة التاريخ غير صحيحة'],
      [{ day: '٢٠٣٠-٠٢-٠١x', name: 'يوم' }, 'صيغة التاريخ غير صحيحة'],
      [{ day: '2030-02-01', name: '  ' }, 'يرجى كتابة اسم العطلة'],
    ] as const) {
      const refused = await as(superAdmin).call(superadminEndpoints.addHoliday, { body });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json<ApiError>().message).toBe(message);
    }
    expect(
      (
        await as(superAdmin).call(superadminEndpoints.removeHoliday, {
          params: { day: '2031-01-01' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await as(superAdmin).call(superadminEndpoints.removeHoliday, {
          params: { day: 'not-a-day' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await as(admin).call(superadminEndpoints.addHoliday, {
          body: { day: '2030-02-01', name: 'يوم' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await as(admin).call(superadminEndpoints.holidays)).statusCode).toBe(403);
  });
});
