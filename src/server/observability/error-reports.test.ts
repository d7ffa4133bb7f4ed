import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { authEndpoints } from '#contract/auth';
import { brokerEndpoints } from '#contract/brokers';
import { tenantFormEndpoints } from '#contract/tenant-forms';
import { loadConfig } from '../config.js';
import { errorLogSerializer, scrubText } from '../plugins/log-safety.js';
import { client } from '../test-support/client.js';
import { unchecked } from '../test-support/endpoints.js';
import { startFakeSentry } from '../test-support/fakes/sentry.js';
import { ibanFor } from '../test-support/iban.js';
import { LogLines } from '../test-support/log-lines.js';
import {
  createTestApp,
  nextPhone,
  sessionCookieFrom,
  signUpByCode,
  type TestApp,
} from '../test-support/test-app.js';
import { errorReporterFor } from './error-reports.js';

// Unexpected errors reported to a Sentry-compatible service (the fake speaks
// the envelope endpoint), scrubbed; never a client's error; never at a request's expense.

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  // The fake first: a report it left hanging then ends at once.
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

async function sentryAndApp(env: Record<string, string> = {}, logs?: LogLines) {
  const sentry = await startFakeSentry();
  const t = await createTestApp(
    { SENTRY_DSN: sentry.dsn, ...env },
    logs ? { logStream: logs } : {},
  );
  opened.push(t, sentry);
  return { sentry, t };
}

