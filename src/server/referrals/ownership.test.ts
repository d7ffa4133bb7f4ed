import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { notificationEndpoints } from '#contract/notifications';
import { referralEndpoints } from '#contract/referrals';
import { tenantFormEndpoints } from '#contract/tenant-forms';
import { CONSENT_VERSION, EXPIRED_REFERRAL_NOTE, TENANT_ALREADY_REFERRED } from '#domain';
import { auditLog, outboundMessages, referrals } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { aBroker, aLease, anAdmin, aReferral } from '../test-support/factories.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { nextPhone, type TestBroker } from '../test-support/test-app.js';

// A tenant's phone belongs to the broker who referred it for 90 days, and a
// referral its tenant never completes expires after 30.
let admin: TestBroker;
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeAll(async () => {
  admin = await anAdmin(t);
});

const as = (caller: Caller) => client(t).as(caller);
/** Signing names the lease, at the 60,000 the referrals here declare. */
const setStatus = (id: string, status: string) =>
  as(admin).call(adminReferralEndpoints.changeStatus, {
    params: { id },
    body: { status, ...(status === 'contract_signed' ? aLease(60_000) : {}) },
  });
/** Moves a referral's creation back, as the days passing would. */
const age = (id: string, days: number) =>
  t.database.db
    .update(referrals)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(referrals.id, id));
const referralsOf = (tenantPhone: string) =>
  t.database.db.select().from(referrals).where(eq(referrals.tenantPhone, tenantPhone));
const refer = (broker: TestBroker, tenantPhone: string) =>
  as(broker).call(referralEndpoints.create, { body: { tenantPhone, rent: 60000 } });

describe('the ownership window', () => {
  it.each([
    ['cancelled', 'cancelled'],
    ['signed', 'contract_signed'],
  ])(
    'a tenant referred %s within 90 days stays with the first broker, unnamed',
    async (_, status) => {
      const first = await aBroker(t, { fullName: 'الوسيط الأول' });
      const second = await aBroker(t);
      const tenant = nextPhone();
      const { id } = await aReferral(t, first, { tenantPhone: tenant });
      expect((await setStatus(id, status)).statusCode).toBe(200);
      await age(id, 89);

      const refused = await refer(second, tenant);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<ApiError>()).toEqual({
        code: 'TENANT_ALREADY_REFERRED',
        message: TENANT_ALREADY_REFERRED,
      });
      expect(refused.body).not.toContain('الوسيط الأول');
      expect(refused.body).not.toContain(id);
      // Nothing written: one referral, no audit entry for the refused one.
      expect(await referralsOf(tenant)).toHaveLength(1);
      const audits = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'referral.create'), eq(auditLog.actorPhone, second.phone)));
      expect(audits).toHaveLength(0);

      // The first broker may refer the tenant again once the first referral is closed.
      if (status === 'cancelled') expect((await refer(first, tenant)).statusCode).toBe(201);
    },
  );

  it('after 90 days, or after a rejection, another broker may refer the tenant', async () => {
    const first = await aBroker(t);
    const second = await aBroker(t);
    const lapsed = nextPhone();
    const old = await aReferral(t, first, { tenantPhone: lapsed });
    await setStatus(old.id, 'cancelled');
    await age(old.id, 91);
    expect((await refer(second, lapsed)).statusCode).toBe(201);

    const rejected = nextPhone();
    const turnedDown = await aReferral(t, first, { tenantPhone: rejected });
    await setStatus(turnedDown.id, 'rejected');
    expect((await refer(second, rejected)).statusCode).toBe(201);
  });

  it('an open referral is still refused with its own message; two brokers at once make one', async () => {
    const [a, b] = [await aBroker(t), await aBroker(t)];
    const tenant = nextPhone();
    const answers = await Promise.all([refer(a, tenant), refer(b, tenant)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await referralsOf(tenant)).toHaveLength(1);

    // Cancelled, then both brokers again at once: the owner wins, the other is told.
    const [owner, other] = answers[0]?.statusCode === 201 ? [a, b] : [b, a];
    const [row] = await referralsOf(tenant);
    await setStatus(row?.id ?? '', 'cancelled');
    const again = await Promise.all([refer(other, tenant), refer(owner, tenant)]);
    expect(again.map((r) => r.statusCode)).toEqual([409, 201]);
    expect(again[0]?.json<ApiError>().code).toBe('TENANT_ALREADY_REFERRED');
  });
});

