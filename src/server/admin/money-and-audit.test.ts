import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { adminSettingsEndpoints } from '#contract/admin/settings';
import { brokerEndpoints } from '#contract/brokers';
import { commissionEndpoints } from '#contract/commissions';
import { referralEndpoints } from '#contract/referrals';
import { superadminEndpoints } from '#contract/superadmin';
import { commissions, payouts, referrals } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { present } from '../test-support/endpoints.js';
import { aBroker, aLease } from '../test-support/factories.js';
import { anIbanOnProfile, ibanFor } from '../test-support/iban.js';
import { askForPayout } from '../test-support/payouts.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { anAdminAndASuperAdmin } from '../test-support/staff.js';
import { nextPhone, type TestBroker } from '../test-support/test-app.js';

let admin: TestBroker;
let root: TestBroker;
/**
 * The money rules across sequences of administrative actions, and the audit record each
 * action leaves.
 */
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeAll(async () => {
  ({ admin, root } = await anAdminAndASuperAdmin(t));
});

const as = (caller: Caller) => client(t).as(caller);

async function referral(broker: TestBroker, rent: number, tenantPhone = nextPhone()) {
  const created = await as(broker).call(referralEndpoints.create, { body: { tenantPhone, rent } });
  expect(created.statusCode).toBe(201);
  return created.json().id;
}
const setStatus = (id: string, status: string, extra: object = {}) =>
  as(admin).call(adminReferralEndpoints.changeStatus, {
    params: { id },
    body: { status, ...extra },
  });
const commissionsOf = async (broker: TestBroker) =>
  (await as(broker).call(commissionEndpoints.list)).json().items;
const summaryOf = async (broker: TestBroker) =>
  (await as(broker).call(commissionEndpoints.summary)).json();
const auditFor = async (entityId: string) =>
  (await as(root).call(superadminEndpoints.auditLog, { query: { search: entityId } })).json().items;

describe('one commission per referral, whatever the sequence', () => {
  it('contract signed, rejected, contract signed again: still one, of the same amount', async () => {
    const broker = await aBroker(t);
    const id = await referral(broker, 120000);
    expect((await setStatus(id, 'contract_signed', aLease(120000))).json().commissionCreated).toBe(
      '1200.00',
    );
    expect((await setStatus(id, 'rejected')).statusCode).toBe(200);
    // A rejection after signing never silently removes the commission...
    expect(await commissionsOf(broker)).toHaveLength(1);
    // ...and signing again never adds a second one.
    expect((await setStatus(id, '✍️ تم توقيع العقد')).json().commissionCreated).toBeNull();
    expect((await setStatus(id, 'commission_added')).json().commissionCreated).toBeNull();
    const list = await commissionsOf(broker);
    expect(list).toEqual([expect.objectContaining({ referralId: id, amount: '1200.00' })]);
  });

  it('reopening a closed referral of a tenant who has another open one is a 409, nothing changed', async () => {
    const first = await aBroker(t);
    const second = await aBroker(t);
    const tenant = nextPhone();
    const closed = await referral(first, 40000, tenant);
    await setStatus(closed, 'rejected');
    await referral(second, 40000, tenant);
    const reopened = await setStatus(closed, 'under_review');
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json()).toEqual({
      code: 'TENANT_HAS_OPEN_REFERRAL',
      message: 'لا يمكن إعادة فتح هذه الإحالة: يوجد طلب مفتوح آخر لنفس المستأجر',
    });
    const [row] = (
      await as(admin).call(adminReferralEndpoints.list, { query: { search: closed } })
    ).json().items;
    expect(row?.status).toBe('rejected');
  });
});

