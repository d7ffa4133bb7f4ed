import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { commissionEndpoints } from '#contract/commissions';
import { notificationEndpoints } from '#contract/notifications';
import { superadminEndpoints } from '#contract/superadmin';
import { auditLog, commissions } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { aBroker, anAdmin, aSignedContract, aSuperAdmin } from '../test-support/factories.js';
import { anIbanOnProfile, ibanFor } from '../test-support/iban.js';
import { addsUp, inCents, ledgerOf } from '../test-support/money.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import type { TestBroker } from '../test-support/test-app.js';

// Reversals. A commission whose contract fell through is reversed with a
// reason: unpaid, it stops being payable; paid, it is deducted from the broker's next payment.

let admin: TestBroker;
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeAll(async () => {
  admin = await anAdmin(t);
});

const as = (caller: Caller) => client(t).as(caller);
const reverse = (caller: Caller, id: string, reason = 'ألغى المالك العقد') =>
  as(caller).call(adminCommissionEndpoints.reverse, { params: { id }, body: { reason } });
const cancel = async (referralId: string) =>
  expect(
    (
      await as(admin).call(adminReferralEndpoints.changeStatus, {
        params: { id: referralId },
        body: { status: 'cancelled' },
      })
    ).statusCode,
  ).toBe(200);
const confirm = (id: string) =>
  as(admin).call(adminCommissionEndpoints.confirmPayment, { params: { id }, body: {} });
const requestPayout = async (broker: TestBroker, amount: number) => {
  await anIbanOnProfile(t, broker);
  return as(broker).call(commissionEndpoints.requestPayout, {
    body: {
      amount,
      bankAccount: ibanFor(broker.phone),
    },
  });
};
const row = async (id: string) =>
  (await t.database.db.select().from(commissions).where(eq(commissions.id, id)))[0];
const lastNotice = async (broker: TestBroker) =>
  (await as(broker).call(notificationEndpoints.list)).json().items[0];
/** The summary the broker sees agrees with the rows, and the invariant holds. */
async function money(broker: TestBroker) {
  const seen = (await as(broker).call(commissionEndpoints.summary)).json();
  expect(addsUp(seen)).toBe(true);
  expect(await ledgerOf(t.database.db, broker.id)).toEqual(inCents(seen));
  return seen;
}

describe('who may reverse what', () => {
  it('refused while the contract stands, without a reason, for a broker, for an unknown id', async () => {
    const { broker, commission } = await aSignedContract(t, admin);
    const standing = await reverse(admin, commission.id);
    expect(standing.statusCode).toBe(409);
    expect(standing.json<ApiError>()).toEqual({
      code: 'CONTRACT_NOT_CANCELLED',
      message: 'لا تُلغى العمولة إلا بعد إلغاء العقد: غيّر حالة الإحالة إلى «ملغي» أولاً',
    });
    const noReason = await reverse(admin, commission.id, '   ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<ApiError>().message).toBe('يرجى كتابة سبب إلغاء العمولة');
    expect((await reverse(broker, commission.id)).statusCode).toBe(403);
    expect((await reverse(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await reverse(admin, 'not-an-id')).statusCode).toBe(404);
    expect((await row(commission.id))?.status).toBe('pending');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'commission.reverse'));
    expect(audits.filter((a) => a.entityId === commission.id)).toHaveLength(0);
  });

  it('refused while an open transfer request holds it, allowed once the request is rejected', async () => {
    const { broker, referral, commission } = await aSignedContract(t, admin);
    const request = await requestPayout(broker, 600);
    expect(request.statusCode).toBe(201);
    await cancel(referral.id);
    const held = await reverse(admin, commission.id);
    expect(held.statusCode).toBe(409);
    expect(held.json<ApiError>().code).toBe('HELD_BY_TRANSFER_REQUEST');
    const rejected = await as(admin).call(adminPayoutEndpoints.reject, {
      params: { id: request.json().id },
      body: {
        reason: 'العقد ألغي',
      },
    });
    expect(rejected.statusCode).toBe(200);
    expect((await reverse(admin, commission.id)).statusCode).toBe(200);
    await money(broker);
  });
});

