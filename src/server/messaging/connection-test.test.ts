import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingEndpoints } from '#contract/messaging';
import { ZOHO_SCOPES } from '../integrations/zoho.js';
import { client } from '../test-support/client.js';
import { type BodyOf, unchecked } from '../test-support/endpoints.js';
import { aBroker, anAdminRow } from '../test-support/factories.js';
import { type FakeUnifonic, startFakeUnifonic } from '../test-support/fakes/unifonic.js';
import { type FakeWhatsApp, startFakeWhatsApp } from '../test-support/fakes/whatsapp.js';
import { type FakeZoho, startFakeZoho } from '../test-support/fakes/zoho.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

// The connection test: «اختبار الاتصال» on /messaging-config makes one harmless real call to
// a provider (nothing is sent) and explains a failure in Arabic.

let unifonic: FakeUnifonic;
let whatsapp: FakeWhatsApp;
let zoho: FakeZoho;
let oldScopeZoho: FakeZoho;
beforeAll(async () => {
  [unifonic, whatsapp, zoho, oldScopeZoho] = await Promise.all([
    startFakeUnifonic(),
    startFakeWhatsApp(),
    startFakeZoho(),
    // The scope the README used to give: leads only, no search, no organisation.
    startFakeZoho({ scopes: ['ZohoCRM.modules.leads.ALL'] }),
  ]);
});
afterAll(async () => {
  await Promise.all([unifonic.close(), whatsapp.close(), zoho.close(), oldScopeZoho.close()]);
});

const providers = (overrides: Record<string, string> = {}) => ({
  WHATSAPP_PHONE_NUMBER_ID: '100200300400500',
  WHATSAPP_ACCESS_TOKEN: 'test-whatsapp-token',
  WHATSAPP_BUSINESS_ACCOUNT_ID: '900800700600500',
  WHATSAPP_APP_SECRET: 'app-secret',
  WHATSAPP_VERIFY_TOKEN: 'verify-token',
  WHATSAPP_API_BASE_URL: whatsapp.url,
  ZOHO_CLIENT_ID: '1000.TESTCLIENT',
  ZOHO_CLIENT_SECRET: 'test-client-secret',
  ZOHO_REFRESH_TOKEN: '1000.test-refresh-token',
  ZOHO_ACCOUNTS_URL: zoho.url,
  ...overrides,
});

async function test(
  t: TestApp,
  provider: BodyOf<typeof messagingEndpoints.testConnection>['provider'],
) {
  const admin = await anAdminRow(t);
  const response = await client(t)
    .as(admin)
    .call(messagingEndpoints.testConnection, { body: { provider } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('the connection test', () => {
  const t = sharedTestApp(() => createTestApp(providers()));

  it('is for admins only', async () => {
    const broker = await aBroker(t);
    const asBroker = await client(t)
      .as(broker)
      .call(messagingEndpoints.testConnection, { body: { provider: 'whatsapp' } });
    expect(asBroker.statusCode).toBe(403);
    const asStranger = await client(t)
      .as(null)
      .call(messagingEndpoints.testConnection, { body: { provider: 'whatsapp' } });
    expect(asStranger.statusCode).toBe(401);
  });

  it('WhatsApp: reads the business account’s numbers and sends nothing', async () => {
    const sent = whatsapp.received.length;
    const result = await test(t, 'whatsapp');
    expect(result).toMatchObject({ ok: true, errorKind: null, errorCode: null });
    expect(result.message).toBe('الاتصال بـواتساب يعمل: قُبلت بيانات الاعتماد ولم تُرسل أي رسالة.');
    expect(result.detail).toMatch(/^واتساب: /);
    expect(whatsapp.received.filter((r) => r.path.endsWith('/messages'))).toHaveLength(
      whatsapp.received.slice(0, sent).filter((r) => r.path.endsWith('/messages')).length,
    );
  });

  it('Zoho: reads the organisation with the scopes the product needs', async () => {
    const result = await test(t, 'crm');
    expect(result).toMatchObject({ ok: true, errorKind: null });
    expect(result.detail).toMatch(/^نظام إدارة العملاء: /);
  });

  it('the development console: says that nothing is sent anywhere', async () => {
    const result = await test(t, 'sms');
    expect(result).toMatchObject({
      ok: true,
      message: 'لا يوجد مزوّد رسائل نصية: الرسائل تُكتب في سجل الخادم فقط (للتطوير).',
    });
  });

  it('an unknown provider is a 400 in Arabic that writes nothing', async () => {
    const admin = await anAdminRow(t);
    const response = await client(t)
      .as(admin)
      .call(messagingEndpoints.testConnection, { body: { provider: unchecked('mail') } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('مزوّد غير معروف');
  });

  it('at most 10 tests in 10 minutes per admin', async () => {
    const admin = await anAdminRow(t);
    const call = () =>
      client(t)
        .as(admin)
        .call(messagingEndpoints.testConnection, { body: { provider: 'sms' } });
    for (let i = 0; i < 10; i++) expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(429);
  });
});

describe('a failed connection test explains itself in Arabic', () => {
  it('Zoho with the old scope: names the missing scopes, and what to do', async () => {
    const t = await createTestApp(providers({ ZOHO_ACCOUNTS_URL: oldScopeZoho.url }));
    try {
      const result = await test(t, 'crm');
      expect(result).toMatchObject({
        ok: false,
        errorKind: 'config',
        errorCode: 'OAUTH_SCOPE_MISMATCH',
      });
      expect(result.message).toContain('لا يحمل الصلاحيات اللازمة');
      expect(result.message).toContain('ZOHO_REFRESH_TOKEN');
      expect(result.message).toContain(ZOHO_SCOPES);
      expect(result.detail).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('WhatsApp with a token Meta refuses: the credentials to check', async () => {
    const t = await createTestApp(providers({ WHATSAPP_ACCESS_TOKEN: 'not-the-token' }));
    try {
      const result = await test(t, 'whatsapp');
      expect(result).toMatchObject({ ok: false, errorKind: 'config' });
      expect(result.message).toBe(
        'رفض واتساب بيانات الاعتماد أو الإعداد: راجع WHATSAPP_ACCESS_TOKEN، WHATSAPP_PHONE_NUMBER_ID، WHATSAPP_BUSINESS_ACCOUNT_ID في إعدادات الخادم ثم أعد تشغيله.',
      );
    } finally {
      await t.close();
    }
  });

  it('Unifonic with a wrong AppSid: refused, and no SMS was sent', async () => {
    const t = await createTestApp(
      {
        ...providers(),
        SMS_PROVIDER: 'unifonic',
        UNIFONIC_APP_SID: 'wrong-app-sid',
        UNIFONIC_SENDER_ID: 'Shareek',
        UNIFONIC_BASE_URL: unifonic.url,
      },
      { sms: undefined },
    );
    try {
      const sent = unifonic.received.length;
      const result = await test(t, 'sms');
      expect(result).toMatchObject({ ok: false, errorKind: 'config', errorCode: 'HTTP 401' });
      expect(result.message).toContain('رفض مزوّد الرسائل النصية بيانات الاعتماد');
      expect(unifonic.received).toHaveLength(sent);
    } finally {
      await t.close();
    }
  });

  it('WhatsApp not configured: the variables to set', async () => {
    const t = await createTestApp({});
    try {
      const result = await test(t, 'whatsapp');
      expect(result).toMatchObject({ ok: false, errorKind: 'config', errorCode: 'not_configured' });
      expect(result.message).toMatch(/^واتساب غير مُعدّ على الخادم: اضبط المتغيرات WHATSAPP_/);
    } finally {
      await t.close();
    }
  });
});