describe('commissions held by transfer requests', () => {
  it("are 'requested' oldest first, filterable, and back to 'pending' when the request is rejected", async () => {
    const broker = await aBroker(t);
    await setStatus(await referral(broker, 50000), 'contract_signed', aLease(50000)); // 500
    await setStatus(await referral(broker, 80000), 'contract_signed', aLease(80000)); // 800
    await anIbanOnProfile(t, broker);
    const request = await askForPayout(t, broker, 600);
    expect(request.statusCode).toBe(201);
    // 600 falls on the older 500 and 100 of the newer 800: both are held.
    const statuses = async () =>
      (await commissionsOf(broker)).map((c) => `${c.amount}:${c.status}`).sort();
    expect(await statuses()).toEqual(['500.00:requested', '800.00:requested']);
    const filtered = (
      await as(admin).call(adminCommissionEndpoints.list, {
        query: { status: 'requested', search: broker.phone },
      })
    ).json();
    expect(filtered.total).toBe(2);

    const openRequestOf = async (b: TestBroker) =>
      (await as(admin).call(adminPayoutEndpoints.list))
        .json()
        .items.find((r) => r.brokerId === b.id);
    const open = await openRequestOf(broker);
    expect(
      (
        await as(admin).call(adminPayoutEndpoints.reject, {
          params: { id: present(open?.id) },
          body: {
            reason: 'الآيبان لا يطابق اسم الوسيط',
          },
        })
      ).statusCode,
    ).toBe(200);
    expect(await statuses()).toEqual(['500.00:pending', '800.00:pending']);

    // A smaller request holds only the oldest; paying it leaves nothing requested.
    await askForPayout(t, broker, 500);
    expect(await statuses()).toEqual(['500.00:requested', '800.00:pending']);
    const second = await openRequestOf(broker);
    await as(admin).call(adminPayoutEndpoints.pay, {
      params: { id: present(second?.id) },
      body: {
        transferReference: 'TRX-1',
      },
    });
    expect(await statuses()).toEqual(['500.00:paid', '800.00:pending']);
    expect(await summaryOf(broker)).toMatchObject({
      total: '1300.00',
      paid: '500.00',
      pending: '800.00',
      requested: '0.00',
      onHold: '0.00',
      reversed: '0.00',
      toRecover: '0.00',
    });
  });
});

describe('migration 0002', () => {
  it("marks the commissions that requests opened before it hold as 'requested'", async () => {
    const broker = await aBroker(t);
    await setStatus(await referral(broker, 50000), 'contract_signed', aLease(50000)); // 500, older
    await setStatus(await referral(broker, 90000), 'contract_signed', aLease(90000)); // 900
    // A request filed before the status existed: written directly, statuses left pending.
    await t.database.db
      .insert(payouts)
      .values({ brokerId: broker.id, amount: '400.00', iban: ibanFor(broker.phone) });
    await t.database.db
      .update(commissions)
      .set({ status: 'pending' })
      .where(eq(commissions.brokerId, broker.id));
    const migration = await readFile(
      new URL('../db/migrations/0002_mark_requested_commissions.sql', import.meta.url),
      'utf8',
    );
    await t.database.db.execute(sql.raw(migration));
    const statuses = (await commissionsOf(broker)).map((c) => `${c.amount}:${c.status}`).sort();
    expect(statuses).toEqual(['500.00:requested', '900.00:pending']);
  });
});

describe('deleting a referral never loses money records', () => {
  it('refuses one whose commission is paid, or held by an open transfer request', async () => {
    const broker = await aBroker(t);
    const paid = await referral(broker, 50000);
    await setStatus(paid, 'contract_signed', aLease(50000));
    const [commission] = await commissionsOf(broker);
    await as(admin).call(adminCommissionEndpoints.confirmPayment, {
      params: { id: present(commission?.id) },
      body: {},
    });
    const refusedPaid = await as(root).call(superadminEndpoints.deleteReferral, {
      params: { id: paid },
    });
    expect(refusedPaid.statusCode).toBe(409);
    expect(refusedPaid.json<ApiError>().code).toBe('COMMISSION_PAID');

    const held = await referral(broker, 70000);
    await setStatus(held, 'contract_signed', aLease(70000));
    await anIbanOnProfile(t, broker);
    await askForPayout(t, broker, 700);
    const refusedHeld = await as(root).call(superadminEndpoints.deleteReferral, {
      params: { id: held },
    });
    expect(refusedHeld.statusCode).toBe(409);
    expect(refusedHeld.json<ApiError>().message).toBe(
      'عمولة هذه الإحالة محجوزة لطلب تحويل مفتوح، يرجى معالجة الطلب أولاً',
    );
    expect(await summaryOf(broker)).toMatchObject({
      total: '1200.00',
      paid: '500.00',
      requested: '700.00',
      pending: '0.00',
    });
  });

  it('deletes one with an unheld pending commission, recording what went', async () => {
    const broker = await aBroker(t);
    const id = await referral(broker, 90000);
    await setStatus(id, 'contract_signed', aLease(90000));
    const deleted = await as(root).call(superadminEndpoints.deleteReferral, { params: { id } });
    expect(deleted.statusCode).toBe(200);
    expect(await commissionsOf(broker)).toEqual([]);
    expect(await summaryOf(broker)).toMatchObject({ total: '0.00', pending: '0.00' });
    const [entry] = await auditFor(id);
    expect(entry).toMatchObject({
      action: 'referral.delete',
      actorId: root.id,
      before: { commission: { amount: '900.00', status: 'pending' } },
    });
  });
});

