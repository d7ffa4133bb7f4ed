import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAnalyticsEndpoints } from '#contract/admin/analytics';
import { notificationEndpoints } from '#contract/notifications';
import { referralLinkEndpoints } from '#contract/referral-links';
import { referralEndpoints } from '#contract/referrals';
import { isLinkCode } from '#domain';
import { auditLog, brokers, referrals } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { present, type QueryOf } from '../test-support/endpoints.js';
import { aBroker, anAdmin, aReferral } from '../test-support/factories.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { nextPhone, type TestBroker } from '../test-support/test-app.js';

// A broker's own link, opened by the tenant, who verifies the phone and lands in the
// tenant form; the referral is the broker's, made by the same rules as a typed one.

const t = sharedTestApp({
  AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
  PUBLIC_URL: 'https://shareek.example',
});

const as = (caller: Caller) => client(t).as(caller);
const stranger = () => client(t).as(null);
const linkOf = async (broker: TestBroker) =>
  (await as(broker).call(referralLinkEndpoints.mine)).json();
const thisWeek = async (broker: TestBroker) =>
  (await as(broker).call(referralLinkEndpoints.funnel)).json().weeks.at(-1);

/** The tenant's two steps: a code to the phone, then the request with it. */
async function askThroughLink(code: string, phone: string, extra: object = {}) {
  const sent = await stranger().call(referralLinkEndpoints.sendCode, {
    params: { code },
    body: { phone },
  });
  expect(sent.statusCode).toBe(200);
  return stranger().call(referralLinkEndpoints.request, {
    params: { code },
    body: {
      phone,
      otp: present(sent.json().otpCode),
      ...extra,
    },
  });
}

describe("the broker's link", () => {
  it('is short, readable aloud and the same until regenerated, which retires the old code', async () => {
    const broker = await aBroker(t, { fullName: 'سارة العتيبي' });
    await t.database.db
      .update(brokers)
      .set({ officeName: 'مكتب الرياض العقاري', falLicense: '1200012345' })
      .where(eq(brokers.id, broker.id));
    const link = await linkOf(broker);
    expect(isLinkCode(link.code)).toBe(true);
    expect(link.url).toBe(`https://shareek.example/r/${link.code}`);
    expect(link.qrUrl).toBe(`${link.url}?s=qr`);
    expect(link.shareText).toContain(link.url);
    expect((await linkOf(broker)).code).toBe(link.code);

    const opened = await stranger().call(referralLinkEndpoints.open, {
      params: { code: link.code },
    });
    expect(opened.json()).toEqual({
      brokerName: 'سارة العتيبي',
      officeName: 'مكتب الرياض العقاري',
      falLicense: '1200012345',
      canReceive: true,
      unavailableReason: null,
    });

    const renewed = (await as(broker).call(referralLinkEndpoints.regenerate)).json();
    expect(renewed.code).not.toBe(link.code);
    const retired = await stranger().call(referralLinkEndpoints.open, {
      params: { code: link.code },
    });
    expect(retired.statusCode).toBe(404);
    expect(retired.json<ApiError>().message).toBe('هذا الرابط غير موجود أو لم يعد صالحاً');
    expect(
      (await stranger().call(referralLinkEndpoints.open, { params: { code: renewed.code } }))
        .statusCode,
    ).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'broker.referral_link_regenerate'));
    expect(entry?.entityId).toBe(broker.id);
    // Guesses that are not codes at all answer the same.
    for (const guess of ['nope', "A'; drop", 'AAAAAAAAA']) {
      expect(
        (
          await stranger().call(referralLinkEndpoints.open, {
            params: { code: guess },
          })
        ).statusCode,
      ).toBe(404);
    }
  });

  it('counts a visitor once a day, and the QR card names the product and the broker', async () => {
    const broker = await aBroker(t, { fullName: 'خالد الدوسري' });
    const { code } = await linkOf(broker);
    const open = (agent: string, query?: QueryOf<typeof referralLinkEndpoints.open>) =>
      as(null).call(
        referralLinkEndpoints.open,
        { params: { code }, query },
        { headers: { 'user-agent': agent } },
      );
    await open('phone-a');
    await open('phone-a');
    await open('phone-a', { s: 'qr' });
    await open('phone-b', { s: 'qr' });
    expect((await thisWeek(broker))?.visits).toBe(2);

    const card = await as(broker).call(referralLinkEndpoints.qr);
    expect(card.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(card.body).toContain('width="105mm" height="148mm"');
    expect(card.body).toContain('خالد الدوسري');
    expect(card.body).toContain('<path');
  });
});

