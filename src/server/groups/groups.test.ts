import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { adminSettingsEndpoints } from '#contract/admin/settings';
import { commissionEndpoints } from '#contract/commissions';
import { groupEndpoints } from '#contract/groups';
import { notificationEndpoints } from '#contract/notifications';
import { referralEndpoints } from '#contract/referrals';
import type { BrokerGroupInput } from '#domain';
import { auditLog, brokerGroups, brokers, commissions, promotionRules } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { aBroker, aReferral, aSignedContract, aUniqueName } from '../test-support/factories.js';
import { anIbanOnProfile } from '../test-support/iban.js';
import { addsUp, inCents, ledgerOf } from '../test-support/money.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { anAdminAndASuperAdmin } from '../test-support/staff.js';
import type { TestBroker } from '../test-support/test-app.js';

// Broker groups (decision record 072): their terms make each broker's commissions, promotion
// rules move brokers up, an override comes before the group, and each commission keeps the rule
// that made it.

let admin: TestBroker;
let root: TestBroker;
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeAll(async () => {
  ({ admin, root } = await anAdminAndASuperAdmin(t));
});

const as = (caller: Caller) => client(t).as(caller);
const db = () => t.database.db;

const group = (body: Partial<BrokerGroupInput> & { name: string }) =>
  as(root).call(groupEndpoints.create, {
    body: { level: 1, ratePercent: '', minimum: '', holdingDays: '', payoutMinimum: '', ...body },
  });
const groups = async () => (await as(root).call(groupEndpoints.list)).json();

/** The broker's summary agrees with the rows, and both add up (the ledger invariant). */
async function expectLedgerHolds(broker: TestBroker) {
  const seen = (await as(broker).call(commissionEndpoints.summary)).json();
  expect(addsUp(seen)).toBe(true);
  expect(await ledgerOf(db(), broker.id)).toEqual(inCents(seen));
}

const storedCommissions = (brokerId: string) =>
  db()
    .select()
    .from(commissions)
    .where(eq(commissions.brokerId, brokerId))
    .orderBy(commissions.createdAt);

describe('groups', () => {
  it('are created by super-admins only, with Arabic messages for bad input and nothing written', async () => {
    // Before any group, every broker earns by the program's settings.
    expect(await db().select().from(brokerGroups)).toHaveLength(0);

    expect((await as(admin).call(groupEndpoints.list)).statusCode).toBe(403);
    const byAdmin = await as(admin).call(groupEndpoints.create, {
      body: {
        name: 'مجموعة',
        level: 1,
        ratePercent: 2,
        minimum: null,
        holdingDays: null,
        payoutMinimum: null,
      },
    });
    expect(byAdmin.statusCode).toBe(403);

    const cases: [Partial<BrokerGroupInput> & { name: string }, string][] = [
      [{ name: 'ا' }, 'يرجى كتابة اسم المجموعة'],
      [{ name: 'ذهبية\u202E' }, 'النص يحتوي على رموز غير مسموح بها'],
      [{ name: 'ذهبية', ratePercent: '21' }, 'يرجى إدخال نسبة بين ٠ و٢٠ بحد أقصى منزلتين عشريتين'],
      [
        { name: 'ذهبية', ratePercent: '1.555' },
        'يرجى إدخال نسبة بين ٠ و٢٠ بحد أقصى منزلتين عشريتين',
      ],
      [{ name: 'ذهبية', minimum: '0' }, 'يرجى إدخال مبلغ صحيح لا يقل عن ١'],
      [{ name: 'ذهبية', holdingDays: '366' }, 'يرجى إدخال عدد أيام بين ٠ و٣٦٥'],
      [{ name: 'ذهبية', payoutMinimum: '1.5' }, 'يرجى إدخال مبلغ صحيح لا يقل عن ١'],
      [{ name: 'ذهبية', level: '100' }, 'يرجى إدخال مستوى بين ٠ و٩٩'],
    ];
    for (const [body, message] of cases) {
      const response = await group(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<ApiError>().message).toBe(message);
    }
    expect(await db().select().from(brokerGroups)).toHaveLength(0);

    // The first group made is the default one: every broker without a group is in it.
    const first = await group({ name: 'المجموعة الأساسية', level: '0' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ isDefault: true, rate: null, minimum: null });
  });

  it('take Arabic-Indic digits, refuse a name twice, and are audited', async () => {
    const created = await group({
      name: 'الفضية',
      level: '١',
      ratePercent: '١٫٥',
      minimum: '٦٠٠',
      holdingDays: '٧',
      payoutMinimum: '٨٠٠',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'الفضية',
      level: 1,
      rate: 0.015,
      minimum: 600,
      holdingDays: 7,
      payoutMinimum: 800,
      isDefault: false,
      brokerCount: 0,
    });
    const again = await group({ name: 'الفضية' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().message).toBe('توجد مجموعة بهذا الاسم');
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'group.create'), eq(auditLog.entityId, created.json().id)));
    expect(entry).toMatchObject({ actorPhone: root.phone, after: { name: 'الفضية', rate: 0.015 } });
  });
});

