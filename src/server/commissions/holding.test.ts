import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { adminSettingsEndpoints } from '#contract/admin/settings';
import { commissionEndpoints } from '#contract/commissions';
import { notificationEndpoints } from '#contract/notifications';
import { formatDateAr } from '#domain';
import { auditLog, commissions, systemConfig } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { aSignedContract } from '../test-support/factories.js';
import { anIbanOnProfile } from '../test-support/iban.js';
import { addsUp, inCents, ledgerOf } from '../test-support/money.js';
import { askForPayout } from '../test-support/payouts.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { anAdminAndASuperAdmin } from '../test-support/staff.js';
import type { TestBroker } from '../test-support/test-app.js';

// The holding period. A commission signed while it is set waits `on_hold`
// until its payableAt; the hourly job then makes it payable.

const DAY_MS = 24 * 60 * 60 * 1000;

let admin: TestBroker;
let root: TestBroker;
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeAll(async () => {
  ({ admin, root } = await anAdminAndASuperAdmin(t));
});
beforeEach(async () => {
  await t.database.db.delete(systemConfig).where(eq(systemConfig.key, 'commission_holding_days'));
});

const as = (caller: Caller) => client(t).as(caller);
const setHolding = (caller: Caller, value: string) =>
  as(caller).call(adminSettingsEndpoints.set, { body: { key: 'commission_holding_days', value } });
const summary = async (broker: TestBroker) =>
  (await as(broker).call(commissionEndpoints.summary)).json();
const listed = async (broker: TestBroker) =>
  (await as(broker).call(commissionEndpoints.list)).json().items;
/** The summary the broker sees agrees with the rows, and both add up. */
async function expectMoneyAddsUp(broker: TestBroker) {
  const seen = await summary(broker);
  expect(addsUp(seen)).toBe(true);
  expect(await ledgerOf(t.database.db, broker.id)).toEqual(inCents(seen));
  return seen;
}
/** The end of every holding period moved to a minute ago, as the days passing would. */
const endHolding = (brokerId: string) =>
  t.database.db
    .update(commissions)
    .set({ payableAt: sql`now() - interval '1 minute'` })
    .where(eq(commissions.brokerId, brokerId));

describe('setting the holding period', () => {
  it('is for super-admins only, in whole days from 0 to 365, and audited', async () => {
    const refused = await setHolding(admin, '14');
    expect(refused.statusCode).toBe(403);
    for (const bad of ['366', '-1', '1.5', 'abc', '']) {
      const response = await setHolding(root, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().message).toBe('يرجى إدخال عدد أيام بين ٠ و٣٦٥');
    }
    expect(
      await t.database.db
        .select()
        .from(systemConfig)
        .where(eq(systemConfig.key, 'commission_holding_days')),
    ).toHaveLength(0);

    expect((await setHolding(root, '14')).statusCode).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'settings.change'),
          eq(auditLog.entityId, 'commission_holding_days'),
        ),
      );
    expect(entry).toMatchObject({ actorPhone: root.phone, after: { value: '14' } });
  });
});

