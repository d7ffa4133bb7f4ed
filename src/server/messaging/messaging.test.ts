import { createHmac } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminMessagingEndpoints } from '#contract/admin/messaging';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { authEndpoints } from '#contract/auth';
import { brokerEndpoints } from '#contract/brokers';
import { messagingEndpoints } from '#contract/messaging';
import { referralEndpoints } from '#contract/referrals';
import { tenantFormEndpoints } from '#contract/tenant-forms';
import { CONSENT_VERSION } from '#domain';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import {
  auditLog,
  brokers,
  notifications,
  outboundMessages,
  referrals,
  whatsappTemplates,
} from '../db/schema.js';
import { client } from '../test-support/client.js';
import { type BodyOf, present, unchecked } from '../test-support/endpoints.js';
import { type FakeTaqnyat, startFakeTaqnyat } from '../test-support/fakes/taqnyat.js';
import { type FakeUnifonic, startFakeUnifonic } from '../test-support/fakes/unifonic.js';
import {
  type FakeWhatsApp,
  META_ERRORS,
  type MetaErrorCode,
  startFakeWhatsApp,
  type TemplateEvent,
  webhookBody,
} from '../test-support/fakes/whatsapp.js';
import { type FakeZoho, startFakeZoho } from '../test-support/fakes/zoho.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import {
  createTestApp,
  nextPhone,
  sessionCookieFrom,
  type TestApp,
  type TestBroker,
} from '../test-support/test-app.js';
import { PRODUCT_TEMPLATES, templateFor } from './templates.js';

// Every provider is a fake HTTP server on 127.0.0.1 that answers as the real one
// does; the app reaches it through the adapters its configuration names.

const APP_SECRET = 'whatsapp-app-secret';
const VERIFY_TOKEN = 'verify-me-please';
const intl = (phone: string) => `966${phone.slice(1)}`;

let unifonic: FakeUnifonic;
let taqnyat: FakeTaqnyat;
let whatsapp: FakeWhatsApp;
let zoho: FakeZoho;

beforeAll(async () => {
  [unifonic, taqnyat, whatsapp, zoho] = await Promise.all([
    startFakeUnifonic(),
    startFakeTaqnyat(),
    startFakeWhatsApp(),
    startFakeZoho(),
  ]);
});
afterAll(async () => {
  await Promise.all([unifonic.close(), taqnyat.close(), whatsapp.close(), zoho.close()]);
});
afterEach(() => {
  for (const fake of [unifonic, taqnyat, whatsapp, zoho]) fake.down = null;
  unifonic.failFor.clear();
  taqnyat.failFor.clear();
  whatsapp.failFor.clear();
});

type Providers = { sms?: 'unifonic' | 'taqnyat'; whatsapp?: boolean; zoho?: boolean };

function envFor(providers: Providers): Record<string, string> {
  return {
    AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
    ...(providers.sms === 'taqnyat'
      ? {
          SMS_PROVIDER: 'taqnyat',
          TAQNYAT_TOKEN: 'test-taqnyat-token',
          TAQNYAT_SENDER: 'Shareek',
          TAQNYAT_BASE_URL: taqnyat.url,
        }
      : {
          SMS_PROVIDER: 'unifonic',
          UNIFONIC_APP_SID: 'test-app-sid',
          UNIFONIC_SENDER_ID: 'Shareek',
          UNIFONIC_BASE_URL: unifonic.url,
        }),
    ...(providers.whatsapp === false
      ? {}
      : {
          WHATSAPP_PHONE_NUMBER_ID: '100200300400500',
          WHATSAPP_ACCESS_TOKEN: 'test-whatsapp-token',
          WHATSAPP_BUSINESS_ACCOUNT_ID: '900800700600500',
          WHATSAPP_APP_SECRET: APP_SECRET,
          WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
          WHATSAPP_API_BASE_URL: whatsapp.url,
        }),
    ...(providers.zoho === false
      ? {}
      : {
          ZOHO_CLIENT_ID: '1000.TESTCLIENT',
          ZOHO_CLIENT_SECRET: 'test-client-secret',
          ZOHO_REFRESH_TOKEN: '1000.test-refresh-token',
          ZOHO_ACCOUNTS_URL: zoho.url,
        }),
  };
}

/**
 * Short backoff and lease, and messages retried for 1.5 s instead of a day; no background
 * polling: each test drains the outbox itself.
 */
const OUTBOX = {
  backoffBaseMs: 20,
  leaseMs: 300,
  retryForMs: 1_500,
  pollMs: 3_600_000,
  unconfirmedWaitMs: 20,
};

const open = (providers: Providers = {}, outbox: Partial<typeof OUTBOX> = {}) =>
  createTestApp(envFor(providers), { sms: undefined, outbox: { ...OUTBOX, ...outbox } });

/** The last SMS a fake provider received for a phone. */
const lastSms = (phone: string) =>
  [...unifonic.received, ...taqnyat.received.map((r) => ({ ...r, recipient: r.recipients[0] }))]
    .filter((r) => r.recipient === intl(phone))
    .at(-1)?.body ?? null;

/** Signs up as a real user would: the code is read from what the SMS provider received. */
async function signUp(
  t: TestApp,
  roles: { admin?: boolean; active?: boolean } = {},
): Promise<TestBroker> {
  const phone = nextPhone();
  const stranger = client(t).as(null);
  const sent = await stranger.call(authEndpoints.sendOtp, { body: { phone } });
  expect(sent.statusCode, sent.body).toBe(200);
  expect(sent.json()).not.toHaveProperty('otpCode');
  const code = /(\d{4})/.exec(lastSms(phone) ?? '')?.[1];
  const verified = await stranger.call(authEndpoints.verifyOtp, {
    body: {
      phone,
      otp: present(code),
      password: 'secret123',
    },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const { id } = verified.json().user;
  await t.database.db
    .update(brokers)
    .set({
      fullName: 'وسيط تجريبي',
      profileComplete: true,
      isActive: roles.active ?? true,
      isAdmin: roles.admin ?? false,
    })
    .where(eq(brokers.id, id));
  return { id, phone, cookie: sessionCookieFrom(verified) };
}

/** An admin and a broker, signed up as real users are: the people of a describe's tests. */
async function anAdminAndABroker(t: TestApp) {
  const admin = await signUp(t, { admin: true });
  return { admin, broker: await signUp(t) };
}

/** The admin's alerts that messages could not be sent. */
const sendingAlerts = (t: TestApp, admin: TestBroker) =>
  t.database.db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.brokerId, admin.id), eq(notifications.title, 'تعذر إرسال الرسائل')),
    );
/** Clears the admin's notifications, so the next alert is counted from none. */
const clearNotifications = (t: TestApp, admin: TestBroker) =>
  t.database.db.delete(notifications).where(eq(notifications.brokerId, admin.id));

const setChannel = (
  t: TestApp,
  admin: TestBroker,
  preferredChannel: BodyOf<typeof messagingEndpoints.saveConfig>['preferredChannel'],
  fallback = true,
) =>
  client(t)
    .as(admin)
    .call(messagingEndpoints.saveConfig, { body: { preferredChannel, fallbackEnabled: fallback } });