describe("a broker's commissions follow their group, promotions and override", () => {
  it('prices by the group, promotes on the signed contract, never re-prices, and keeps the rule', async () => {
    const gold = (
      await group({ name: 'الذهبية', level: '5', ratePercent: '2', minimum: '800' })
    ).json();
    const rule = await as(root).call(groupEndpoints.addRule, {
      body: { groupId: gold.id, signedContracts: '٢', withinDays: '٩٠' },
    });
    expect(rule.statusCode).toBe(201);

    const broker = await aBroker(t);
    // Signed up now: in the default group, whose empty terms are the program's (1%, 500).
    const first = await aSignedContract(t, admin, { broker, rent: 60_000 });
    expect(first.commission.amount).toBe('600.00');
    await expectLedgerHolds(broker);
    let stored = await storedCommissions(broker.id);
    expect(stored[0]?.rule).toEqual({
      groupId: expect.any(String),
      groupName: 'المجموعة الأساسية',
      rate: 0.01,
      minimum: 500,
      holdingDays: 0,
      rateSource: 'program',
      minimumSource: 'program',
      overrideReason: null,
    });

    // The second contract reaches the rule: this commission is still the default group's, the
    // broker moves for the next ones.
    const second = await aSignedContract(t, admin, { broker, rent: 60_000 });
    expect(second.commission.amount).toBe('600.00');
    const [moved] = await db().select().from(brokers).where(eq(brokers.id, broker.id));
    expect(moved?.groupId).toBe(gold.id);
    const notices = (await as(broker).call(notificationEndpoints.list)).json().items;
    expect(notices.find((n) => n.title.startsWith('ترقية'))).toMatchObject({
      title: 'ترقية إلى مجموعة «الذهبية»',
      message:
        'بعد توقيع عقدين خلال ٩٠ يومًا انتقلت إلى مجموعة «الذهبية»، وتُحتسب عمولاتك الجديدة بنسبة ٢٪ من الإيجار السنوي، وبحد أدنى ٨٠٠ ر.س.',
    });
    const [promoted] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'broker.group_promote'), eq(auditLog.entityId, broker.id)));
    expect(promoted).toMatchObject({
      actorId: null,
      before: { group: 'المجموعة الأساسية' },
      after: { group: 'الذهبية', signedContracts: 2, withinDays: 90 },
    });
    await expectLedgerHolds(broker);

    // The process dialog's preview and the estimate use the broker's own rule now.
    const third = await aSignedContract(t, admin, { broker, rent: 60_000 });
    expect(third.commission.amount).toBe('1200.00');
    stored = await storedCommissions(broker.id);
    expect(stored.map((c) => c.amount)).toEqual(['600.00', '600.00', '1200.00']);
    expect(stored[2]?.rule).toMatchObject({
      groupId: gold.id,
      groupName: 'الذهبية',
      rate: 0.02,
      minimum: 800,
      rateSource: 'group',
    });
    await expectLedgerHolds(broker);

    // The console shows the rule that made each commission.
    const listed = (
      await as(admin).call(adminCommissionEndpoints.list, { query: { search: broker.phone } })
    ).json().items;
    expect(listed.map((c) => c.rule?.groupName).sort()).toEqual(
      ['المجموعة الأساسية', 'المجموعة الأساسية', 'الذهبية'].sort(),
    );

    // Editing the group changes what comes next only.
    const edited = await as(root).call(groupEndpoints.update, {
      params: { id: gold.id },
      body: {
        name: 'الذهبية',
        level: '5',
        ratePercent: '3',
        minimum: '',
        holdingDays: '',
        payoutMinimum: '',
      },
    });
    expect(edited.statusCode).toBe(200);
    const fourth = await aSignedContract(t, admin, { broker, rent: 60_000 });
    expect(fourth.commission.amount).toBe('1800.00');
    expect((await storedCommissions(broker.id)).map((c) => c.amount)).toEqual([
      '600.00',
      '600.00',
      '1200.00',
      '1800.00',
    ]);
    await expectLedgerHolds(broker);
  });

  it('an override with a reason comes before the group; never on the super-admin’s own account', async () => {
    const broker = await aBroker(t);
    const bad = await as(root).call(groupEndpoints.setOverride, {
      params: { id: broker.id },
      body: { ratePercent: '٣', minimum: '', reason: 'لا' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>().message).toBe('يرجى كتابة السبب (٣ أحرف على الأقل)');
    const byAdmin = await as(admin).call(groupEndpoints.setOverride, {
      params: { id: broker.id },
      body: { ratePercent: '3', minimum: '', reason: 'اتفاق خاص' },
    });
    expect(byAdmin.statusCode).toBe(403);
    const own = await as(root).call(groupEndpoints.setOverride, {
      params: { id: root.id },
      body: { ratePercent: '3', minimum: '', reason: 'اتفاق خاص' },
    });
    expect(own.statusCode).toBe(403);
    expect(own.json<ApiError>().code).toBe('OWN_MONEY');
    const [untouched] = await db().select().from(brokers).where(eq(brokers.id, root.id));
    expect(untouched?.commissionRateOverride).toBeNull();
    const [refusal] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access.refused_own_money'), eq(auditLog.entityId, root.id)));
    expect(refusal).toMatchObject({ after: { refused: 'broker.commission_override' } });

    const set = await as(root).call(groupEndpoints.setOverride, {
      params: { id: broker.id },
      body: { ratePercent: '3', minimum: '', reason: 'مكتب كبير بعقود شهرية' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      rateOverride: 0.03,
      minimumOverride: null,
      overrideReason: 'مكتب كبير بعقود شهرية',
      rule: { rate: 0.03, minimum: 500, rateSource: 'override', minimumSource: 'program' },
    });
    const signed = await aSignedContract(t, admin, { broker, rent: 60_000 });
    expect(signed.commission.amount).toBe('1800.00');
    const [stored] = await storedCommissions(broker.id);
    expect(stored?.rule).toMatchObject({
      rateSource: 'override',
      overrideReason: 'مكتب كبير بعقود شهرية',
    });
    await expectLedgerHolds(broker);

    const cleared = await as(root).call(groupEndpoints.setOverride, {
      params: { id: broker.id },
      body: { ratePercent: '', minimum: '', reason: 'انتهى الاتفاق' },
    });
    expect(cleared.json()).toMatchObject({ rateOverride: null, overrideReason: null });
    const next = await aSignedContract(t, admin, { broker, rent: 60_000 });
    expect(next.commission.amount).toBe('600.00');
    expect((await storedCommissions(broker.id)).map((c) => c.amount)).toEqual([
      '1800.00',
      '600.00',
    ]);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'broker.commission_override'), eq(auditLog.entityId, broker.id)),
      );
    expect(entries).toHaveLength(2);
    const titles = (await as(broker).call(notificationEndpoints.list))
      .json()
      .items.map((n) => n.title);
    expect(titles).toContain('حُدّدت لك عمولة خاصة');
    expect(titles).toContain('عادت عمولتك إلى شروط مجموعتك');
    await expectLedgerHolds(broker);
  });

  it('the process dialog is given the broker’s own rule, and a move is audited with its reason', async () => {
    const silver = (await group({ name: 'البرونزية', level: '2', ratePercent: '1.5' })).json();
    const name = aUniqueName('وسيط المجموعات');
    const broker = await aBroker(t, { fullName: name });
    const moved = await as(root).call(groupEndpoints.moveBroker, {
      params: { id: broker.id },
      body: { groupId: silver.id, reason: 'أداء ممتاز في الربع الأول' },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ groupName: 'البرونزية', rule: { rate: 0.015 } });
    const own = await as(root).call(groupEndpoints.moveBroker, {
      params: { id: root.id },
      body: { groupId: silver.id, reason: 'أداء ممتاز' },
    });
    expect(own.statusCode).toBe(403);

    const referral = await aReferral(t, broker, { rent: 100_000 });
    const listed = (
      await as(admin).call(adminReferralEndpoints.list, { query: { search: name } })
    ).json().items;
    const row = listed.find((r) => r.id === referral.id);
    expect(row?.commissionEstimate).toBe('1500.00');
    expect(row?.commissionRule).toMatchObject({ groupName: 'البرونزية', rate: 0.015 });

    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'broker.group_change'), eq(auditLog.entityId, broker.id)));
    expect(entry).toMatchObject({
      actorPhone: root.phone,
      before: { group: 'المجموعة الأساسية' },
      after: { group: 'البرونزية', reason: 'أداء ممتاز في الربع الأول' },
    });
  });

  it('the housekeeping promotes by a rule added later, once', async () => {
    const platinum = (await group({ name: 'البلاتينية', level: '9', ratePercent: '4' })).json();
    const broker = await aBroker(t);
    await aSignedContract(t, admin, { broker, rent: 60_000 });
    await aSignedContract(t, admin, { broker, rent: 60_000 });
    await as(root).call(groupEndpoints.addRule, {
      body: { groupId: platinum.id, signedContracts: 2, withinDays: 30 },
    });
    expect(await t.app.scheduledJobs.promoteBrokers()).toBeGreaterThanOrEqual(1);
    const [row] = await db().select().from(brokers).where(eq(brokers.id, broker.id));
    expect(row?.groupId).toBe(platinum.id);
    expect(await t.app.scheduledJobs.promoteBrokers()).toBe(0);
    // Out of the rule's window the broker stays: a rule never demotes.
    await db()
      .update(commissions)
      .set({ createdAt: sql`now() - interval '40 days'` })
      .where(eq(commissions.brokerId, broker.id));
    expect(await t.app.scheduledJobs.promoteBrokers()).toBe(0);
    const [still] = await db().select().from(brokers).where(eq(brokers.id, broker.id));
    expect(still?.groupId).toBe(platinum.id);
    expect((await storedCommissions(broker.id)).map((c) => c.amount)).toEqual(['600.00', '600.00']);
    await expectLedgerHolds(broker);
  });

  it("takes the group's holding period and payout minimum", async () => {
    const slow = (
      await group({ name: 'المتأنية', level: '0', holdingDays: '14', payoutMinimum: '5000' })
    ).json();
    const broker = await aBroker(t);
    await anIbanOnProfile(t, broker);
    await as(root).call(groupEndpoints.moveBroker, {
      params: { id: broker.id },
      body: { groupId: slow.id, reason: 'فترة انتظار أطول' },
    });
    const { commission } = await aSignedContract(t, admin, { broker, rent: 60_000 });
    expect(commission.status).toBe('on_hold');
    const [stored] = await storedCommissions(broker.id);
    expect(stored?.rule).toMatchObject({ holdingDays: 14, groupName: 'المتأنية' });
    // Past its holding period: 600 payable, under the group's 5,000 payout minimum.
    await db()
      .update(commissions)
      .set({ payableAt: sql`now() - interval '1 minute'` })
      .where(eq(commissions.brokerId, broker.id));
    await t.app.scheduledJobs.releaseCommissions();
    await as(admin).call(adminPayoutEndpoints.payDue);
    const drafted = await db().execute(
      sql`select count(*)::int as n from transfer_requests where broker_id = ${broker.id}`,
    );
    expect((drafted as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    await expectLedgerHolds(broker);
  });
});