describe('a commission in its holding period', () => {
  it('is on hold until the day it becomes payable: not requestable, not payable', async () => {
    expect((await setHolding(root, '14')).statusCode).toBe(200);
    const signedAt = Date.now();
    const { broker, commission } = await aSignedContract(t, admin, { rent: 100_000 });
    expect(commission).toMatchObject({ status: 'on_hold', amount: '1000.00' });
    const payableAt = new Date(commission.payableAt ?? '').getTime();
    expect(Math.abs(payableAt - (signedAt + 14 * DAY_MS))).toBeLessThan(60_000);
    expect(await expectMoneyAddsUp(broker)).toEqual({
      total: '1000.00',
      paid: '0.00',
      pending: '0.00',
      requested: '0.00',
      onHold: '1000.00',
      reversed: '0.00',
      toRecover: '0.00',
    });
    const earnings = (await as(broker).call(commissionEndpoints.earnings)).json();
    expect(earnings.totals).toEqual({
      paid: '0.00',
      pending: '0.00',
      held: '0.00',
      onHold: '1000.00',
    });

    await anIbanOnProfile(t, broker);
    const request = await askForPayout(t, broker, 1);
    expect(request.statusCode).toBe(400);
    expect(request.json<ApiError>().code).toBe('AMOUNT_ABOVE_AVAILABLE');

    const pay = await as(admin).call(adminCommissionEndpoints.confirmPayment, {
      params: { id: commission.id },
      body: {},
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json<ApiError>()).toEqual({
      code: 'COMMISSION_ON_HOLD',
      message: `هذه العمولة في فترة الانتظار، ولا يمكن دفعها قبل ${formatDateAr(new Date(payableAt))}`,
    });
    expect((await listed(broker))[0]?.status).toBe('on_hold');

    // A later change of the period leaves a commission already signed as it was.
    expect((await setHolding(root, '0')).statusCode).toBe(200);
    expect((await listed(broker))[0]).toMatchObject({
      status: 'on_hold',
      payableAt: commission.payableAt,
    });
  });

  it('is released by the job once the period ends, once on two instances, then paid', async () => {
    expect((await setHolding(root, '7')).statusCode).toBe(200);
    const { broker, commission } = await aSignedContract(t, admin, { rent: 60_000 });
    // Before its day nothing moves.
    expect(await t.app.scheduledJobs.releaseCommissions()).toBe(0);
    expect((await listed(broker))[0]?.status).toBe('on_hold');

    await endHolding(broker.id);
    const runs = await Promise.all([
      t.app.scheduledJobs.releaseCommissions(),
      t.app.scheduledJobs.releaseCommissions(),
    ]);
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect((await listed(broker))[0]?.status).toBe('pending');
    expect(await expectMoneyAddsUp(broker)).toMatchObject({ pending: '600.00', onHold: '0.00' });

    const released = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'commission.release'), eq(auditLog.entityId, commission.id)));
    expect(released).toHaveLength(1);
    expect(released[0]).toMatchObject({ actorId: null, after: { status: 'pending' } });
    const told = (await as(broker).call(notificationEndpoints.list))
      .json()
      .items.filter((n) => n.title === 'انتهت فترة الانتظار');
    expect(told).toHaveLength(1);
    expect(told[0]?.message).toBe(
      'أصبح مبلغ ٦٠٠ ر.س من عمولاتك قابلاً للتحويل، ويمكنك الآن طلب تحويله.',
    );

    await anIbanOnProfile(t, broker);
    const request = await askForPayout(t, broker, 600);
    expect(request.statusCode).toBe(201);
    await expectMoneyAddsUp(broker);
    const paid = await as(admin).call(adminPayoutEndpoints.pay, {
      params: { id: request.json().id },
      body: {},
    });
    expect(paid.statusCode).toBe(200);
    expect(await expectMoneyAddsUp(broker)).toMatchObject({ paid: '600.00', total: '600.00' });
  });

  it('reversed while on hold, it never becomes payable', async () => {
    expect((await setHolding(root, '10')).statusCode).toBe(200);
    const { broker, referral, commission } = await aSignedContract(t, admin, { rent: 70_000 });
    expect(commission.status).toBe('on_hold');
    await as(admin).call(adminReferralEndpoints.changeStatus, {
      params: { id: referral.id },
      body: { status: 'cancelled' },
    });
    const reversed = await as(admin).call(adminCommissionEndpoints.reverse, {
      params: { id: commission.id },
      body: {
        reason: 'ألغي العقد في فترة الانتظار',
      },
    });
    expect(reversed.statusCode).toBe(200);
    await endHolding(broker.id);
    expect(await t.app.scheduledJobs.releaseCommissions()).toBe(0);
    expect((await listed(broker))[0]?.status).toBe('reversed');
    expect(await expectMoneyAddsUp(broker)).toMatchObject({
      total: '0.00',
      pending: '0.00',
      onHold: '0.00',
      reversed: '700.00',
      toRecover: '0.00',
    });
  });

  it('stays out of requests and payments of the money that is payable', async () => {
    const { broker, commission: older } = await aSignedContract(t, admin, { rent: 80_000 });
    expect(older.status).toBe('pending');
    expect((await setHolding(root, '30')).statusCode).toBe(200);
    const { commission: newer } = await aSignedContract(t, admin, { broker, rent: 90_000 });
    expect(newer.status).toBe('on_hold');
    expect(await expectMoneyAddsUp(broker)).toMatchObject({ pending: '800.00', onHold: '900.00' });

    // Asking for more than the payable part is refused; all of it is accepted.
    await anIbanOnProfile(t, broker);
    const tooMuch = await askForPayout(t, broker, 800.01);
    expect(tooMuch.statusCode).toBe(400);
    const request = await askForPayout(t, broker, 800);
    expect(request.statusCode).toBe(201);
    const statuses = async () =>
      Object.fromEntries((await listed(broker)).map((c) => [c.id, c.status]));
    expect(await statuses()).toEqual({ [older.id]: 'requested', [newer.id]: 'on_hold' });
    await expectMoneyAddsUp(broker);

    expect(
      (
        await as(admin).call(adminPayoutEndpoints.pay, {
          params: { id: request.json().id },
          body: {},
        })
      ).statusCode,
    ).toBe(200);
    expect(await statuses()).toEqual({ [older.id]: 'paid', [newer.id]: 'on_hold' });
    expect(await expectMoneyAddsUp(broker)).toMatchObject({ paid: '800.00', onHold: '900.00' });

    await endHolding(broker.id);
    expect(await t.app.scheduledJobs.releaseCommissions()).toBeGreaterThanOrEqual(1);
    expect(await statuses()).toEqual({ [older.id]: 'paid', [newer.id]: 'pending' });
    expect(await expectMoneyAddsUp(broker)).toMatchObject({ pending: '900.00', onHold: '0.00' });
  });
});