/** The messages a referral caused, oldest first (CRM calls are not messages). */
const rowsOf = (t: TestApp, referralId: string) =>
  t.database.db
    .select()
    .from(outboundMessages)
    .where(and(eq(outboundMessages.referralId, referralId), ne(outboundMessages.channel, 'crm')))
    .orderBy(outboundMessages.createdAt);

async function refer(t: TestApp, broker: TestBroker, tenantPhone = nextPhone()) {
  const created = await client(t)
    .as(broker)
    .call(referralEndpoints.create, { body: { tenantPhone, rent: 60000 } });
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json().id, tenantPhone };
}

const sign = (raw: string) =>
  `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`;

function postWebhook(t: TestApp, body: unknown, signature?: string) {
  // Raw: the signature is over these exact bytes, sent as they are.
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/whatsapp',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature ?? sign(raw) },
    payload: raw,
  });
}

describe('one-time codes reach the phone', { timeout: 90_000 }, () => {
  it('through Unifonic, with our sender and the code in Arabic', async () => {
    const t = await open({ whatsapp: false, zoho: false });
    try {
      const phone = nextPhone();
      expect(
        (await client(t).as(null).call(authEndpoints.sendOtp, { body: { phone } })).statusCode,
      ).toBe(200);
      const request = unifonic.received.filter((r) => r.recipient === intl(phone)).at(-1);
      expect(request).toMatchObject({ appSid: 'test-app-sid', senderId: 'Shareek' });
      // The SMS names what the code is for (decision record 045).
      expect(request?.body).toMatch(/^رمز الدخول أو التسجيل في .+: \d{4}\n/);
    } finally {
      await t.close();
    }
  });

  it('through Taqnyat', async () => {
    const t = await open({ sms: 'taqnyat', whatsapp: false, zoho: false });
    try {
      const phone = nextPhone();
      expect(
        (await client(t).as(null).call(authEndpoints.sendOtp, { body: { phone } })).statusCode,
      ).toBe(200);
      const request = taqnyat.received.filter((r) => r.recipients[0] === intl(phone)).at(-1);
      expect(request?.sender).toBe('Shareek');
      expect(request?.body).toMatch(/\d{4}/);
    } finally {
      await t.close();
    }
  });

  it('through WhatsApp when preferred (the authentication template), else SMS on failure', async () => {
    const t = await open({ zoho: false });
    try {
      whatsapp.addTemplate({
        name: 'verification_code',
        language: 'ar',
        category: 'AUTHENTICATION',
        body: '*{{1}}* هو رمز التحقق الخاص بك.',
      });
      const admin = await signUp(t, { admin: true });
      expect((await setChannel(t, admin, 'whatsapp')).statusCode).toBe(200);

      const phone = nextPhone();
      expect(
        (await client(t).as(null).call(authEndpoints.sendOtp, { body: { phone } })).statusCode,
      ).toBe(200);
      const sent = whatsapp.sent.filter((m) => m.to === intl(phone)).at(-1);
      expect(sent?.template?.name).toBe('verification_code');
      expect(sent?.template?.parameters[0]).toMatch(/^\d{4}$/);
      expect(sent?.template?.buttonParameter).toBe(sent?.template?.parameters[0]);
      expect(lastSms(phone)).toBeNull();

      // Not on WhatsApp: the same request falls back to SMS.
      const other = nextPhone();
      whatsapp.failFor.set(intl(other), 'notOnWhatsApp131026');
      expect(
        (
          await client(t)
            .as(null)
            .call(authEndpoints.sendOtp, { body: { phone: other } })
        ).statusCode,
      ).toBe(200);
      expect(lastSms(other)).toMatch(/\d{4}/);
    } finally {
      await t.close();
    }
  });

  it('a provider that cannot deliver: 503 in Arabic, nothing retried, no code in the log', async () => {
    const lines: string[] = [];
    const t = await createTestApp(
      { ...envFor({ whatsapp: false, zoho: false }), LOG_LEVEL: 'info' },
      {
        sms: undefined,
        outbox: OUTBOX,
        logStream: {
          write: (line: string) => lines.push(line),
        } as unknown as NodeJS.WritableStream,
      },
    );
    try {
      const phone = nextPhone();
      unifonic.failFor.set(intl(phone), 'invalid482');
      const sent = await client(t).as(null).call(authEndpoints.sendOtp, { body: { phone } });
      expect(sent.statusCode).toBe(503);
      expect(sent.json()).toMatchObject({
        code: 'OTP_NOT_SENT',
        message: 'تعذر إرسال رمز التحقق حالياً، يرجى المحاولة مرة أخرى بعد قليل',
      });
      const body = unifonic.received.filter((r) => r.recipient === intl(phone)).at(-1)?.body ?? '';
      const code = /\d{4}/.exec(body)?.[0] ?? 'none';
      expect(lines.join('')).not.toContain(code);
      expect(await t.database.db.select().from(outboundMessages)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('the outbox', { timeout: 90_000 }, () => {
  let admin: TestBroker;
  let broker: TestBroker;
  const t = sharedTestApp(() => open({ zoho: false }));
  // Each test leaves the channel as it found it.
  afterEach(async () => {
    await setChannel(t, admin, 'sms');
  });
  beforeAll(async () => {
    ({ admin, broker } = await anAdminAndABroker(t));
  });

  it("a new referral's link reaches the tenant, once, with our id as the correlation id", async () => {
    const { id, tenantPhone } = await refer(t, broker);
    await t.app.outbox.drain();
    const [row] = await rowsOf(t, id);
    expect(row).toMatchObject({ channel: 'sms', kind: 'tenant_link', status: 'sent', attempts: 1 });
    const requests = unifonic.received.filter((r) => r.recipient === intl(tenantPhone));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.correlationId).toBe(row?.id);
    expect(requests[0]?.body).toContain('لخدمة دفع الإيجار شهرياً. أكمل بياناتك عبر الرابط: ');
    expect(row?.providerMessageId).toBeTruthy();
    await t.app.outbox.drain();
    expect(unifonic.received.filter((r) => r.recipient === intl(tenantPhone))).toHaveLength(1);
  });

  it('with the provider down the message waits, then goes once when it is back', async () => {
    unifonic.down = 'server500';
    const { id, tenantPhone } = await refer(t, broker);
    await t.app.outbox.drain();
    const [waiting] = await rowsOf(t, id);
    expect(waiting).toMatchObject({ status: 'queued', errorKind: 'transient' });
    expect(waiting?.lastError).toContain('HTTP 500');
    const refused = waiting?.attempts ?? 0;
    unifonic.down = null;
    const fromHere = unifonic.received.length;
    await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** refused));
    await t.app.outbox.drain();
    const [sent] = await rowsOf(t, id);
    expect(sent).toMatchObject({ status: 'sent', attempts: refused + 1, lastError: null });
    // Once the provider is back: one request, accepted, with our id as its correlation id.
    expect(
      unifonic.received.slice(fromHere).filter((r) => r.recipient === intl(tenantPhone)),
    ).toEqual([expect.objectContaining({ correlationId: sent?.id })]);
  });

  it('transient failures are retried until the message is too old (a day; here 1.5 s), then failed; an admin retries', async () => {
    const tenantPhone = nextPhone();
    unifonic.failFor.set(intl(tenantPhone), 'malformed');
    const { id } = await refer(t, broker, tenantPhone);
    for (let i = 0; i < 40; i++) {
      await t.app.outbox.drain();
      const [row] = await rowsOf(t, id);
      if (row?.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [failed] = await rowsOf(t, id);
    expect(failed).toMatchObject({ status: 'failed', errorKind: 'transient' });
    expect(failed?.attempts).toBeGreaterThan(3);

    const listed = await client(t)
      .as(admin)
      .call(adminMessagingEndpoints.outbox, {
        query: { status: 'failed', phone: '٠'.concat(tenantPhone.slice(1)) },
      });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.map((i) => i.id)).toEqual([failed?.id]);

    unifonic.failFor.delete(intl(tenantPhone));
    const retried = await client(t)
      .as(admin)
      .call(adminMessagingEndpoints.retry, { params: { id: present(failed?.id) } });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'queued' });
    await t.app.outbox.drain();
    const [sent] = await rowsOf(t, id);
    expect(sent?.status).toBe('sent');
    expect(
      (
        await client(t)
          .as(admin)
          .call(adminMessagingEndpoints.retry, { params: { id: present(failed?.id) } })
      ).statusCode,
    ).toBe(409);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'outbox.retry'), eq(auditLog.entityId, sent?.id ?? '')));
    expect(audited).toHaveLength(1);
  });

  it('two admins retrying the same failed message at once: one queues it, the other is told it is not failed, one audit row', async () => {
    const { id } = await refer(t, broker);
    await t.app.outbox.drain();
    const [message] = await rowsOf(t, id);
    await t.database.db
      .update(outboundMessages)
      .set({ status: 'failed', lastError: 'transient: test' })
      .where(eq(outboundMessages.id, present(message?.id)));
    const retry = () =>
      client(t)
        .as(admin)
        .call(adminMessagingEndpoints.retry, { params: { id: present(message?.id) } });
    const answers = await Promise.all([retry(), retry()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json<ApiError>().message).toBe('لا يُعاد إلا إرسال رسالة تعذر إرسالها');
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'outbox.retry'), eq(auditLog.entityId, present(message?.id))));
    expect(audited).toHaveLength(1);
  });

  it('a sender the provider refuses: failed at once, not retried, the admins are told', async () => {
    const tenantPhone = nextPhone();
    unifonic.failFor.set(intl(tenantPhone), 'sender480');
    const { id } = await refer(t, broker, tenantPhone);
    await t.app.outbox.drain();
    await t.app.outbox.drain();
    const [row] = await rowsOf(t, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, errorKind: 'config' });
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.brokerId, admin.id));
    expect(
      told.some((n) => n.title === 'تعذر إرسال الرسائل' && n.link === '/messaging-config'),
    ).toBe(true);
  });

  it('WhatsApp first when preferred; not on WhatsApp falls back to SMS, once', async () => {
    expect((await setChannel(t, admin, 'whatsapp')).statusCode).toBe(200);
    whatsapp.addTemplate({
      name: 'tenant_form_link',
      language: 'ar',
      category: 'UTILITY',
      body: 'مرحباً، رشّحك الوسيط العقاري {{1}} لخدمة دفع الإيجار شهرياً. أكمل بياناتك عبر الرابط: {{2}}',
    });
    const reached = await refer(t, broker);
    const missedPhone = nextPhone();
    whatsapp.failFor.set(intl(missedPhone), 'notOnWhatsApp131026');
    const missed = await refer(t, broker, missedPhone);
    await t.app.outbox.drain();
    await t.app.outbox.drain();

    const [onWhatsApp] = await rowsOf(t, reached.id);
    expect(onWhatsApp).toMatchObject({ channel: 'whatsapp', status: 'sent' });
    const sent = whatsapp.sent.find((m) => m.to === intl(reached.tenantPhone));
    expect(sent?.opaque).toBe(onWhatsApp?.id);
    expect(sent?.template?.parameters[0]).toBe('وسيط تجريبي');
    expect(lastSms(reached.tenantPhone)).toBeNull();

    const rows = await rowsOf(t, missed.id);
    expect(rows.map((r) => [r.channel, r.status, r.errorKind])).toEqual([
      ['whatsapp', 'failed', 'recipient'],
      ['sms', 'sent', null],
    ]);
    expect(rows[1]?.fallbackOf).toBe(rows[0]?.id);
    expect(lastSms(missed.tenantPhone)).toContain('أكمل بياناتك عبر الرابط');
  });

  it('both channels when the admin prefers both', async () => {
    expect((await setChannel(t, admin, 'both')).statusCode).toBe(200);
    const { id } = await refer(t, broker);
    await t.app.outbox.drain();
    expect((await rowsOf(t, id)).map((r) => [r.channel, r.status]).sort()).toEqual([
      ['sms', 'sent'],
      ['whatsapp', 'sent'],
    ]);
  });

  it('an expired lease is taken again: a worker that died does not lose the message, nor send it twice', async () => {
    const { id } = await refer(t, broker);
    await t.app.outbox.drain();
    // A worker claimed it again and died before recording anything.
    await t.database.db
      .update(outboundMessages)
      .set({ status: 'sending', attempts: 1, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outboundMessages.referralId, id));
    await t.app.outbox.drain();
    const [row] = await rowsOf(t, id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    // Taken again, the message is unconfirmed, and Unifonic is asked by its
    // CorrelationID before sending; it has it, so it is not sent a second time (it was, before).
    expect(unifonic.received.filter((r) => r.correlationId === row?.id)).toHaveLength(1);
  });

  it('an expired WhatsApp token: the admins are told, and the message still goes by SMS', async () => {
    expect((await setChannel(t, admin, 'whatsapp')).statusCode).toBe(200);
    const tenantPhone = nextPhone();
    whatsapp.failFor.set(intl(tenantPhone), 'token190');
    const before = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.brokerId, admin.id), eq(notifications.title, 'تعذر إرسال الرسائل')),
      );
    const { id } = await refer(t, broker, tenantPhone);
    await t.app.outbox.drain();
    await t.app.outbox.drain();
    expect((await rowsOf(t, id)).map((r) => [r.channel, r.status, r.errorKind])).toEqual([
      ['whatsapp', 'failed', 'config'],
      ['sms', 'sent', null],
    ]);
    const after = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.brokerId, admin.id), eq(notifications.title, 'تعذر إرسال الرسائل')),
      );
    expect(after.length).toBe(
      before.length + (before.some((n) => n.message.includes('واتساب')) ? 0 : 1),
    );
    expect(after.some((n) => n.message.includes('واتساب'))).toBe(true);
  });

  it("the tenant's submission tells the broker on the preferred channel", async () => {
    const { id } = await refer(t, broker);
    const [referral] = await t.database.db.select().from(referrals).where(eq(referrals.id, id));
    const submitted = await client(t)
      .as(null)
      .call(tenantFormEndpoints.submit, {
        body: {
          token: present(referral?.formToken),
          referralId: id,
          name: 'مستأجر تجريبي',
          income: 12000,
          monthlyObligations: 2000,
          consent: true,
          creditConsent: true,
          consentVersion: CONSENT_VERSION,
        },
      });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await t.app.outbox.drain();
    const update = (await rowsOf(t, id)).find((r) => r.kind === 'status_update');
    expect(update).toMatchObject({ recipient: broker.phone, status: 'sent' });
    expect(lastSms(broker.phone)).toContain('«قيد المراجعة»');
    // A resend is refused once the tenant has submitted.
    expect(
      (await client(t).as(broker).call(referralEndpoints.resendLink, { params: { id } }))
        .statusCode,
    ).toBe(409);
  });

  it('while the provider hangs, 20 broker reads on the embedded database all finish', async () => {
    unifonic.down = 'hang';
    const { id, tenantPhone } = await refer(t, broker);
    let sending = true;
    const delivery = t.app.outbox.drain().then(() => {
      sending = false;
    });
    // The worker now waits on the provider (5 s limit) with no transaction open.
    for (let i = 0; i < 200; i++) {
      if (unifonic.received.some((r) => r.recipient === intl(tenantPhone))) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await rowsOf(t, id))[0]?.status).toBe('sending');
    const reads = await Promise.all(
      Array.from({ length: 20 }, () =>
        client(t)
          .as(broker)
          .call(referralEndpoints.list, { query: { page: 1 } }),
      ),
    );
    expect(reads.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    // All twenty answered while the provider call was still under way.
    expect(sending).toBe(true);
    unifonic.down = null;
    await delivery;
    // The hung attempt gave up at the adapter's 5 s limit and was recorded as such.
    const [row] = await rowsOf(t, id);
    expect(row?.lastError).toContain('timeout');
    expect(row?.errorKind).toBe('transient');
  }, 30_000);

  it('a status change tells the broker on the preferred channel, unless they switched it off', async () => {
    const { id, tenantPhone } = await refer(t, broker);
    const move = (status: string) =>
      client(t)
        .as(admin)
        .call(adminReferralEndpoints.changeStatus, { params: { id }, body: { status } });
    expect((await move('under_review')).statusCode).toBe(200);
    await t.app.outbox.drain();
    const update = (await rowsOf(t, id)).find((r) => r.kind === 'status_update');
    expect(update).toMatchObject({ recipient: broker.phone, status: 'sent' });
    expect(lastSms(broker.phone)).toContain(`حالة طلب المستأجر ${tenantPhone} أصبحت «`);

    const off = await client(t)
      .as(broker)
      .call(brokerEndpoints.updateProfile, { body: { notifyByMessage: false } });
    expect(off.json()).toMatchObject({ notifyByMessage: false });
    expect((await move('accepted_awaiting_owner_contract')).statusCode).toBe(200);
    expect((await rowsOf(t, id)).filter((r) => r.kind === 'status_update')).toHaveLength(1);
    await client(t)
      .as(broker)
      .call(brokerEndpoints.updateProfile, { body: { notifyByMessage: true } });
  });

  it('the broker sees whether the link arrived, and may send it again only after a failure', async () => {
    // A link on its way (or arrived) is not sent again.
    const fine = await refer(t, broker);
    await t.app.outbox.drain();
    expect(
      (
        await client(t)
          .as(broker)
          .call(referralEndpoints.resendLink, { params: { id: fine.id } })
      ).statusCode,
    ).toBe(409);

    const tenantPhone = nextPhone();
    unifonic.failFor.set(intl(tenantPhone), 'invalid482');
    const { id } = await refer(t, broker, tenantPhone);
    const resend = () =>
      client(t).as(broker).call(referralEndpoints.resendLink, { params: { id } });
    await t.app.outbox.drain();
    const details = await client(t).as(broker).call(referralEndpoints.details, { params: { id } });
    expect(details.json().linkDelivery).toMatchObject({
      status: 'failed',
      channel: 'sms',
      canResend: true,
    });
    unifonic.failFor.delete(intl(tenantPhone));
    const again = await resend();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ canResend: false });
    expect(['queued', 'sending', 'sent']).toContain(again.json().status);
    await t.app.outbox.drain();
    const after = await client(t).as(broker).call(referralEndpoints.details, { params: { id } });
    expect(after.json().linkDelivery).toMatchObject({ status: 'sent', canResend: false });
    // Another broker cannot resend it.
    const stranger = await signUp(t);
    expect(
      (await client(t).as(stranger).call(referralEndpoints.resendLink, { params: { id } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('two app instances on one database, and a restart', { timeout: 90_000 }, () => {
  it('each message goes once, whichever instance takes it, and a restart resumes', async () => {
    // Retried for a minute here: however slow the machine, the outage never outlasts it.
    const outbox = { ...OUTBOX, retryForMs: 60_000 };
    const t = await open({ whatsapp: false, zoho: false }, outbox);
    const config = loadConfig({ NODE_ENV: 'test', ...envFor({ whatsapp: false, zoho: false }) });
    const second = await buildApp({ config, database: t.database, webRoot: null, outbox });
    try {
      const broker = await signUp(t);
      unifonic.down = 'server500';
      const made = [];
      for (let i = 0; i < 6; i++) made.push(await refer(t, broker));
      await t.app.outbox.drain();
      unifonic.down = null;
      const fromHere = unifonic.received.length;
      // Both instances work the outbox until every message is out (waits of up to seconds).
      for (let i = 0; i < 300; i++) {
        await Promise.all([t.app.outbox.drain(), second.outbox.drain()]);
        const rows = await t.database.db.select().from(outboundMessages);
        if (rows.every((row) => row.status === 'sent')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      for (const { tenantPhone } of made) {
        // Since the provider came back: exactly one request per message, from either instance.
        const accepted = unifonic.received
          .slice(fromHere)
          .filter((r) => r.recipient === intl(tenantPhone));
        expect(accepted).toHaveLength(1);
      }

      // A message queued, then the instance stops before sending it: the next one sends it.
      const late = await refer(t, broker);
      await t.app.close();
      await second.outbox.drain();
      const [row] = await t.database.db
        .select()
        .from(outboundMessages)
        .where(eq(outboundMessages.referralId, late.id));
      expect(row?.status).toBe('sent');
    } finally {
      await second.close();
      await t.close().catch(() => undefined);
    }
  });
});

describe('WhatsApp templates and webhooks', { timeout: 90_000 }, () => {
  let admin: TestBroker;
  let broker: TestBroker;
  const t = sharedTestApp(() => open({ zoho: false }));
  beforeAll(async () => {
    ({ admin, broker } = await anAdminAndABroker(t));
  });

  /**
   * A referral whose link goes out by WhatsApp, its template approved (with the SMS fallback
   * unless told not to): its id, its tenant's phone and its messages once the outbox ran.
   */
  async function sentByWhatsApp(fallback = true) {
    await setChannel(t, admin, 'whatsapp', fallback);
    whatsapp.approve('tenant_form_link');
    const { id, tenantPhone } = await refer(t, broker);
    await t.app.outbox.drain();
    return { id, tenantPhone, rows: await rowsOf(t, id) };
  }

  it('set-up submits the missing Arabic templates once; the list shows their status', async () => {
    whatsapp.templates.splice(0);
    const setup = await client(t).as(admin).call(messagingEndpoints.setupTemplates);
    expect(setup.statusCode, setup.body).toBe(200);
    expect(setup.json().submitted.sort()).toEqual(
      [
        'broker_broadcast',
        'broker_message',
        'broker_nudge',
        'fal_license_reminder',
        'office_invitation',
        'referral_status_update',
        'tenant_form_link',
        'verification_code',
      ].sort(),
    );
    expect(setup.json().templates.every((tpl) => tpl.status === 'pending')).toBe(true);
    const auth = whatsapp.received.find(
      (r) =>
        r.method === 'POST' &&
        r.path.endsWith('/message_templates') &&
        JSON.stringify(r.body).includes('verification_code'),
    );
    expect(JSON.stringify(auth?.body)).toContain('COPY_CODE');

    const again = await client(t).as(admin).call(messagingEndpoints.setupTemplates);
    expect(again.json().submitted).toEqual([]);
    expect(again.json().existing).toHaveLength(PRODUCT_TEMPLATES.length);

    whatsapp.approve('tenant_form_link');
    const listed = await client(t).as(admin).call(messagingEndpoints.templates);
    expect(listed.json().configured).toBe(true);
    expect(listed.json().templates.find((tpl) => tpl.name === 'tenant_form_link')?.status).toBe(
      'approved',
    );
  });

  it('the handshake echoes the challenge only for our verify token', async () => {
    const ok = await client(t)
      .as(null)
      .call(messagingEndpoints.webhookHandshake, {
        query: {
          'hub.mode': 'subscribe',
          'hub.verify_token': VERIFY_TOKEN,
          'hub.challenge': '12345',
        },
      });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('12345');
    const wrong = await client(t)
      .as(null)
      .call(messagingEndpoints.webhookHandshake, {
        query: { 'hub.mode': 'subscribe', 'hub.verify_token': 'guess', 'hub.challenge': '1' },
      });
    expect(wrong.statusCode).toBe(403);
  });

  it('signed statuses move the row forward whatever their order; a forged one does nothing', async () => {
    const {
      id,
      tenantPhone,
      rows: [row],
    } = await sentByWhatsApp();
    expect(row?.status).toBe('sent');
    const wamid = row?.providerMessageId ?? '';
    const status = (s: 'sent' | 'delivered' | 'read', timestamp: number) =>
      webhookBody([
        {
          field: 'messages',
          statuses: [{ id: wamid, status: s, recipientId: intl(tenantPhone), timestamp }],
        },
      ]);
    const now = Math.floor(Date.now() / 1000);

    // Forged: a wrong signature is refused and changes nothing.
    const forged = await postWebhook(t, status('read', now), 'sha256=00');
    expect(forged.statusCode).toBe(401);
    expect((await rowsOf(t, id))[0]?.status).toBe('sent');

    // Read arrives before delivered; then delivered, and a replay of read: it stays read.
    expect((await postWebhook(t, status('read', now + 2))).statusCode).toBe(200);
    expect((await postWebhook(t, status('delivered', now + 1))).statusCode).toBe(200);
    expect((await postWebhook(t, status('read', now + 2))).statusCode).toBe(200);
    const [read] = await rowsOf(t, id);
    expect(read?.status).toBe('read');
    expect(read?.readAt?.getTime()).toBe((now + 2) * 1000);
    expect(read?.deliveredAt).not.toBeNull();
    await setChannel(t, admin, 'sms');
  });

  it('a failed status from the webhook falls back to SMS', async () => {
    await setChannel(t, admin, 'whatsapp');
    const { id, tenantPhone } = await refer(t, broker);
    await t.app.outbox.drain();
    const [row] = await rowsOf(t, id);
    const failed = await postWebhook(
      t,
      webhookBody([
        {
          field: 'messages',
          statuses: [
            {
              id: row?.providerMessageId ?? '',
              status: 'failed',
              recipientId: intl(tenantPhone),
              opaque: row?.id,
              error: { code: 131026, title: 'Message undeliverable' },
            },
          ],
        },
      ]),
    );
    expect(failed.statusCode).toBe(200);
    await t.app.outbox.drain();
    expect((await rowsOf(t, id)).map((r) => [r.channel, r.status])).toEqual([
      ['whatsapp', 'failed'],
      ['sms', 'sent'],
    ]);
    await setChannel(t, admin, 'sms');
  });

  // Meta posts a status at least once and in no promised order, and a captured
  // post stays validly signed: a status applies to one attempt of one message, once.
  const statusPost = (
    id: string,
    tenantPhone: string,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    more: { timestamp?: number; opaque?: string; error?: { code: number; title: string } } = {},
  ) =>
    webhookBody([
      { field: 'messages', statuses: [{ id, status, recipientId: intl(tenantPhone), ...more }] },
    ]);

  it('a captured failed status, replayed after an admin retried the message, changes nothing', async () => {
    const {
      id,
      tenantPhone,
      rows: [first],
    } = await sentByWhatsApp(false);
    expect(first).toMatchObject({ channel: 'whatsapp', status: 'sent' });
    const captured = statusPost(first?.providerMessageId ?? '', tenantPhone, 'failed', {
      opaque: first?.id,
      error: { code: 131000, title: 'Something went wrong' },
    });
    expect((await postWebhook(t, captured)).statusCode).toBe(200);
    const [failed] = await rowsOf(t, id);
    expect(failed?.status).toBe('failed');
    expect((await postWebhook(t, captured)).statusCode).toBe(200);
    expect(await rowsOf(t, id)).toEqual([failed]);

    // The admin retries; Meta takes its time over the new attempt, whose id is not known yet.
    whatsapp.failFor.set(intl(tenantPhone), 'hang');
    const attempts = () =>
      whatsapp.received.filter((r) => JSON.stringify(r.body ?? null).includes(first?.id ?? ''))
        .length;
    const before = attempts();
    const retried = await client(t)
      .as(admin)
      .call(adminMessagingEndpoints.retry, { params: { id: present(first?.id) } });
    expect(retried.statusCode).toBe(200);
    for (let i = 0; i < 200 && attempts() === before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await rowsOf(t, id))[0]?.status).toBe('sending');
    // The replay meanwhile is left for Meta to send again, and changes nothing.
    const early = await postWebhook(t, captured);
    expect(early.statusCode).toBe(409);
    expect(early.json<ApiError>().message).toMatch(/[\u0600-\u06FF]/);
    expect((await rowsOf(t, id))[0]?.status).toBe('sending');

    // The hung attempt times out (5 s); past its retry window here (1.5 s), it is failed.
    whatsapp.failFor.delete(intl(tenantPhone));
    await t.app.outbox.drain();
    const [timedOut] = await rowsOf(t, id);
    expect(timedOut).toMatchObject({ status: 'failed', errorKind: 'transient' });
    expect((await postWebhook(t, captured)).statusCode).toBe(200);
    expect(await rowsOf(t, id)).toEqual([timedOut]);
    // Retried once more, it goes under a new id.
    await client(t)
      .as(admin)
      .call(adminMessagingEndpoints.retry, { params: { id: present(first?.id) } });
    await t.app.outbox.drain();
    const [again] = await rowsOf(t, id);
    expect(again).toMatchObject({ status: 'sent', lastError: null, errorKind: null });
    expect(again?.providerMessageId).not.toBe(first?.providerMessageId);
    // Redelivered or replayed, the old attempt's failure matches nothing.
    for (let i = 0; i < 2; i++) expect((await postWebhook(t, captured)).statusCode).toBe(200);
    expect(await rowsOf(t, id)).toEqual([again]);
    // The new attempt's own statuses still apply.
    const delivered = statusPost(again?.providerMessageId ?? '', tenantPhone, 'delivered');
    expect((await postWebhook(t, delivered)).statusCode).toBe(200);
    expect((await rowsOf(t, id))[0]?.status).toBe('delivered');
    await setChannel(t, admin, 'sms');
  }, 30_000);

  it('a late sent after delivered, or delivered after read, changes nothing', async () => {
    const { id, tenantPhone, rows } = await sentByWhatsApp();
    const wamid = rows[0]?.providerMessageId ?? '';
    const now = Math.floor(Date.now() / 1000);
    const post = (status: 'sent' | 'delivered' | 'read', timestamp: number) =>
      postWebhook(t, statusPost(wamid, tenantPhone, status, { timestamp }));

    expect((await post('delivered', now + 2)).statusCode).toBe(200);
    const [delivered] = await rowsOf(t, id);
    expect(delivered?.status).toBe('delivered');
    expect((await post('sent', now + 1)).statusCode).toBe(200);
    expect(await rowsOf(t, id)).toEqual([delivered]);

    expect((await post('read', now + 3)).statusCode).toBe(200);
    const [read] = await rowsOf(t, id);
    expect(read).toMatchObject({ status: 'read', deliveredAt: delivered?.deliveredAt });
    expect((await post('delivered', now + 2)).statusCode).toBe(200);
    expect((await post('sent', now + 1)).statusCode).toBe(200);
    expect(await rowsOf(t, id)).toEqual([read]);
    await setChannel(t, admin, 'sms');
  });

  it('a failed status posted twice is applied once: one alert, one fallback SMS', async () => {
    const {
      id,
      tenantPhone,
      rows: [row],
    } = await sentByWhatsApp();
    const alerts = () => sendingAlerts(t, admin);
    await clearNotifications(t, admin);
    const failed = statusPost(row?.providerMessageId ?? '', tenantPhone, 'failed', {
      opaque: row?.id,
      error: { code: 132001, title: 'Template name does not exist in the translation' },
    });

    expect((await postWebhook(t, failed)).statusCode).toBe(200);
    await t.app.outbox.drain();
    const once = await rowsOf(t, id);
    expect(once.map((r) => [r.channel, r.status])).toEqual([
      ['whatsapp', 'failed'],
      ['sms', 'sent'],
    ]);
    expect(await alerts()).toHaveLength(1);

    // The same post again (Meta's redelivery, or a replay), and once more after the alert's
    // hour would have let a second one through.
    expect((await postWebhook(t, failed)).statusCode).toBe(200);
    await clearNotifications(t, admin);
    expect((await postWebhook(t, failed)).statusCode).toBe(200);
    await t.app.outbox.drain();
    expect(await rowsOf(t, id)).toEqual(once);
    expect(await alerts()).toEqual([]);
    expect(lastSms(tenantPhone)).toContain('أكمل بياناتك عبر الرابط');
    await setChannel(t, admin, 'sms');
  });

  it("the admin's test goes through a template and explains 131047 in Arabic", async () => {
    whatsapp.approve('referral_status_update');
    const phone = nextPhone();
    const test = (to: string) =>
      client(t)
        .as(admin)
        .call(messagingEndpoints.testWhatsapp, { body: { phone: to, message: 'تجربة' } });
    const sent = await test(phone);
    expect(sent.json()).toMatchObject({ success: true, errorCode: null });
    expect(whatsapp.sent.at(-1)).toMatchObject({ to: intl(phone), type: 'template' });
    expect(whatsapp.sent.at(-1)?.template?.parameters).toContain('تجربة');

    const closed = nextPhone();
    whatsapp.failFor.set(intl(closed), 'token190');
    const expired = await test(closed);
    expect(expired.json()).toMatchObject({ success: false, errorCode: '190' });
    expect(expired.json().message).toContain('WHATSAPP_ACCESS_TOKEN');
    expect((await test('12')).statusCode).toBe(400);
  });

  it('the configuration says what is set, never a secret', async () => {
    const config = await client(t).as(admin).call(messagingEndpoints.config);
    expect(config.json()).toMatchObject({
      sms: { provider: 'unifonic', configured: true },
      whatsapp: { configured: true, phoneNumberId: true, accessToken: true, webhook: true },
      crm: {
        configured: false,
        missing: ['ZOHO_CLIENT_ID', 'ZOHO_CLIENT_SECRET', 'ZOHO_REFRESH_TOKEN'],
      },
    });
    expect(config.body).not.toContain('test-whatsapp-token');
    expect(config.body).not.toContain(APP_SECRET);
    const bad = await client(t)
      .as(admin)
      .call(messagingEndpoints.saveConfig, {
        body: { preferredChannel: unchecked('pigeon'), fallbackEnabled: true },
      });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>().message).toBe('قناة غير معروفة');
  });
});

describe('Zoho CRM', { timeout: 90_000 }, () => {
  it('each referral becomes one lead with its id stored; one token for concurrent calls', async () => {
    const t = await open({ whatsapp: false });
    try {
      const broker = await signUp(t);
      const before = zoho.tokenRequests;
      const made = await Promise.all(Array.from({ length: 5 }, () => refer(t, broker)));
      await t.app.outbox.drain();
      expect(zoho.tokenRequests - before).toBe(1);
      for (const { id, tenantPhone } of made) {
        const [referral] = await t.database.db
          .select({ zohoLeadId: referrals.zohoLeadId })
          .from(referrals)
          .where(eq(referrals.id, id));
        const leads = [...zoho.leads.values()].filter((l) => l.Mobile === `+${intl(tenantPhone)}`);
        expect(leads).toHaveLength(1);
        expect(referral?.zohoLeadId).toBe(leads[0]?.id);
        expect(String(leads[0]?.Description)).toContain(id);
      }
      // A status change updates the same lead, never a second one.
      const admin = await signUp(t, { admin: true });
      const first = made[0];
      await client(t)
        .as(admin)
        .call(adminReferralEndpoints.changeStatus, {
          params: { id: present(first?.id) },
          body: { status: 'under_review' },
        });
      await t.app.outbox.drain();
      const leads = [...zoho.leads.values()].filter(
        (l) => l.Mobile === `+${intl(first?.tenantPhone ?? '')}`,
      );
      expect(leads).toHaveLength(1);
      expect(String(leads[0]?.Description)).toContain('قيد المراجعة');
    } finally {
      await t.close();
    }
  });

  it("the test tool's full answer, and what to set when Zoho is not configured", async () => {
    const t = await open({ whatsapp: false });
    const bare = await open({ whatsapp: false, zoho: false });
    try {
      const admin = await signUp(t, { admin: true });
      const phone = nextPhone();
      const answer = await client(t)
        .as(admin)
        .call(adminMessagingEndpoints.testZohoLead, {
          body: { tenantPhone: phone, rentAmount: '٥٠٠٠٠' },
        });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({
        success: true,
        error: null,
        testData: { tenantPhone: phone, rent: 50000 },
        searchResults: [],
      });
      const { leadId, instructions } = answer.json();
      expect(zoho.leads.has(leadId ?? '')).toBe(true);
      expect(instructions.length).toBeGreaterThan(0);
      const again = await client(t)
        .as(admin)
        .call(adminMessagingEndpoints.testZohoLead, {
          body: { tenantPhone: phone, rentAmount: 50000 },
        });
      expect(again.json()).toMatchObject({
        success: true,
        leadId,
        searchResults: [{ id: leadId }],
      });

      zoho.refuseRefresh = true;
      zoho.expireTokens();
      const refused = await client(t)
        .as(admin)
        .call(adminMessagingEndpoints.testZohoLead, {
          body: { tenantPhone: nextPhone(), rentAmount: 50000 },
        });
      expect(refused.json()).toMatchObject({ success: false, leadId: null });
      zoho.refuseRefresh = false;

      const bareAdmin = await signUp(bare, { admin: true });
      const unconfigured = await client(bare)
        .as(bareAdmin)
        .call(adminMessagingEndpoints.testZohoLead, {
          body: { tenantPhone: phone, rentAmount: 50000 },
        });
      expect(unconfigured.json()).toMatchObject({ success: false, error: 'NOT_CONFIGURED' });
      expect(JSON.stringify(unconfigured.json())).toContain('ZOHO_REFRESH_TOKEN');
      expect(
        (
          await client(bare)
            .as(bareAdmin)
            .call(adminMessagingEndpoints.testZohoLead, {
              body: { tenantPhone: phone, rentAmount: 'x' },
            })
        ).statusCode,
      ).toBe(400);
    } finally {
      await t.close();
      await bare.close();
    }
  }, 90_000);
});

describe('Zoho CRM: a lead sales converted', { timeout: 90_000 }, () => {
  it('the next status change makes a new lead and keeps its id: no failure, no alert', async () => {
    const t = await open({ whatsapp: false });
    try {
      const broker = await signUp(t);
      const admin = await signUp(t, { admin: true });
      const { id } = await refer(t, broker);
      await t.app.outbox.drain();
      const leadOf = async () =>
        (
          await t.database.db
            .select({ zohoLeadId: referrals.zohoLeadId })
            .from(referrals)
            .where(eq(referrals.id, id))
        )[0]?.zohoLeadId ?? null;
      const first = await leadOf();
      expect(first).not.toBeNull();
      zoho.convertLead(first ?? '');

      await client(t)
        .as(admin)
        .call(adminReferralEndpoints.changeStatus, {
          params: { id },
          body: { status: 'under_review' },
        });
      await t.app.outbox.drain();
      const next = await leadOf();
      expect(next).not.toBe(first);
      expect(String(zoho.leads.get(next ?? '')?.Description)).toContain('قيد المراجعة');
      const crmRows = await t.database.db
        .select({ status: outboundMessages.status })
        .from(outboundMessages)
        .where(and(eq(outboundMessages.referralId, id), eq(outboundMessages.channel, 'crm')));
      expect(crmRows.map((r) => r.status)).toEqual(['sent', 'sent']);
      const alerts = await t.database.db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.brokerId, admin.id), eq(notifications.title, 'تعذر إرسال الرسائل')),
        );
      expect(alerts).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

// Meta reports some failures only by webhook, after it accepted the message; errors
// with no message (account, app, system level) come the same way; template events include
// REINSTATED and FLAGGED. The fake posts them, signed, to the app listening on 127.0.0.1.
describe('WhatsApp: what Meta reports later, by webhook', { timeout: 90_000 }, () => {
  let admin: TestBroker;
  let broker: TestBroker;
  const lines: string[] = [];
  const t = sharedTestApp(() =>
    createTestApp(
      { ...envFor({ zoho: false }), LOG_LEVEL: 'warn' },
      {
        sms: undefined,
        outbox: OUTBOX,
        logStream: {
          write: (line: string) => lines.push(line),
        } as unknown as NodeJS.WritableStream,
      },
    ),
  );
  beforeAll(async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    whatsapp.webhook = { url: `${base}/api/webhooks/whatsapp`, appSecret: APP_SECRET };
    ({ admin, broker } = await anAdminAndABroker(t));
    const link = templateFor('tenant_link');
    if (!whatsapp.templates.some((tpl) => tpl.name === link.name)) {
      whatsapp.addTemplate({
        name: link.name,
        language: link.language,
        category: link.category,
        body: link.body,
      });
    }
    whatsapp.approve(link.name);
  });
  afterAll(() => {
    whatsapp.webhook = null;
  });
  afterEach(() => {
    whatsapp.failLaterFor.clear();
    whatsapp.outgoing.length = 0;
  });

  const alerts = () => sendingAlerts(t, admin);
  const clearAlerts = () => clearNotifications(t, admin);

  /** A referral whose WhatsApp link Meta accepts, then reports failed with `code`. */
  async function failsLater(code: MetaErrorCode, fallback: boolean) {
    await setChannel(t, admin, 'whatsapp', fallback);
    const tenantPhone = nextPhone();
    whatsapp.failLaterFor.set(intl(tenantPhone), code);
    const { id } = await refer(t, broker, tenantPhone);
    await t.app.outbox.drain();
    const [accepted] = await rowsOf(t, id);
    expect(accepted).toMatchObject({ channel: 'whatsapp', status: 'sent' });
    expect(whatsapp.sent.some((m) => m.id === accepted?.providerMessageId)).toBe(true);
    expect(await whatsapp.deliverWebhooks()).toEqual([200]);
    await t.app.outbox.drain();
    return { id, tenantPhone, rows: await rowsOf(t, id) };
  }

  it.each([
    [131049, 'recipient', false],
    [131026, 'recipient', false],
    [132015, 'template', true],
    [132012, 'template', true],
    [131042, 'config', true],
    [368, 'config', true],
  ] as const)(
    'a late %s fails the row as %s and falls back to SMS (alert: %s)',
    async (code, kind, alerted) => {
      await clearAlerts();
      const { tenantPhone, rows } = await failsLater(code, true);
      expect(rows.map((r) => [r.channel, r.status, r.errorKind])).toEqual([
        ['whatsapp', 'failed', kind],
        ['sms', 'sent', null],
      ]);
      expect(rows[0]?.lastError).toBe(`${code}: ${META_ERRORS[code].title}`);
      expect(rows[1]?.fallbackOf).toBe(rows[0]?.id);
      expect(lastSms(tenantPhone)).toContain('أكمل بياناتك عبر الرابط');
      expect(await alerts()).toHaveLength(alerted ? 1 : 0);
    },
  );

  it('without fallback a late failure stays failed; a late 131000 is not an admin matter', async () => {
    await clearAlerts();
    const { rows } = await failsLater(131000, false);
    expect(rows.map((r) => [r.channel, r.status, r.errorKind])).toEqual([
      ['whatsapp', 'failed', 'transient'],
    ]);
    expect(await alerts()).toEqual([]);
    const config = await failsLater(131031, false);
    expect(config.rows.map((r) => [r.channel, r.status, r.errorKind])).toEqual([
      ['whatsapp', 'failed', 'config'],
    ]);
    expect(await alerts()).toHaveLength(1);
  });

  it('an account-level error with no message is logged, alerts the admins when theirs to fix, and is answered 200', async () => {
    await clearAlerts();
    lines.length = 0;
    whatsapp.reportError(130429);
    whatsapp.reportError(131016);
    expect(await whatsapp.deliverWebhooks()).toEqual([200, 200]);
    expect(await alerts()).toEqual([]);
    const logged = lines.join('');
    expect(logged).toContain('whatsapp reported an error with no message');
    expect(logged).toContain('"code":"130429"');
    expect(logged).toContain('"kind":"rate"');

    whatsapp.reportError(131042);
    whatsapp.reportError(190);
    expect(await whatsapp.deliverWebhooks()).toEqual([200, 200]);
    // Once an hour per admin: the second set-up error adds no second alert.
    expect(await alerts()).toHaveLength(1);
    expect(lines.join('')).toContain('"kind":"config"');

    // An error entry with nothing we understand changes nothing, and is still a 200.
    const odd = await postWebhook(t, {
      object: 'whatsapp_business_account',
      entry: [{ changes: [{ field: 'messages', value: { errors: [{ code: 'x' }, null, 7] } }] }],
    });
    expect(odd.statusCode).toBe(200);
  });

  it('template events: paused, REINSTATED back to approved, FLAGGED still sendable, deleted disabled', async () => {
    const name = templateFor('tenant_link').name;
    const stored = async () => {
      const [row] = await t.database.db
        .select()
        .from(whatsappTemplates)
        .where(eq(whatsappTemplates.name, name));
      return { status: row?.status, reason: row?.reason };
    };
    const event = async (kind: TemplateEvent, reason?: string) => {
      whatsapp.templateEvent(name, kind, reason);
      expect(await whatsapp.deliverWebhooks()).toEqual([200]);
      return stored();
    };
    await setChannel(t, admin, 'whatsapp', false);

    expect(await event('PAUSED')).toEqual({ status: 'paused', reason: null });
    // Meta refuses a paused template (132015): the message fails as a template problem.
    const paused = await refer(t, broker);
    await t.app.outbox.drain();
    expect((await rowsOf(t, paused.id))[0]).toMatchObject({
      status: 'failed',
      errorKind: 'template',
    });

    // REINSTATED: sendable again, and the console no longer says paused.
    expect(await event('REINSTATED')).toEqual({ status: 'approved', reason: null });
    const listed = await client(t).as(admin).call(messagingEndpoints.templates);
    expect(listed.json().templates.find((tpl) => tpl.name === name)?.status).toBe('approved');
    const reinstated = await refer(t, broker);
    await t.app.outbox.drain();
    expect((await rowsOf(t, reinstated.id))[0]?.status).toBe('sent');

    // FLAGGED: at risk, still sent.
    expect(await event('FLAGGED')).toEqual({ status: 'flagged', reason: null });
    const flagged = await refer(t, broker);
    await t.app.outbox.drain();
    expect((await rowsOf(t, flagged.id))[0]?.status).toBe('sent');
    expect(await event('APPROVED')).toEqual({ status: 'approved', reason: null });

    // Archived, being deleted, deleted: cannot be sent; the event is the reason shown.
    expect(await event('ARCHIVED')).toEqual({ status: 'disabled', reason: 'ARCHIVED' });
    // UNARCHIVED restores a status the event does not carry: nothing stored changes.
    expect(await event('UNARCHIVED')).toEqual({ status: 'disabled', reason: 'ARCHIVED' });
    expect(await event('REINSTATED')).toEqual({ status: 'approved', reason: null });
    expect(await event('PENDING_DELETION')).toEqual({
      status: 'disabled',
      reason: 'PENDING_DELETION',
    });
    expect(await event('DELETED')).toEqual({ status: 'disabled', reason: 'DELETED' });
    await setChannel(t, admin, 'sms');
  });
});

// A WhatsApp attempt that got no answer is unconfirmed; Meta's later status
// names it by our id (`biz_opaque_callback_data`), which settles it instead of a second send.
describe('WhatsApp: an unconfirmed message settled by its echoed id', { timeout: 90_000 }, () => {
  it('a status naming our id records the attempt as taken: not sent again', async () => {
    const t = await open({ zoho: false });
    try {
      const [row] = await t.database.db
        .insert(outboundMessages)
        .values({
          channel: 'whatsapp',
          kind: 'tenant_link',
          dedupeKey: `unconfirmed-${Date.now()}:whatsapp`,
          recipient: nextPhone(),
          body: 'رابط',
          status: 'queued',
          unconfirmedAt: new Date(),
          nextAttemptAt: new Date(Date.now() + 60_000),
        })
        .returning();
      if (!row) throw new Error('no row');
      const delivered = await postWebhook(
        t,
        webhookBody([
          {
            field: 'messages',
            statuses: [
              {
                id: 'wamid.LATE',
                status: 'delivered',
                recipientId: '966500000000',
                opaque: row.id,
              },
            ],
          },
        ]),
      );
      expect(delivered.statusCode).toBe(200);
      const [after] = await t.database.db
        .select()
        .from(outboundMessages)
        .where(eq(outboundMessages.id, row.id));
      expect(after).toMatchObject({
        status: 'delivered',
        providerMessageId: 'wamid.LATE',
        unconfirmedAt: null,
      });
      // A row that is not unconfirmed is never matched by the echoed id alone.
      const [other] = await t.database.db
        .insert(outboundMessages)
        .values({
          channel: 'whatsapp',
          kind: 'status_update',
          dedupeKey: `confirmed-${Date.now()}:whatsapp`,
          recipient: nextPhone(),
          body: 'تحديث',
          status: 'failed',
        })
        .returning();
      await postWebhook(
        t,
        webhookBody([
          {
            field: 'messages',
            statuses: [
              { id: 'wamid.OTHER', status: 'read', recipientId: '966500000000', opaque: other?.id },
            ],
          },
        ]),
      );
      const [unchanged] = await t.database.db
        .select()
        .from(outboundMessages)
        .where(eq(outboundMessages.id, other?.id ?? ''));
      expect(unchanged).toMatchObject({ status: 'failed', providerMessageId: null });
    } finally {
      await t.close();
    }
  });
});
