import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAnalyticsEndpoints } from '#contract/admin/analytics';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { adminOperationsEndpoints } from '#contract/admin/operations';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { brokerEndpoints } from '#contract/brokers';
import { commissionEndpoints } from '#contract/commissions';
import type { ResponseOf } from '#contract/common';
import { devEndpoints } from '#contract/dev';
import { notificationEndpoints } from '#contract/notifications';
import { referrals } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import type { BodyOf, QueryOf } from '../test-support/endpoints.js';
import {
  aBroker,
  aLease,
  anActiveBrokerWithReferral,
  anAdmin,
  aReferral,
  aSignedContract,
} from '../test-support/factories.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { createTestApp } from '../test-support/test-app.js';

const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });

const as = (caller: Caller) => client(t).as(caller);

describe('broker activation by an admin', () => {
  it('activates and deactivates, notifying the broker', async () => {
    const admin = await anAdmin(t);
    const broker = await aBroker(t, { active: false });

    const activated = await as(admin).call(adminBrokerEndpoints.activate, {
      params: { id: broker.id },
    });
    expect(activated.statusCode).toBe(200);
    expect(activated.json().isActive).toBe(true);
    const notes = (await as(broker).call(notificationEndpoints.list)).json();
    expect(notes.items[0]?.title).toBe('تم تفعيل حسابك');

    const deactivated = await as(admin).call(adminBrokerEndpoints.deactivate, {
      params: { id: broker.id },
      body: { reason: 'مخالفة شروط البرنامج' },
    });
    expect(deactivated.json().isActive).toBe(false);
  });

  it('refuses brokers (403), signed-out callers (401) and unknown ids (404)', async () => {
    const admin = await anAdmin(t);
    const broker = await aBroker(t, { active: false });
    const activation = { params: { id: broker.id } };
    expect((await as(broker).call(adminBrokerEndpoints.activate, activation)).statusCode).toBe(403);
    expect((await as(null).call(adminBrokerEndpoints.activate, activation)).statusCode).toBe(401);
    const unknown = await as(admin).call(adminBrokerEndpoints.activate, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('PUT /api/admin/referrals/:id/status', () => {
  const setStatus = (
    id: string,
    caller: Caller,
    payload: BodyOf<typeof adminReferralEndpoints.changeStatus>,
  ) => as(caller).call(adminReferralEndpoints.changeStatus, { params: { id }, body: payload });

  it('accepts the key, the label, or the label with emoji; returns old and new status', async () => {
    const admin = await anAdmin(t);
    const { referral } = await anActiveBrokerWithReferral(t, { rent: null });
    const first = await setStatus(referral.id, admin, { status: 'under_review' });
    expect(first.json()).toMatchObject({
      oldStatus: 'pending_completion',
      newStatus: 'under_review',
    });
    const second = await setStatus(referral.id, admin, {
      status: 'تم القبول - بانتظار عقد المالك',
    });
    expect(second.json().newStatus).toBe('accepted_awaiting_owner_contract');
    const third = await setStatus(referral.id, admin, {
      status: '📝 جاري إعداد عقد المستأجر',
      notes: 'بانتظار توقيع المالك',
    });
    expect(third.json().newStatus).toBe('preparing_tenant_contract');
  });

  it('creates exactly one commission of max(500, 1% of the annual rent), whatever follows', async () => {
    const admin = await anAdmin(t);
    const { broker, referral } = await anActiveBrokerWithReferral(t, { rent: 84000 });
    const lease = aLease(84000);
    const signed = await setStatus(referral.id, admin, { status: 'contract_signed', ...lease });
    expect(signed.json().commissionCreated).toBe('840.00');
    await setStatus(referral.id, admin, { status: 'commission_added' });
    await setStatus(referral.id, admin, { status: 'under_review' });
    await setStatus(referral.id, admin, { status: 'contract_signed' });
    const list = (await as(broker).call(commissionEndpoints.list)).json().items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      amount: '840.00',
      status: 'pending',
      contractNumber: lease.contractId,
    });

    const small = await anActiveBrokerWithReferral(t, { rent: 20000 });
    expect(
      (
        await setStatus(small.referral.id, admin, { status: 'commission_added', ...aLease(20000) })
      ).json().commissionCreated,
    ).toBe('500.00');
  });

  it('concurrent changes to contract signed still make one commission', async () => {
    const admin = await anAdmin(t);
    const { broker, referral } = await anActiveBrokerWithReferral(t, { rent: 60000 });
    const lease = aLease(60000);
    await Promise.all(
      Array.from({ length: 5 }, () =>
        setStatus(referral.id, admin, { status: 'contract_signed', ...lease }),
      ),
    );
    const list = (await as(broker).call(commissionEndpoints.list)).json().items;
    expect(list).toHaveLength(1);
  });

  it('refuses unknown statuses, long contract ids, unknown ids and non-admins', async () => {
    const admin = await anAdmin(t);
    const { broker, referral } = await anActiveBrokerWithReferral(t, { rent: null });
    const { id } = referral;
    expect((await setStatus(id, admin, { status: 'done' })).statusCode).toBe(400);
    const long = await setStatus(id, admin, {
      status: 'contract_signed',
      contractId: 'x'.repeat(200),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json<ApiError>().message).toBe(
      'رقم عقد إيجار يتكون من ١١ رقماً، ويمكن أن يليه رقم النسخة بعد شرطة مائلة، مثل ٢٠١٢٧٨٦٨٦٥٩/١',
    );
    expect(
      (await setStatus('00000000-0000-4000-8000-000000000000', admin, { status: 'rejected' }))
        .statusCode,
    ).toBe(404);
    expect((await setStatus(id, broker, { status: 'rejected' })).statusCode).toBe(403);
    expect((await setStatus(id, null, { status: 'rejected' })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/referrals', () => {
  it('searches by tenant phone, broker name or code, filters by status, 50 a page with the total', async () => {
    const admin = await anAdmin(t);
    const broker = await aBroker(t, { fullName: 'مشاري البقمي' });
    const created = await aReferral(t, broker, { rent: null });
    const tenant = created.tenantPhone;
    const get = async (query: QueryOf<typeof adminReferralEndpoints.list>) =>
      (await as(admin).call(adminReferralEndpoints.list, { query })).json();
    const profile = (await as(broker).call(brokerEndpoints.profile)).json();

    for (const search of [tenant, 'البقمي', profile.brokerCode]) {
      const found = await get({ search });
      expect(found.items.map((r) => r.id)).toContain(created.id);
      expect(found.items[0]).toMatchObject({
        brokerName: 'مشاري البقمي',
        brokerCode: profile.brokerCode,
      });
      expect(found.pageSize).toBe(50);
    }
    expect((await get({ search: tenant, status: 'rejected' })).total).toBe(0);
    expect((await get({ search: '%' })).total).toBe(0);
  });

  it('is for admins only', async () => {
    const broker = await aBroker(t);
    expect((await as(broker).call(adminReferralEndpoints.list)).statusCode).toBe(403);
    expect((await as(null).call(adminReferralEndpoints.list)).statusCode).toBe(401);
  });
});

describe('development SMS inbox', () => {
  it('shows an admin what was queued for a phone', async () => {
    const admin = await anAdmin(t);
    const { broker, referral } = await anActiveBrokerWithReferral(t, { rent: null });
    const tenant = referral.tenantPhone;
    const inbox = await as(admin).call(devEndpoints.inbox, { query: { phone: tenant } });
    expect(inbox.json()[0]?.body).toContain('/s/');
    expect(
      (await as(broker).call(devEndpoints.inbox, { query: { phone: tenant } })).statusCode,
    ).toBe(403);
  });

  it('does not exist in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    try {
      expect(
        (
          await client(prod)
            .as(null)
            .call(devEndpoints.inbox, { query: { phone: '0551234567' } })
        ).statusCode,
      ).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('development clock', () => {
  it('moves a referral into the past for an admin and runs the jobs; nobody else', async () => {
    const admin = await anAdmin(t);
    const { broker, referral } = await anActiveBrokerWithReferral(t);
    const move = (caller: Caller, body: BodyOf<typeof devEndpoints.clock>) =>
      as(caller).call(devEndpoints.clock, { body });
    expect((await move(broker, { referralId: referral.id, days: 31 })).statusCode).toBe(403);
    expect((await move(null, { referralId: referral.id, days: 31 })).statusCode).toBe(401);
    const bad = await move(admin, { referralId: referral.id, days: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>().message).toBe('يرجى إدخال عدد أيام بين ١ و٤٠٠');
    expect((await move(admin, { referralId: 'nope', days: 31 })).statusCode).toBe(404);
    // Nothing moved by the refused calls: the referral is still waiting for its tenant.
    const [waiting] = await t.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.id, referral.id));
    expect(waiting?.status).toBe('pending_completion');

    const moved = await move(admin, { referralId: referral.id, days: 31 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ expiredReferrals: 1 });
    const [expired] = await t.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.id, referral.id));
    expect(expired?.status).toBe('cancelled');
  });

  it('does not exist in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    try {
      const call = await client(prod)
        .as(null)
        .call(devEndpoints.clock, {
          body: { referralId: '00000000-0000-4000-8000-000000000000', days: 1 },
        });
      expect(call.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('GET /api/admin/brokers', () => {
  it('searches and filters: all, active, inactive, pending activation', async () => {
    const admin = await anAdmin(t);
    const pending = await aBroker(t, { active: false, fullName: 'بندر الزهراني' });
    await as(pending).call(brokerEndpoints.requestActivation);
    const get = async (query: QueryOf<typeof adminBrokerEndpoints.list>) =>
      (await as(admin).call(adminBrokerEndpoints.list, { query })).json();
    const ids = (page: ResponseOf<typeof adminBrokerEndpoints.list>) => page.items.map((b) => b.id);
    expect(ids(await get({ search: 'الزهراني' }))).toEqual([pending.id]);
    expect(ids(await get({ search: pending.phone, filter: 'pending' }))).toEqual([pending.id]);
    expect(ids(await get({ search: pending.phone, filter: 'inactive' }))).toEqual([pending.id]);
    expect(ids(await get({ search: pending.phone, filter: 'active' }))).toEqual([]);
    expect((await get({ filter: 'active' })).items[0]).not.toHaveProperty('passwordHash');
  });

  it('gives each broker its referral count, commission total and protected flag', async () => {
    const admin = await anAdmin(t);
    const broker = await aBroker(t, { fullName: 'عدّاد الإحالات' });
    await aSignedContract(t, admin, { broker, rent: 90_000 });
    await aReferral(t, broker, { rent: null });
    const page = (
      await as(admin).call(adminBrokerEndpoints.list, { query: { search: broker.phone } })
    ).json();
    expect(page.items[0]).toMatchObject({
      referralCount: 2,
      commissionTotal: '900.00',
      isProtected: false,
    });
  });
});

describe('GET /api/admin/operations', () => {
  it('lists what waits for the team: reviews, activation requests, open transfers, weekly referrals', async () => {
    const admin = await anAdmin(t);
    const broker = await aBroker(t, { fullName: 'منتظر المراجعة' });
    const waiting = await aBroker(t, { active: false, fullName: 'ينتظر التفعيل' });
    await as(waiting).call(brokerEndpoints.requestActivation);
    const created = await aReferral(t, broker, { rent: null });
    const get = async () => (await as(admin).call(adminOperationsEndpoints.dashboard)).json();
    const before = await get();
    await as(admin).call(adminReferralEndpoints.changeStatus, {
      params: { id: created.id },
      body: { status: 'under_review' },
    });
    const after = await get();
    expect(after.awaitingReview.total).toBe(before.awaitingReview.total + 1);
    expect(after.activationRequests.items.map((b) => b.id)).toContain(waiting.id);
    expect(after.activationRequests.total).toBeGreaterThanOrEqual(1);
    expect(after.unsettledPayouts).toEqual({
      count: expect.any(Number),
      amount: expect.stringMatching(/^\d+\.\d{2}$/),
    });
    expect(after.summary.totalReferrals).toBeGreaterThanOrEqual(1);
    const weeks = after.referralsPerWeek;
    expect(weeks.at(-1)?.count).toBeGreaterThanOrEqual(1);
    // Saudi weeks start on Sunday.
    expect(new Date(`${weeks.at(-1)?.week}T00:00:00Z`).getUTCDay()).toBe(0);

    const forbidden = await as(broker).call(adminOperationsEndpoints.dashboard);
    expect(forbidden.statusCode).toBe(403);
  });

  it("gives the console's cards as /api/admin/summary does: live brokers, every referral, earned money", async () => {
    const admin = await anAdmin(t);
    const cards = async () => {
      const dashboard = (await as(admin).call(adminOperationsEndpoints.dashboard)).json();
      const summary = (await as(admin).call(adminOperationsEndpoints.summary)).json();
      expect(dashboard.summary).toEqual(summary);
      // Both count the referrals under review.
      expect(dashboard.serviceBreaches.find((b) => b.stage === 'under_review')?.open).toBe(
        dashboard.awaitingReview.total,
      );
      return summary;
    };
    const before = await cards();
    await aBroker(t, { active: false });
    await aSignedContract(t, admin, { rent: 90_000 });
    const reversed = await aSignedContract(t, admin, { rent: 70_000 });
    await as(admin).call(adminReferralEndpoints.changeStatus, {
      params: { id: reversed.referral.id },
      body: { status: 'cancelled' },
    });
    const reversal = await as(admin).call(adminCommissionEndpoints.reverse, {
      params: { id: reversed.commission.id },
      body: { reason: 'ألغي العقد' },
    });
    expect(reversal.statusCode, reversal.body).toBe(200);
    expect(await cards()).toEqual({
      totalBrokers: before.totalBrokers + 3,
      activeBrokers: before.activeBrokers + 2,
      totalReferrals: before.totalReferrals + 2,
      // The reversed commission is not earned money.
      totalCommissions: (Number(before.totalCommissions) + 900).toFixed(2),
    });
  });
});

describe('admin referral search by id or number', () => {
  it('finds a referral by its id, its number, or #number', async () => {
    const admin = await anAdmin(t);
    const { id, tenantPhone } = (await anActiveBrokerWithReferral(t, { rent: null })).referral;
    const search = async (term: string) =>
      (await as(admin).call(adminReferralEndpoints.list, { query: { search: term } })).json().items;
    const [byId] = await search(id);
    expect(byId?.id).toBe(id);
    const number = byId?.number ?? 0;
    expect((await search(String(number))).map((r) => r.id)).toContain(id);
    expect((await search(`#${number}`)).map((r) => r.id)).toEqual([id]);
    // Shorter than a trigram: matched by a scan, with the same meaning.
    const short = await as(admin).call(adminReferralEndpoints.list, {
      query: { search: tenantPhone.slice(-2) },
    });
    const found = short.json().items;
    expect(found.length).toBeGreaterThan(0);
    for (const r of found) {
      expect(`${r.tenantPhone} ${r.brokerName} ${r.brokerCode}`).toContain(tenantPhone.slice(-2));
    }
  });
});

describe('dates validated everywhere', () => {
  it('an impossible day in the analytics range is a 400 in Arabic, never a 500', async () => {
    const admin = await anAdmin(t);
    for (const query of [
      { from: '2024-13-45' },
      { to: '2023-02-29' },
      { from: '2024-01-01', to: '2024-04-31' },
    ]) {
      const response = await as(admin).call(adminAnalyticsEndpoints.analytics, { query });
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().message).toBe('صيغة التاريخ غير صحيحة');
    }
    const leap = await as(admin).call(adminAnalyticsEndpoints.analytics, {
      query: { from: '2024-02-01', to: '2024-02-29' },
    });
    expect(leap.statusCode).toBe(200);
  });
});
