import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminOperationsEndpoints } from '#contract/admin/operations';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { adminSignalEndpoints } from '#contract/admin/signals';
import { commissionEndpoints } from '#contract/commissions';
import { notificationEndpoints } from '#contract/notifications';
import { rowsOf } from '../db/client.js';
import { auditLog, commissions, fraudSignals, payouts } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { aBroker, anAdmin, aReferral, aSignedContract } from '../test-support/factories.js';
import { anIbanOnProfile } from '../test-support/iban.js';
import { addsUp, inCents, ledgerOf } from '../test-support/money.js';
import { askForPayout, payoutMarker } from '../test-support/payouts.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import type { TestBroker } from '../test-support/test-app.js';

// Decisions where they are made (docs/decisions/061): a referral's open signals travel with
// it in the console's list, the operations dashboard counts the open ones, the payouts card
// counts each step of the work, and a payout no bank has been given can be cancelled, its
// money the broker's again.

let admin: TestBroker;
let colleague: TestBroker;
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeAll(async () => {
  admin = await anAdmin(t);
  colleague = await anAdmin(t);
});

const as = (caller: Caller) => client(t).as(caller);
const db = () => t.database.db;
const mark = payoutMarker(t);

/** The referral as the console's list has it, found by its id. */
async function listed(referralId: string) {
  const page = (
    await as(admin).call(adminReferralEndpoints.list, { query: { search: referralId } })
  ).json();
  const row = page.items.find((r) => r.id === referralId);
  if (!row) throw new Error('the referral is not listed');
  return row;
}

/** The broker's money adds up from the rows, as the broker sees it. */
async function money(broker: TestBroker) {
  const seen = (await as(broker).call(commissionEndpoints.summary)).json();
  expect(addsUp(seen)).toBe(true);
  expect(await ledgerOf(db(), broker.id)).toEqual(inCents(seen));
  return seen;
}

const cancel = (caller: Caller, id: string, reason = 'أُنشئت بالخطأ') =>
  as(caller).call(adminPayoutEndpoints.cancel, { params: { id }, body: { reason } });

describe('signals where referrals are decided', () => {
  it('lists each referral with its open signals, its broker’s account-wide ones included', async () => {
    const broker = await aBroker(t);
    const own = await aReferral(t, broker, { tenantPhone: broker.phone });
    const clean = await aReferral(t, broker);
    expect((await listed(clean.id)).openSignals).toEqual([]);
    const [flagged] = [(await listed(own.id)).openSignals];
    expect(flagged).toEqual([
      {
        id: expect.any(String),
        kind: 'own_phone',
        scope: 'referral',
        reason: 'جوال المستأجر في هذه الإحالة هو أحد أرقام الوسيط نفسه',
      },
    ]);

    // A signal on the broker's whole account (a shared IBAN) shows on every referral of theirs.
    const [accountWide] = await db()
      .insert(fraudSignals)
      .values({
        kind: 'shared_iban',
        dedupeKey: `shared_iban:test:${broker.id}`,
        brokerId: broker.id,
        scope: 'broker',
        reason: 'الآيبان مسجل لوسيط آخر',
      })
      .returning({ id: fraudSignals.id });
    expect((await listed(clean.id)).openSignals.map((s) => s.kind)).toEqual(['shared_iban']);
    expect((await listed(own.id)).openSignals.map((s) => s.kind)).toEqual([
      'own_phone',
      'shared_iban',
    ]);

    // Closed, a signal no longer travels with the referral.
    const decided = await as(admin).call(adminSignalEndpoints.dismiss, {
      params: { id: String(accountWide?.id) },
      body: { note: 'حساب المكتب المشترك' },
    });
    expect(decided.statusCode).toBe(200);
    expect((await listed(clean.id)).openSignals).toEqual([]);
    expect((await listed(own.id)).openSignals.map((s) => s.kind)).toEqual(['own_phone']);
  });

  it('counts the open signals on the operations dashboard', async () => {
    const openSignals = async () =>
      (await as(admin).call(adminOperationsEndpoints.dashboard)).json().openSignals;
    const before = await openSignals();
    const broker = await aBroker(t);
    const referral = await aReferral(t, broker, { tenantPhone: broker.phone });
    expect(await openSignals()).toBe(before + 1);
    const [signal] = await db()
      .select({ id: fraudSignals.id })
      .from(fraudSignals)
      .where(eq(fraudSignals.referralId, referral.id));
    await as(admin).call(adminSignalEndpoints.resolve, {
      params: { id: String(signal?.id) },
      body: { note: 'تم التحقق' },
    });
    expect(await openSignals()).toBe(before);
    expect((await as(broker).call(adminOperationsEndpoints.dashboard)).statusCode).toBe(403);
  });
});

