import { beforeAll, describe, expect, it } from 'vitest';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { adminOperationsEndpoints } from '#contract/admin/operations';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { adminSettingsEndpoints } from '#contract/admin/settings';
import { commissionEndpoints } from '#contract/commissions';
import { type Caller, client } from '../test-support/client.js';
import { unchecked } from '../test-support/endpoints.js';
import { anAdmin, aSignedContract, aSuperAdmin } from '../test-support/factories.js';
import { anIbanOnProfile, ibanFor } from '../test-support/iban.js';
import { addsUp } from '../test-support/money.js';
import { askForPayout } from '../test-support/payouts.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { summaryWith } from '../test-support/summary.js';
import type { TestBroker } from '../test-support/test-app.js';

let admin: TestBroker;
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeAll(async () => {
  admin = await anAdmin(t);
});

const as = (caller: Caller) => client(t).as(caller);

/** A broker with one signed referral, so one commission of max(500, 1% of the rent). */
async function brokerWithCommission(rent: number) {
  const { broker, commission } = await aSignedContract(t, admin, { rent });
  return { broker, commissionId: commission.id };
}

const summary = async (b: TestBroker) => (await as(b).call(commissionEndpoints.summary)).json();

describe('confirm payment', () => {
  it('marks the commission paid once, however often it is confirmed', async () => {
    const { broker, commissionId } = await brokerWithCommission(90000);
    const confirmation = { params: { id: commissionId }, body: { transferReference: 'TRX-1' } };
    const results = await Promise.all([
      as(admin).call(adminCommissionEndpoints.confirmPayment, confirmation),
      as(admin).call(adminCommissionEndpoints.confirmPayment, confirmation),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => r.json().changed).sort()).toEqual([false, true]);
    const s = await summary(broker);
    expect(s).toEqual(summaryWith({ total: '900.00', paid: '900.00' }));
    const [commission] = (await as(broker).call(commissionEndpoints.list)).json().items;
    expect(commission?.status).toBe('paid');
    expect(commission?.paidAt).not.toBeNull();
  });

  it('is refused while an open transfer request holds the money', async () => {
    const { broker, commissionId } = await brokerWithCommission(50000);
    await anIbanOnProfile(t, broker);
    await askForPayout(t, broker, 500);
    const response = await as(admin).call(adminCommissionEndpoints.confirmPayment, {
      params: { id: commissionId },
      body: {},
    });
    expect(response.statusCode).toBe(409);
    expect(addsUp(await summary(broker))).toBe(true);
  });
});

describe('transfer requests', () => {
  it('paying settles the amount across commissions; the invariant holds after every step', async () => {
    const { broker } = await brokerWithCommission(50000);
    await aSignedContract(t, admin, { broker, rent: 70000, status: 'commission_added' });
    expect(await summary(broker)).toEqual(summaryWith({ total: '1200.00', pending: '1200.00' }));

    await anIbanOnProfile(t, broker);
    const request = (await askForPayout(t, broker, 800)).json();
    expect(addsUp(await summary(broker))).toBe(true);
    const open = (await as(admin).call(adminPayoutEndpoints.list)).json();
    expect(open).toMatchObject({ page: 1, pageSize: 50 });
    expect(open.total).toBeGreaterThanOrEqual(1);
    expect(open.items.find((r) => r.id === request.id)).toMatchObject({
      iban: ibanFor(broker.phone),
      amount: '800.00',
    });

    const paid = await Promise.all([
      as(admin).call(adminPayoutEndpoints.pay, { params: { id: request.id }, body: {} }),
      as(admin).call(adminPayoutEndpoints.pay, { params: { id: request.id }, body: {} }),
    ]);
    expect(paid.map((r) => r.json().changed).sort()).toEqual([false, true]);
    const s = await summary(broker);
    expect(s).toEqual(summaryWith({ total: '1200.00', paid: '800.00', pending: '400.00' }));
    const list = (await as(broker).call(commissionEndpoints.list)).json().items;
    expect(list.map((c) => [c.status, c.paidAmount]).sort()).toEqual([
      ['paid', '500.00'],
      ['pending', '300.00'],
    ]);
    const history = (await as(broker).call(commissionEndpoints.payouts)).json();
    expect(history[0]?.status).toBe('paid');
  });

  it('rejecting releases the money and keeps the reason', async () => {
    const { broker } = await brokerWithCommission(50000);
    await anIbanOnProfile(t, broker);
    const request = (await askForPayout(t, broker, 500)).json();
    expect(
      (
        await as(admin).call(adminPayoutEndpoints.reject, {
          params: { id: request.id },
          body: {
            reason: '',
          },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await as(admin).call(adminPayoutEndpoints.reject, {
          params: { id: request.id },
          body: {
            reason: 'الآيبان لا يطابق اسم الوسيط',
          },
        })
      ).statusCode,
    ).toBe(200);
    expect(await summary(broker)).toEqual(summaryWith({ total: '500.00', pending: '500.00' }));
    const history = (await as(broker).call(commissionEndpoints.payouts)).json();
    expect(history[0]).toMatchObject({
      status: 'rejected',
      rejectionReason: 'الآيبان لا يطابق اسم الوسيط',
    });
    expect(
      (await as(admin).call(adminPayoutEndpoints.pay, { params: { id: request.id }, body: {} }))
        .statusCode,
    ).toBe(409);
  });

  it('is for admins only', async () => {
    const { broker, commissionId } = await brokerWithCommission(50000);
    expect(
      (
        await as(broker).call(adminCommissionEndpoints.confirmPayment, {
          params: { id: commissionId },
          body: {},
        })
      ).statusCode,
    ).toBe(403);
    expect((await as(broker).call(adminPayoutEndpoints.list)).statusCode).toBe(403);
    expect((await as(broker).call(adminOperationsEndpoints.summary)).statusCode).toBe(403);
  });
});

describe('settings', () => {
  it('turns the tenant SMS off and on, validated and audited', async () => {
    const KEY = 'sms_notifications_enabled';
    const read = () => as(admin).call(adminSettingsEndpoints.get, { params: { key: KEY } });
    const set = (value: string, description?: string) =>
      as(admin).call(adminSettingsEndpoints.set, { body: { key: KEY, value, description } });
    expect((await read()).json()).toEqual({
      key: 'sms_notifications_enabled',
      value: null,
    });
    const off = await set('false', 'إيقاف مؤقت');
    expect(off.statusCode).toBe(200);
    expect((await read()).json().value).toBe('false');
    expect((await set('maybe')).statusCode).toBe(400);
    expect(
      (
        await as(admin).call(adminSettingsEndpoints.set, {
          body: { key: unchecked('unknown'), value: '1' },
        })
      ).statusCode,
    ).toBe(400);
    await set('true');
  });

  it('the commission minimum and rate come from the settings, changed by super-admins only', async () => {
    const superAdmin = await aSuperAdmin(t);
    const minimum = (caller: Caller, value: string) =>
      as(caller).call(adminSettingsEndpoints.set, { body: { key: 'commission_minimum', value } });
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
      const [referral] = (await as(admin).call(adminReferralEndpoints.list)).json().items;
      expect(referral?.commissionEstimate).toBe('750.00');
    } finally {
      await minimum(superAdmin, '500');
    }
  });
});
