import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { authEndpoints } from '#contract/auth';
import type { ResponseOf } from '#contract/common';
import { referralEndpoints } from '#contract/referrals';
import type { tenantFormEndpoints } from '#contract/tenant-forms';
import { riyadhIsoDate } from '#domain';
import { type BuildAppOptions, buildApp } from '../app.js';
import { type AppConfig, loadConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { brokers, referrals } from '../db/schema.js';
import type { Accepted, ConnectionCheck } from '../integrations/delivery.js';
import type { SmsMessage, SmsSender } from '../integrations/sms.js';
import { client, cookieFrom, type TestResponse } from './client.js';
import { freshDatabase } from './database.js';
import { present } from './endpoints.js';
import type { SignedIn } from './responses.js';

/** Keeps what would have been sent, so tests can read codes and links. */
export class RecordingSmsSender implements SmsSender {
  readonly provider = 'console';
  readonly sent: SmsMessage[] = [];
  async send(message: SmsMessage): Promise<Accepted> {
    this.sent.push(message);
    return { providerMessageId: `recorded-${this.sent.length}` };
  }
  async testConnection(): Promise<ConnectionCheck> {
    return { detail: 'recording: messages are kept for the test' };
  }
}

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  sms: RecordingSmsSender;
  close: () => Promise<void>;
};

/** What a test may add to the app it gets: where logs go (with LOG_LEVEL in env), route listing. */
export type TestAppOptions = Pick<
  BuildAppOptions,
  'logStream' | 'onRoute' | 'sms' | 'channels' | 'outbox' | 'storage' | 'errorReports'
> &
  Partial<Pick<BuildAppOptions, 'webRoot'>>;

/**
 * Production refuses the console SMS adapter (config.ts): production-mode tests name a real
 * provider. Nothing reaches it: the test app sends through the RecordingSmsSender.
 */
export const PRODUCTION_SMS_ENV = {
  SMS_PROVIDER: 'unifonic',
  UNIFONIC_APP_SID: 'test-app-sid',
  UNIFONIC_SENDER_ID: 'Shareek',
} as const;

/** The provider's identity, which production refuses to start without (src/domain/brand.ts). */
export const PRODUCTION_PROVIDER_ENV = {
  BRAND_LEGAL_NAME: 'شركة الاختبار للتقنية المالية',
  BRAND_CR_NUMBER: '1010000001',
  BRAND_VAT_NUMBER: '310000000000013',
  BRAND_LICENSE_ISSUER: 'البنك المركزي السعودي',
  BRAND_LICENSE_NUMBER: '12/TEST/2025',
  BRAND_WHATSAPP: '0550009999',
  BRAND_PRIVACY_URL: 'https://example.sa/privacy',
} as const;

/** Everything production insists on, for tests that load a production configuration. */
export const PRODUCTION_ENV = {
  ...PRODUCTION_SMS_ENV,
  ...PRODUCTION_PROVIDER_ENV,
  PUBLIC_URL: 'https://example.sa',
  DATABASE_URL: 'postgres://shareek@db.internal/shareek',
} as const;

/**
 * The product on `database`, what it sends kept by a RecordingSmsSender. Closing it closes the
 * app, then what `closeAlso` closes (a database of the test's own).
 */
export async function testAppOn(
  database: DatabaseHandle,
  config: AppConfig,
  options: TestAppOptions = {},
  closeAlso: () => Promise<void> = async () => {},
): Promise<TestApp> {
  const sms = new RecordingSmsSender();
  const app = await buildApp({ config, database, webRoot: null, sms, ...options });
  return {
    app,
    database,
    sms,
    close: async () => {
      // Tests need no draining: drop connections a refused upload may have left half-read.
      app.server.closeAllConnections();
      await app.close();
      await closeAlso();
    },
  };
}

/** A fresh database per call (a copy of the suite's migrated template), dropped afterwards. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  // What production refuses to start without, on the database the app is handed.
  const production =
    env.NODE_ENV === 'production' ? { ...PRODUCTION_ENV, DATABASE_URL: database.url } : {};
  const config = loadConfig({ NODE_ENV: 'test', ...production, ...env });
  const t = await testAppOn(database, config, options, async () => {
    await database.close();
    await drop();
  });
  await t.app.ready();
  return t;
}

/** Cookie header value from a response's set-cookie, for the next injected request. */
export function sessionCookieFrom(response: { cookies: { name: string; value: string }[] }) {
  const cookie = cookieFrom(response, 'sid');
  if (!cookie) throw new Error('no session cookie in response');
  return cookie;
}

