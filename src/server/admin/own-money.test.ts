import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { adminSettingsEndpoints } from '#contract/admin/settings';
import { adminSignalEndpoints } from '#contract/admin/signals';
import { brokerEndpoints } from '#contract/brokers';
import { commissionEndpoints } from '#contract/commissions';
import { referralLinkEndpoints } from '#contract/referral-links';
import { payoutReference } from '#domain';
import { auditLog, commissions, fraudSignals, payouts, referrals } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { type BodyOf, present } from '../test-support/endpoints.js';
import { aBroker, aLease, anAdmin, aReferral, aSuperAdmin } from '../test-support/factories.js';
import { anIbanOnProfile, ibanFor } from '../test-support/iban.js';
import { addsUp, inCents, ledgerOf } from '../test-support/money.js';
import { askForPayout, payoutMarker } from '../test-support/payouts.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { anAdminAndASuperAdmin } from '../test-support/staff.js';
import { nextPhone, type TestBroker } from '../test-support/test-app.js';

// Nobody settles their own money. An admin (or super-admin) cannot process a
// referral, commission, payout or signal of their own account, or of an account sharing their
// phone or IBAN: 403 with the rule, audited though nothing changes; another admin can. Staff
// referrals raise a signal that holds their commission; large payouts take two admins.

/** The colleague: never a party to the money of these tests. */
let colleague: TestBroker;
let root: TestBroker;
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeAll(async () => {
  ({ admin: colleague, root } = await anAdminAndASuperAdmin(t));
});

const as = (caller: Caller) => client(t).as(caller);
const db = () => t.database.db;

const OWN_REFERRAL = 'لا يمكنك معالجة إحالة تخصّك؛ يجب أن يتولاها مشرف آخر';
const OWN_COMMISSION = 'لا يمكنك معالجة عمولة تخصّك، ولو بإلغائها؛ يجب أن يتولاها مشرف آخر';
const OWN_PAYOUT = 'لا يمكنك معالجة دفعة مستحقة لك';
const OWN_SIGNAL = 'لا يمكنك معالجة تنبيه على إحالاتك';

const setStatus = (
  caller: Caller,
  id: string,
  body: BodyOf<typeof adminReferralEndpoints.changeStatus>,
) => as(caller).call(adminReferralEndpoints.changeStatus, { params: { id }, body });
const mark = payoutMarker(t);
const decide = (caller: Caller, id: string, decision: 'resolve' | 'dismiss') =>
  as(caller).call(adminSignalEndpoints[decision], {
    params: { id },
    body: { note: 'تمت المراجعة' },
  });

const referralRow = async (id: string) =>
  (await db().select().from(referrals).where(eq(referrals.id, id)))[0];
const commissionOf = async (referralId: string) =>
  (await db().select().from(commissions).where(eq(commissions.referralId, referralId)))[0];
const payoutRow = async (id: string) =>
  (await db().select().from(payouts).where(eq(payouts.id, id)))[0];
const signalsOn = (referralId: string) =>
  db().select().from(fraudSignals).where(eq(fraudSignals.referralId, referralId));
/** The audit rows of one action on one entity, oldest first. */
const audited = (action: string, entityId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.id));

/** A 403 naming the rule, and the refusal in the audit log under the caller's name. */
async function expectRefused(
  response: { statusCode: number; json<U>(): U },
  rule: {
    message: string;
    entityId: string;
    refused: string;
    actor: TestBroker;
    conflict?: string;
  },
) {
  expect(response.statusCode).toBe(403);
  expect(response.json<ApiError>()).toEqual({ code: 'OWN_MONEY', message: rule.message });
  const rows = await audited('access.refused_own_money', rule.entityId);
  expect(rows.at(-1)).toMatchObject({
    actorId: rule.actor.id,
    after: expect.objectContaining({ refused: rule.refused, conflict: rule.conflict ?? 'own' }),
  });
}