describe('every administrative change is audited with before and after', () => {
  it('activation, deactivation (which reopens the activation request), status, payment, settings', async () => {
    const broker = await aBroker(t, { active: false });
    await as(broker).call(brokerEndpoints.requestActivation);
    await as(admin).call(adminBrokerEndpoints.activate, { params: { id: broker.id } });
    await as(admin).call(adminBrokerEndpoints.deactivate, {
      params: { id: broker.id },
      body: { reason: 'مخالفة شروط البرنامج' },
    });
    const activation = await auditFor(broker.id);
    expect(activation.map((e) => e.action)).toEqual([
      'broker.deactivate',
      'broker.activate',
      'broker.request_activation',
    ]);
    expect(activation[1]).toMatchObject({
      actorId: admin.id,
      before: { isActive: false },
      after: { isActive: true },
    });
    // A deactivated broker is not a waiting request, and may ask again.
    const pending = (
      await as(admin).call(adminBrokerEndpoints.list, {
        query: { filter: 'pending', search: broker.phone },
      })
    ).json();
    expect(pending.total).toBe(0);
    expect((await as(broker).call(brokerEndpoints.requestActivation)).statusCode).toBe(200);

    await as(admin).call(adminBrokerEndpoints.activate, { params: { id: broker.id } });
    const id = await referral(broker, 30000);
    // The Ejar number as typed in Arabic-Indic digits with spaces; recorded in its stored form.
    const lease = aLease(30000);
    const typed = lease.contractId
      .replace(/\d/g, (digit) => '٠١٢٣٤٥٦٧٨٩'[Number(digit)] ?? digit)
      .replace('/', ' / ');
    await setStatus(id, 'contract_signed', { ...lease, contractId: typed, notes: 'وقّع المالك' });
    const [status] = await auditFor(id);
    expect(status).toMatchObject({
      action: 'referral.status_change',
      before: { status: 'pending_completion', contractId: null, contractStartsOn: null },
      after: {
        status: 'contract_signed',
        contractId: lease.contractId,
        contractStartsOn: lease.contractStartsOn,
        contractEndsOn: lease.contractEndsOn,
        commissionCreated: '500.00',
      },
    });

    const [commission] = await commissionsOf(broker);
    const confirmation = {
      params: { id: present(commission?.id) },
      body: { transferReference: 'TRX-9' },
    };
    await as(admin).call(adminCommissionEndpoints.confirmPayment, confirmation);
    await as(admin).call(adminCommissionEndpoints.confirmPayment, confirmation);
    const payments = await auditFor(commission?.id ?? '');
    // Confirmed twice, paid and recorded once.
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      action: 'commission.confirm_payment',
      before: { status: 'pending', paidAmount: '0.00' },
      after: { status: 'paid', paidAmount: '500.00', transferReference: 'TRX-9' },
    });

    await as(admin).call(adminSettingsEndpoints.set, {
      body: {
        key: 'sms_notifications_enabled',
        value: 'false',
      },
    });
    await as(admin).call(adminSettingsEndpoints.set, {
      body: {
        key: 'sms_notifications_enabled',
        value: 'true',
      },
    });
    const [setting] = await auditFor('sms_notifications_enabled');
    expect(setting).toMatchObject({
      action: 'settings.change',
      before: { value: 'false' },
      after: { value: 'true' },
    });
  });

  it('a role change that changes nothing records nothing', async () => {
    const user = await aBroker(t);
    await as(root).call(superadminEndpoints.changeRole, { params: { id: user.id }, body: {} });
    await as(root).call(superadminEndpoints.changeRole, {
      params: { id: user.id },
      body: { isAdmin: false },
    });
    expect(await auditFor(user.id)).toEqual([]);
    await as(root).call(superadminEndpoints.changeRole, {
      params: { id: user.id },
      body: { isAdmin: true },
    });
    expect((await auditFor(user.id)).map((e) => e.action)).toEqual(['user.role_change']);
  });
});