let phoneCounter = 0;
/** A distinct Saudi mobile per call, so tests sharing a database never share an account. */
export function nextPhone(): string {
  phoneCounter += 1;
  const unique = (process.pid % 1000) * 100_000 + phoneCounter;
  return `05${String(unique).padStart(8, '0')}`;
}

export type TestBroker = { id: string; phone: string; cookie: string };

/**
 * Signs a broker up through the API. `active` and `fullName` are then set in the database,
 * standing in for the administrator's activation and the broker's own profile step.
 */
export async function signUpBroker(
  t: TestApp,
  options: {
    active?: boolean;
    fullName?: string | null;
    admin?: boolean;
    superAdmin?: boolean;
    /**
     * Whether the broker holds a verified brokerage FAL licence valid for a year, as an admin
     * would have verified it (decision 070): without one, new commissions wait. Yes by default.
     */
    licensed?: boolean;
  } = {},
): Promise<TestBroker> {
  const phone = nextPhone();
  const verified = await signUpByCode(t, phone);
  const { id } = verified.json().user;
  const fullName = options.fullName === undefined ? 'وسيط تجريبي' : options.fullName;
  await t.database.db
    .update(brokers)
    .set({
      isActive: options.active ?? true,
      fullName,
      isAdmin: options.admin ?? false,
      isSuperAdmin: options.superAdmin ?? false,
      ...(options.licensed === false ? {} : aVerifiedLicence(phone)),
    })
    .where(eq(brokers.id, id));
  return { id, phone, cookie: sessionCookieFrom(verified) };
}

/** A verified brokerage licence valid for a year, numbered after the phone (10 digits). */
export function aVerifiedLicence(phone: string) {
  return {
    falLicense: `1${phone.slice(1)}`,
    falLicenseType: 'brokerage' as const,
    falLicenseExpiresOn: riyadhIsoDate(new Date(Date.now() + 365 * 24 * 60 * 60 * 1000)),
    falLicenseVerifiedAt: new Date(),
    falLicenseEvidence: 'rega_enquiry' as const,
    falLicenseNote: 'تحقق في الاختبار',
  };
}

/**
 * A phone signs up as the web does it: a code is sent, and the code with a new password opens
 * the account. Answers the verification's response, which carries the session cookie.
 */
export async function signUpByCode(
  t: TestApp,
  phone: string,
  password = 'secret123',
): Promise<TestResponse<SignedIn>> {
  const stranger = client(t).as(null);
  const sent = await stranger.call(authEndpoints.sendOtp, { body: { phone } });
  return stranger.call(authEndpoints.verifyOtp, {
    body: {
      phone,
      otp: present(sent.json().otpCode),
      password,
    },
  });
}

/** A referral as a test holds it: the number admins see, the token its tenant's link carries. */
export type TestReferral = { id: string; number: number; token: string; tenantPhone: string };

/** A new referral of the broker's, declaring `rent` a year (`null`: the broker gave none). */
export async function createReferralWithToken(
  t: TestApp,
  broker: TestBroker,
  rent: number | null = 60000,
  tenantPhone = nextPhone(),
): Promise<TestReferral> {
  const created = await client(t)
    .as(broker)
    .call(referralEndpoints.create, {
      body: rent === null ? { tenantPhone } : { tenantPhone, rent },
    });
  if (created.statusCode !== 201) throw new Error(`referral not created: ${created.body}`);
  const { id } = created.json();
  const [row] = await t.database.db.select().from(referrals).where(eq(referrals.id, id));
  if (!row) throw new Error(`referral ${id} not stored`);
  return { id, number: row.number, token: row.formToken, tenantPhone: row.tenantPhone };
}

/**
 * Uploads a PDF through the tenant's link, over real HTTP (multipart) to a listening app at
 * `base`; answers the storage key.
 */
export async function uploadTenantPdf(base: string, token: string): Promise<string> {
  const form = new FormData();
  form.set('token', token);
  form.set('type', 'salary');
  form.set('file', new Blob([new TextEncoder().encode('%PDF-1.4 test')]), 'salary.pdf');
  const response = await fetch(`${base}/api/upload`, { method: 'POST', body: form });
  if (response.status !== 201) throw new Error(`upload refused: ${response.status}`);
  const { url } = (await response.json()) as ResponseOf<typeof tenantFormEndpoints.upload>;
  return url.slice('upload:'.length);
}
