import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { bonusEndpoints } from '#contract/bonuses';
import { commissionEndpoints } from '#contract/commissions';
import { notificationEndpoints } from '#contract/notifications';
import { referralEndpoints } from '#contract/referrals';
import { type AdjustmentInput, type BonusInput, riyadhIsoDate } from '#domain';
import {
  auditLog,
  bonuses,
  brokers,
  commissions,
  deductions,
  paymentDocuments,
  payouts,
} from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { aBroker, anAdmin, aSignedContract } from '../test-support/factories.js';
import { anIbanOnProfile } from '../test-support/iban.js';
import { addsUp, inCents, ledgerOf } from '../test-support/money.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { anAdminAndASuperAdmin } from '../test-support/staff.js';
import type { TestBroker } from '../test-support/test-app.js';

// Adjustments and bonuses (decision record 074): a credit is a commission no contract made, a
// deduction is money the broker owes; a bonus is paid once to each broker who reaches it. The
// ledger invariant, recounted from the rows, holds after each.

let admin: TestBroker;
let root: TestBroker;
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeAll(async () => {
  ({ admin, root } = await anAdminAndASuperAdmin(t));
});

const as = (caller: Caller) => client(t).as(caller);
const db = () => t.database.db;

const adjust = (by: TestBroker, broker: TestBroker, body: AdjustmentInput) =>
  as(by).call(adminBrokerEndpoints.addAdjustment, { params: { id: broker.id }, body });
const summaryOf = async (broker: TestBroker) =>
  (await as(broker).call(commissionEndpoints.summary)).json();

/** The broker's summary agrees with the rows, and both add up (the ledger invariant). */
async function expectLedgerHolds(broker: TestBroker) {
  const seen = await summaryOf(broker);
  expect(addsUp(seen)).toBe(true);
  expect(await ledgerOf(db(), broker.id)).toEqual(inCents(seen));
  return seen;
}

const rowsOf = (brokerId: string) =>
  db().select().from(commissions).where(eq(commissions.brokerId, brokerId));
const deductionsOf = (brokerId: string) =>
  db().select().from(deductions).where(eq(deductions.brokerId, brokerId));

/** Pay-due, approved, in a bank file, sent and paid: answers the bank file's text. */
async function payEverythingDue(): Promise<string> {
  const due = await as(admin).call(adminPayoutEndpoints.payDue);
  expect(due.statusCode, due.body).toBe(200);
  const drafts = await db().select().from(payouts).where(eq(payouts.status, 'draft'));
  const ids = drafts.map((payout) => payout.id);
  const mark = (status: 'approved' | 'sent' | 'paid') =>
    as(root).call(adminPayoutEndpoints.mark, {
      body: { ids, status, transferReference: 'RJHI-2026-11' },
    });
  expect((await mark('approved')).json().refused).toEqual([]);
  const file = await as(admin).call(adminPayoutEndpoints.bankFile);
  expect(file.statusCode).toBe(200);
  expect(
    (
      await as(admin).call(adminPayoutEndpoints.mark, {
        body: { ids, status: 'sent', transferReference: 'RJHI-2026-11' },
      })
    ).json().refused,
  ).toEqual([]);
  expect(
    (
      await as(admin).call(adminPayoutEndpoints.mark, {
        body: { ids, status: 'paid' },
      })
    ).json().refused,
  ).toEqual([]);
  return file.body;
}