async function until(condition: () => boolean, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const secret = () => randomBytes(24).toString('base64url');

/** A short link whose lookup fails on the database: every /s/<code> then answers 500. */
async function breakShortLinks(t: TestApp) {
  await t.database.db.execute(
    sql`alter table short_links rename column original_url to moved_away`,
  );
}

describe('error reports', () => {
  it('a 500 reaches Sentry with its request id, route, method, status, release and environment, and nothing a person could be found by', async () => {
    const { sentry, t } = await sentryAndApp({
      SENTRY_ENVIRONMENT: 'staging',
      SENTRY_RELEASE: 'shareek@2026.11.26',
    });
    const phone = nextPhone();
    const password = `Planted-${secret()}`;
    const signedUp = await signUpByCode(t, phone, password);
    const session = sessionCookieFrom(signedUp);
    // The database refuses the new IBAN and quotes it, with the phone, in its message: the
    // worst a driver's error can carry (Drizzle's own message adds every parameter).
    await t.database.db.execute(sql`
      create function refuse_iban() returns trigger language plpgsql as $$
      begin raise exception 'IBAN % of % refused', new.iban, new.phone; end $$`);
    await t.database.db.execute(sql`
      create trigger refuse_iban before update of iban on brokers for each row
      when (new.iban is distinct from old.iban) execute function refuse_iban()`);
    const iban = ibanFor(phone);
    const printedIban = iban.replace(/(.{4})/g, '$1 ').trim();
    const bearer = secret();
    const queryToken = secret();
    const queryPhone = nextPhone();

    const answer = await client(t)
      .as({ cookie: session })
      .call(
        brokerEndpoints.setBankAccount,
        {
          // A query this endpoint does not take: sent to see it left out of the report.
          query: unchecked({ phone: queryPhone, token: queryToken }),
          body: { iban: printedIban, password },
        },
        { headers: { authorization: `Bearer ${bearer}`, 'x-request-id': 'report-me-1' } },
      );
    expect(answer.statusCode).toBe(500);
    await until(() => sentry.received.length === 1, 'the report');

    const [report] = sentry.received;
    expect(report?.auth).toMatchObject({ sentry_version: '7', sentry_key: sentry.publicKey });
    expect(report?.event).toMatchObject({
      platform: 'node',
      level: 'error',
      release: 'shareek@2026.11.26',
      environment: 'staging',
      transaction: 'PUT /api/broker/bank-account',
      tags: {
        request_id: 'report-me-1',
        route: '/api/broker/bank-account',
        'http.method': 'PUT',
        'http.status_code': '500',
      },
      request: { method: 'PUT', url: '/api/broker/bank-account' },
      contexts: { db: { code: 'P0001', query: expect.stringContaining('"brokers"') } },
    });
    const exception = report?.event.exception?.values.at(-1);
    expect(exception).toMatchObject({
      type: 'DrizzleQueryError',
      value: 'database error P0001',
      mechanism: { type: 'http', handled: true },
    });
    expect(exception?.stacktrace?.frames.length).toBeGreaterThan(0);
    const raw = report?.raw ?? '';
    const planted = [
      phone,
      phone.slice(1),
      iban,
      printedIban,
      password,
      session.split('=')[1] ?? session,
      bearer,
      queryToken,
      queryPhone,
    ];
    for (const value of planted) expect(raw).not.toContain(value);
  });

  it('the secret of a short link or a tenant-form link never leaves, though the failed query had it as its parameter', async () => {
    const { sentry, t } = await sentryAndApp();
    await breakShortLinks(t);
    await t.database.db.execute(sql`alter table referrals rename column form_token to moved_away`);
    const code = secret();
    const token = secret();
    const stranger = client(t).as(null);
    expect((await stranger.get(`/s/${code}`)).statusCode).toBe(500);
    expect((await stranger.call(tenantFormEndpoints.open, { params: { token } })).statusCode).toBe(
      500,
    );
    await until(() => sentry.received.length === 2, 'both reports');

    const routes = sentry.received.map((report) => report.event.tags?.route).sort();
    expect(routes).toEqual(['/api/tenant-form/:token', '/s/:code']);
    for (const { raw } of sentry.received) {
      expect(raw).not.toContain(code);
      expect(raw).not.toContain(token);
    }
  });

  it('a client error (4xx) is not reported', async () => {
    const { sentry, t } = await sentryAndApp();
    const stranger = client(t).as(null);
    expect((await stranger.call(brokerEndpoints.profile)).statusCode).toBe(401);
    expect(
      (await stranger.call(authEndpoints.login, { body: unchecked({ phone: '12' }) })).statusCode,
    ).toBe(400);
    expect((await stranger.get('/api/no-such-thing')).statusCode).toBe(404);
    // Then a 500: reports go out in order of the errors, so when it has arrived the others
    // would have.
    await breakShortLinks(t);
    const marker = await stranger.get(`/s/${secret()}`, {
      headers: { 'x-request-id': 'the-only-one' },
    });
    expect(marker.statusCode).toBe(500);
    await until(() => sentry.received.length >= 1, 'the report of the 500');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sentry.received.map((report) => report.event.tags?.request_id)).toEqual([
      'the-only-one',
    ]);
  });

  it('a background job that fails is reported once per run of failures, named by the job', async () => {
    const { sentry, t } = await sentryAndApp();
    await t.database.db.execute(sql`alter table outbound_messages rename to moved_away`);
    await t.app.outbox.drain();
    await t.app.outbox.drain();
    await until(() => sentry.received.length >= 1, 'the report of the outbox worker');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sentry.received).toHaveLength(1);
    expect(sentry.received[0]?.event).toMatchObject({
      transaction: 'outbox',
      tags: { job: 'outbox' },
      exception: { values: [{ mechanism: { type: 'job', handled: true } }] },
    });
    await t.database.db.execute(sql`alter table moved_away rename to outbound_messages`);
  });

  it('a Sentry that hangs neither slows nor breaks a request: a bounded number of reports at once, each given up after its timeout', async () => {
    const sentry = await startFakeSentry();
    opened.push(sentry);
    const settings = loadConfig({ SENTRY_DSN: sentry.dsn }).errorReports;
    const logs = new LogLines();
    const log = pino({ level: 'warn' }, logs);
    // The production bounds are 5 s and 30; smaller here, for a short test.
    const errorReports = errorReporterFor(settings, log, { timeoutMs: 1000, maxPending: 5 });
    const t = await createTestApp({}, { errorReports });
    opened.push(t);
    await breakShortLinks(t);
    const stranger = client(t).as(null);
    sentry.down = 'hang';
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      expect((await stranger.get(`/s/${secret()}`)).statusCode).toBe(500);
      times.push(performance.now() - started);
    }
    // Every send is still hanging: no answer waited for one.
    expect(Math.max(...times)).toBeLessThan(250);
    await until(() => sentry.requests === 5, '5 hanging sends');
    expect(await errorReports.flush(50)).toBe(false);
    // The timeout gives them up; then there is room again. The other five were dropped.
    expect(await errorReports.flush(3000)).toBe(true);
    expect(sentry.requests).toBe(5);
    sentry.down = null;
    expect((await stranger.get(`/s/${secret()}`)).statusCode).toBe(500);
    await until(() => sentry.received.length === 1, 'a report once the service answers');
    // The failure was logged once, naming the service's host, never the DSN's key.
    expect(logs.text).toContain('error reports to 127.0.0.1');
    expect(logs.text).not.toContain(sentry.publicKey);
  });

  it.each(['close', 'server500'] as const)(
    'a Sentry that answers %s: the request is answered as ever, the failure logged without the key',
    async (down) => {
      const logs = new LogLines();
      const { sentry, t } = await sentryAndApp({ LOG_LEVEL: 'warn' }, logs);
      await breakShortLinks(t);
      sentry.down = down;
      for (let i = 0; i < 3; i++) {
        const answer = await client(t).as(null).get(`/s/${secret()}`);
        expect(answer.statusCode).toBe(500);
        expect(answer.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
      }
      expect(await t.app.errorReports.flush(2000)).toBe(true);
      expect(sentry.requests).toBe(3);
      expect(logs.text).toContain('error reports to 127.0.0.1');
      expect(logs.text).not.toContain(sentry.publicKey);
    },
  );

  it.each([
    ['a 429 with Retry-After', { status: 429, headers: { 'retry-after': '60' } }],
    [
      'X-Sentry-Rate-Limits on the error category',
      { status: 429, headers: { 'x-sentry-rate-limits': '60:error;default:organization' } },
    ],
    [
      'X-Sentry-Rate-Limits on a 200',
      { status: 200, headers: { 'x-sentry-rate-limits': '60::key' } },
    ],
  ] as const)('%s: nothing more is sent until the wait is over', async (_case, rateLimit) => {
    const { sentry, t } = await sentryAndApp();
    await breakShortLinks(t);
    sentry.rateLimit = { status: rateLimit.status, headers: { ...rateLimit.headers } };
    const stranger = client(t).as(null);
    expect((await stranger.get(`/s/${secret()}`)).statusCode).toBe(500);
    await until(() => sentry.requests === 1, 'the first report');
    await t.app.errorReports.flush(1000);
    for (let i = 0; i < 5; i++) {
      expect((await stranger.get(`/s/${secret()}`)).statusCode).toBe(500);
    }
    await t.app.errorReports.flush(1000);
    expect(sentry.requests).toBe(1);
  });

  it('a rate limit on another category (transactions) does not stop error reports', async () => {
    const { sentry, t } = await sentryAndApp();
    await breakShortLinks(t);
    sentry.rateLimit = { status: 200, headers: { 'x-sentry-rate-limits': '60:transaction:key' } };
    const stranger = client(t).as(null);
    for (let i = 0; i < 3; i++) {
      expect((await stranger.get(`/s/${secret()}`)).statusCode).toBe(500);
      await t.app.errorReports.flush(1000);
    }
    expect(sentry.received).toHaveLength(3);
  });
});

