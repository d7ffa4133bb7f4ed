import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { adminSettingsEndpoints } from '#contract/admin/settings';
import { adminSignalEndpoints } from '#contract/admin/signals';
import { brokerEndpoints } from '#contract/brokers';
import { commissionEndpoints } from '#contract/commissions';
import { notificationEndpoints } from '#contract/notifications';
import { payoutReference } from '#domain';
import { auditLog, brokers, fraudSignals, payouts } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { present, type QueryOf, unchecked } from '../test-support/endpoints.js';
import { aBroker, anAdmin, aSignedContract } from '../test-support/factories.js';
import { ibanFor } from '../test-support/iban.js';
import { addsUp, inCents, ledgerOf } from '../test-support/money.js';
import { askForPayout, payoutMarker } from '../test-support/payouts.js';
import type { ApiError, ValidationError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { anAdminAndASuperAdmin } from '../test-support/staff.js';
import type { TestBroker } from '../test-support/test-app.js';

// Payouts (draft, approved, sent, paid, failed), «دفع كل المستحق» with its
// minimum, the bank file, and the IBAN on the profile (password again, notice, 48-hour hold).
// After every scenario each broker's money adds up from the rows, as the broker sees it.

let admin: TestBroker;
let otherAdmin: TestBroker;
let root: TestBroker;
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeAll(async () => {
  ({ admin, root } = await anAdminAndASuperAdmin(t));
  otherAdmin = await anAdmin(t);
});

const PASSWORD = 'secret123';
const as = (caller: Caller) => client(t).as(caller);

async function money(broker: TestBroker) {
  const seen = (await as(broker).call(commissionEndpoints.summary)).json();
  expect(addsUp(seen)).toBe(true);
  expect(await ledgerOf(t.database.db, broker.id)).toEqual(inCents(seen));
  return seen;
}
const setIban = (broker: TestBroker, iban: string, password = PASSWORD) =>
  as(broker).call(brokerEndpoints.setBankAccount, {
    body: {
      iban,
      password,
    },
  });
const payoutsOf = async (brokerId: string) =>
  t.database.db
    .select()
    .from(payouts)
    .where(eq(payouts.brokerId, brokerId))
    .orderBy(asc(payouts.createdAt));
const adminList = async (status: QueryOf<typeof adminPayoutEndpoints.list>['status']) =>
  (await as(admin).call(adminPayoutEndpoints.list, { query: { status } })).json().items;
const mark = payoutMarker(t);
/** Moves the broker's last IBAN change back, as 49 hours passing would. */
const ageIbanChange = (brokerId: string) =>
  t.database.db
    .update(brokers)
    .set({ ibanChangedAt: sql`now() - interval '49 hours'` })
    .where(eq(brokers.id, brokerId));
/** A broker with one payable commission of `rent` ÷ 100 and an IBAN of their own. */
async function payableBroker(rent = 90_000) {
  const { broker, commission } = await aSignedContract(t, admin, { rent });
  expect((await setIban(broker, ibanFor(broker.phone))).statusCode).toBe(200);
  // Every new IBAN holds payouts for 48 hours (decision record 050); these tests start after.
  await ageIbanChange(broker.id);
  return { broker, commission };
}
/** A transfer request to the IBAN on the broker's profile, as the form sends it. */
const request = (broker: TestBroker, amount: number, bankAccount?: string) =>
  askForPayout(t, broker, amount, bankAccount);

/** The CSV's lines split into cells (quoted, doubled quotes), without the byte-order mark. */
function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) =>
      [...line.matchAll(/"((?:[^"]|"")*)"|([^,]+)/g)].map((m) =>
        (m[1] ?? m[2] ?? '').replaceAll('""', '"'),
      ),
    );
}