describe('adjustments', () => {
  it('refuse bad input in Arabic and write nothing; never the admin’s own; large credits are a super-admin’s', async () => {
    const broker = await aBroker(t);
    for (const [body, message] of [
      [{ direction: 'credit', amount: '0', reason: 'تصحيح' }, 'يرجى إدخال مبلغ بين'],
      [{ direction: 'credit', amount: '100001', reason: 'تصحيح' }, 'يرجى إدخال مبلغ بين'],
      [{ direction: 'credit', amount: '12.345', reason: 'تصحيح' }, 'يرجى إدخال مبلغ بين'],
      [{ direction: 'credit', amount: '100', reason: 'لا' }, 'يرجى كتابة السبب'],
      [{ direction: 'credit', amount: '100', reason: 'تصحيح\u202Eمبلغ' }, null],
      [{ direction: 'refund', amount: '100', reason: 'تصحيح' }, 'يرجى اختيار نوع التسوية'],
    ] as const) {
      const refused = await adjust(admin, broker, body as AdjustmentInput);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(refused.body).toContain(message);
    }
    expect(await rowsOf(broker.id)).toEqual([]);
    expect(await deductionsOf(broker.id)).toEqual([]);

    // The admin's own account: refused, audited, nothing written.
    const own = await adjust(admin, admin, {
      direction: 'credit',
      amount: '100',
      reason: 'مكافأة',
    });
    expect(own.statusCode).toBe(403);
    expect(own.json<ApiError>().message).toBe(
      'لا يمكنك إضافة تسوية إلى حسابك؛ يجب أن يتولاها مشرف آخر',
    );
    expect(await rowsOf(admin.id)).toEqual([]);
    const refusals = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'access.refused_own_money'));
    expect(refusals.map((row) => row.after)).toContainEqual({
      refused: 'adjustment.add',
      conflict: 'own',
      brokerId: admin.id,
    });

    // Above 5,000 a credit is a super-admin's; typed in Arabic-Indic digits.
    const large = await adjust(admin, broker, {
      direction: 'credit',
      amount: '٥٠٠٠٫٥',
      reason: 'تعويض عن خطأ في التسعير',
    });
    expect(large.statusCode).toBe(403);
    expect(large.json<ApiError>().code).toBe('ADJUSTMENT_LIMIT');
    expect(await rowsOf(broker.id)).toEqual([]);
    const bySuper = await adjust(root, broker, {
      direction: 'credit',
      amount: '٥٠٠٠٫٥',
      reason: 'تعويض عن خطأ في التسعير',
    });
    expect(bySuper.statusCode, bySuper.body).toBe(201);
    expect(bySuper.json()).toMatchObject({ direction: 'credit', amount: '5000.50' });
    await expectLedgerHolds(broker);
  });

  it('a credit is payable at once and paid through pay-due, the bank file and the document; a deduction is taken from the next payment', async () => {
    const broker = await aBroker(t);
    await anIbanOnProfile(t, broker);
    const { commission } = await aSignedContract(t, admin, { broker, rent: 60_000 });
    expect(commission.amount).toBe('600.00');

    const credit = await adjust(admin, broker, {
      direction: 'credit',
      amount: '250',
      reason: 'فرق الحد الأدنى لعقد أبريل',
    });
    expect(credit.statusCode, credit.body).toBe(201);
    const made = await rowsOf(broker.id);
    expect(made.find((row) => row.kind === 'adjustment')).toMatchObject({
      amount: '250.00',
      status: 'pending',
      referralId: null,
      reason: 'فرق الحد الأدنى لعقد أبريل',
      createdBy: admin.id,
    });
    expect(await expectLedgerHolds(broker)).toMatchObject({ total: '850.00', pending: '850.00' });

    // The broker sees it, with its reason, and was told.
    const listed = (await as(broker).call(commissionEndpoints.list)).json().items;
    expect(listed).toContainEqual(
      expect.objectContaining({
        kind: 'adjustment',
        amount: '250.00',
        referralId: null,
        tenantPhone: null,
        reason: 'فرق الحد الأدنى لعقد أبريل',
      }),
    );
    const told = (await as(broker).call(notificationEndpoints.list)).json().items;
    expect(told[0]).toMatchObject({
      title: 'أُضيف مبلغ إلى عمولاتك',
      message: 'أُضيفت تسوية بقيمة ٢٥٠ ر.س: فرق الحد الأدنى لعقد أبريل',
    });
    // The console lists it as an adjustment; the audit keeps who, how much and why.
    const consoleRows = (
      await as(admin).call(adminCommissionEndpoints.list, { query: { search: broker.phone } })
    ).json().items;
    expect(consoleRows.find((row) => row.kind === 'adjustment')).toMatchObject({
      reason: 'فرق الحد الأدنى لعقد أبريل',
      tenantPhone: null,
      rule: null,
    });
    const [audited] = await db()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'adjustment.add' and ${auditLog.entityId} = ${broker.id}`);
    expect(audited).toMatchObject({
      actorId: admin.id,
      after: expect.objectContaining({
        direction: 'credit',
        amount: '250.00',
        reason: 'فرق الحد الأدنى لعقد أبريل',
      }),
    });

    // A deduction lowers what is payable at once.
    const debit = await adjust(admin, broker, {
      direction: 'debit',
      amount: '٢٠٠',
      reason: 'استرداد مبلغ دُفع مرتين',
    });
    expect(debit.statusCode, debit.body).toBe(201);
    expect(await expectLedgerHolds(broker)).toMatchObject({
      total: '650.00',
      pending: '650.00',
      toRecover: '200.00',
    });
    expect((await as(broker).call(commissionEndpoints.deductions)).json().items).toEqual([
      expect.objectContaining({
        amount: '200.00',
        recoveredAmount: '0.00',
        reason: 'استرداد مبلغ دُفع مرتين',
      }),
    ]);
    const listing = (
      await as(admin).call(adminBrokerEndpoints.adjustments, { params: { id: broker.id } })
    ).json().items;
    expect(listing.map((row) => [row.direction, row.amount, row.settled])).toEqual([
      ['debit', '200.00', '0.00'],
      ['credit', '250.00', '0.00'],
    ]);

    // Pay-due pays 650 (850 less the 200 owed); the deduction is taken, the document says so.
    const file = await payEverythingDue();
    const [payout] = await db().select().from(payouts).where(eq(payouts.brokerId, broker.id));
    expect(payout).toMatchObject({ amount: '650.00', status: 'paid' });
    expect(file).toContain('"650.00","SAR"');
    const [deduction] = await deductionsOf(broker.id);
    expect(deduction?.recoveredAmount).toBe('200.00');
    expect(await expectLedgerHolds(broker)).toMatchObject({
      total: '650.00',
      paid: '650.00',
      pending: '0.00',
      toRecover: '0.00',
    });
    const [document] = await db()
      .select()
      .from(paymentDocuments)
      .where(eq(paymentDocuments.brokerId, broker.id));
    expect(document?.data.lines.map((line) => line.description)).toEqual([
      'عمولة وساطة عن إحالة مستأجر',
      'تسوية: فرق الحد الأدنى لعقد أبريل',
    ]);
    expect(document?.data.deductionReason).toBe(
      'خصم مقابل عمولات ملغاة سبق دفعها أو خصومات مسجّلة على الوسيط',
    );
    expect(document?.net).toBe('650.00');

    // A deduction beyond what is payable: the rest waits for the next commission.
    expect(
      (await adjust(admin, broker, { direction: 'debit', amount: '900', reason: 'غرامة مخالفة' }))
        .statusCode,
    ).toBe(201);
    expect(await expectLedgerHolds(broker)).toMatchObject({
      total: '-250.00',
      pending: '-900.00',
      toRecover: '900.00',
    });
    await aSignedContract(t, admin, { broker, rent: 120_000 });
    expect(await expectLedgerHolds(broker)).toMatchObject({ pending: '300.00' });
  });

  it('an admin credits at most 5,000 in 30 days however it is split, never confirms their own credit paid, and deducts at most 5,000 at a time', async () => {
    const clerk = await anAdmin(t);
    const broker = await aBroker(t);
    await anIbanOnProfile(t, broker);
    const first = await adjust(clerk, broker, {
      direction: 'credit',
      amount: '3000',
      reason: 'تعويض أول',
    });
    expect(first.statusCode).toBe(201);
    // A second credit past the 30 days' 5,000, to the same broker or another: refused.
    const other = await aBroker(t);
    for (const who of [broker, other]) {
      const split = await adjust(clerk, who, {
        direction: 'credit',
        amount: '2000.01',
        reason: 'تعويض ثانٍ',
      });
      expect(split.statusCode).toBe(403);
      expect(split.json<ApiError>()).toMatchObject({ code: 'ADJUSTMENT_LIMIT' });
      expect(split.json<ApiError>().message).toBe(
        'لا تتجاوز إضافاتك ٥٬٠٠٠ ر.س خلال ٣٠ يومًا؛ ما زاد يتولاه مشرف عام',
      );
    }
    // Up to the limit exactly is theirs.
    expect(
      (await adjust(clerk, other, { direction: 'credit', amount: '2000', reason: 'تعويض ثانٍ' }))
        .statusCode,
    ).toBe(201);
    // Deductions: 5,000 at a time, more is a super-admin's.
    const debit = await adjust(clerk, broker, {
      direction: 'debit',
      amount: '5001',
      reason: 'غرامة كبيرة',
    });
    expect(debit.statusCode).toBe(403);
    expect(debit.json<ApiError>().message).toBe(
      'خصم أكثر من ٥٬٠٠٠ ر.س في تسوية واحدة يتولاه مشرف عام',
    );
    expect(await deductionsOf(broker.id)).toEqual([]);

    // The admin who credited it does not confirm it paid; another admin does.
    const own = await as(clerk).call(adminCommissionEndpoints.confirmPayment, {
      params: { id: first.json().id },
      body: {},
    });
    expect(own.statusCode).toBe(403);
    expect(own.json<ApiError>().message).toBe(
      'لا يؤكد دفع التسوية من أضافها؛ يجب أن يتولاه مشرف آخر',
    );
    const refusals = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'access.refused_dual_control'));
    expect(refusals.map((row) => row.entityId)).toContain(first.json().id);
    const paid = await as(admin).call(adminCommissionEndpoints.confirmPayment, {
      params: { id: first.json().id },
      body: {},
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await expectLedgerHolds(broker);
  });

  it('an adjustment made by mistake is reversed without a contract; what was paid of it is owed', async () => {
    const broker = await aBroker(t);
    const made = (
      await adjust(admin, broker, { direction: 'credit', amount: '300', reason: 'تعويض' })
    ).json();
    const reversed = await as(root).call(adminCommissionEndpoints.reverse, {
      params: { id: made.id },
      body: { reason: 'أُضيفت للوسيط الخطأ' },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(await expectLedgerHolds(broker)).toMatchObject({ total: '0.00', reversed: '300.00' });
    const told = (await as(broker).call(notificationEndpoints.list)).json().items;
    expect(told[0]?.message).toBe('أُلغيت تسوية بقيمة ٣٠٠ ر.س: أُضيفت للوسيط الخطأ');
  });
});

describe('bonuses', () => {
  const today = () => riyadhIsoDate(new Date());
  const define = (body: Partial<BonusInput> & { name: string }) =>
    as(root).call(bonusEndpoints.create, {
      body: {
        signedContracts: '2',
        startsOn: today(),
        endsOn: today(),
        amount: '1000',
        ...body,
      },
    });

  it('are defined by super-admins only, with Arabic messages and nothing written', async () => {
    const byAdmin = await as(admin).call(bonusEndpoints.create, {
      body: { name: 'هدف', signedContracts: 2, startsOn: today(), endsOn: today(), amount: 500 },
    });
    expect(byAdmin.statusCode).toBe(403);
    for (const [body, message] of [
      [{ name: 'ب', signedContracts: '2' }, 'يرجى كتابة اسم المكافأة'],
      [{ name: 'هدف', signedContracts: '0' }, 'يرجى إدخال عدد عقود بين ١ و١٠٠٠'],
      [{ name: 'هدف', startsOn: '2026-02-30' }, 'صيغة التاريخ غير صحيحة'],
      [{ name: 'هدف', startsOn: '0000-01-01' }, 'يرجى إدخال تاريخ بين ٢٠٠٠ و٢١٠٠'],
      [{ name: 'هدف', endsOn: '2026-13-01' }, 'صيغة التاريخ غير صحيحة'],
      [{ name: 'هدف', startsOn: '2026-12-01', endsOn: '2026-11-01' }, 'يجب ألا يسبق'],
      [{ name: 'هدف', amount: '0' }, 'يرجى إدخال مبلغ بين'],
    ] as const) {
      const refused = await define(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.body).toContain(message);
    }
    expect(await db().select().from(bonuses)).toEqual([]);
  });

  it('are paid once to each broker who reaches the target, shown with progress, then kept', async () => {
    const defined = await define({ name: 'تحدي نوفمبر', signedContracts: '٢', amount: '١٠٠٠' });
    expect(defined.statusCode, defined.body).toBe(201);
    const bonus = defined.json();
    expect((await define({ name: 'تحدي نوفمبر' })).json<ApiError>().message).toBe(
      'توجد مكافأة بهذا الاسم',
    );

    const broker = await aBroker(t);
    // An adjustment is no signed contract: it counts toward nothing.
    await adjust(admin, broker, { direction: 'credit', amount: '100', reason: 'تعويض' });
    await aSignedContract(t, admin, { broker, rent: 60_000 });
    const standing = (await as(broker).call(referralEndpoints.standing)).json();
    expect(standing.bonuses).toEqual([
      {
        name: 'تحدي نوفمبر',
        amount: '1000.00',
        signedContracts: 2,
        endsOn: today(),
        counted: 1,
        reached: false,
      },
    ]);
    expect((await rowsOf(broker.id)).filter((row) => row.kind === 'bonus')).toEqual([]);

    // The second contract reaches it: paid in the signing, once.
    await aSignedContract(t, admin, { broker, rent: 60_000 });
    const paid = (await rowsOf(broker.id)).filter((row) => row.kind === 'bonus');
    expect(paid).toEqual([
      expect.objectContaining({ amount: '1000.00', bonusId: bonus.id, reason: 'تحدي نوفمبر' }),
    ]);
    expect(await expectLedgerHolds(broker)).toMatchObject({ total: '2300.00' });
    const told = (await as(broker).call(notificationEndpoints.list)).json().items;
    expect(told.map((item) => item.title)).toContain('مبروك! حققت مكافأة «تحدي نوفمبر»');
    await aSignedContract(t, admin, { broker, rent: 60_000 });
    await t.app.scheduledJobs.awardBonuses();
    expect((await rowsOf(broker.id)).filter((row) => row.kind === 'bonus')).toHaveLength(1);
    expect((await as(broker).call(referralEndpoints.standing)).json().bonuses[0]).toMatchObject({
      counted: 2,
      reached: true,
    });
    await expectLedgerHolds(broker);

    // A reached bonus is neither changed nor deleted.
    const edit = await as(root).call(bonusEndpoints.update, {
      params: { id: bonus.id },
      body: {
        name: 'تحدي نوفمبر',
        signedContracts: 1,
        startsOn: today(),
        endsOn: today(),
        amount: 5000,
      },
    });
    expect(edit.statusCode).toBe(409);
    expect(
      (await as(root).call(bonusEndpoints.remove, { params: { id: bonus.id } })).statusCode,
    ).toBe(409);
    // Listed with how many brokers were paid it (the housekeeping may have paid other tests').
    const awarded = await db()
      .select({ id: commissions.id })
      .from(commissions)
      .where(eq(commissions.bonusId, bonus.id));
    expect(awarded.length).toBeGreaterThanOrEqual(1);
    expect((await as(root).call(bonusEndpoints.list)).json().items).toContainEqual(
      expect.objectContaining({ id: bonus.id, awarded: awarded.length }),
    );
  });

  it('the housekeeping pays a bonus defined after the contracts; no held contract counts, nor staff', async () => {
    const broker = await aBroker(t);
    await aSignedContract(t, admin, { broker, rent: 60_000 });
    const held = await aSignedContract(t, admin, { broker, rent: 60_000 });
    await db()
      .update(commissions)
      .set({ licenseHold: true, status: 'on_hold' })
      .where(eq(commissions.id, held.commission.id));
    // A staff account with two contracts of its own.
    const staff = await aBroker(t);
    await aSignedContract(t, admin, { broker: staff, rent: 60_000 });
    await aSignedContract(t, admin, { broker: staff, rent: 60_000 });
    await db().update(brokers).set({ isAdmin: true }).where(eq(brokers.id, staff.id));
    const later = (await define({ name: 'هدف لاحق', signedContracts: '2', amount: '700' })).json();
    const paidLater = async (who: TestBroker) =>
      (await rowsOf(who.id)).filter((row) => row.bonusId === later.id);
    // Only one contract counts while the other is held: not reached.
    await t.app.scheduledJobs.awardBonuses();
    expect(await paidLater(broker)).toEqual([]);
    expect(await paidLater(staff)).toEqual([]);
    await db()
      .update(commissions)
      .set({ licenseHold: false, status: 'pending' })
      .where(eq(commissions.id, held.commission.id));
    await t.app.scheduledJobs.awardBonuses();
    expect(await paidLater(broker)).toEqual([
      expect.objectContaining({ amount: '700.00', kind: 'bonus' }),
    ]);
    expect(await paidLater(staff)).toEqual([]);
    await expectLedgerHolds(broker);
    // A bonus nobody reached may be edited and deleted.
    const spare = (await define({ name: 'هدف احتياطي', signedContracts: '50' })).json();
    const edited = await as(root).call(bonusEndpoints.update, {
      params: { id: spare.id },
      body: {
        name: 'هدف احتياطي',
        signedContracts: '40',
        startsOn: today(),
        endsOn: today(),
        amount: '800',
      },
    });
    expect(edited.json()).toMatchObject({ signedContracts: 40, amount: '800.00' });
    expect(
      (await as(root).call(bonusEndpoints.remove, { params: { id: spare.id } })).statusCode,
    ).toBe(200);

    // A paid bonus is stopped at once: nobody else is paid it, those paid keep it.
    const stopped = await as(root).call(bonusEndpoints.close, { params: { id: later.id } });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().closedAt).not.toBeNull();
    const late = await aBroker(t);
    await aSignedContract(t, admin, { broker: late, rent: 60_000 });
    await aSignedContract(t, admin, { broker: late, rent: 60_000 });
    await t.app.scheduledJobs.awardBonuses();
    expect(await paidLater(late)).toEqual([]);
    expect(await paidLater(broker)).toHaveLength(1);
    expect(
      (await as(late).call(referralEndpoints.standing)).json().bonuses.map((b) => b.name),
    ).not.toContain('هدف لاحق');
    const [closedAudit] = await db()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'bonus.close' and ${auditLog.entityId} = ${later.id}`);
    expect(closedAudit?.actorId).toBe(root.id);
  });
});