describe('a referral its tenant never completes', () => {
  it('is cancelled after 30 days with the reason, audited, messaged, and the broker told', async () => {
    const broker = await aBroker(t);
    const stale = await aReferral(t, broker);
    const fresh = await aReferral(t, broker);
    const submitted = await aReferral(t, broker);
    const submit = await as(null).call(tenantFormEndpoints.submit, {
      body: {
        token: submitted.token,
        referralId: submitted.id,
        name: 'محمد العنزي',
        income: '12000',
        monthlyObligations: 2500,
        salaryDefinitionUrl: null,
        creditReportUrl: 'https://reports.example.sa/simah/1',
        consent: true,
        creditConsent: true,
        consentVersion: CONSENT_VERSION,
      },
    });
    expect(submit.statusCode).toBe(200);
    await age(stale.id, 31);
    await age(fresh.id, 29);
    await age(submitted.id, 31);

    // Two instances' housekeeping at once: each referral is cancelled exactly once.
    const runs = await Promise.all([
      t.app.scheduledJobs.expireReferrals(),
      t.app.scheduledJobs.expireReferrals(),
    ]);
    expect(runs.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    expect(await t.app.scheduledJobs.expireReferrals()).toBe(0);

    const status = async (id: string) =>
      (await t.database.db.select().from(referrals).where(eq(referrals.id, id)))[0];
    expect(await status(stale.id)).toMatchObject({
      status: 'cancelled',
      notes: EXPIRED_REFERRAL_NOTE,
    });
    expect((await status(fresh.id))?.status).toBe('pending_completion');
    expect((await status(submitted.id))?.status).toBe('under_review');

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'referral.expire'), eq(auditLog.entityId, stale.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: null,
      actorPhone: null,
      ip: null,
      before: { status: 'pending_completion' },
      after: { status: 'cancelled', notes: EXPIRED_REFERRAL_NOTE },
    });

    // The broker hears of it: a notification, the status message, and the history says who.
    const notes = (await as(broker).call(notificationEndpoints.list)).json();
    expect(notes.items.filter((n) => n.title === EXPIRED_REFERRAL_NOTE)).toHaveLength(1);
    expect(notes.items.find((n) => n.title === EXPIRED_REFERRAL_NOTE)?.message).toBe(
      `أُلغي طلب المستأجر ${stale.tenantPhone} لأن المستأجر لم يكمل بياناته خلال ٣٠ يومًا.`,
    );
    const messages = await t.database.db
      .select()
      .from(outboundMessages)
      .where(
        and(eq(outboundMessages.referralId, stale.id), eq(outboundMessages.kind, 'status_update')),
      );
    expect(messages).toHaveLength(1);
    const details = (
      await as(broker).call(referralEndpoints.details, { params: { id: stale.id } })
    ).json();
    expect(details.history.at(-1)).toMatchObject({
      kind: 'status_changed',
      status: 'cancelled',
      actor: 'system',
      note: EXPIRED_REFERRAL_NOTE,
    });

    // Its link no longer opens the form.
    expect(
      (await as(null).call(tenantFormEndpoints.open, { params: { token: stale.token } }))
        .statusCode,
    ).toBe(410);

    // Re-referring every month cannot hold the phone: neither its broker nor another may refer
    // the tenant again until 90 days after the expired referral; then anyone may.
    const mine = await refer(broker, stale.tenantPhone);
    expect(mine.statusCode).toBe(409);
    expect(mine.json<ApiError>()).toEqual({
      code: 'TENANT_REFERRAL_EXPIRED',
      message:
        'لم يكمل هذا المستأجر بياناته في طلبك السابق، ولا يمكن ترشيحه مرة أخرى قبل مرور ٩٠ يومًا على ذلك الطلب',
    });
    const other = await aBroker(t);
    expect((await refer(other, stale.tenantPhone)).json<ApiError>().code).toBe(
      'TENANT_ALREADY_REFERRED',
    );
    await age(stale.id, 91);
    expect((await refer(other, stale.tenantPhone)).statusCode).toBe(201);
  });
});