describe('what a rule and a super-admin may not do', () => {
  it('refuses a super-admin the terms of their own group, not its name', async () => {
    const { items } = await groups();
    const base = items.find((g) => g.isDefault);
    if (!base) throw new Error('no default group');
    // The super-admin signed up into the default group: its rate is their own money.
    const body = {
      name: base.name,
      level: base.level,
      ratePercent: '5',
      minimum: '',
      holdingDays: '',
      payoutMinimum: '',
    };
    const refused = await as(root).call(groupEndpoints.update, { params: { id: base.id }, body });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiError>().code).toBe('OWN_MONEY');
    const [unchanged] = await db().select().from(brokerGroups).where(eq(brokerGroups.id, base.id));
    expect(unchanged?.commissionRate).toBeNull();
    const renamed = await as(root).call(groupEndpoints.update, {
      params: { id: base.id },
      body: { ...body, ratePercent: '', name: 'الأساسية' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'الأساسية', rate: null });
  });

  it('counts no held contract, and never bounces back a broker moved down by hand', async () => {
    const top = (await group({ name: 'القمة', level: '20', ratePercent: '5' })).json();
    await as(root).call(groupEndpoints.addRule, {
      body: { groupId: top.id, signedContracts: 3, withinDays: 30 },
    });
    const broker = await aBroker(t);
    await aSignedContract(t, admin, { broker, rent: 60_000 });
    await aSignedContract(t, admin, { broker, rent: 60_000 });
    // Held (here until the licence is verified), the first two do not count: the third
    // contract promotes nobody, nor does the housekeeping.
    await db()
      .update(commissions)
      .set({ licenseHold: true })
      .where(eq(commissions.brokerId, broker.id));
    await aSignedContract(t, admin, { broker, rent: 60_000 });
    await t.app.scheduledJobs.promoteBrokers();
    const [waiting] = await db().select().from(brokers).where(eq(brokers.id, broker.id));
    expect(waiting?.groupId).not.toBe(top.id);
    await db()
      .update(commissions)
      .set({ licenseHold: false })
      .where(eq(commissions.brokerId, broker.id));
    await t.app.scheduledJobs.promoteBrokers();
    const [up] = await db().select().from(brokers).where(eq(brokers.id, broker.id));
    expect(up?.groupId).toBe(top.id);

    // Moved down by hand: the contracts that promoted them count no more.
    const { items } = await groups();
    const base = items.find((g) => g.isDefault);
    if (!base) throw new Error('no default group');
    await as(root).call(groupEndpoints.moveBroker, {
      params: { id: broker.id },
      body: { groupId: base.id, reason: 'مراجعة جودة العقود' },
    });
    await t.app.scheduledJobs.promoteBrokers();
    const [down] = await db().select().from(brokers).where(eq(brokers.id, broker.id));
    expect(down?.groupId).toBe(base.id);
    await expectLedgerHolds(broker);
  });
});

