import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, client } from '../test-support/client.js';
import { anAdmin, aSignedContract, aSuperAdmin } from '../test-support/factories.js';
import { anIbanOnProfile, ibanFor } from '../test-support/iban.js';
import { addsUp } from '../test-support/money.js';
import type {
  AdminReferral,
  ApiError,
  CommissionPage,
  CommissionSummary,
  Page,
} from '../test-support/responses.js';
import { createTestApp, type TestApp, type TestBroker } from '../test-support/test-app.js';

let t: TestApp;
let admin: TestBroker;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  admin = await anAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const as = (caller: Caller) => client(t).as(caller);
type Changed = { changed: boolean };
type Payout = { id: string; amount: string; iban: string; status: string };

/** A broker with one signed referral, so one commission of max(500, 1% of the rent). */
async function brokerWithCommission(rent: number) {
  const { broker, commission } = await aSignedContract(t, admin, { rent });
  return { broker, commissionId: commission.id };
}

const summary = async (b: TestBroker) =>
  (await as(b).get('/api/commissions/summary')).json<CommissionSummary>();

describe('confirm payment', () => {
  it('marks the commission paid once, however often it is confirmed', async () => {
    const { broker, commissionId } = await brokerWithCommission(90000);
    const url = `/api/admin/commissions/${commissionId}/confirm-payment`;
    const results = await Promise.all([
      as(admin).post(url, { transferReference: 'TRX-1' }),
      as(admin).post(url, { transferReference: 'TRX-1' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => r.json<Changed>().changed).sort()).toEqual([false, true]);
    const s = await summary(broker);
    expect(s).toEqual({
      total: '900.00',
      paid: '900.00',
      pending: '0.00',
      requested: '0.00',
      onHold: '0.00',
      reversed: '0.00',
      toRecover: '0.00',
    });
    const [commission] = (await as(broker).get('/api/commissions')).json<CommissionPage>().items;
    expect(commission?.status).toBe('paid');
    expect(commission?.paidAt).not.toBeNull();
  });

  it('is refused while an open transfer request holds the money', async () => {
    const { broker, commissionId } = await brokerWithCommission(50000);
    await anIbanOnProfile(t, broker);
    await as(broker).post('/api/commissions/request-transfer', {
      amount: 500,
      bankAccount: ibanFor(broker.phone),
    });
    const response = await as(admin).post(
      `/api/admin/commissions/${commissionId}/confirm-payment`,
      {},
    );
    expect(response.statusCode).toBe(409);
    expect(addsUp(await summary(broker))).toBe(true);
  });
});

describe('transfer requests', () => {
  it('paying settles the amount across commissions; the invariant holds after every step', async () => {
    const { broker } = await brokerWithCommission(50000);
    await aSignedContract(t, admin, { broker, rent: 70000, status: 'commission_added' });
    expect(await summary(broker)).toEqual({
      total: '1200.00',
      paid: '0.00',
      pending: '1200.00',
      requested: '0.00',
      onHold: '0.00',
      reversed: '0.00',
      toRecover: '0.00',
    });

    await anIbanOnProfile(t, broker);
    const request = (
      await as(broker).post('/api/commissions/request-transfer', {
        amount: 800,
        bankAccount: ibanFor(broker.phone),
      })
    ).json<Payout>();
    expect(addsUp(await summary(broker))).toBe(true);
    const open = (await as(admin).get('/api/admin/payouts')).json<Page<Payout>>();
    expect(open).toMatchObject({ page: 1, pageSize: 50 });
    expect(open.total).toBeGreaterThanOrEqual(1);
    expect(open.items.find((r: { id: string }) => r.id === request.id)).toMatchObject({
      iban: ibanFor(broker.phone),
      amount: '800.00',
    });

    const paid = await Promise.all([
      as(admin).post(`/api/admin/payouts/${request.id}/pay`, {}),
      as(admin).post(`/api/admin/payouts/${request.id}/pay`, {}),
    ]);
    expect(paid.map((r) => r.json<Changed>().changed).sort()).toEqual([false, true]);
    const s = await summary(broker);
    expect(s).toEqual({
      total: '1200.00',
      paid: '800.00',
      pending: '400.00',
      requested: '0.00',
      onHold: '0.00',
      reversed: '0.00',
      toRecover: '0.00',
    });
    const list = (await as(broker).get('/api/commissions')).json<CommissionPage>().items;
    expect(
      list.map((c: { status: string; paidAmount: string }) => [c.status, c.paidAmount]).sort(),
    ).toEqual([
      ['paid', '500.00'],
      ['pending', '300.00'],
    ]);
    const history = (await as(broker).get('/api/commissions/payouts')).json<Payout[]>();
    expect(history[0]?.status).toBe('paid');
  });

  it('rejecting releases the money and keeps the reason', async () => {
    const { broker } = await brokerWithCommission(50000);
    await anIbanOnProfile(t, broker);
    const request = (
      await as(broker).post('/api/commissions/request-transfer', {
        amount: 500,
        bankAccount: ibanFor(broker.phone),
      })
    ).json<Payout>();
    expect(
      (
        await as(admin).post(`/api/admin/payouts/${request.id}/reject`, {
          reason: '',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await as(admin).post(`/api/admin/payouts/${request.id}/reject`, {
          reason: 'الآيبان لا يطابق اسم الوسيط',
        })
      ).statusCode,
    ).toBe(200);
    expect(await summary(broker)).toEqual({
      total: '500.00',
      paid: '0.00',
      pending: '500.00',
      requested: '0.00',
      onHold: '0.00',
      reversed: '0.00',
      toRecover: '0.00',
    });
    const history = (await as(broker).get('/api/commissions/payouts')).json<Payout[]>();
    expect(history[0]).toMatchObject({
      status: 'rejected',
      rejectionReason: 'الآيبان لا يطابق اسم الوسيط',
    });
    expect((await as(admin).post(`/api/admin/payouts/${request.id}/pay`, {})).statusCode).toBe(409);
  });

  it('is for admins only', async () => {
    const { broker, commissionId } = await brokerWithCommission(50000);
    expect(
      (await as(broker).post(`/api/admin/commissions/${commissionId}/confirm-payment`, {}))
        .statusCode,
    ).toBe(403);
    expect((await as(broker).get('/api/admin/payouts')).statusCode).toBe(403);
    expect((await as(broker).get('/api/admin/summary')).statusCode).toBe(403);
  });
});

describe('settings', () => {
  it('turns the tenant SMS off and on, validated and audited', async () => {
    expect((await as(admin).get('/api/admin/config/sms_notifications_enabled')).json()).toEqual({
      key: 'sms_notifications_enabled',
      value: null,
    });
    const off = await as(admin).post('/api/admin/config', {
      key: 'sms_notifications_enabled',
      value: 'false',
      description: 'إيقاف مؤقت',
    });
    expect(off.statusCode).toBe(200);
    expect(
      (await as(admin).get('/api/admin/config/sms_notifications_enabled')).json<{
        value: string | null;
      }>().value,
    ).toBe('false');
    expect(
      (
        await as(admin).post('/api/admin/config', {
          key: 'sms_notifications_enabled',
          value: 'maybe',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await as(admin).post('/api/admin/config', { key: 'unknown', value: '1' })).statusCode,
    ).toBe(400);
    await as(admin).post('/api/admin/config', {
      key: 'sms_notifications_enabled',
      value: 'true',
    });
  });

  it('the commission minimum and rate come from the settings, changed by super-admins only', async () => {
    const superAdmin = await aSuperAdmin(t);
    const minimum = (caller: Caller, value: string) =>
      as(caller).post('/api/admin/config', { key: 'commission_minimum', value });
    const refused = await minimum(admin, '750');
    expect(refused.statusCode).toBe(403);
    // Refused for the role, whatever the value.
    expect((await minimum(admin, 'nonsense')).statusCode).toBe(403);
    expect(refused.json<ApiError>().message).toBe('تعديل قاعدة العمولة متاح للمشرف العام فقط');
    // A commission is never zero.
    expect((await minimum(superAdmin, '0')).statusCode).toBe(400);
    expect((await minimum(superAdmin, '750')).statusCode).toBe(200);
    try {
      const { broker } = await brokerWithCommission(50000);
      expect((await summary(broker)).total).toBe('750.00');
      // The admin list's estimate, shown in the process dialog, follows the same rule.
      const [referral] = (await as(admin).get('/api/admin/referrals')).json<Page<AdminReferral>>()
        .items;
      expect(referral?.commissionEstimate).toBe('750.00');
    } finally {
      await minimum(superAdmin, '500');
    }
  });
});