describe('the IBAN on the profile', () => {
  it('is set with the password, checked by its checksum, and nothing is written on a refusal', async () => {
    const broker = await aBroker(t);
    const iban = ibanFor(broker.phone);
    const wrong = await setIban(broker, iban, 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ValidationError>().fields).toEqual({
      password: 'كلمة المرور الحالية غير صحيحة',
    });
    const bad = await setIban(broker, 'SA0380000000608010167518');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ValidationError>().fields?.iban).toBe('يرجى إدخال رقم آيبان سعودي صحيح');
    expect((await as(broker).call(brokerEndpoints.bankAccount)).json()).toEqual({
      iban: null,
      holdUntil: null,
    });

    // Typed as a phone keyboard gives it: spaces, lower case, Arabic-Indic digits.
    const typed = `sa${iban.slice(2, 4)} ${iban
      .slice(4)
      .replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] ?? d)}`;
    const before = Date.now();
    const set = await setIban(broker, typed);
    expect(set.statusCode).toBe(200);
    // The first IBAN holds payouts as a replacement does (decision record 050): a stolen password
    // cannot send the first payout anywhere before the owner hears of it.
    expect(set.json().iban).toBe(iban);
    const firstHold = Date.parse(set.json().holdUntil ?? '');
    expect(firstHold - before).toBeGreaterThan(47.9 * 3_600_000);
    expect(firstHold - before).toBeLessThanOrEqual(48 * 3_600_000 + 60_000);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, broker.id), eq(auditLog.action, 'broker.iban_set')));
    expect(JSON.stringify(entry?.after)).not.toContain(iban.slice(8, 20));
    // The owner hears of it by SMS, with the IBAN masked.
    await t.app.outbox.drain();
    const sms = t.sms.sent.filter((m) => m.purpose === 'security_notice' && m.to === broker.phone);
    expect(sms.map((m) => m.body.startsWith('تم حفظ الحساب البنكي'))).toEqual([true]);
    expect(sms[0]?.body).not.toContain(iban);

    // The first transfer request's IBAN becomes the profile's, and its owner is told too.
    const { broker: other } = await aSignedContract(t, admin, { rent: 90_000 });
    const firstRequest = await as(other).call(commissionEndpoints.requestPayout, {
      body: {
        amount: 100,
        bankAccount: ibanFor(other.phone),
        password: PASSWORD,
      },
    });
    expect(firstRequest.statusCode).toBe(201);
    expect((await as(other).call(brokerEndpoints.bankAccount)).json().iban).toBe(
      ibanFor(other.phone),
    );
    await t.app.outbox.drain();
    expect(
      t.sms.sent.filter((m) => m.purpose === 'security_notice' && m.to === other.phone),
    ).toHaveLength(1);
  });

  it('a first IBAN through a transfer request is as guarded as on the profile (decision record 050)', async () => {
    const { broker } = await aSignedContract(t, admin, { rent: 90_000 });
    const iban = ibanFor(broker.phone);
    const ask = (password?: string) =>
      as(broker).call(commissionEndpoints.requestPayout, {
        body: {
          amount: 900,
          bankAccount: iban,
          ...(password === undefined ? {} : { password }),
        },
      });
    const nothingWritten = async () => {
      expect(await payoutsOf(broker.id)).toEqual([]);
      expect((await as(broker).call(brokerEndpoints.bankAccount)).json()).toEqual({
        iban: null,
        holdUntil: null,
      });
    };

    const bare = await ask();
    expect(bare.statusCode).toBe(400);
    expect(bare.json<ApiError>().code).toBe('PASSWORD_REQUIRED');
    expect(bare.json<ValidationError>().fields?.password).toMatch(/كلمة المرور/);
    await nothingWritten();
    const wrong = await ask('not-the-password');
    expect(wrong.json<ApiError>().code).toBe('WRONG_PASSWORD');
    await nothingWritten();

    const before = Date.now();
    const asked = await ask(PASSWORD);
    expect(asked.statusCode).toBe(201);
    const account = (await as(broker).call(brokerEndpoints.bankAccount)).json();
    expect(account.iban).toBe(iban);
    expect(Date.parse(account.holdUntil ?? '') - before).toBeGreaterThan(47.9 * 3_600_000);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, broker.id), eq(auditLog.action, 'broker.iban_set')));
    expect(entry).toBeDefined();
    await t.app.outbox.drain();
    expect(
      t.sms.sent.filter((m) => m.purpose === 'security_notice' && m.to === broker.phone),
    ).toHaveLength(1);

    // Held: nobody approves or pays it before the 48 hours are over.
    const id = asked.json().id;
    expect((await mark(admin, [id], 'approved')).json().refused[0]?.message).toMatch(
      /^غيّر الوسيط رقم الآيبان مؤخراً/,
    );
    const pay = await as(otherAdmin).call(adminPayoutEndpoints.pay, { params: { id }, body: {} });
    expect(pay.json<ApiError>().code).toBe('IBAN_CHANGE_HOLD');
    await ageIbanChange(broker.id);
    expect((await mark(admin, [id], 'approved')).json().changed).toBe(1);
  });

  it('replacing it holds payouts for 48 hours, tells the owner by SMS, and moves unsent payouts to it', async () => {
    const { broker, commission } = await payableBroker();
    const created = (await request(broker, 400)).json();
    expect(created.iban).toBe(ibanFor(broker.phone));
    const second = (await request(broker, 500)).json();
    expect((await mark(admin, [second.id], 'approved')).json().changed).toBe(1);

    const next = ibanFor(`${broker.phone}-new`);
    const before = Date.now();
    const changed = await setIban(broker, next);
    expect(changed.statusCode).toBe(200);
    const holdUntil = Date.parse(changed.json().holdUntil ?? '');
    expect(holdUntil - before).toBeGreaterThan(47.9 * 3_600_000);
    expect(holdUntil - before).toBeLessThanOrEqual(48 * 3_600_000 + 60_000);

    // Both payouts now go to the new IBAN; the approved one is a draft again.
    expect((await payoutsOf(broker.id)).map((p) => [p.iban, p.status])).toEqual([
      [next, 'draft'],
      [next, 'draft'],
    ]);
    // A request naming another IBAN is refused: it is changed on the profile only.
    const elsewhere = await request(broker, 1, ibanFor('someone-else'));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json<ValidationError>().fields?.bankAccount).toMatch(/الملف الشخصي/);

    // Held: no approval, no payment, from any admin.
    const approve = await mark(admin, [created.id], 'approved');
    expect(approve.json().refused[0]?.message).toMatch(/^غيّر الوسيط رقم الآيبان مؤخراً/);
    const pay = await as(otherAdmin).call(adminPayoutEndpoints.pay, {
      params: { id: created.id },
      body: {},
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json<ApiError>().code).toBe('IBAN_CHANGE_HOLD');
    // Nor a commission paid directly.
    const direct = await as(admin).call(adminCommissionEndpoints.confirmPayment, {
      params: { id: commission.id },
      body: {},
    });
    expect(direct.json<ApiError>().code).toBe('IBAN_CHANGE_HOLD');
    const listed = (await adminList('draft')).find((p) => p.id === created.id);
    expect(Date.parse(listed?.ibanHoldUntil ?? '')).toBe(holdUntil);

    await t.app.outbox.drain();
    const notices = t.sms.sent.filter(
      (m) => m.purpose === 'security_notice' && m.to === broker.phone,
    );
    expect(notices.length).toBeGreaterThanOrEqual(2);
    expect(notices.at(-1)?.body).toContain('تم تغيير الحساب البنكي');
    expect(notices.at(-1)?.body).not.toContain(next);
    const notes = (await as(broker).call(notificationEndpoints.list)).json().items;
    expect(notes.map((n) => n.title)).toContain('تم تغيير الحساب البنكي');

    await ageIbanChange(broker.id);
    expect((await mark(admin, [created.id], 'approved')).json().changed).toBe(1);
    await money(broker);
  });

  it('is refused after ten wrong passwords in a row for the account, whatever the address', async () => {
    const broker = await aBroker(t);
    for (let i = 0; i < 10; i += 1) {
      expect((await setIban(broker, ibanFor(broker.phone), `wrong-${i}`)).statusCode).toBe(400);
    }
    const limited = await setIban(broker, ibanFor(broker.phone));
    expect(limited.statusCode).toBe(429);
    expect((await as(broker).call(brokerEndpoints.bankAccount)).json().iban).toBeNull();
  });
});