describe('without SENTRY_DSN', () => {
  it('nothing is sent', async () => {
    const sentry = await startFakeSentry();
    const t = await createTestApp();
    opened.push(t, sentry);
    await breakShortLinks(t);
    expect((await client(t).as(null).get(`/s/${secret()}`)).statusCode).toBe(500);
    expect(await t.app.errorReports.flush(100)).toBe(true);
    expect(sentry.requests).toBe(0);
  });
});

describe('the scrubber shared by logs, error reports and spans', () => {
  it.each([
    ['refused 0551234567 and +966 55 123 4567 and ٠٥٥١٢٣٤٥٦٧', 'refused *** and *** and ***'],
    ['IBAN SA03 8000 0000 6080 1016 7519 or SA0380000000608010167519', 'IBAN *** or ***'],
    ['national id 1012345678', 'national id ***'],
    [
      'GET /api/tenant-form/Xy9_abcDEFghiJKLmnoPQR12 then /s/AbC1',
      'GET /api/tenant-form/*** then /s/***',
    ],
    [
      'route /api/tenant-form/:token and /api/tenant-form/submit',
      'route /api/tenant-form/:token and /api/tenant-form/submit',
    ],
    ['Authorization: Bearer abc.def', 'Authorization: *** ***'],
    ['password=hunter2; cookie=sid=xyz otp: 1234', 'password=***; cookie=*** otp: ***'],
    ['postgres://shareek:change-me@db.internal:5432/db', 'postgres:***@***:5432/db'],
    ['mail a.b@example.sa', 'mail ***@***'],
    ['token 0123456789abcdef0123456789abcdef', 'token ***'],
    [
      'referral 3f2a1b4c-1111-2222-3333-444455556666 not found',
      'referral 3f2a1b4c-1111-2222-3333-444455556666 not found',
    ],
    ['where "phone" = $1', 'where "phone" = $1'],
    ['connect ECONNREFUSED 127.0.0.1:5432', 'connect ECONNREFUSED 127.0.0.1:5432'],
  ])('%s', (text, scrubbed) => {
    expect(scrubText(text)).toBe(scrubbed);
  });

  it("scrubs a logged error's message and stack", () => {
    const logged = errorLogSerializer(new Error('no broker 0551234567'));
    expect(logged.message).toBe('no broker ***');
    expect(logged.stack).toContain('no broker ***');
    expect(JSON.stringify(logged)).not.toContain('0551234567');
  });
});