describe('deleting and the default group', () => {
  it('refuses the default group and a group with brokers; deletes an empty one with its rules', async () => {
    const { items } = await groups();
    const base = items.find((g) => g.isDefault);
    if (!base) throw new Error('no default group');
    const refused = await as(root).call(groupEndpoints.remove, { params: { id: base.id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiError>().message).toBe(
      'لا يمكن حذف المجموعة الافتراضية؛ اجعل مجموعة أخرى افتراضية أولاً',
    );

    const busy = (await group({ name: 'المشغولة', level: '3' })).json();
    const broker = await aBroker(t);
    await as(root).call(groupEndpoints.moveBroker, {
      params: { id: broker.id },
      body: { groupId: busy.id, reason: 'تجربة الحذف' },
    });
    const withBrokers = await as(root).call(groupEndpoints.remove, { params: { id: busy.id } });
    expect(withBrokers.statusCode).toBe(409);
    expect(withBrokers.json<ApiError>().code).toBe('GROUP_HAS_BROKERS');

    const empty = (await group({ name: 'الفارغة', level: '4' })).json();
    await as(root).call(groupEndpoints.addRule, {
      body: { groupId: empty.id, signedContracts: 3, withinDays: 60 },
    });
    expect(
      (await as(root).call(groupEndpoints.remove, { params: { id: empty.id } })).statusCode,
    ).toBe(200);
    expect(
      await db().select().from(promotionRules).where(eq(promotionRules.groupId, empty.id)),
    ).toHaveLength(0);
  });

  it('a new default group is where new brokers go; brokers already placed stay', async () => {
    const before = await aBroker(t);
    const fresh = (await group({ name: 'الجديدة', level: '0' })).json();
    const made = await as(root).call(groupEndpoints.makeDefault, { params: { id: fresh.id } });
    expect(made.json()).toMatchObject({ isDefault: true });
    const after = await aBroker(t);
    const rows = await db().select().from(brokers);
    expect(rows.find((b) => b.id === after.id)?.groupId).toBe(fresh.id);
    expect(rows.find((b) => b.id === before.id)?.groupId).not.toBe(fresh.id);
    expect((await groups()).items.filter((g) => g.isDefault)).toHaveLength(1);
  });
});

describe('where a broker stands', () => {
  it('shows their group, the next group’s progress, and this month’s rank in their city', async () => {
    const city = 'taif';
    const setCity = (id: string, officeName: string | null) =>
      db().update(brokers).set({ city, officeName }).where(eq(brokers.id, id));
    const me = await aBroker(t, { fullName: 'سارة المطيري' });
    const leader = await aBroker(t, { fullName: 'عبدالله بن فهد الشمري' });
    const quiet = await aBroker(t, { fullName: 'نورة القحطاني' });
    await setCity(me.id, null);
    await setCity(leader.id, 'مكتب الرياض للعقار');
    await setCity(quiet.id, null);
    await aSignedContract(t, admin, { broker: leader, rent: 60_000 });
    await aSignedContract(t, admin, { broker: leader, rent: 60_000 });
    await aSignedContract(t, admin, { broker: me, rent: 60_000 });

    const standing = (await as(me).call(referralEndpoints.standing)).json();
    expect(standing.board).toEqual({
      city,
      entries: [
        { rank: 1, name: 'ع. ب. ف. (مكت…)', contracts: 2, me: false },
        { rank: 2, name: 'أنت', contracts: 1, me: true },
        { rank: 3, name: 'ن. ا.', contracts: 0, me: false },
      ],
      me: { rank: 2, contracts: 1 },
      brokers: 3,
    });
    // The nearest group up from the broker's (the default, level 0), and what counts toward it.
    expect(standing.group?.name).toBe('الجديدة');
    expect(standing.next).toEqual({
      groupName: 'الذهبية',
      signedContracts: 2,
      withinDays: 90,
      counted: 1,
    });

    // Super-admins may show full names instead.
    await as(root).call(adminSettingsEndpoints.set, {
      body: { key: 'leaderboard_names', value: 'full' },
    });
    const named = (await as(me).call(referralEndpoints.standing)).json();
    expect(named.board?.entries[0]?.name).toBe('عبدالله بن فهد الشمري');
    await as(root).call(adminSettingsEndpoints.set, {
      body: { key: 'leaderboard_names', value: 'initials' },
    });

    // No city: no board.
    await db().update(brokers).set({ city: null }).where(eq(brokers.id, me.id));
    expect((await as(me).call(referralEndpoints.standing)).json().board).toBeNull();
  });
});
