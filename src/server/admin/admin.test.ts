import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referrals } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import {
  aBroker,
  anActiveBrokerWithReferral,
  anAdmin,
  aReferral,
  aSignedContract,
} from '../test-support/factories.js';
import type {
  AdminReferral,
  ApiError,
  CommissionPage,
  Notifications,
  Page,
  Profile,
  StatusChange,
} from '../test-support/responses.js';
import { createTestApp, nextPhone, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
});
afterAll(async () => {
  await t.close();
});

const as = (caller: Caller) => client(t).as(caller);

describe('broker activation by an admin', () => {
  it('activates and deactivates, notifying the broker', async () => {
    const admin = await anAdmin(t);
    const broker = await aBroker(t, { active: false });

    const activated = await as(admin).post(`/api/admin/brokers/${broker.id}/activate`);
    expect(activated.statusCode).toBe(200);
    expect(activated.json<{ isActive: boolean }>().isActive).toBe(true);
    const notes = (await as(broker).get<Notifications>('/api/notifications')).json();
    expect(notes.items[0]?.title).toBe('تم تفعيل حسابك');

    const deactivated = await as(admin).post(`/api/admin/brokers/${broker.id}/deactivate`);
    expect(deactivated.json<{ isActive: boolean }>().isActive).toBe(false);
  });

  it('refuses brokers (403), signed-out callers (401) and unknown ids (404)', async () => {
    const admin = await anAdmin(t);
    const broker = await aBroker(t, { active: false });
    const url = `/api/admin/brokers/${broker.id}/activate`;
    expect((await as(broker).post(url)).statusCode).toBe(403);
    expect((await as(null).post(url)).statusCode).toBe(401);
    const unknown = await as(admin).post(
      '/api/admin/brokers/00000000-0000-4000-8000-000000000000/activate',
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('PUT /api/admin/referrals/:id/status', () => {
  const setStatus = (id: string, caller: Caller, payload: object) =>
    as(caller).put<StatusChange>(`/api/admin/referrals/${id}/status`, payload);

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
    const signed = await setStatus(referral.id, admin, {
      status: 'contract_signed',
      contractId: 'C-2026-001',
    });
    expect(signed.json().commissionCreated).toBe('840.00');
    await setStatus(referral.id, admin, { status: 'commission_added' });
    await setStatus(referral.id, admin, { status: 'under_review' });
    await setStatus(referral.id, admin, { status: 'contract_signed' });
    const list = (await as(broker).get<CommissionPage>('/api/commissions')).json().items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      amount: '840.00',
      status: 'pending',
      contractNumber: 'C-2026-001',
    });

    const small = await anActiveBrokerWithReferral(t, { rent: 20000 });
    expect(
      (await setStatus(small.referral.id, admin, { status: 'commission_added' })).json()
        .commissionCreated,
    ).toBe('500.00');
  });

  it('concurrent changes to contract signed still make one commission', async () => {
    const admin = await anAdmin(t);
    const { broker, referral } = await anActiveBrokerWithReferral(t, { rent: 60000 });
    await Promise.all(
      Array.from({ length: 5 }, () => setStatus(referral.id, admin, { status: 'contract_signed' })),
    );
    const list = (await as(broker).get<CommissionPage>('/api/commissions')).json().items;
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
    expect(long.json<ApiError>().message).toBe('رقم العقد أطول من المسموح');
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
    const get = async (query: string) =>
      (await as(admin).get<Page<AdminReferral>>(`/api/admin/referrals${query}`)).json();
    const profile = (await as(broker).get<Profile>('/api/broker/profile')).json();

    for (const search of [tenant, 'البقمي', profile.brokerCode]) {
      const found = await get(`?search=${encodeURIComponent(search)}`);
      expect(found.items.map((r: { id: string }) => r.id)).toContain(created.id);
      expect(found.items[0]).toMatchObject({
        brokerName: 'مشاري البقمي',
        brokerCode: profile.brokerCode,
      });
      expect(found.pageSize).toBe(50);
    }
    expect((await get(`?search=${tenant}&status=rejected`)).total).toBe(0);
    expect((await get('?search=%25')).total).toBe(0);
  });

  it('is for admins only', async () => {
    const broker = await aBroker(t);
    expect((await as(broker).get('/api/admin/referrals')).statusCode).toBe(403);
    expect((await as(null).get('/api/admin/referrals')).statusCode).toBe(401);
  });
});

describe('development SMS inbox', () => {
  it('shows an admin what was queued for a phone', async () => {
    const admin = await anAdmin(t);
    const { broker, referral } = await anActiveBrokerWithReferral(t, { rent: null });
    const tenant = referral.tenantPhone;
    const inbox = await as(admin).get<{ body: string }[]>(`/api/dev/inbox?phone=${tenant}`);
    expect(inbox.json()[0]?.body).toContain('/s/');
    expect((await as(broker).get(`/api/dev/inbox?phone=${tenant}`)).statusCode).toBe(403);
  });

  it('does not exist in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    try {
      expect((await client(prod).as(null).get('/api/dev/inbox?phone=0551234567')).statusCode).toBe(
        404,
      );
    } finally {
      await prod.close();
    }
  });
});

