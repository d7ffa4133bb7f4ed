import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { adminSettingsEndpoints } from '#contract/admin/settings';
import { adminSignalEndpoints } from '#contract/admin/signals';
import { commissionEndpoints } from '#contract/commissions';
import { notificationEndpoints } from '#contract/notifications';
import { referralEndpoints } from '#contract/referrals';
import { addWorkingHours, formatSar } from '#domain';
import { auditLog, commissions, fraudSignals, referrals } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { present, unchecked } from '../test-support/endpoints.js';
import { aBroker, aLease, anAdmin, aReferral, aSuperAdmin } from '../test-support/factories.js';
import { addsUp, inCents, ledgerOf } from '../test-support/money.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import type { TestBroker } from '../test-support/test-app.js';

// Fraud and duplicate signals. Each is recorded with its reason, shown to
// admins, and holds the money it covers until an admin resolves or dismisses it (audited).

let admin: TestBroker;
let otherAdmin: TestBroker;
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeAll(async () => {
  admin = await anAdmin(t);
  otherAdmin = await anAdmin(t);
});

const as = (caller: Caller) => client(t).as(caller);
const signalsOf = async (brokerId: string) =>
  t.database.db.select().from(fraudSignals).where(eq(fraudSignals.brokerId, brokerId));
/** Signs the referral's lease at the rent the broker declared, unless `extra` says otherwise. */
const sign = async (id: string, extra: object = {}) => {
  const [declared] = await t.database.db
    .select({ rent: referrals.rentAmount })
    .from(referrals)
    .where(eq(referrals.id, id));
  return as(admin).call(adminReferralEndpoints.changeStatus, {
    params: { id },
    body: { status: 'contract_signed', ...aLease(declared?.rent ?? 30_000), ...extra },
  });
};
const commissionOf = async (referralId: string) =>
  (await t.database.db.select().from(commissions).where(eq(commissions.referralId, referralId)))[0];
/** The summary the broker sees agrees with the rows, and the invariant holds. */
async function money(broker: TestBroker) {
  const seen = (await as(broker).call(commissionEndpoints.summary)).json();
  expect(addsUp(seen)).toBe(true);
  expect(await ledgerOf(t.database.db, broker.id)).toEqual(inCents(seen));
  return seen;
}
const decide = (caller: Caller, id: string, decision: 'resolve' | 'dismiss', note = 'تم التحقق') =>
  as(caller).call(adminSignalEndpoints[decision], { params: { id }, body: { note } });

describe('a tenant who is the broker', () => {
  it('is signalled; the commission waits on hold until an admin resolves it, then is payable', async () => {
    const broker = await aBroker(t);
    const referral = await aReferral(t, broker, { tenantPhone: broker.phone });
    const [signal] = await signalsOf(broker.id);
    expect(signal).toMatchObject({
      kind: 'own_phone',
      scope: 'referral',
      referralId: referral.id,
      status: 'open',
      reason: 'جوال المستأجر في هذه الإحالة هو أحد أرقام الوسيط نفسه',
    });

    expect((await sign(referral.id)).statusCode).toBe(200);
    const held = await commissionOf(referral.id);
    expect(held).toMatchObject({ status: 'on_hold', signalHold: true });
    const summary = await money(broker);
    expect(summary.onHold).toBe(held?.amount);
    expect(summary.pending).toBe('0.00');
    // Neither paid by the console nor released by the holding job.
    const paid = await as(admin).call(adminCommissionEndpoints.confirmPayment, {
      params: { id: present(held?.id) },
      body: {},
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json<ApiError>()).toEqual({
      code: 'HELD_BY_SIGNAL',
      message: 'هذا المبلغ موقوف بسبب تنبيه مفتوح، يرجى معالجته من تبويب التنبيهات أولاً',
    });
    await t.app.scheduledJobs.releaseCommissions();
    expect((await commissionOf(referral.id))?.status).toBe('on_hold');
    const listed = (
      await as(admin).call(adminCommissionEndpoints.list, { query: { search: broker.phone } })
    ).json();
    expect(listed.items.find((c) => c.id === held?.id)?.signalHold).toBe(true);

    const resolved = await decide(
      admin,
      signal?.id ?? '',
      'resolve',
      'الوسيط يستأجر لنفسه، لا مانع',
    );
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await commissionOf(referral.id)).toMatchObject({ status: 'pending', signalHold: false });
    expect((await money(broker)).pending).toBe(held?.amount);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, signal?.id ?? ''), eq(auditLog.action, 'signal.resolve')));
    expect(entry).toMatchObject({
      actorId: admin.id,
      before: { status: 'open' },
      after: { status: 'resolved', note: 'الوسيط يستأجر لنفسه، لا مانع' },
    });
    // Closed once: a second decision is refused and changes nothing.
    const again = await decide(admin, signal?.id ?? '', 'dismiss');
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().message).toBe('تمت معالجة هذا التنبيه من قبل');
  });
});