describe('a reversal before payment', () => {
  it('stops the money being payable, keeps the amount, is audited and told, and happens once', async () => {
    const { broker, referral, commission } = await aSignedContract(t, admin, { rent: 80_000 });
    await cancel(referral.id);
    const first = await reverse(admin, commission.id);
    expect(first.statusCode).toBe(200);
    expect(first.json().changed).toBe(true);
    expect((await reverse(admin, commission.id)).json().changed).toBe(false);

    expect(await row(commission.id)).toMatchObject({
      status: 'reversed',
      amount: '800.00',
      paidAmount: '0.00',
      reversalReason: 'ألغى المالك العقد',
    });
    expect(await money(broker)).toEqual({
      total: '0.00',
      paid: '0.00',
      pending: '0.00',
      requested: '0.00',
      onHold: '0.00',
      reversed: '800.00',
      toRecover: '0.00',
    });
    const listed = (await as(broker).call(commissionEndpoints.list)).json().items;
    expect(listed[0]).toMatchObject({ status: 'reversed', reversalReason: 'ألغى المالك العقد' });
    expect(await lastNotice(broker)).toMatchObject({
      title: 'أُلغيت عمولة',
      message: 'أُلغيت عمولة بقيمة ٨٠٠ ر.س لإلغاء العقد: ألغى المالك العقد',
    });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'commission.reverse'), eq(auditLog.entityId, commission.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorPhone: admin.phone,
      before: { status: 'pending', amount: '800.00' },
      after: { status: 'reversed', reason: 'ألغى المالك العقد', toRecover: '0.00' },
    });

    // Nothing can pay it, and signing the contract again never brings a second commission.
    const pay = await confirm(commission.id);
    expect(pay.statusCode).toBe(409);
    expect(pay.json<ApiError>().code).toBe('COMMISSION_REVERSED');
    expect((await requestPayout(broker, 1)).statusCode).toBe(400);
    await as(admin).call(adminReferralEndpoints.changeStatus, {
      params: { id: referral.id },
      body: {
        status: 'contract_signed',
      },
    });
    const again = await t.database.db
      .select()
      .from(commissions)
      .where(eq(commissions.referralId, referral.id));
    expect(again).toEqual([expect.objectContaining({ status: 'reversed', amount: '800.00' })]);
    await money(broker);
  });
});