describe('the contract rent the admin confirms drives the commission', () => {
  const listed = async (id: string) =>
    (await as(admin).call(adminReferralEndpoints.list, { query: { search: id } })).json().items[0];

  it('a declared rent of 100,000,000 is impossible now', async () => {
    const broker = await aBroker(t);
    const response = await as(broker).call(referralEndpoints.create, {
      body: {
        tenantPhone: nextPhone(),
        rent: 100_000_000,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toBe('الإيجار السنوي يجب ألا يتجاوز ٢٬٠٠٠٬٠٠٠ ر.س');
  });

  it('declared 50,000, confirmed 60,000: a commission of 600.00, stored, shown and audited', async () => {
    const broker = await aBroker(t);
    const id = await referral(broker, 50_000);
    expect(await listed(id)).toMatchObject({
      rentAmount: 50_000,
      contractRent: null,
      commissionEstimate: '500.00',
      commissionRule: { minimum: 500, rate: 0.01 },
    });

    // Within 25% of the declared rent: further apart, a fraud signal holds the commission
    // (src/server/signals/signals.test.ts).
    const signed = await setStatus(id, 'contract_signed', {
      ...aLease(60_000),
      contractRent: '٦٠٬٠٠٠',
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().commissionCreated).toBe('600.00');
    expect(await commissionsOf(broker)).toEqual([
      expect.objectContaining({ referralId: id, amount: '600.00', status: 'pending' }),
    ]);
    const [row] = await t.database.db.select().from(referrals).where(eq(referrals.id, id));
    expect(row).toMatchObject({ rentAmount: 50_000, contractRent: 60_000 });
    expect(await listed(id)).toMatchObject({ rentAmount: 50_000, contractRent: 60_000 });
    const [entry] = await auditFor(id);
    expect(entry).toMatchObject({
      action: 'referral.status_change',
      actorId: admin.id,
      before: { status: 'pending_completion', contractRent: null },
      after: { status: 'contract_signed', contractRent: 60_000, commissionCreated: '600.00' },
    });

    // The commission is settled: a later figure changes neither it nor the rent it came from.
    await setStatus(id, 'commission_added', { contractRent: 1_500_000 });
    expect((await commissionsOf(broker))[0]?.amount).toBe('600.00');
    const [after] = await t.database.db.select().from(referrals).where(eq(referrals.id, id));
    expect(after?.contractRent).toBe(60_000);
  });

  it('without a contract rent no contract is signed: the declared rent no longer stands in (decision 069)', async () => {
    const broker = await aBroker(t);
    const id = await referral(broker, 84_000);
    const { contractRent: _rent, ...withoutRent } = aLease(84_000);
    const signed = await setStatus(id, 'contract_signed', withoutRent);
    expect(signed.statusCode).toBe(400);
    expect(signed.json()).toMatchObject({
      code: 'CONTRACT_DETAILS_REQUIRED',
      message: 'يرجى إدخال الإيجار السنوي في العقد لتوقيع العقد',
    });
    const [row] = await t.database.db.select().from(referrals).where(eq(referrals.id, id));
    expect(row).toMatchObject({
      status: 'pending_completion',
      contractId: null,
      contractRent: null,
    });
    expect(await commissionsOf(broker)).toEqual([]);
    expect((await auditFor(id)).map((entry) => entry.action)).toEqual(['referral.create']);
  });

  it.each([
    [2_000_001, 'الإيجار السنوي يجب ألا يتجاوز ٢٬٠٠٠٬٠٠٠ ر.س'],
    ['٢٠٠٠٠٠٠١', 'الإيجار السنوي يجب ألا يتجاوز ٢٬٠٠٠٬٠٠٠ ر.س'],
    [0, 'يرجى إدخال الإيجار السنوي في العقد بالأرقام'],
    [-80_000, 'يرجى إدخال الإيجار السنوي في العقد بالأرقام'],
    [80_000.5, 'يرجى إدخال الإيجار السنوي في العقد بالأرقام'],
    ['ثمانون ألف', 'يرجى إدخال الإيجار السنوي في العقد بالأرقام'],
    ['', 'يرجى إدخال الإيجار السنوي في العقد بالأرقام'],
    [true, 'يرجى إدخال الإيجار السنوي في العقد بالأرقام'],
  ])('refuses a contract rent of %j, changing nothing', async (contractRent, message) => {
    const broker = await aBroker(t);
    const id = await referral(broker, 50_000);
    const response = await setStatus(id, 'contract_signed', { ...aLease(50_000), contractRent });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toBe(message);
    const [row] = await t.database.db.select().from(referrals).where(eq(referrals.id, id));
    expect(row).toMatchObject({ status: 'pending_completion', contractRent: null });
    expect(await commissionsOf(broker)).toEqual([]);
  });

  it('accepts 2,000,000 exactly: a commission of 20,000.00', async () => {
    const broker = await aBroker(t);
    const id = await referral(broker, 50_000);
    const signed = await setStatus(id, 'commission_added', aLease(2_000_000));
    expect(signed.json().commissionCreated).toBe('20000.00');
  });
});