describe('a tenant several brokers refer', () => {
  it('the first keeps it; the others are told without a name, and the admins see each attempt once', async () => {
    const first = await aBroker(t);
    const referral = await aReferral(t, first);
    const second = await aBroker(t);
    for (let i = 0; i < 2; i++) {
      const refused = await as(second).call(referralEndpoints.create, {
        body: {
          tenantPhone: referral.tenantPhone,
        },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.body).not.toContain(first.phone);
    }
    const [signal] = await signalsOf(second.id);
    expect(await signalsOf(second.id)).toHaveLength(1);
    expect(signal).toMatchObject({
      kind: 'multi_broker_tenant',
      scope: 'none',
      referralId: referral.id,
      status: 'open',
    });
    // Nothing of the first broker's money is held by it.
    expect((await sign(referral.id)).statusCode).toBe(200);
    expect((await commissionOf(referral.id))?.status).toBe('pending');
    await money(first);
  });
});

describe('rents', () => {
  it('a contract rent more than 25% from the declared one holds the commission; within 25% it does not', async () => {
    const broker = await aBroker(t);
    const far = await aReferral(t, broker, { rent: 60_000 });
    expect((await sign(far.id, { contractRent: 90_000 })).statusCode).toBe(200);
    const near = await aReferral(t, broker, { rent: 60_000 });
    expect((await sign(near.id, { contractRent: 72_000 })).statusCode).toBe(200);
    expect((await commissionOf(far.id))?.status).toBe('on_hold');
    expect((await commissionOf(near.id))?.status).toBe('pending');
    const signals = await signalsOf(broker.id);
    expect(signals.map((s) => [s.kind, s.referralId])).toEqual([['rent_mismatch', far.id]]);
    expect(signals[0]?.reason).toBe(
      'إيجار العقد ٩٠٬٠٠٠ ر.س يختلف عن الإيجار المُعلن ٦٠٬٠٠٠ ر.س بأكثر من ٢٥٪',
    );
    await money(broker);
    // Dismissed as a false alarm, the money is payable.
    expect(
      (await decide(admin, signals[0]?.id ?? '', 'dismiss', 'تفاوض على الإيجار')).statusCode,
    ).toBe(200);
    expect((await commissionOf(far.id))?.status).toBe('pending');
    await money(broker);
  });

  it('a declared rent more than five times the median is signalled at signing', async () => {
    const broker = await aBroker(t);
    for (let i = 0; i < 5; i++) await aReferral(t, broker, { rent: 40_000 });
    // Far above any median this file's referrals make (they declare 40,000 to 90,000).
    const high = await aReferral(t, broker, { rent: 1_500_000 });
    expect((await sign(high.id)).statusCode).toBe(200);
    const [signal] = await signalsOf(broker.id);
    expect(signal?.kind).toBe('rent_outlier');
    expect(signal?.reason).toMatch(
      /^الإيجار المُعلن ١٬٥٠٠٬٠٠٠ ر\.س أعلى من خمسة أضعاف القيمة الوسطى في الإحالات \([٠-٩٬]+ ر\.س\)$/,
    );
    expect((await commissionOf(high.id))?.status).toBe('on_hold');
    await money(broker);
  });
});

describe('a burst of referrals', () => {
  it('each referral past the daily limit (a super-admin setting) is signalled and its commission held', async () => {
    const superAdmin = await aSuperAdmin(t);
    const set = await as(superAdmin).call(adminSettingsEndpoints.set, {
      body: {
        key: 'signal_daily_referrals',
        value: '2',
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(
      (
        await as(admin).call(adminSettingsEndpoints.set, {
          body: { key: 'signal_daily_referrals', value: '5' },
        })
      ).statusCode,
    ).toBe(403);
    const bad = await as(superAdmin).call(adminSettingsEndpoints.set, {
      body: {
        key: 'signal_daily_referrals',
        value: '0',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>().message).toBe('يرجى إدخال عدد بين ١ و٩٩٩٩');
    try {
      const broker = await aBroker(t);
      const made = [];
      for (let i = 0; i < 3; i++) made.push(await aReferral(t, broker));
      const signals = await signalsOf(broker.id);
      expect(signals.map((s) => [s.kind, s.referralId])).toEqual([['referral_burst', made[2]?.id]]);
      expect(signals[0]?.reason).toBe('أرسل الوسيط ٣ إحالات اليوم، والحد المعتاد ٢');
      await sign(made[0]?.id ?? '');
      await sign(made[2]?.id ?? '');
      expect((await commissionOf(made[0]?.id ?? ''))?.status).toBe('pending');
      expect((await commissionOf(made[2]?.id ?? ''))?.status).toBe('on_hold');
      await money(broker);
    } finally {
      await as(superAdmin).call(adminSettingsEndpoints.set, {
        body: {
          key: 'signal_daily_referrals',
          value: '20',
        },
      });
    }
  });
});

describe('the signals view', () => {
  it('admins list open signals newest first, by state; brokers may not', async () => {
    const broker = await aBroker(t);
    await aReferral(t, broker, { tenantPhone: broker.phone });
    const open = (await as(admin).call(adminSignalEndpoints.list)).json();
    expect(open.items.every((s) => s.status === 'open')).toBe(true);
    expect(open.items[0]).toMatchObject({ brokerId: broker.id, kind: 'own_phone' });
    const closed = (
      await as(admin).call(adminSignalEndpoints.list, { query: { status: 'resolved' } })
    ).json();
    expect(closed.items.every((s) => s.status === 'resolved')).toBe(true);
    const everything = (
      await as(admin).call(adminSignalEndpoints.list, { query: { status: 'all' } })
    ).json();
    expect(everything.total).toBeGreaterThan(open.total);
    expect((await as(broker).call(adminSignalEndpoints.list)).statusCode).toBe(403);
    const bad = await as(admin).call(adminSignalEndpoints.list, {
      query: { status: unchecked('closed') },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>().message).toBe('حالة غير معروفة');
  });

  it('a note is required; an unknown signal is 404; two admins deciding at once decide once', async () => {
    const broker = await aBroker(t);
    const referral = await aReferral(t, broker, { tenantPhone: broker.phone });
    await sign(referral.id);
    const [signal] = await signalsOf(broker.id);
    const empty = await as(admin).call(adminSignalEndpoints.resolve, {
      params: { id: present(signal?.id) },
      body: { note: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ApiError>().message).toBe('يرجى كتابة ملاحظة');
    expect(
      (await decide(admin, '00000000-0000-4000-8000-000000000000', 'resolve')).statusCode,
    ).toBe(404);
    expect((await decide(admin, 'not-an-id', 'dismiss')).statusCode).toBe(404);
    expect((await signalsOf(broker.id))[0]?.status).toBe('open');

    const answers = await Promise.all([
      decide(admin, signal?.id ?? '', 'resolve'),
      decide(otherAdmin, signal?.id ?? '', 'dismiss'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, signal?.id ?? ''));
    expect(audits).toHaveLength(1);
    expect((await commissionOf(referral.id))?.status).toBe('pending');
    await money(broker);
  });

  it('a held commission can still be reversed when its contract is cancelled, and stays reversed when the signal closes', async () => {
    const broker = await aBroker(t);
    const referral = await aReferral(t, broker, { tenantPhone: broker.phone });
    await sign(referral.id);
    const held = await commissionOf(referral.id);
    await as(admin).call(adminReferralEndpoints.changeStatus, {
      params: { id: referral.id },
      body: { status: 'cancelled' },
    });
    const reversed = await as(admin).call(adminCommissionEndpoints.reverse, {
      params: { id: present(held?.id) },
      body: {
        reason: 'عقد وهمي',
      },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const [signal] = await signalsOf(broker.id);
    expect((await decide(admin, signal?.id ?? '', 'resolve', 'أُلغيت العمولة')).statusCode).toBe(
      200,
    );
    expect((await commissionOf(referral.id))?.status).toBe('reversed');
    await money(broker);
    const [row] = await t.database.db.select().from(referrals).where(eq(referrals.id, referral.id));
    expect(row?.status).toBe('cancelled');
  });

  it('an admin cannot decide a signal on their own referral; another admin can', async () => {
    const adminBroker = await anAdmin(t);
    const referral = await aReferral(t, adminBroker, { tenantPhone: adminBroker.phone });
    const [signal] = await signalsOf(adminBroker.id);
    const own = await decide(adminBroker, signal?.id ?? '', 'dismiss');
    expect(own.statusCode).toBe(403);
    expect(own.json<ApiError>().message).toBe('لا يمكنك معالجة تنبيه على إحالاتك');
    expect((await signalsOf(adminBroker.id))[0]?.status).toBe('open');
    expect((await decide(admin, signal?.id ?? '', 'dismiss')).statusCode).toBe(200);
    expect(referral.id).toBe(signal?.referralId);
  });
});

describe('held money and its clocks', () => {
  it('cannot be asked for; released, it is payable from that moment, audited both ways', async () => {
    const broker = await aBroker(t);
    const referral = await aReferral(t, broker, { tenantPhone: broker.phone });
    await sign(referral.id);
    const held = await commissionOf(referral.id);
    const asked = await as(broker).call(commissionEndpoints.requestPayout, {
      body: {
        amount: Number(held?.amount),
        bankAccount: 'SA0380000000608010167519',
        password: 'secret123',
      },
    });
    expect(asked.statusCode).toBe(400);
    expect(asked.json<ApiError>().code).toBe('AMOUNT_ABOVE_AVAILABLE');

    const [signal] = await signalsOf(broker.id);
    const before = Date.now();
    expect((await decide(admin, signal?.id ?? '', 'resolve')).statusCode).toBe(200);
    const released = await commissionOf(referral.id);
    expect(released?.status).toBe('pending');
    // Payable from the release: its payment deadline runs from then, not from the signing.
    expect(released?.payableAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(released?.payDueAt).toEqual(addWorkingHours(released?.payableAt as Date, 27, new Set()));
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, held?.id ?? ''))
      .orderBy(asc(auditLog.id));
    expect(audits.map((a) => a.action)).toEqual([
      'commission.signal_hold',
      'commission.signal_release',
    ]);
    // The broker hears it may be asked for, and nothing of why it waited.
    const notices = (await as(broker).call(notificationEndpoints.list)).json().items;
    expect(notices[0]).toMatchObject({
      title: 'انتهت مراجعة عمولتك',
      message: `أصبح مبلغ ${formatSar(held?.amount ?? '0')} من عمولاتك قابلاً للتحويل، ويمكنك الآن طلب تحويله.`,
    });
    expect(JSON.stringify(notices)).not.toMatch(/تنبيه|احتيال/);
    await money(broker);
  });

  it('a broker sending their own tenant again is no several-brokers signal', async () => {
    const broker = await aBroker(t);
    const referral = await aReferral(t, broker);
    const again = await as(broker).call(referralEndpoints.create, {
      body: { tenantPhone: referral.tenantPhone },
    });
    expect(again.statusCode).toBe(409);
    expect(await signalsOf(broker.id)).toEqual([]);
  });
});