describe('development clock', () => {
  it('moves a referral into the past for an admin and runs the jobs; nobody else', async () => {
    const admin = await anAdmin(t);
    const { broker, referral } = await anActiveBrokerWithReferral(t);
    const move = (caller: Caller, body: object) => as(caller).post('/api/dev/clock', body);
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
        .post('/api/dev/clock', { referralId: '00000000-0000-4000-8000-000000000000', days: 1 });
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
    await as(pending).post('/api/broker/request-activation');
    const get = async (query: string) =>
      (await as(admin).get<Page<{ id: string }>>(`/api/admin/brokers${query}`)).json();
    const ids = (page: { items: { id: string }[] }) => page.items.map((b) => b.id);
    expect(ids(await get('?search=الزهراني'))).toEqual([pending.id]);
    expect(ids(await get(`?search=${pending.phone}&filter=pending`))).toEqual([pending.id]);
    expect(ids(await get(`?search=${pending.phone}&filter=inactive`))).toEqual([pending.id]);
    expect(ids(await get(`?search=${pending.phone}&filter=active`))).toEqual([]);
    expect((await get('?filter=active')).items[0]).not.toHaveProperty('passwordHash');
  });

  it('gives each broker its referral count, commission total and protected flag', async () => {
    const admin = await anAdmin(t);
    const broker = await aBroker(t, { fullName: `عدّاد ${nextPhone()}` });
    await aSignedContract(t, admin, { broker, rent: 90_000 });
    await aReferral(t, broker, { rent: null });
    const page = (
      await as(admin).get<Page<unknown>>(`/api/admin/brokers?search=${broker.phone}`)
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
    await as(waiting).post('/api/broker/request-activation');
    const created = await aReferral(t, broker, { rent: null });
    type Operations = {
      awaitingReview: { total: number };
      activationRequests: Page<{ id: string }>;
      unsettledPayouts: { count: number; amount: string };
      summary: { totalReferrals: number };
      referralsPerWeek: { week: string; count: number }[];
    };
    const get = async () => (await as(admin).get<Operations>('/api/admin/operations')).json();
    const before = await get();
    await as(admin).put(`/api/admin/referrals/${created.id}/status`, { status: 'under_review' });
    const after = await get();
    expect(after.awaitingReview.total).toBe(before.awaitingReview.total + 1);
    expect(after.activationRequests.items.map((b: { id: string }) => b.id)).toContain(waiting.id);
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

    const forbidden = await as(broker).get('/api/admin/operations');
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('admin referral search by id or number', () => {
  it('finds a referral by its id, its number, or #number', async () => {
    const admin = await anAdmin(t);
    const { id, tenantPhone } = (await anActiveBrokerWithReferral(t, { rent: null })).referral;
    const search = async (term: string) =>
      (
        await as(admin).get<Page<AdminReferral>>(
          `/api/admin/referrals?search=${encodeURIComponent(term)}`,
        )
      ).json().items;
    const [byId] = await search(id);
    expect(byId?.id).toBe(id);
    const number = byId?.number ?? 0;
    expect((await search(String(number))).map((r) => r.id)).toContain(id);
    expect((await search(`#${number}`)).map((r) => r.id)).toEqual([id]);
    // Shorter than a trigram: matched by a scan, with the same meaning.
    const short = await as(admin).get<Page<AdminReferral>>(
      `/api/admin/referrals?search=${tenantPhone.slice(-2)}`,
    );
    const found = short.json().items;
    expect(found.length).toBeGreaterThan(0);
    for (const r of found) {
      expect(`${r.tenantPhone} ${r.brokerName} ${r.brokerCode}`).toContain(tenantPhone.slice(-2));
    }
  });
});

describe('issue 11 item 6: dates validated everywhere', () => {
  it('an impossible day in the analytics range is a 400 in Arabic, never a 500', async () => {
    const admin = await anAdmin(t);
    for (const query of ['from=2024-13-45', 'to=2023-02-29', 'from=2024-01-01&to=2024-04-31']) {
      const response = await as(admin).get(`/api/admin/analytics?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().message).toBe('صيغة التاريخ غير صحيحة');
    }
    const leap = await as(admin).get('/api/admin/analytics?from=2024-02-01&to=2024-02-29');
    expect(leap.statusCode).toBe(200);
  });
});
