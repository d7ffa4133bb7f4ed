import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextPhone, signUpBroker, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
});
afterAll(async () => {
  await t.close();
});

describe('broker activation by an admin', () => {
  it('activates and deactivates, notifying the broker', async () => {
    const admin = await signUpBroker(t, { admin: true });
    const broker = await signUpBroker(t, { active: false });
    const post = (url: string, cookie: string) =>
      t.app.inject({ method: 'POST', url, headers: { cookie } });

    const activated = await post(`/api/admin/brokers/${broker.id}/activate`, admin.cookie);
    expect(activated.statusCode).toBe(200);
    expect(activated.json().isActive).toBe(true);
    const notes = (
      await t.app.inject({ url: '/api/notifications', headers: { cookie: broker.cookie } })
    ).json();
    expect(notes.items[0].title).toBe('تم تفعيل حسابك');

    const deactivated = await post(`/api/admin/brokers/${broker.id}/deactivate`, admin.cookie);
    expect(deactivated.json().isActive).toBe(false);
  });

  it('refuses brokers (403), signed-out callers (401) and unknown ids (404)', async () => {
    const admin = await signUpBroker(t, { admin: true });
    const broker = await signUpBroker(t, { active: false });
    const url = `/api/admin/brokers/${broker.id}/activate`;
    expect(
      (await t.app.inject({ method: 'POST', url, headers: { cookie: broker.cookie } })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/brokers/00000000-0000-4000-8000-000000000000/activate',
      headers: { cookie: admin.cookie },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('PUT /api/admin/referrals/:id/status', () => {
  async function referralFor(rent: number | null) {
    const broker = await signUpBroker(t);
    const payload =
      rent === null ? { tenantPhone: nextPhone() } : { tenantPhone: nextPhone(), rent };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/referrals',
      headers: { cookie: broker.cookie },
      payload,
    });
    return { broker, id: created.json().id as string };
  }
  const put = (id: string, cookie: string, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/referrals/${id}/status`,
      headers: { cookie },
      payload,
    });

  it('accepts the key, the label, or the label with emoji; returns old and new status', async () => {
    const admin = await signUpBroker(t, { admin: true });
    const { id } = await referralFor(null);
    const first = await put(id, admin.cookie, { status: 'under_review' });
    expect(first.json()).toMatchObject({
      oldStatus: 'pending_completion',
      newStatus: 'under_review',
    });
    const second = await put(id, admin.cookie, { status: 'تم القبول - بانتظار عقد المالك' });
    expect(second.json().newStatus).toBe('accepted_awaiting_owner_contract');
    const third = await put(id, admin.cookie, {
      status: '📝 جاري إعداد عقد المستأجر',
      notes: 'بانتظار توقيع المالك',
    });
    expect(third.json().newStatus).toBe('preparing_tenant_contract');
  });

  it('creates exactly one commission of max(500, 1% of the annual rent), whatever follows', async () => {
    const admin = await signUpBroker(t, { admin: true });
    const { broker, id } = await referralFor(84000);
    const signed = await put(id, admin.cookie, {
      status: 'contract_signed',
      contractId: 'C-2026-001',
    });
    expect(signed.json().commissionCreated).toBe('840.00');
    await put(id, admin.cookie, { status: 'commission_added' });
    await put(id, admin.cookie, { status: 'under_review' });
    await put(id, admin.cookie, { status: 'contract_signed' });
    const list = (
      await t.app.inject({ url: '/api/commissions', headers: { cookie: broker.cookie } })
    ).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      amount: '840.00',
      status: 'pending',
      contractNumber: 'C-2026-001',
    });

    const small = await referralFor(20000);
    expect(
      (await put(small.id, admin.cookie, { status: 'commission_added' })).json().commissionCreated,
    ).toBe('500.00');
  });

  it('concurrent changes to contract signed still make one commission', async () => {
    const admin = await signUpBroker(t, { admin: true });
    const { broker, id } = await referralFor(60000);
    await Promise.all(
      Array.from({ length: 5 }, () => put(id, admin.cookie, { status: 'contract_signed' })),
    );
    const list = (
      await t.app.inject({ url: '/api/commissions', headers: { cookie: broker.cookie } })
    ).json();
    expect(list).toHaveLength(1);
  });

  it('refuses unknown statuses, long contract ids, unknown ids and non-admins', async () => {
    const admin = await signUpBroker(t, { admin: true });
    const { broker, id } = await referralFor(null);
    expect((await put(id, admin.cookie, { status: 'done' })).statusCode).toBe(400);
    const long = await put(id, admin.cookie, {
      status: 'contract_signed',
      contractId: 'x'.repeat(200),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('رقم العقد أطول من المسموح');
    expect(
      (await put('00000000-0000-4000-8000-000000000000', admin.cookie, { status: 'rejected' }))
        .statusCode,
    ).toBe(404);
    expect((await put(id, broker.cookie, { status: 'rejected' })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/admin/referrals/${id}/status`,
          payload: { status: 'rejected' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/admin/referrals', () => {
  it('searches by tenant phone, broker name or code, filters by status, 50 a page with the total', async () => {
    const admin = await signUpBroker(t, { admin: true });
    const broker = await signUpBroker(t, { fullName: 'مشاري البقمي' });
    const tenant = nextPhone();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/referrals',
      headers: { cookie: broker.cookie },
      payload: { tenantPhone: tenant },
    });
    const get = async (query: string) =>
      (
        await t.app.inject({
          url: `/api/admin/referrals${query}`,
          headers: { cookie: admin.cookie },
        })
      ).json();
    const profile = (
      await t.app.inject({ url: '/api/broker/profile', headers: { cookie: broker.cookie } })
    ).json();

    for (const search of [tenant, 'البقمي', profile.brokerCode]) {
      const found = await get(`?search=${encodeURIComponent(search)}`);
      expect(found.items.map((r: { id: string }) => r.id)).toContain(created.json().id);
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
    const broker = await signUpBroker(t);
    expect(
      (await t.app.inject({ url: '/api/admin/referrals', headers: { cookie: broker.cookie } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/referrals' })).statusCode).toBe(401);
  });
});

describe('development SMS inbox', () => {
  it('shows an admin what was queued for a phone', async () => {
    const admin = await signUpBroker(t, { admin: true });
    const broker = await signUpBroker(t);
    const tenant = nextPhone();
    await t.app.inject({
      method: 'POST',
      url: '/api/referrals',
      headers: { cookie: broker.cookie },
      payload: { tenantPhone: tenant },
    });
    const inbox = await t.app.inject({
      url: `/api/dev/inbox?phone=${tenant}`,
      headers: { cookie: admin.cookie },
    });
    expect(inbox.json()[0].body).toContain('/s/');
    expect(
      (
        await t.app.inject({
          url: `/api/dev/inbox?phone=${tenant}`,
          headers: { cookie: broker.cookie },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('does not exist in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    try {
      expect((await prod.app.inject({ url: '/api/dev/inbox?phone=0551234567' })).statusCode).toBe(
        404,
      );
    } finally {
      await prod.close();
    }
  });
});

describe('GET /api/admin/brokers', () => {
  it('searches and filters: all, active, inactive, pending activation', async () => {
    const admin = await signUpBroker(t, { admin: true });
    const pending = await signUpBroker(t, { active: false, fullName: 'بندر الزهراني' });
    await t.app.inject({
      method: 'POST',
      url: '/api/broker/request-activation',
      headers: { cookie: pending.cookie },
    });
    const get = async (query: string) =>
      (
        await t.app.inject({ url: `/api/admin/brokers${query}`, headers: { cookie: admin.cookie } })
      ).json();
    const ids = (page: { items: { id: string }[] }) => page.items.map((b) => b.id);
    expect(ids(await get('?search=الزهراني'))).toEqual([pending.id]);
    expect(ids(await get(`?search=${pending.phone}&filter=pending`))).toEqual([pending.id]);
    expect(ids(await get(`?search=${pending.phone}&filter=inactive`))).toEqual([pending.id]);
    expect(ids(await get(`?search=${pending.phone}&filter=active`))).toEqual([]);
    expect((await get('?filter=active')).items[0]).not.toHaveProperty('passwordHash');
  });

  it('gives each broker its referral count, commission total and protected flag', async () => {
    const admin = await signUpBroker(t, { admin: true });
    const broker = await signUpBroker(t, { fullName: `عدّاد ${nextPhone()}` });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/referrals',
      headers: { cookie: broker.cookie },
      payload: { tenantPhone: nextPhone(), rent: 90_000 },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/referrals',
      headers: { cookie: broker.cookie },
      payload: { tenantPhone: nextPhone() },
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/referrals/${created.json().id}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'contract_signed' },
    });
    const page = (
      await t.app.inject({
        url: `/api/admin/brokers?search=${broker.phone}`,
        headers: { cookie: admin.cookie },
      })
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
    const admin = await signUpBroker(t, { admin: true });
    const broker = await signUpBroker(t, { fullName: 'منتظر المراجعة' });
    const waiting = await signUpBroker(t, { active: false, fullName: 'ينتظر التفعيل' });
    await t.app.inject({
      method: 'POST',
      url: '/api/broker/request-activation',
      headers: { cookie: waiting.cookie },
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/referrals',
      headers: { cookie: broker.cookie },
      payload: { tenantPhone: nextPhone() },
    });
    const get = async () =>
      (
        await t.app.inject({ url: '/api/admin/operations', headers: { cookie: admin.cookie } })
      ).json();
    const before = await get();
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/referrals/${created.json().id}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'under_review' },
    });
    const after = await get();
    expect(after.awaitingReview.total).toBe(before.awaitingReview.total + 1);
    expect(after.activationRequests.items.map((b: { id: string }) => b.id)).toContain(waiting.id);
    expect(after.activationRequests.total).toBeGreaterThanOrEqual(1);
    expect(after.openTransferRequests).toEqual({
      count: expect.any(Number),
      amount: expect.stringMatching(/^\d+\.\d{2}$/),
    });
    expect(after.summary.totalReferrals).toBeGreaterThanOrEqual(1);
    const weeks = after.referralsPerWeek as { week: string; count: number }[];
    expect(weeks.at(-1)?.count).toBeGreaterThanOrEqual(1);
    // Saudi weeks start on Sunday.
    expect(new Date(`${weeks.at(-1)?.week}T00:00:00Z`).getUTCDay()).toBe(0);

    const forbidden = await t.app.inject({
      url: '/api/admin/operations',
      headers: { cookie: broker.cookie },
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('admin referral search by id or number', () => {
  it('finds a referral by its id, its number, or #number', async () => {
    const admin = await signUpBroker(t, { admin: true });
    const broker = await signUpBroker(t);
    const tenantPhone = nextPhone();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/referrals',
      headers: { cookie: broker.cookie },
      payload: { tenantPhone },
    });
    const id = created.json().id as string;
    const search = async (term: string) =>
      (
        await t.app.inject({
          url: `/api/admin/referrals?search=${encodeURIComponent(term)}`,
          headers: { cookie: admin.cookie },
        })
      ).json().items as { id: string; number: number }[];
    const [byId] = await search(id);
    expect(byId?.id).toBe(id);
    const number = byId?.number ?? 0;
    expect((await search(String(number))).map((r) => r.id)).toContain(id);
    expect((await search(`#${number}`)).map((r) => r.id)).toEqual([id]);
    // Shorter than a trigram: matched by a scan, with the same meaning.
    const short = await t.app.inject({
      url: `/api/admin/referrals?search=${tenantPhone.slice(-2)}`,
      headers: { cookie: admin.cookie },
    });
    const found = short.json().items as {
      tenantPhone: string;
      brokerName: string | null;
      brokerCode: string;
    }[];
    expect(found.length).toBeGreaterThan(0);
    for (const r of found) {
      expect(`${r.tenantPhone} ${r.brokerName} ${r.brokerCode}`).toContain(tenantPhone.slice(-2));
    }
  });
});

describe('issue 11 item 6: dates validated everywhere', () => {
  it('an impossible day in the analytics range is a 400 in Arabic, never a 500', async () => {
    const admin = await signUpBroker(t, { admin: true });
    for (const query of ['from=2024-13-45', 'to=2023-02-29', 'from=2024-01-01&to=2024-04-31']) {
      const response = await t.app.inject({
        url: `/api/admin/analytics?${query}`,
        headers: { cookie: admin.cookie },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('صيغة التاريخ غير صحيحة');
    }
    const leap = await t.app.inject({
      url: '/api/admin/analytics?from=2024-02-01&to=2024-02-29',
      headers: { cookie: admin.cookie },
    });
    expect(leap.statusCode).toBe(200);
  });
});