describe('the tenant through the link', () => {
  it('verifies the phone, becomes the broker’s referral marked «رابط», and goes straight to the form', async () => {
    const broker = await aBroker(t);
    const { code } = await linkOf(broker);
    const phone = nextPhone();

    const sent = await stranger().call(referralLinkEndpoints.sendCode, {
      params: { code },
      body: {
        phone,
      },
    });
    // A wrong code makes nothing.
    const wrong = await stranger().call(referralLinkEndpoints.request, {
      params: { code },
      body: {
        phone,
        otp: sent.json().otpCode === '0000' ? '1111' : '0000',
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ApiError>().message).toBe('رمز التحقق غير صحيح');
    expect(
      await t.database.db.select().from(referrals).where(eq(referrals.tenantPhone, phone)),
    ).toEqual([]);

    const made = await askThroughLink(code, phone, { rent: '٦٠٠٠٠', city: 'riyadh' });
    expect(made.statusCode).toBe(201);
    const [referral] = await t.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.tenantPhone, phone));
    expect(referral).toMatchObject({
      brokerId: broker.id,
      source: 'link',
      status: 'pending_completion',
      rentAmount: 60000,
      city: 'riyadh',
    });
    expect(made.json().formPath).toBe(`/tenant-form/${referral?.formToken}`);
    // No SMS link: the tenant is already in the form.
    expect(t.sms.sent.filter((m) => m.to === phone && m.purpose !== 'otp')).toEqual([]);
    const form = await stranger().get(`/api${made.json().formPath}`);
    expect(form.statusCode).toBe(200);
    // The broker sees it like any referral.
    const listed = await as(broker).call(referralEndpoints.list);
    expect(listed.json().items.map((r) => r.tenantPhone)).toContain(phone);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, referral?.id ?? ''));
    expect(entry).toMatchObject({ action: 'referral.create', actorId: null });
    expect((await thisWeek(broker))?.started).toBe(1);
    const notes = (await as(broker).call(notificationEndpoints.list)).json().items;
    expect(notes[0]).toMatchObject({
      title: 'طلب جديد عبر رابطك',
      link: `/referral/${referral?.id}`,
    });

    // From the QR code: «رمز QR».
    const scanned = nextPhone();
    expect((await askThroughLink(code, scanned, { viaQr: true })).statusCode).toBe(201);
    const [fromQr] = await t.database.db
      .select({ source: referrals.source })
      .from(referrals)
      .where(eq(referrals.tenantPhone, scanned));
    expect(fromQr?.source).toBe('qr');
  });

  it('keeps every rule of a typed referral: an inactive broker, and a tenant another broker holds', async () => {
    const inactive = await aBroker(t, { active: false });
    const { code } = await linkOf(inactive);
    expect(
      (await stranger().call(referralLinkEndpoints.open, { params: { code } })).json(),
    ).toMatchObject({ canReceive: false });
    const refused = await stranger().call(referralLinkEndpoints.sendCode, {
      params: { code },
      body: { phone: nextPhone() },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiError>().message).toBe(
      'لا يستقبل هذا الوسيط طلبات عبر هذا الرابط حالياً',
    );

    // A broker without a name cannot be shown to the tenant: the same refusal.
    const nameless = await aBroker(t, { fullName: null });
    const namelessCode = (await linkOf(nameless)).code;
    expect(
      (
        await stranger().call(referralLinkEndpoints.open, { params: { code: namelessCode } })
      ).json(),
    ).toMatchObject({
      canReceive: false,
    });
    expect(
      (
        await stranger().call(referralLinkEndpoints.sendCode, {
          params: { code: namelessCode },
          body: { phone: nextPhone() },
        })
      ).statusCode,
    ).toBe(403);

    const first = await aBroker(t);
    const tenant = nextPhone();
    await aReferral(t, first, { tenantPhone: tenant });
    const second = await aBroker(t);
    const taken = await askThroughLink((await linkOf(second)).code, tenant);
    expect(taken.statusCode).toBe(409);
    expect(taken.json<ApiError>().message).not.toMatch(/[0-9٠-٩]{4}/);
    expect(
      await t.database.db.select().from(referrals).where(eq(referrals.brokerId, second.id)),
    ).toEqual([]);
  });

  it('shows in the admin analytics by source', async () => {
    const admin = await anAdmin(t);
    const broker = await aBroker(t);
    const { code } = await linkOf(broker);
    await askThroughLink(code, nextPhone());
    await askThroughLink(code, nextPhone(), { viaQr: true });
    await aReferral(t, broker);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(new Date());
    const analytics = await as(admin).call(adminAnalyticsEndpoints.analytics, {
      query: { from: today, to: today },
    });
    const bySource = Object.fromEntries(
      analytics.json().referralsBySource.map((row) => [row.source, row.referrals]),
    );
    // Earlier tests of this file made link and QR referrals today too.
    expect(bySource.link).toBeGreaterThanOrEqual(1);
    expect(bySource.qr).toBeGreaterThanOrEqual(1);
    expect(bySource.typed).toBeGreaterThanOrEqual(1);
    const before = { ...bySource };
    await askThroughLink(code, nextPhone());
    const after = Object.fromEntries(
      (
        await as(admin).call(adminAnalyticsEndpoints.analytics, {
          query: { from: today, to: today },
        })
      )
        .json()
        .referralsBySource.map((row) => [row.source, row.referrals]),
    );
    expect(after.link).toBe((before.link ?? 0) + 1);
    expect(after.qr).toBe(before.qr);
  });

  it('sends a phone five codes in fifteen minutes, then refuses', async () => {
    const broker = await aBroker(t);
    const { code } = await linkOf(broker);
    const phone = nextPhone();
    for (let i = 0; i < 5; i += 1) {
      expect(
        (
          await stranger().call(referralLinkEndpoints.sendCode, {
            params: { code },
            body: { phone },
          })
        ).statusCode,
      ).toBe(200);
    }
    expect(
      (await stranger().call(referralLinkEndpoints.sendCode, { params: { code }, body: { phone } }))
        .statusCode,
    ).toBe(429);
  });

  it('sends one link sixty codes in fifteen minutes, whatever the phones, then refuses', async () => {
    const broker = await aBroker(t);
    const { code } = await linkOf(broker);
    for (let i = 0; i < 60; i += 1) {
      const sent = await stranger().call(referralLinkEndpoints.sendCode, {
        params: { code },
        body: { phone: nextPhone() },
      });
      expect(sent.statusCode).toBe(200);
    }
    const limited = await stranger().call(referralLinkEndpoints.sendCode, {
      params: { code },
      body: { phone: nextPhone() },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ApiError>().message).toMatch(/[\u0600-\u06FF]/);
    // Another broker's link is not affected.
    const other = (await linkOf(await aBroker(t))).code;
    expect(
      (
        await stranger().call(referralLinkEndpoints.sendCode, {
          params: { code: other },
          body: { phone: nextPhone() },
        })
      ).statusCode,
    ).toBe(200);
  });
});