/** The broker's money adds up from the rows, as the broker sees it. */
async function money(broker: TestBroker) {
  const seen = (await as(broker).call(commissionEndpoints.summary)).json();
  expect(addsUp(seen)).toBe(true);
  expect(await ledgerOf(db(), broker.id)).toEqual(inCents(seen));
  return seen;
}

/** A staff account's signed referral, its staff signal decided by the colleague: payable. */
async function payableStaffCommission(staff: TestBroker, rent = 90_000) {
  const referral = await aReferral(t, staff, { rent });
  expect(
    (await setStatus(colleague, referral.id, { status: 'contract_signed', ...aLease(rent) }))
      .statusCode,
  ).toBe(200);
  for (const signal of await signalsOn(referral.id)) {
    expect((await decide(colleague, signal.id, 'resolve')).statusCode).toBe(200);
  }
  const commission = await commissionOf(referral.id);
  expect(commission?.status).toBe('pending');
  return { referral, commission: commission as NonNullable<typeof commission> };
}

describe('a referral made by a staff account', () => {
  it('raises a staff signal with it, which holds its commission until another admin decides', async () => {
    const staff = await anAdmin(t);
    const referral = await aReferral(t, staff, { rent: 60_000 });
    const [signal] = await signalsOn(referral.id);
    expect(signal).toMatchObject({
      kind: 'staff_referral',
      scope: 'referral',
      status: 'open',
      brokerId: staff.id,
      reason: 'أُرسلت هذه الإحالة من حساب مشرف، فلا تُصرف عمولتها حتى يراجعها مشرف آخر',
    });
    expect(await signalsOn(referral.id)).toHaveLength(1);

    // Signed by a colleague: the commission exists, held by the signal.
    const signed = await setStatus(colleague, referral.id, {
      status: 'contract_signed',
      ...aLease(60_000),
    });
    expect(signed.statusCode).toBe(200);
    expect(await commissionOf(referral.id)).toMatchObject({
      amount: '600.00',
      status: 'on_hold',
      signalHold: true,
    });
    expect((await money(staff)).onHold).toBe('600.00');
    const paid = await as(colleague).call(adminCommissionEndpoints.confirmPayment, {
      params: { id: present((await commissionOf(referral.id))?.id) },
      body: {},
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json<ApiError>().code).toBe('HELD_BY_SIGNAL');

    // The staff member cannot decide it; the colleague can, and the money is payable.
    for (const decision of ['resolve', 'dismiss'] as const) {
      await expectRefused(await decide(staff, signal?.id ?? '', decision), {
        message: OWN_SIGNAL,
        entityId: signal?.id ?? '',
        refused: decision === 'resolve' ? 'signal.resolve' : 'signal.dismiss',
        actor: staff,
      });
    }
    expect((await signalsOn(referral.id))[0]?.status).toBe('open');
    expect(await audited('signal.resolve', signal?.id ?? '')).toEqual([]);
    expect((await decide(colleague, signal?.id ?? '', 'resolve')).statusCode).toBe(200);
    expect(await commissionOf(referral.id)).toMatchObject({ status: 'pending', signalHold: false });
    await money(staff);
  });

  it("is raised for a super-admin's referral, and for one asked through a staff member's link", async () => {
    const boss = await aSuperAdmin(t);
    const typed = await aReferral(t, boss);
    expect((await signalsOn(typed.id))[0]).toMatchObject({
      kind: 'staff_referral',
      reason: 'أُرسلت هذه الإحالة من حساب مشرف عام، فلا تُصرف عمولتها حتى يراجعها مشرف آخر',
    });

    const staff = await anAdmin(t);
    const { code } = (await as(staff).call(referralLinkEndpoints.mine)).json();
    const phone = nextPhone();
    const sent = await as(null).call(referralLinkEndpoints.sendCode, {
      params: { code },
      body: { phone },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const asked = await as(null).call(referralLinkEndpoints.request, {
      params: { code },
      body: {
        phone,
        otp: present(sent.json().otpCode),
      },
    });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    const [viaLink] = await db().select().from(referrals).where(eq(referrals.brokerId, staff.id));
    expect(viaLink?.source).toBe('link');
    expect((await signalsOn(viaLink?.id ?? ''))[0]?.kind).toBe('staff_referral');
  });

  it("is not raised for a broker's referral", async () => {
    const broker = await aBroker(t);
    const referral = await aReferral(t, broker);
    expect(await signalsOn(referral.id)).toEqual([]);
  });
});

describe("an admin's own referral and commission", () => {
  it('refuses every status change and the contract, audited, nothing changed; a colleague may', async () => {
    const staff = await anAdmin(t);
    const referral = await aReferral(t, staff, { rent: 60_000 });
    const before = await referralRow(referral.id);
    for (const body of [
      { status: 'under_review' },
      // The observed case: their own contract signed, a commission of 600.00 with no form.
      { status: 'contract_signed' },
      { status: 'contract_signed', ...aLease(90_000) },
      { status: 'rejected', notes: 'لا' },
    ]) {
      await expectRefused(await setStatus(staff, referral.id, body), {
        message: OWN_REFERRAL,
        entityId: referral.id,
        refused: 'referral.status_change',
        actor: staff,
      });
    }
    expect(await audited('access.refused_own_money', referral.id)).toHaveLength(4);
    expect(await referralRow(referral.id)).toEqual(before);
    expect(await commissionOf(referral.id)).toBeUndefined();
    expect(await audited('referral.status_change', referral.id)).toEqual([]);

    const lease = aLease(60_000);
    const signed = await setStatus(colleague, referral.id, { status: 'contract_signed', ...lease });
    expect(signed.statusCode).toBe(200);
    expect((await referralRow(referral.id))?.contractId).toBe(lease.contractId);
  });

  it("a super-admin is refused their own too, and a colleague's referral is theirs to process", async () => {
    const boss = await aSuperAdmin(t);
    const own = await aReferral(t, boss);
    await expectRefused(await setStatus(boss, own.id, { status: 'contract_signed' }), {
      message: OWN_REFERRAL,
      entityId: own.id,
      refused: 'referral.status_change',
      actor: boss,
    });
    const theirs = await aReferral(t, colleague);
    expect(
      (await setStatus(boss, theirs.id, { status: 'contract_signed', ...aLease(60_000) }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses confirming the payment of their commission, and reversing it, audited; a colleague may', async () => {
    const staff = await anAdmin(t);
    const { referral, commission } = await payableStaffCommission(staff);
    const confirm = () =>
      as(staff).call(adminCommissionEndpoints.confirmPayment, {
        params: { id: commission.id },
        body: {
          transferReference: 'MINE-1',
        },
      });
    await expectRefused(await confirm(), {
      message: OWN_COMMISSION,
      entityId: commission.id,
      refused: 'commission.confirm_payment',
      actor: staff,
    });
    expect(await commissionOf(referral.id)).toEqual(commission);
    expect(await audited('commission.confirm_payment', commission.id)).toEqual([]);
    await money(staff);

    // Reversing lowers their own money; the decision is still not theirs.
    expect((await setStatus(colleague, referral.id, { status: 'cancelled' })).statusCode).toBe(200);
    await expectRefused(
      await as(staff).call(adminCommissionEndpoints.reverse, {
        params: { id: commission.id },
        body: {
          reason: 'أُلغي العقد',
        },
      }),
      {
        message: OWN_COMMISSION,
        entityId: commission.id,
        refused: 'commission.reverse',
        actor: staff,
      },
    );
    expect((await commissionOf(referral.id))?.status).toBe('pending');
    const reversed = await as(colleague).call(adminCommissionEndpoints.reverse, {
      params: { id: commission.id },
      body: {
        reason: 'أُلغي العقد',
      },
    });
    expect(reversed.statusCode).toBe(200);
    expect((await commissionOf(referral.id))?.status).toBe('reversed');
    await money(staff);

    const other = await payableStaffCommission(staff);
    const paid = await as(colleague).call(adminCommissionEndpoints.confirmPayment, {
      params: { id: other.commission.id },
      body: {},
    });
    expect(paid.statusCode).toBe(200);
    expect((await commissionOf(other.referral.id))?.status).toBe('paid');
  });
});

describe("an admin's own payout", () => {
  it('refuses approving, sending, paying, failing and rejecting it, singly or in a batch, audited', async () => {
    const staff = await anAdmin(t);
    await payableStaffCommission(staff);
    await anIbanOnProfile(t, staff);
    const asked = await askForPayout(t, staff, 900);
    expect(asked.statusCode).toBe(201);
    const { id } = asked.json();
    const draft = await payoutRow(id);
    const refusedOnce = async (refused: string, response: { statusCode: number; json<U>(): U }) =>
      expectRefused(response, { message: OWN_PAYOUT, entityId: id, refused, actor: staff });

    const batch = await mark(staff, [id], 'approved');
    expect(batch.json()).toEqual({
      changed: 0,
      unchanged: 0,
      refused: [{ id, message: OWN_PAYOUT }],
    });
    expect((await audited('access.refused_own_money', id)).at(-1)?.after).toMatchObject({
      refused: 'payout.approve',
    });
    await refusedOnce(
      'payout.pay',
      await as(staff).call(adminPayoutEndpoints.pay, { params: { id }, body: {} }),
    );
    await refusedOnce(
      'payout.reject',
      await as(staff).call(adminPayoutEndpoints.reject, { params: { id }, body: { reason: 'لا' } }),
    );
    expect(await payoutRow(id)).toEqual(draft);

    // A colleague approves it and files it with the bank; the staff member still cannot move it.
    expect((await mark(colleague, [id], 'approved')).json().changed).toBe(1);
    expect((await as(colleague).call(adminPayoutEndpoints.bankFile)).statusCode).toBe(200);
    expect((await mark(staff, [id], 'sent', 'B-1')).json().refused).toEqual([
      { id, message: OWN_PAYOUT },
    ]);
    expect((await mark(staff, [id], 'paid')).json().refused).toEqual([{ id, message: OWN_PAYOUT }]);
    await refusedOnce(
      'payout.fail',
      await as(staff).call(adminPayoutEndpoints.fail, {
        params: { id },
        body: { reason: 'لم يصل' },
      }),
    );
    expect((await payoutRow(id))?.status).toBe('approved');
    expect(await audited('access.refused_own_money', id)).toHaveLength(6);
    expect(await audited('payout.send', id)).toEqual([]);

    expect((await mark(colleague, [id], 'sent', 'B-1')).json().changed).toBe(1);
    expect((await mark(colleague, [id], 'paid')).json().changed).toBe(1);
    expect((await payoutRow(id))?.status).toBe('paid');
    await money(staff);
  });
});

describe('an account sharing the admin’s bank account or phone', () => {
  /**
   * A new referral of the broker's, which the mover tries to put under review: refused for
   * what the two share (`conflict`), with the rule's `message`. Answers the referral.
   */
  async function refusedReview(
    mover: TestBroker,
    broker: TestBroker,
    rule: { message: string; conflict: 'shared_iban' | 'shared_phone' },
  ) {
    const referral = await aReferral(t, broker);
    await expectRefused(await setStatus(mover, referral.id, { status: 'under_review' }), {
      ...rule,
      entityId: referral.id,
      refused: 'referral.status_change',
      actor: mover,
    });
    return referral;
  }

  it("the admin's profile IBAN on a broker's profile: refused on all of it, the colleague may", async () => {
    const mover = await anAdmin(t);
    const iban = await anIbanOnProfile(t, mover);
    const broker = await aBroker(t);
    const referral = await aReferral(t, broker);
    // The broker types the admin's IBAN: a shared-IBAN signal on the broker, as since 043.
    await anIbanOnProfile(t, broker, iban);
    const [shared] = await db()
      .select()
      .from(fraudSignals)
      .where(and(eq(fraudSignals.brokerId, broker.id), eq(fraudSignals.kind, 'shared_iban')));
    expect(shared?.status).toBe('open');

    await expectRefused(await setStatus(mover, referral.id, { status: 'contract_signed' }), {
      message: 'لا يمكنك معالجة إحالة لحساب يشاركك الحساب البنكي؛ يجب أن يتولاها مشرف آخر',
      entityId: referral.id,
      refused: 'referral.status_change',
      actor: mover,
      conflict: 'shared_iban',
    });
    expect(await commissionOf(referral.id)).toBeUndefined();
    await expectRefused(await decide(mover, shared?.id ?? '', 'dismiss'), {
      message: 'لا يمكنك معالجة تنبيه على حساب يشاركك الحساب البنكي؛ يجب أن يتولاه مشرف آخر',
      entityId: shared?.id ?? '',
      refused: 'signal.dismiss',
      actor: mover,
      conflict: 'shared_iban',
    });

    expect(
      (await setStatus(colleague, referral.id, { status: 'contract_signed', ...aLease(60_000) }))
        .statusCode,
    ).toBe(200);
    expect((await decide(colleague, shared?.id ?? '', 'dismiss')).statusCode).toBe(200);
    const commission = await commissionOf(referral.id);
    await expectRefused(
      await as(mover).call(adminCommissionEndpoints.confirmPayment, {
        params: { id: present(commission?.id) },
        body: {},
      }),
      {
        message: 'لا يمكنك معالجة عمولة لحساب يشاركك الحساب البنكي؛ يجب أن يتولاها مشرف آخر',
        entityId: commission?.id ?? '',
        refused: 'commission.confirm_payment',
        actor: mover,
        conflict: 'shared_iban',
      },
    );
    const asked = await askForPayout(t, broker, 600, iban);
    expect(asked.statusCode).toBe(201);
    const payout = asked.json().id;
    expect((await mark(mover, [payout], 'approved')).json().refused).toEqual([
      {
        id: payout,
        message: 'لا يمكنك معالجة دفعة لحساب يشاركك الحساب البنكي؛ يجب أن يتولاها مشرف آخر',
      },
    ]);
    expect((await payoutRow(payout))?.status).toBe('draft');
    expect(
      (await as(colleague).call(adminPayoutEndpoints.pay, { params: { id: payout }, body: {} }))
        .statusCode,
    ).toBe(200);
    await money(broker);
  });

  it("an IBAN of one of the admin's own payouts, since replaced on the profile, still counts", async () => {
    const mover = await anAdmin(t);
    const old = ibanFor(`old ${mover.phone}`);
    // A payout of theirs long ago to the old IBAN; the profile holds another now.
    await db()
      .insert(payouts)
      .values({ brokerId: mover.id, amount: '500.00', iban: old, status: 'rejected' });
    await anIbanOnProfile(t, mover);
    const broker = await aBroker(t);
    await anIbanOnProfile(t, broker, old);
    const referral = await refusedReview(mover, broker, {
      message: 'لا يمكنك معالجة إحالة لحساب يشاركك الحساب البنكي؛ يجب أن يتولاها مشرف آخر',
      conflict: 'shared_iban',
    });
    expect((await setStatus(colleague, referral.id, { status: 'under_review' })).statusCode).toBe(
      200,
    );
  });

  it("a broker whose second phone is the admin's: refused, the colleague may", async () => {
    // Phones are unique per account: only a second phone can be shared.
    const mover = await anAdmin(t);
    const broker = await aBroker(t);
    expect(
      (await as(broker).call(brokerEndpoints.updateProfile, { body: { secondPhone: mover.phone } }))
        .statusCode,
    ).toBe(200);
    const referral = await refusedReview(mover, broker, {
      message: 'لا يمكنك معالجة إحالة لحساب يشاركك رقم الجوال؛ يجب أن يتولاها مشرف آخر',
      conflict: 'shared_phone',
    });
    expect((await referralRow(referral.id))?.status).not.toBe('under_review');
    expect((await setStatus(colleague, referral.id, { status: 'under_review' })).statusCode).toBe(
      200,
    );
  });
});

describe('two admins for a large payout', () => {
  /** A broker with a payout of `amount` riyals asked for, as a draft. */
  async function draftOf(amount: number) {
    const broker = await aBroker(t);
    // 1% of the rent: a commission of exactly the amount.
    const referral = await aReferral(t, broker, { rent: amount * 100 });
    expect(
      (
        await setStatus(colleague, referral.id, {
          status: 'contract_signed',
          ...aLease(amount * 100),
        })
      ).statusCode,
    ).toBe(200);
    // A rent that large is an outlier signal: decided, so the money is payable.
    for (const signal of await signalsOn(referral.id)) {
      expect((await decide(colleague, signal.id, 'resolve')).statusCode).toBe(200);
    }
    await anIbanOnProfile(t, broker);
    const asked = await askForPayout(t, broker, amount);
    expect(asked.statusCode, asked.body).toBe(201);
    return { broker, id: asked.json().id };
  }
  const dualControl = (amount: string) =>
    `لا يمكنك إرسال أو تأكيد دفع دفعة اعتمدتها بنفسك: الدفعات بمبلغ ${amount} فأكثر يرسلها ويؤكد دفعها مشرف غير الذي اعتمدها`;
  const expectDualRefusal = async (id: string, actor: TestBroker, refused: string) => {
    const [row] = (await audited('access.refused_dual_control', id)).slice(-1);
    expect(row).toMatchObject({ actorId: actor.id, after: expect.objectContaining({ refused }) });
  };

  it('at or above the amount: sent and paid by an admin other than the approver, audited', async () => {
    const approver = await anAdmin(t);
    const { broker, id } = await draftOf(12_000);
    // Paying the draft in one step would make its payer its approver too.
    const oneStep = await as(approver).call(adminPayoutEndpoints.pay, { params: { id }, body: {} });
    expect(oneStep.statusCode).toBe(403);
    expect(oneStep.json<ApiError>()).toEqual({
      code: 'DUAL_CONTROL',
      message:
        'الدفعات بمبلغ ١٠٬٠٠٠ ر.س فأكثر تُعتمد أولاً، ثم يرسلها ويؤكد دفعها مشرف غير الذي اعتمدها',
    });
    await expectDualRefusal(id, approver, 'payout.pay');
    expect((await payoutRow(id))?.status).toBe('draft');

    expect((await mark(approver, [id], 'approved')).json().changed).toBe(1);
    // Handing the file to the bank sends the money: the approver's file leaves it out, a
    // colleague's takes it, and the approver cannot have that file again.
    const reference = payoutReference(id);
    const approversFile = await as(approver).call(adminPayoutEndpoints.bankFile);
    expect(approversFile.statusCode === 409 || !approversFile.body.includes(reference)).toBe(true);
    expect((await payoutRow(id))?.bankBatch).toBeNull();
    const colleaguesFile = await as(colleague).call(adminPayoutEndpoints.bankFile);
    expect(colleaguesFile.body).toContain(reference);
    const batch = String(colleaguesFile.headers['x-bank-batch']);
    const again = await as(approver).call(adminPayoutEndpoints.bankFileAgain, {
      params: { batch },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json<ApiError>().code).toBe('DUAL_CONTROL');
    expect(
      (await as(colleague).call(adminPayoutEndpoints.bankFileAgain, { params: { batch } }))
        .statusCode,
    ).toBe(200);
    expect((await mark(approver, [id], 'sent', 'B-9')).json().refused).toEqual([
      { id, message: dualControl('١٠٬٠٠٠ ر.س') },
    ]);
    await expectDualRefusal(id, approver, 'payout.send');
    expect((await payoutRow(id))?.status).toBe('approved');

    expect((await mark(colleague, [id], 'sent', 'B-9')).json().changed).toBe(1);
    const paidByApprover = await as(approver).call(adminPayoutEndpoints.pay, {
      params: { id },
      body: {},
    });
    expect(paidByApprover.statusCode).toBe(403);
    expect(paidByApprover.json<ApiError>()).toEqual({
      code: 'DUAL_CONTROL',
      message: dualControl('١٠٬٠٠٠ ر.س'),
    });
    expect((await payoutRow(id))?.status).toBe('sent');
    expect(await audited('access.refused_dual_control', id)).toHaveLength(3);

    expect(
      (await as(colleague).call(adminPayoutEndpoints.pay, { params: { id }, body: {} })).statusCode,
    ).toBe(200);
    expect((await payoutRow(id))?.status).toBe('paid');
    await money(broker);
  });

  it('a commission that large is not paid in one step: it goes through a payout', async () => {
    const broker = await aBroker(t);
    const referral = await aReferral(t, broker, { rent: 1_200_000 });
    expect(
      (
        await setStatus(colleague, referral.id, {
          status: 'contract_signed',
          ...aLease(1_200_000),
        })
      ).statusCode,
    ).toBe(200);
    for (const signal of await signalsOn(referral.id)) {
      expect((await decide(colleague, signal.id, 'resolve')).statusCode).toBe(200);
    }
    const commission = await commissionOf(referral.id);
    const refused = await as(colleague).call(adminCommissionEndpoints.confirmPayment, {
      params: { id: present(commission?.id) },
      body: {},
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiError>().code).toBe('DUAL_CONTROL');
    expect(refused.json<ApiError>().message).toContain('١٠٬٠٠٠ ر.س');
    expect((await commissionOf(referral.id))?.status).toBe('pending');
    expect(await audited('access.refused_dual_control', String(commission?.id))).toHaveLength(1);
  });

  it('below the amount one admin may approve, send and pay; the super-admin moves the amount', async () => {
    const approver = await anAdmin(t);
    const small = await draftOf(900);
    expect((await mark(approver, [small.id], 'approved')).json().changed).toBe(1);
    await as(approver).call(adminPayoutEndpoints.bankFile);
    expect((await mark(approver, [small.id], 'sent', 'B-10')).json().changed).toBe(1);
    expect((await mark(approver, [small.id], 'paid')).json().changed).toBe(1);
    const oneStep = await draftOf(800);
    expect(
      (await as(approver).call(adminPayoutEndpoints.pay, { params: { id: oneStep.id }, body: {} }))
        .statusCode,
    ).toBe(200);

    // Only a super-admin sets the amount; from then on 500 riyals take two admins.
    const set = (caller: Caller, value: string) =>
      as(caller).call(adminSettingsEndpoints.set, {
        body: { key: 'payout_dual_control_amount', value },
      });
    expect((await set(approver, '500')).statusCode).toBe(403);
    expect((await set(root, '500')).statusCode).toBe(200);
    try {
      const next = await draftOf(700);
      expect((await mark(approver, [next.id], 'approved')).json().changed).toBe(1);
      await as(colleague).call(adminPayoutEndpoints.bankFile);
      expect((await mark(approver, [next.id], 'sent', 'B-11')).json().refused).toEqual([
        { id: next.id, message: dualControl('٥٠٠ ر.س') },
      ]);
      expect((await mark(colleague, [next.id], 'sent', 'B-11')).json().changed).toBe(1);
    } finally {
      expect((await set(root, '10000')).statusCode).toBe(200);
    }
  });
});

describe('«دفع كل المستحق»', () => {
  it("leaves out the admin's own account, counted, and a colleague's run drafts it", async () => {
    const staff = await anAdmin(t);
    await payableStaffCommission(staff);
    await anIbanOnProfile(t, staff);
    const payoutsOfStaff = () => db().select().from(payouts).where(eq(payouts.brokerId, staff.id));

    const own = await as(staff).call(adminPayoutEndpoints.payDue);
    expect(own.statusCode).toBe(200);
    expect(own.json().skipped.ownMoney).toBe(1);
    expect(await payoutsOfStaff()).toEqual([]);

    const theirs = await as(colleague).call(adminPayoutEndpoints.payDue);
    expect(theirs.statusCode).toBe(200);
    expect((await payoutsOfStaff()).map((p) => [p.source, p.amount])).toEqual([['bulk', '900.00']]);
  });
});