/** A broker with 900 riyals payable and their IBAN on the profile. */
async function brokerWithMoney() {
  const { broker } = await aSignedContract(t, admin, { rent: 90_000 });
  await anIbanOnProfile(t, broker);
  return broker;
}

const payoutRow = async (id: string) =>
  (await db().select().from(payouts).where(eq(payouts.id, id)))[0];

describe('cancelling a payout', () => {
  it('cancels a draft or an approved payout in no bank file: the money is available again', async () => {
    const broker = await brokerWithMoney();
    const draft = (await askForPayout(t, broker, 900)).json();
    expect((await money(broker)).requested).toBe('900.00');

    // A reason is required, in Arabic.
    const blank = await as(colleague).call(adminPayoutEndpoints.cancel, {
      params: { id: draft.id },
      body: { reason: '' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<ApiError>().message).toBe('يرجى كتابة سبب الإلغاء');

    expect((await mark(admin, [draft.id], 'approved')).json().changed).toBe(1);
    const twice = await Promise.all([cancel(admin, draft.id), cancel(colleague, draft.id)]);
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(twice.map((r) => r.json().changed).sort()).toEqual([false, true]);

    expect(await payoutRow(draft.id)).toMatchObject({
      status: 'cancelled',
      rejectionReason: 'أُنشئت بالخطأ',
    });
    const seen = await money(broker);
    expect(seen).toMatchObject({ requested: '0.00', pending: '900.00', paid: '0.00' });
    const history = (await as(broker).call(commissionEndpoints.payouts)).json();
    expect(history.find((p) => p.id === draft.id)?.status).toBe('cancelled');
    const notices = (await as(broker).call(notificationEndpoints.list)).json().items;
    expect(notices[0]).toMatchObject({
      title: 'أُلغيت دفعة',
      message:
        'أُلغيت دفعة بقيمة ٩٠٠ ر.س قبل إرسالها إلى البنك: أُنشئت بالخطأ. عاد المبلغ إلى رصيدك المتاح للتحويل.',
    });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payout.cancel'), eq(auditLog.entityId, draft.id)))
      .orderBy(asc(auditLog.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      before: { status: 'approved', amount: '900.00' },
      after: { status: 'cancelled', reason: 'أُنشئت بالخطأ' },
    });

    // Cancelled stays cancelled: neither paid, approved nor rejected afterwards.
    const paid = await as(admin).call(adminPayoutEndpoints.pay, {
      params: { id: draft.id },
      body: {},
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json<ApiError>().message).toBe('لا يمكن دفع دفعة حالتها «ملغاة»');
    expect((await mark(admin, [draft.id], 'approved')).json().refused).toHaveLength(1);

    // The money may be asked for again, all of it.
    expect((await askForPayout(t, broker, 900)).statusCode).toBe(201);
    await money(broker);
  });

  it('refuses a payout that may be with the bank: in a bank file, sent, or settled', async () => {
    const broker = await brokerWithMoney();
    const asked = (await askForPayout(t, broker, 900)).json();
    await mark(admin, [asked.id], 'approved');
    // In a bank file (stamped here: a real file would take other tests' payouts too).
    await db().update(payouts).set({ bankBatch: 'B-TEST-061' }).where(eq(payouts.id, asked.id));
    const inFile = await cancel(admin, asked.id);
    expect(inFile.statusCode).toBe(409);
    expect(inFile.json<ApiError>()).toEqual({
      code: 'IN_BANK_FILE',
      message: 'هذه الدفعة في ملف بنك نُزّل، فقد تكون عند البنك؛ إن أعادها البنك فسجّل فشلها',
    });
    // Rejecting it is refused the same way.
    const rejected = await as(admin).call(adminPayoutEndpoints.reject, {
      params: { id: asked.id },
      body: { reason: 'مكرر' },
    });
    expect(rejected.statusCode).toBe(409);
    expect(rejected.json<ApiError>().code).toBe('IN_BANK_FILE');
    expect((await mark(admin, [asked.id], 'sent', 'RJHI-61')).json().changed).toBe(1);
    expect((await cancel(admin, asked.id)).json<ApiError>().code).toBe('IN_BANK_FILE');
    expect((await payoutRow(asked.id))?.status).toBe('sent');
    expect((await money(broker)).requested).toBe('900.00');

    // Paid, it is settled for good.
    expect((await mark(admin, [asked.id], 'paid')).json().changed).toBe(1);
    const settled = await cancel(admin, asked.id);
    expect(settled.statusCode).toBe(409);
    expect(settled.json<ApiError>().message).toBe('لا يمكن إلغاء دفعة حالتها «مدفوعة»');
    expect(await money(broker)).toMatchObject({ paid: '900.00', requested: '0.00' });
    expect((await cancel(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await cancel(admin, 'not-an-id')).statusCode).toBe(404);
  });

  it('is for admins, and never on their own payout (audited)', async () => {
    const broker = await brokerWithMoney();
    const asked = (await askForPayout(t, broker, 900)).json();
    expect((await cancel(broker, asked.id)).statusCode).toBe(403);
    expect((await cancel(null, asked.id)).statusCode).toBe(401);

    // An admin's own payout: a staff referral's commission, released by a colleague.
    const staff = await anAdmin(t);
    const { referral } = await aSignedContract(t, colleague, { broker: staff, rent: 60_000 });
    const [signal] = await db()
      .select({ id: fraudSignals.id })
      .from(fraudSignals)
      .where(eq(fraudSignals.referralId, referral.id));
    await as(colleague).call(adminSignalEndpoints.resolve, {
      params: { id: String(signal?.id) },
      body: { note: 'تمت المراجعة' },
    });
    await anIbanOnProfile(t, staff);
    const own = (await askForPayout(t, staff, 600)).json();
    const refused = await cancel(staff, own.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiError>().code).toBe('OWN_MONEY');
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access.refused_own_money'), eq(auditLog.entityId, own.id)));
    expect(audit.at(-1)).toMatchObject({
      actorId: staff.id,
      after: expect.objectContaining({ refused: 'payout.cancel' }),
    });
    expect((await payoutRow(own.id))?.status).toBe('draft');
    expect((await cancel(colleague, own.id)).json().changed).toBe(true);
    await money(staff);
  });

  it('a draft «دفع كل المستحق» made is cancelled, and the broker is never told of a rejected request', async () => {
    const broker = await brokerWithMoney();
    const run = (await as(admin).call(adminPayoutEndpoints.payDue)).json();
    expect(run.created).toBeGreaterThanOrEqual(1);
    const [draft] = await db()
      .select()
      .from(payouts)
      .where(and(eq(payouts.brokerId, broker.id), eq(payouts.status, 'draft')));
    expect(draft?.source).toBe('bulk');
    expect(
      (await cancel(colleague, String(draft?.id), 'المبلغ يُدفع مع دفعة الشهر القادم')).json(),
    ).toEqual({ ok: true, changed: true });
    expect((await payoutRow(String(draft?.id)))?.status).toBe('cancelled');
    const notices = (await as(broker).call(notificationEndpoints.list)).json().items;
    expect(notices.map((n) => n.title)).not.toContain('تم رفض طلب التحويل');
    expect(notices[0]?.title).toBe('أُلغيت دفعة');
    expect(await money(broker)).toMatchObject({ requested: '0.00', pending: '900.00' });
  });

  it('says the money is held, not payable, while a signal holds the broker’s whole account', async () => {
    const broker = await brokerWithMoney();
    const asked = (await askForPayout(t, broker, 900)).json();
    await db()
      .insert(fraudSignals)
      .values({
        kind: 'shared_iban',
        dedupeKey: `shared_iban:cancel-held:${broker.id}`,
        brokerId: broker.id,
        scope: 'broker',
        reason: 'الآيبان مسجل لوسيط آخر',
      });
    expect((await cancel(colleague, asked.id, 'الحساب قيد المراجعة')).json().changed).toBe(true);
    // The money is the broker's again, held by the signal: neither requested nor payable.
    expect(await money(broker)).toMatchObject({
      requested: '0.00',
      pending: '0.00',
      onHold: '900.00',
    });
    const held = await db()
      .select({ status: commissions.status, signalHold: commissions.signalHold })
      .from(commissions)
      .where(eq(commissions.brokerId, broker.id));
    expect(held).toEqual([{ status: 'on_hold', signalHold: true }]);
    const [notice] = (await as(broker).call(notificationEndpoints.list)).json().items;
    expect(notice).toMatchObject({
      title: 'أُلغيت دفعة',
      message:
        'أُلغيت دفعة بقيمة ٩٠٠ ر.س قبل إرسالها إلى البنك: الحساب قيد المراجعة. عاد المبلغ إلى رصيدك، وهو قيد المراجعة لدى فريق العمليات قبل أن يُتاح للتحويل.',
    });
    // Asked for again, it is not available while the signal is open.
    expect((await askForPayout(t, broker, 900)).json<ApiError>().code).toBe(
      'AMOUNT_ABOVE_AVAILABLE',
    );
  });

  it.each(['cancel', 'reject', 'fail'] as const)(
    'a payout a bank file takes while it is taken back (%s) stays in the file, its money requested',
    async (action) => {
      const broker = await brokerWithMoney();
      const asked = (await askForPayout(t, broker, 900)).json();
      await mark(admin, [asked.id], 'approved');
      const body = { reason: 'سُحبت قبل البنك' };
      const params = { id: asked.id };
      const endpoint = {
        cancel: adminPayoutEndpoints.cancel,
        reject: adminPayoutEndpoints.reject,
        fail: adminPayoutEndpoints.fail,
      }[action];
      // The bank file's stamp (one statement, without the broker's lock), held open while the
      // action runs: the action reads the payout in no file, then waits on its row.
      let answer: ReturnType<ReturnType<typeof as>['call']> | undefined;
      await db().transaction(async (tx) => {
        const stamped = await tx
          .update(payouts)
          .set({ bankBatch: `B-RACE-${action}` })
          .where(
            and(
              eq(payouts.id, asked.id),
              eq(payouts.status, 'approved'),
              isNull(payouts.bankBatch),
            ),
          )
          .returning({ id: payouts.id });
        expect(stamped).toHaveLength(1);
        answer = as(colleague).call(endpoint, { params, body });
        for (let waited = 0; waited < 100; waited++) {
          const [waiting] = await rowsOf<{ n: number }>(
            db(),
            sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (waiting?.n) break;
          await sleep(50);
        }
      });
      const refused = await answer;
      expect(refused?.statusCode).toBe(409);
      expect(refused?.json<ApiError>().code).toBe('IN_BANK_FILE');
      expect(await payoutRow(asked.id)).toMatchObject({
        status: 'approved',
        bankBatch: `B-RACE-${action}`,
      });
      expect((await money(broker)).requested).toBe('900.00');
      const audit = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, asked.id), eq(auditLog.action, `payout.${action}`)));
      expect(audit).toEqual([]);
    },
  );
});

describe('the payouts card’s steps', () => {
  it('counts the payouts at each step of the work', async () => {
    const steps = async () => (await as(admin).call(adminPayoutEndpoints.steps)).json();
    const broker = await brokerWithMoney();
    const before = await steps();
    const asked = (await askForPayout(t, broker, 900)).json();
    // What earlier tests left stays where it is: each step is compared with before this one.
    const STEPS = ['draft', 'approved', 'inBankFile', 'sent'] as const;
    const where = async () => {
      const now = await steps();
      return STEPS.map((step) => [
        now[step].count - before[step].count,
        Number(now[step].amount) - Number(before[step].amount),
      ]);
    };
    expect(await where()).toEqual([
      [1, 900],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    await mark(admin, [asked.id], 'approved');
    expect(await where()).toEqual([
      [0, 0],
      [1, 900],
      [0, 0],
      [0, 0],
    ]);
    await db().update(payouts).set({ bankBatch: 'B-TEST-STAGES' }).where(eq(payouts.id, asked.id));
    expect(await where()).toEqual([
      [0, 0],
      [0, 0],
      [1, 900],
      [0, 0],
    ]);
    await mark(admin, [asked.id], 'sent', 'RJHI-STAGES');
    expect(await where()).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [1, 900],
    ]);
    await mark(admin, [asked.id], 'paid');
    expect(await where()).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    expect((await as(broker).call(adminPayoutEndpoints.steps)).statusCode).toBe(403);
  });
});