describe('a reversal after payment', () => {
  /** A broker with a commission of 1,000 paid, then reversed: 1,000 to recover. */
  async function paidThenReversed() {
    const broker = await aBroker(t);
    const { referral, commission } = await aSignedContract(t, admin, { broker, rent: 100_000 });
    expect((await confirm(commission.id)).statusCode).toBe(200);
    await cancel(referral.id);
    expect((await reverse(admin, commission.id)).statusCode).toBe(200);
    expect(await lastNotice(broker)).toMatchObject({
      message:
        'أُلغيت عمولة بقيمة ١٬٠٠٠ ر.س لإلغاء العقد: ألغى المالك العقد. يُخصم ما دُفع منها (١٬٠٠٠ ر.س) من دفعتك القادمة.',
    });
    expect(await money(broker)).toMatchObject({
      total: '0.00',
      paid: '1000.00',
      pending: '-1000.00',
      reversed: '1000.00',
      toRecover: '1000.00',
    });
    return { broker, reversed: commission };
  }

  it('is deducted from the next transfer request the team pays', async () => {
    const { broker, reversed } = await paidThenReversed();
    await aSignedContract(t, admin, { broker, rent: 150_000 });
    expect(await money(broker)).toMatchObject({ total: '1500.00', pending: '500.00' });
    expect((await requestPayout(broker, 500.01)).statusCode).toBe(400);
    const request = await requestPayout(broker, 500);
    expect(request.statusCode).toBe(201);
    await money(broker);
    const paid = await as(admin).call(adminPayoutEndpoints.pay, {
      params: { id: request.json().id },
      body: {},
    });
    expect(paid.statusCode).toBe(200);
    expect(await money(broker)).toEqual({
      total: '1500.00',
      paid: '1500.00',
      pending: '0.00',
      requested: '0.00',
      onHold: '0.00',
      reversed: '1000.00',
      toRecover: '0.00',
    });
    expect((await row(reversed.id))?.recoveredAmount).toBe('1000.00');
    expect(await lastNotice(broker)).toMatchObject({
      message: 'تم تحويل ٥٠٠ ر.س إلى حسابك البنكي، وسُوّي معه ١٬٠٠٠ ر.س مقابل عمولات ملغاة.',
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payout.pay'), eq(auditLog.entityId, request.json().id)));
    expect(entry?.after).toMatchObject({ amount: '500.00', deducted: '1000.00' });
  });

  it('is deducted from the next commission the team confirms paid', async () => {
    const { broker } = await paidThenReversed();
    const { commission } = await aSignedContract(t, admin, { broker, rent: 150_000 });
    expect((await confirm(commission.id)).statusCode).toBe(200);
    expect(await money(broker)).toMatchObject({
      total: '1500.00',
      paid: '1500.00',
      pending: '0.00',
      toRecover: '0.00',
    });
    expect(await lastNotice(broker)).toMatchObject({
      message:
        'سُوّيت عمولة بقيمة ١٬٥٠٠ ر.س: حُوّل ٥٠٠ ر.س إلى حسابك وخُصم ١٬٠٠٠ ر.س مقابل عمولات ملغاة.',
    });
  });

  it('never takes the money behind another open request', async () => {
    // Two requests are open when a paid commission is reversed: paying one deducts nothing the
    // other needs.
    const broker = await aBroker(t);
    const a = await aSignedContract(t, admin, { broker, rent: 100_000 });
    expect((await confirm(a.commission.id)).statusCode).toBe(200);
    await aSignedContract(t, admin, { broker, rent: 100_000 });
    const first = await requestPayout(broker, 500);
    const second = await requestPayout(broker, 500);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    await cancel(a.referral.id);
    expect((await reverse(admin, a.commission.id)).statusCode).toBe(200);
    expect(await money(broker)).toMatchObject({ pending: '-1000.00', requested: '1000.00' });
    for (const request of [first, second]) {
      const paid = await as(admin).call(adminPayoutEndpoints.pay, {
        params: { id: request.json().id },
        body: {},
      });
      expect(paid.statusCode).toBe(200);
      await money(broker);
    }
    expect(await money(broker)).toMatchObject({
      total: '1000.00',
      paid: '2000.00',
      pending: '-1000.00',
      requested: '0.00',
      toRecover: '1000.00',
    });
  });

  it('owed money does not stop the deletion of a referral whose commission nothing holds', async () => {
    const { broker } = await paidThenReversed();
    const { referral } = await aSignedContract(t, admin, { broker, rent: 60_000 });
    const root = await aSuperAdmin(t);
    expect(
      (await as(root).call(superadminEndpoints.deleteReferral, { params: { id: referral.id } }))
        .statusCode,
    ).toBe(200);
    expect(await money(broker)).toMatchObject({ total: '0.00', toRecover: '1000.00' });
  });

  it('larger than the next payment: what is left stays owed', async () => {
    const { broker } = await paidThenReversed();
    const { commission } = await aSignedContract(t, admin, { broker, rent: 60_000 });
    expect(await money(broker)).toMatchObject({ pending: '-400.00', toRecover: '1000.00' });
    expect((await confirm(commission.id)).statusCode).toBe(200);
    expect(await money(broker)).toMatchObject({
      total: '600.00',
      paid: '1000.00',
      pending: '-400.00',
      toRecover: '400.00',
    });
  });
});

describe('races', () => {
  it('a reversal racing a payment: one after the other, every riyal counted once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { broker, referral, commission } = await aSignedContract(t, admin);
      await cancel(referral.id);
      const [reversed, paid] = await Promise.all([
        reverse(admin, commission.id),
        confirm(commission.id),
      ]);
      expect(reversed.statusCode).toBe(200);
      // Paid first, then reversed (to recover), or reversed first (the payment refused).
      const after = await row(commission.id);
      expect(after?.status).toBe('reversed');
      if (paid.statusCode === 200) {
        expect(await money(broker)).toMatchObject({ paid: '600.00', toRecover: '600.00' });
      } else {
        expect(paid.statusCode).toBe(409);
        expect(await money(broker)).toMatchObject({ paid: '0.00', toRecover: '0.00' });
      }
    }
  });

  it('two admins reversing at once: one reversal, one audit row', async () => {
    const { broker, referral, commission } = await aSignedContract(t, admin);
    await cancel(referral.id);
    const second = await anAdmin(t);
    const answers = await Promise.all([
      reverse(admin, commission.id),
      reverse(second, commission.id),
    ]);
    expect(answers.map((a) => a.json().changed).sort()).toEqual([false, true]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'commission.reverse'), eq(auditLog.entityId, commission.id)));
    expect(audits).toHaveLength(1);
    await money(broker);
  });
});
