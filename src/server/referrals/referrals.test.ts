import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { referralEndpoints } from '#contract/referrals';
import { formatSar } from '#domain';
import { auditLog, brokers, commissions, rateLimits, referrals, shortLinks } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { unchecked } from '../test-support/endpoints.js';
import { aBroker, aReferral } from '../test-support/factories.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { createTestApp, nextPhone, type TestBroker } from '../test-support/test-app.js';

const t = sharedTestApp({
  AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
  PUBLIC_URL: 'https://shareek.example.sa',
});

const as = (caller: Caller) => client(t).as(caller);

describe('POST /api/referrals', () => {
  it('creates the referral, its short link, the audit entry and the SMS to the tenant', async () => {
    const b = await aBroker(t, { fullName: 'عبدالله' });
    const tenant = nextPhone();
    const response = await as(b).call(referralEndpoints.create, {
      body: {
        tenantPhone: `+966${tenant.slice(1)}`,
        rent: '٤٨٠٠٠',
      },
    });
    expect(response.statusCode).toBe(201);
    const referral = response.json();
    expect(referral).toMatchObject({
      tenantPhone: tenant,
      rentAmount: 48000,
      status: 'pending_completion',
    });

    const [stored] = await t.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.id, referral.id));
    expect(stored?.formToken.length).toBeGreaterThanOrEqual(32);
    const [link] = await t.database.db
      .select()
      .from(shortLinks)
      .where(eq(shortLinks.referralId, referral.id));
    expect(link?.originalUrl).toBe(`/tenant-form/${stored?.formToken}`);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, referral.id));
    expect(entry?.action).toBe('referral.create');
    expect(entry?.actorId).toBe(b.id);

    await t.app.outbox.drain();
    const sms = t.sms.sent.find((m) => m.to === tenant);
    expect(sms?.body).toContain(`https://shareek.example.sa/s/${link?.code}`);

    const redirect = await as(null).get(`/s/${link?.code}`);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`/tenant-form/${stored?.formToken}`);
  });

  it('does not send the SMS when the setting is off', async () => {
    await t.database.db.execute(
      sql`insert into system_config (key, value) values ('sms_notifications_enabled', 'false')`,
    );
    try {
      const b = await aBroker(t);
      const tenant = nextPhone();
      expect(
        (await as(b).call(referralEndpoints.create, { body: { tenantPhone: tenant } })).statusCode,
      ).toBe(201);
      await t.app.outbox.drain();
      expect(t.sms.sent.some((m) => m.to === tenant)).toBe(false);
    } finally {
      await t.database.db.execute(
        sql`delete from system_config where key = 'sms_notifications_enabled'`,
      );
    }
  });

  it('refuses a tenant who already has an open referral, without naming the broker', async () => {
    const first = await aBroker(t, { fullName: 'الوسيط الأول' });
    const second = await aBroker(t);
    const tenant = nextPhone();
    expect(
      (await as(first).call(referralEndpoints.create, { body: { tenantPhone: tenant } }))
        .statusCode,
    ).toBe(201);
    const again = await as(second).call(referralEndpoints.create, {
      body: { tenantPhone: tenant },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().message).toBe(
      'يوجد طلب مفتوح لهذا المستأجر بالفعل، ولا يمكن إضافته مرة أخرى',
    );
    expect(again.body).not.toContain('الوسيط الأول');
  });

  it('a double click never creates two', async () => {
    const b = await aBroker(t);
    const tenant = nextPhone();
    const [one, two] = await Promise.all([
      as(b).call(referralEndpoints.create, { body: { tenantPhone: tenant } }),
      as(b).call(referralEndpoints.create, { body: { tenantPhone: tenant } }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 409]);
    const rows = await t.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.tenantPhone, tenant));
    expect(rows).toHaveLength(1);
  });

  it('refuses an inactive broker and an empty full name', async () => {
    const inactive = await aBroker(t, { active: false });
    const r1 = await as(inactive).call(referralEndpoints.create, {
      body: { tenantPhone: nextPhone() },
    });
    expect(r1.statusCode).toBe(403);
    expect(r1.json<ApiError>().code).toBe('ACCOUNT_INACTIVE');
    const nameless = await aBroker(t, { fullName: null });
    const r2 = await as(nameless).call(referralEndpoints.create, {
      body: { tenantPhone: nextPhone() },
    });
    expect(r2.statusCode).toBe(403);
    expect(r2.json<ApiError>().code).toBe('PROFILE_INCOMPLETE');
  });

  it.each([
    [{}, 'يرجى إدخال رقم جوال المستأجر بشكل صحيح'],
    [{ tenantPhone: '12345' }, 'يرجى إدخال رقم جوال المستأجر بشكل صحيح'],
    [{ tenantPhone: '0561111111', rent: -100 }, 'يرجى إدخال قيمة إيجار صحيحة بالأرقام'],
    [{ tenantPhone: '0561111111', rent: 1500.5 }, 'يرجى إدخال قيمة إيجار صحيحة بالأرقام'],
    [{ tenantPhone: '0561111111', rent: 'خمسون ألف' }, 'يرجى إدخال قيمة إيجار صحيحة بالأرقام'],
    [{ tenantPhone: 'x'.repeat(10_000) }, 'يرجى إدخال رقم جوال المستأجر بشكل صحيح'],
  ])('refuses %o', async (payload, message) => {
    const b = await aBroker(t);
    const response = await as(b).call(referralEndpoints.create, { body: unchecked(payload) });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toBe(message);
  });

  it('needs a session', async () => {
    expect(
      (await as(null).call(referralEndpoints.create, { body: { tenantPhone: nextPhone() } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('GET /api/referrals', () => {
  it('filters by status, phone and date, and paginates; only the own referrals', async () => {
    const b = await aBroker(t);
    const other = await aBroker(t);
    const phones = [nextPhone(), nextPhone(), nextPhone()];
    for (const phone of phones) await aReferral(t, b, { tenantPhone: phone, rent: null });
    await aReferral(t, other, { rent: null });
    await t.database.db
      .update(referrals)
      .set({ status: 'under_review', submittedAt: new Date('2026-03-10T08:00:00Z') })
      .where(eq(referrals.tenantPhone, phones[0] as string));

    const all = (await as(b).call(referralEndpoints.list)).json();
    expect(all.total).toBe(3);
    expect(all.items.map((r) => r.tenantPhone)).toEqual([phones[2], phones[1], phones[0]]);

    const byStatus = (
      await as(b).call(referralEndpoints.list, { query: { status: 'under_review' } })
    ).json();
    expect(byStatus.items.map((r) => r.tenantPhone)).toEqual([phones[0]]);

    const byPhone = (
      await as(b).call(referralEndpoints.list, { query: { phone: phones[1]?.slice(-4) } })
    ).json();
    expect(byPhone.items.map((r) => r.tenantPhone)).toContain(phones[1]);

    const oneDay = (
      await as(b).call(referralEndpoints.list, { query: { from: '2026-03-10' } })
    ).json();
    expect(oneDay.total).toBe(1);
    const dayBefore = (
      await as(b).call(referralEndpoints.list, { query: { from: '2026-03-09' } })
    ).json();
    expect(dayBefore.total).toBe(0);
    const range = (
      await as(b).call(referralEndpoints.list, { query: { from: '2026-03-01', to: '2026-03-31' } })
    ).json();
    expect(range.total).toBe(1);

    const paged = (
      await as(b).call(referralEndpoints.list, { query: { pageSize: 2, page: 2 } })
    ).json();
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items).toHaveLength(1);
  });

  it('refuses an unknown status and a malformed date', async () => {
    const b = await aBroker(t);
    expect(
      (await as(b).call(referralEndpoints.list, { query: { status: unchecked('done') } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await as(b).call(referralEndpoints.list, { query: { from: '10-03-2026' } })).statusCode,
    ).toBe(400);
  });
});

describe('GET /api/referrals/:id and /details', () => {
  it('shows the own referral with its form token; another broker gets 404', async () => {
    const b = await aBroker(t);
    const other = await aBroker(t);
    const created = await aReferral(t, b);

    const one = await as(b).call(referralEndpoints.one, { params: { id: created.id } });
    expect(one.statusCode).toBe(200);
    expect(one.json().id).toBe(created.id);

    const details = (
      await as(b).call(referralEndpoints.details, { params: { id: created.id } })
    ).json();
    expect(details.formToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(details.tenantFormUrl).toBe(
      `https://shareek.example.sa/tenant-form/${details.formToken}`,
    );
    expect(details.tenantData).toBeNull();

    for (const endpoint of [referralEndpoints.one, referralEndpoints.details]) {
      const response = await as(other).call(endpoint, { params: { id: created.id } });
      expect(response.statusCode).toBe(404);
      expect(response.json<ApiError>().message).toBe('الطلب غير موجود');
    }
    expect(
      (await as(b).call(referralEndpoints.one, { params: { id: 'not-a-uuid' } })).statusCode,
    ).toBe(404);
  });

  it('shows the potential commission of an accepted referral', async () => {
    const b = await aBroker(t);
    const created = await aReferral(t, b);
    await t.database.db
      .update(referrals)
      .set({ status: 'accepted_awaiting_owner_contract' })
      .where(eq(referrals.id, created.id));
    expect(
      (await as(b).call(referralEndpoints.one, { params: { id: created.id } })).json()
        .potentialCommission,
    ).toBe('600.00');
  });
});

describe('GET /api/dashboard/metrics', () => {
  it('counts in SQL', async () => {
    const b = await aBroker(t);
    const empty = (await as(b).call(referralEndpoints.metrics)).json();
    expect(empty).toEqual({
      activeReferrals: 0,
      totalCommission: '0.00',
      completedContracts: 0,
      successRate: 0,
      totalReferrals: 0,
      totalCommissions: '0.00',
    });

    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await aReferral(t, b, { rent: null })).id);
    }
    await t.database.db
      .update(referrals)
      .set({ status: 'contract_signed' })
      .where(eq(referrals.id, ids[0] as string));
    await t.database.db
      .insert(commissions)
      .values({ brokerId: b.id, referralId: ids[0] as string, amount: '750.00' });

    expect((await as(b).call(referralEndpoints.metrics)).json()).toEqual({
      activeReferrals: 2,
      totalCommission: '750.00',
      completedContracts: 1,
      successRate: 33,
      totalReferrals: 3,
      totalCommissions: '750.00',
    });
  });
});

describe('dates validated everywhere', () => {
  it.each(['2024-13-45', '2023-02-29', '2024-04-31', '2024-00-10'])(
    'an impossible day %s is a 400 in Arabic, never a 500',
    async (day) => {
      const b = await aBroker(t);
      for (const query of [{ from: day }, { to: day }, { from: '2024-01-01', to: day }]) {
        const response = await as(b).call(referralEndpoints.list, { query });
        expect(response.statusCode).toBe(400);
        expect(response.json<ApiError>().message).toBe('صيغة التاريخ غير صحيحة');
      }
    },
  );

  it('a leap day is a day', async () => {
    const b = await aBroker(t);
    expect(
      (await as(b).call(referralEndpoints.list, { query: { from: '2024-02-29' } })).statusCode,
    ).toBe(200);
  });
});

describe('tenant SMS names a checked display name', () => {
  /** The SMS queued for a new referral's tenant, with the short link it must carry. */
  async function smsToTenantOf(broker: TestBroker) {
    const tenant = nextPhone();
    const created = await as(broker).call(referralEndpoints.create, {
      body: { tenantPhone: tenant },
    });
    expect(created.statusCode).toBe(201);
    await t.app.outbox.drain();
    const sms = t.sms.sent.find((m) => m.to === tenant);
    expect(sms).toBeDefined();
    const [link] = await t.database.db
      .select({ code: shortLinks.code })
      .from(shortLinks)
      .where(eq(shortLinks.referralId, created.json().id));
    return { body: sms?.body ?? '', link: `https://shareek.example.sa/s/${link?.code}` };
  }
  const smsNaming = (broker: string, link: string) =>
    `مرحباً، رشّحك الوسيط العقاري ${broker} لخدمة دفع الإيجار شهرياً. أكمل بياناتك عبر الرابط: ${link}`;
  async function codeOf(broker: TestBroker) {
    const [row] = await t.database.db
      .select({ code: brokers.brokerCode })
      .from(brokers)
      .where(eq(brokers.id, broker.id));
    return row?.code ?? '';
  }

  it('a plain name is used as it is', async () => {
    const broker = await aBroker(t, { fullName: 'ريم  السبيعي' });
    const { body, link } = await smsToTenantOf(broker);
    expect(body).toBe(smsNaming('ريم السبيعي', link));
  });

  // Issue 32: a name no tenant may see (the public-text rule, as on the broker's link) takes
  // no referral at all, so no SMS can carry it.
  it.each([
    ['a link', 'خصم كبير على https://evil.example/x'],
    ['a bare domain', 'زوروا evil.sa'],
    ['a phone number', 'اتصل على 0551234567'],
    ['Arabic-Indic digits', 'الوسيط ٠٥٥١٢٣٤٥٦٧'],
    ['a slash', 'محمد/علي'],
  ])('a name with %s takes no referral, and no SMS goes out', async (_what, fullName) => {
    const broker = await aBroker(t, { fullName });
    const tenant = nextPhone();
    const refused = await as(broker).call(referralEndpoints.create, {
      body: { tenantPhone: tenant },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiError>().code).toBe('PROFILE_INCOMPLETE');
    await t.app.outbox.drain();
    expect(t.sms.sent.filter((m) => m.to === tenant)).toEqual([]);
  });

  it.each([
    ['a single letter', 'م'],
    ['more than 40 letters', 'م'.repeat(41)],
  ])('a name with %s gives way to the broker code', async (_what, fullName) => {
    const broker = await aBroker(t, { fullName });
    const { body, link } = await smsToTenantOf(broker);
    // Word for word: the code in place of the name, and the company's own link only.
    expect(body).toBe(smsNaming(await codeOf(broker), link));
  });
});

describe('rent the broker declares is capped', () => {
  const cap = `الإيجار السنوي يجب ألا يتجاوز ${formatSar(2_000_000)}`;

  it.each([2_000_001, '2000001', '٢٠٠٠٠٠١', 100_000_000, '9'.repeat(30)])(
    'refuses %s with the cap in Arabic-Indic digits, writing nothing',
    async (rent) => {
      const b = await aBroker(t);
      const tenant = nextPhone();
      const response = await as(b).call(referralEndpoints.create, {
        body: {
          tenantPhone: tenant,
          rent,
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().message).toBe(cap);
      expect(response.json<ApiError>().message).toBe('الإيجار السنوي يجب ألا يتجاوز ٢٬٠٠٠٬٠٠٠ ر.س');
      const rows = await t.database.db
        .select()
        .from(referrals)
        .where(eq(referrals.tenantPhone, tenant));
      expect(rows).toHaveLength(0);
    },
  );

  it('accepts 2,000,000 exactly', async () => {
    const b = await aBroker(t);
    const response = await as(b).call(referralEndpoints.create, {
      body: {
        tenantPhone: nextPhone(),
        rent: '٢٠٠٠٠٠٠',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().rentAmount).toBe(2_000_000);
  });
});

describe('referral creation limited per broker', () => {
  it('at most REFERRAL_LIMIT_PER_HOUR an hour and REFERRAL_LIMIT_PER_DAY a day', async () => {
    const limited = await createTestApp({
      AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
      REFERRAL_LIMIT_PER_HOUR: '2',
      REFERRAL_LIMIT_PER_DAY: '3',
    });
    try {
      const create = (broker: TestBroker, tenantPhone = nextPhone()) =>
        client(limited).as(broker).call(referralEndpoints.create, { body: { tenantPhone } });
      const countOf = async (broker: TestBroker) =>
        (
          await limited.database.db
            .select()
            .from(referrals)
            .where(eq(referrals.brokerId, broker.id))
        ).length;
      const broker = await aBroker(limited);
      expect((await create(broker)).statusCode).toBe(201);
      expect((await create(broker)).statusCode).toBe(201);

      const tenant = nextPhone();
      const third = await create(broker, tenant);
      expect(third.statusCode).toBe(429);
      expect(third.json<ApiError>().message).toBe('محاولات كثيرة، يرجى المحاولة لاحقاً');
      const retryAfter = Number(third.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      // Nothing written: no referral, no SMS queued for that tenant.
      expect(await countOf(broker)).toBe(2);
      await limited.app.outbox.drain();
      expect(limited.sms.sent.some((m) => m.to === tenant)).toBe(false);

      // Another broker has a budget of their own.
      const other = await aBroker(limited);
      expect((await create(other)).statusCode).toBe(201);

      // The hour passes: one more fits the day, then the day is spent.
      await limited.database.db
        .update(rateLimits)
        .set({ resetAt: new Date(Date.now() - 1000) })
        .where(eq(rateLimits.key, `referral-create:broker:${broker.id}:hour`));
      expect((await create(broker)).statusCode).toBe(201);
      await limited.database.db
        .update(rateLimits)
        .set({ resetAt: new Date(Date.now() - 1000) })
        .where(eq(rateLimits.key, `referral-create:broker:${broker.id}:hour`));
      const overDay = await create(broker);
      expect(overDay.statusCode).toBe(429);
      expect(Number(overDay.headers['retry-after'])).toBeGreaterThan(3600);
      expect(await countOf(broker)).toBe(3);
    } finally {
      await limited.close();
    }
  });

  it('an inactive or nameless broker is told so, not counted against a limit', async () => {
    const limited = await createTestApp({
      AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
      REFERRAL_LIMIT_PER_HOUR: '1',
    });
    try {
      const inactive = await aBroker(limited, { active: false });
      const attempt = () =>
        client(limited)
          .as(inactive)
          .call(referralEndpoints.create, { body: { tenantPhone: nextPhone() } });
      expect((await attempt()).statusCode).toBe(403);
      expect((await attempt()).statusCode).toBe(403);
      await limited.database.db
        .update(brokers)
        .set({ isActive: true })
        .where(eq(brokers.id, inactive.id));
      expect((await attempt()).statusCode).toBe(201);
      expect((await attempt()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