describe('a payout from draft to paid', () => {
  it('is approved, listed in the bank file, sent with the bank reference and paid in one action each', async () => {
    const { broker } = await payableBroker(120_000);
    const draft = (await request(broker, 1200)).json();
    await money(broker);

    expect((await mark(admin, [draft.id], 'approved')).json()).toEqual({
      changed: 1,
      unchanged: 0,
      refused: [],
    });
    // Twice, or by two admins at once: approved once.
    const twice = await Promise.all([
      mark(admin, [draft.id], 'approved'),
      mark(otherAdmin, [draft.id], 'approved'),
    ]);
    expect(twice.map((r) => r.json().unchanged)).toEqual([1, 1]);

    // Not sent before it is in a bank file.
    const early = await mark(admin, [draft.id], 'sent', 'BANK-BATCH-7');
    expect(early.json().refused[0]?.message).toBe(
      'لم تُضمَّن هذه الدفعة في ملف البنك بعد؛ نزّل ملف البنك أولاً',
    );
    const file = await as(admin).call(adminPayoutEndpoints.bankFile);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    const batch = String(file.headers['x-bank-batch']);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="bank_transfers_${batch}.csv"`,
    );
    const rows = csvRows(file.body);
    expect(rows[0]).toEqual(['beneficiary_name', 'iban', 'amount', 'currency', 'reference']);
    expect(rows).toContainEqual([
      'وسيط تجريبي',
      ibanFor(broker.phone),
      '1200.00',
      'SAR',
      payoutReference(draft.id),
    ]);

    // Nothing new for another file; the same file again, for a lost download.
    const none = await as(otherAdmin).call(adminPayoutEndpoints.bankFile);
    expect(none.statusCode).toBe(409);
    expect(none.json<ApiError>().message).toBe('لا توجد دفعات معتمدة جديدة لملف البنك');
    const again = await as(admin).call(adminPayoutEndpoints.bankFileAgain, { params: { batch } });
    expect(csvRows(again.body)).toEqual(rows);
    // The bank has it: the broker's new IBAN does not move it, nor may it be rejected.
    const next = ibanFor(`${broker.phone}-after-file`);
    expect((await setIban(broker, next)).statusCode).toBe(200);
    expect((await payoutsOf(broker.id))[0]).toMatchObject({
      iban: ibanFor(broker.phone),
      status: 'approved',
      bankBatch: batch,
    });
    const reject = await as(admin).call(adminPayoutEndpoints.reject, {
      params: { id: draft.id },
      body: {
        reason: 'x',
      },
    });
    expect(reject.statusCode).toBe(409);
    const noReference = await mark(admin, [draft.id], 'sent');
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json<ValidationError>().fields?.transferReference).toBe(
      'يرجى إدخال مرجع التحويل من البنك',
    );
    // Sent with the bank's reference even inside the new IBAN's 48 hours: the bank has it.
    expect((await mark(admin, [draft.id], 'sent', 'BANK-BATCH-7')).json().changed).toBe(1);
    // Sent money is no longer in the bank file, and is still requested, not paid.
    const resent = await as(admin).call(adminPayoutEndpoints.bankFileAgain, { params: { batch } });
    expect(resent.statusCode === 404 || !resent.body.includes(payoutReference(draft.id))).toBe(
      true,
    );
    expect(await money(broker)).toMatchObject({ requested: '1200.00', paid: '0.00' });

    const paid = await Promise.all([
      mark(admin, [draft.id], 'paid'),
      mark(otherAdmin, [draft.id], 'paid'),
    ]);
    expect(paid.map((r) => r.json().changed).sort()).toEqual([0, 1]);
    expect(await money(broker)).toMatchObject({ paid: '1200.00', requested: '0.00' });
    const [row] = await payoutsOf(broker.id);
    expect(row).toMatchObject({ status: 'paid', transferReference: 'BANK-BATCH-7' });
    const mine = (await as(broker).call(commissionEndpoints.payouts)).json();
    expect(mine[0]).toMatchObject({ status: 'paid', source: 'request' });
  });

  it('failed at the bank, its money is payable again and the broker is told why', async () => {
    const { broker } = await payableBroker();
    const draft = (await request(broker, 900)).json();
    await mark(admin, [draft.id], 'approved');
    expect((await as(admin).call(adminPayoutEndpoints.bankFile)).statusCode).toBe(200);
    await mark(admin, [draft.id], 'sent', 'BANK-9');
    const noReason = await as(admin).call(adminPayoutEndpoints.fail, {
      params: { id: draft.id },
      body: unchecked({}),
    });
    expect(noReason.statusCode).toBe(400);
    const failed = await as(admin).call(adminPayoutEndpoints.fail, {
      params: { id: draft.id },
      body: {
        reason: 'الحساب مغلق',
      },
    });
    expect(failed.json()).toEqual({ ok: true, changed: true });
    expect(await money(broker)).toMatchObject({ pending: '900.00', requested: '0.00' });
    const again = await as(admin).call(adminPayoutEndpoints.pay, {
      params: { id: draft.id },
      body: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().message).toBe('لا يمكن دفع دفعة حالتها «فشل التحويل»');
    const mine = (await as(broker).call(commissionEndpoints.payouts)).json();
    expect(mine[0]).toMatchObject({ status: 'failed', failureReason: 'الحساب مغلق' });
    const notes = (await as(broker).call(notificationEndpoints.list)).json().items;
    expect(notes[0]?.message).toContain('الحساب مغلق');
    // A draft is not sent: it cannot fail, only be rejected.
    const draft2 = (await request(broker, 900)).json();
    const draftFail = await as(admin).call(adminPayoutEndpoints.fail, {
      params: { id: draft2.id },
      body: {
        reason: 'x',
      },
    });
    expect(draftFail.statusCode).toBe(409);
    await money(broker);
  });

  it('answers each refusal of a mixed batch, and an admin never approves their own payout', async () => {
    const { broker } = await payableBroker();
    const draft = (await request(broker, 900)).json();
    const result = await mark(admin, [draft.id, 'nope', draft.id], 'sent', 'B-1');
    expect(result.statusCode).toBe(200);
    expect(result.json().refused).toEqual([
      { id: draft.id, message: 'لا يمكن إرسال دفعة حالتها «مسودة»' },
      { id: 'nope', message: 'طلب التحويل غير موجود' },
    ]);
    // An admin who also refers tenants.
    await t.database.db.update(brokers).set({ isAdmin: true }).where(eq(brokers.id, broker.id));
    const own = await mark(broker, [draft.id], 'approved');
    expect(own.json().refused[0]?.message).toBe('لا يمكنك معالجة دفعة مستحقة لك');
    // Nor, once another admin approved and sent it, record it failed (its money payable again).
    await mark(admin, [draft.id], 'approved');
    await as(admin).call(adminPayoutEndpoints.bankFile);
    await mark(admin, [draft.id], 'sent', 'B-2');
    const ownFail = await as(broker).call(adminPayoutEndpoints.fail, {
      params: { id: draft.id },
      body: {
        reason: 'لم يصل',
      },
    });
    expect(ownFail.statusCode).toBe(403);
    const tooMany = await mark(
      admin,
      Array.from({ length: 201 }, (_, i) => String(i)),
      'paid',
    );
    expect(tooMany.statusCode).toBe(400);
    await money(broker);
  });
});

describe('«دفع كل المستحق»', () => {
  it('makes one draft per broker with at least the minimum, once, however many run it at once', async () => {
    // Only super-admins set the minimum.
    const refused = await as(admin).call(adminSettingsEndpoints.set, {
      body: {
        key: 'payout_minimum',
        value: '800',
      },
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (
        await as(root).call(adminSettingsEndpoints.set, {
          body: { key: 'payout_minimum', value: '800' },
        })
      ).statusCode,
    ).toBe(200);
    // Settle what earlier tests left payable, so this run sees only its own brokers.
    await as(admin).call(adminPayoutEndpoints.payDue);

    const big = await payableBroker(100_000); // 1,000
    const small = await payableBroker(50_000); // 500: below the minimum
    const noIban = await aSignedContract(t, admin, { rent: 100_000 });
    const held = await payableBroker(100_000);
    await setIban(held.broker, ibanFor(`${held.broker.phone}-2`));

    const runs = await Promise.all([
      as(admin).call(adminPayoutEndpoints.payDue),
      as(otherAdmin).call(adminPayoutEndpoints.payDue),
    ]);
    expect(runs.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(runs.map((r) => r.json().created).sort()).toEqual([0, 1]);
    const [first] = runs.map((r) => r.json()).filter((r) => r.created === 1);
    expect(first).toEqual({
      created: 1,
      amount: '1000.00',
      skipped: { noIban: 1, ibanHold: 1, signal: 0, ownMoney: 0 },
    });
    const [draft] = await payoutsOf(big.broker.id);
    expect(draft).toMatchObject({ status: 'draft', source: 'bulk', amount: '1000.00' });
    expect(await payoutsOf(small.broker.id)).toEqual([]);
    expect(await payoutsOf(noIban.broker.id)).toEqual([]);
    for (const b of [big.broker, small.broker, noIban.broker, held.broker]) await money(b);
    await as(root).call(adminSettingsEndpoints.set, {
      body: { key: 'payout_minimum', value: '500' },
    });
  });
});

describe('an IBAN on two brokers’ profiles', () => {
  it('is a signal that holds the newcomer’s money and payouts until an admin resolves it', async () => {
    const first = await payableBroker();
    const { broker } = await payableBroker();
    await aSignedContract(t, admin, { broker, rent: 90_000 });
    // The older commission in a payout, the newer payable, when the IBAN becomes the first's.
    const draft = (await request(broker, 900)).json();
    expect((await setIban(broker, ibanFor(first.broker.phone))).statusCode).toBe(200);
    const [signal] = await t.database.db
      .select()
      .from(fraudSignals)
      .where(eq(fraudSignals.brokerId, broker.id));
    expect(signal).toMatchObject({ kind: 'shared_iban', scope: 'broker', status: 'open' });
    expect(signal?.reason).not.toContain(ibanFor(first.broker.phone));
    // What the payout did not take is on hold; the payout itself cannot move.
    expect(await money(broker)).toMatchObject({
      requested: '900.00',
      onHold: '900.00',
      pending: '0.00',
    });
    await ageIbanChange(broker.id);
    const approve = await mark(admin, [draft.id], 'approved');
    expect(approve.json().refused[0]?.message).toMatch(/تنبيه مفتوح/);
    expect((await adminList('draft')).find((p) => p.id === draft.id)?.signalHold).toBe(true);
    // Nor does «دفع كل المستحق» take the broker, and the first broker is not held.
    expect(await money(first.broker)).toMatchObject({ onHold: '0.00' });

    expect(
      (
        await as(admin).call(adminSignalEndpoints.dismiss, {
          params: { id: present(signal?.id) },
          body: {
            note: 'حساب المكتب المشترك',
          },
        })
      ).statusCode,
    ).toBe(200);
    expect(await money(broker)).toMatchObject({ onHold: '0.00', pending: '900.00' });
    expect((await mark(admin, [draft.id], 'approved')).json().changed).toBe(1);
  });
});

describe('races', () => {
  it('a reversal racing a payment: the commission is paid then owed, or refused; never counted twice', async () => {
    const { broker, commission, referral } = await (async () => {
      const signed = await aSignedContract(t, admin, { rent: 90_000 });
      await setIban(signed.broker, ibanFor(signed.broker.phone));
      await ageIbanChange(signed.broker.id);
      return signed;
    })();
    const draft = (await request(broker, 900)).json();
    await as(admin).call(adminReferralEndpoints.changeStatus, {
      params: { id: referral.id },
      body: { status: 'cancelled' },
    });
    const [paid, reversed] = await Promise.all([
      as(admin).call(adminPayoutEndpoints.pay, { params: { id: draft.id }, body: {} }),
      as(otherAdmin).call(adminCommissionEndpoints.reverse, {
        params: { id: commission.id },
        body: {
          reason: 'فسخ العقد',
        },
      }),
    ]);
    expect(paid.statusCode).toBe(200);
    // Reversed after the payment (owed back), or refused while the request held it.
    expect([200, 409]).toContain(reversed.statusCode);
    const seen = await money(broker);
    if (reversed.statusCode === 200) expect(seen).toMatchObject({ toRecover: '900.00' });
    else expect(seen).toMatchObject({ paid: '900.00', toRecover: '0.00' });
  });

  it('an IBAN change racing «دفع كل المستحق»: no unsent payout keeps the old IBAN', async () => {
    const { broker } = await payableBroker(200_000);
    const next = ibanFor(`${broker.phone}-race`);
    const [run, changed] = await Promise.all([
      as(admin).call(adminPayoutEndpoints.payDue),
      setIban(broker, next),
    ]);
    expect([run.statusCode, changed.statusCode]).toEqual([200, 200]);
    for (const payout of await payoutsOf(broker.id)) {
      expect(payout).toMatchObject({ iban: next, status: 'draft' });
    }
    const [row] = await t.database.db
      .select({ iban: brokers.iban })
      .from(brokers)
      .where(eq(brokers.id, broker.id));
    expect(row?.iban).toBe(next);
    await money(broker);
  });
});
