import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authEndpoints } from '#contract/auth';
import { brokerEndpoints } from '#contract/brokers';
import { referralEndpoints } from '#contract/referrals';
import { INVALID_CHARACTERS_MESSAGE } from '#domain';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { type Caller, client } from '../test-support/client.js';
import { freshDatabase } from '../test-support/database.js';
import { aBroker } from '../test-support/factories.js';
import { LogLines } from '../test-support/log-lines.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { createTestApp, type TestBroker } from '../test-support/test-app.js';
import {
  describeDatabaseError,
  errorLogFields,
  maskLoggedUrl,
  maskQuery,
  RepeatedFailureLog,
} from './log-safety.js';

/** The page's one inline script, allowed by its hash (build/inline-boot.ts). */
const INLINE_SCRIPT = "(() => { document.documentElement.dataset.boot = 'yes'; })();";

let app: FastifyInstance;
let database: DatabaseHandle;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(
    path.join(webRoot, 'index.html'),
    `<!doctype html><html lang="ar" dir="rtl"><head><script>${INLINE_SCRIPT}</script>` +
      '<script type="application/json" id="first-reads">{}</script></head></html>',
  );
  writeFileSync(path.join(webRoot, 'assets', 'main-abc123.js'), 'console.log(1)');
  ({ database, drop: dropDatabase } = await freshDatabase());
  app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database, webRoot });
  // A download-like route that chooses its own caching, as /api/files and the exports do.
  app.get('/api/test/own-cache', { config: { access: 'public' } }, async (_request, reply) =>
    reply.header('cache-control', 'private, max-age=60').send({ ok: true }),
  );
});
afterAll(async () => {
  await app.close();
  await database.close();
  await dropDatabase();
});

/** Someone with a browser and no account, calling the app that serves the web build. */
const visitor = () => client({ app }).as(null);

describe('web app serving', () => {
  it('caches hashed assets for a year', async () => {
    const response = await visitor().get('/assets/main-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/dashboard', '/referral/123', '/mobile-dashboard', '/no-such-page'])(
    'serves the app shell for the client route %s',
    async (url) => {
      const response = await visitor().get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('dir="rtl"');
    },
  );

  it('answers unknown API paths with JSON 404', async () => {
    // Raw: a path no endpoint declares.
    const response = await visitor().get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'المسار المطلوب غير موجود', code: 'NOT_FOUND' });
  });

  // Found by the route fuzzer: the router answered these itself, in English,
  // echoing the whole path back.
  it('answers an overlong path parameter and a broken escape in the product error shape', async () => {
    // Raw: escapes as the router receives them, which the endpoint's builder would encode.
    const long = await visitor().get(`/api/tenant-form/${'%00'.repeat(200)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({
      message: 'الرابط المطلوب أطول من المسموح',
      code: 'URL_TOO_LONG',
    });
    // Raw: a broken escape, which no endpoint's builder would write.
    const broken = await visitor().get('/api/referrals/%E0%A4%A');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'الرابط المطلوب غير صالح', code: 'BAD_URL' });
  });

  it('sends the security headers', async () => {
    const response = await visitor().get('/');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // The page's inline script by its hash, and no other inline script (the JSON one never runs).
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(response.headers['content-security-policy']).toContain(
      `script-src 'self' 'sha256-${hash}';`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
  });

  it('sends JSON answers the API set: nothing may load or frame them, no page-only headers', async () => {
    // Raw: an unknown path beside a declared one, both answered by the API's headers.
    for (const url of ['/api/nothing-here', '/api/broker/profile']) {
      const response = await visitor().get(url);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['permissions-policy']).toBeUndefined();
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    }
  });
});

describe('health', () => {
  it('is alive and ready', async () => {
    expect((await visitor().get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await visitor().get('/readyz')).json()).toEqual({ status: 'ready' });
  });
});

const secret = () => `tok${randomBytes(12).toString('hex')}`;

describe('a NUL byte or control character is a 400, never a 500', () => {
  let broker: TestBroker;
  const t = sharedTestApp();
  beforeAll(async () => {
    broker = await aBroker(t);
  });
  const as = (caller: Caller) => client(t).as(caller);

  const refused = { message: INVALID_CHARACTERS_MESSAGE, code: 'INVALID_CHARACTERS' };

  it.each([
    ['a public path parameter', 'GET', '/api/tenant-form/%00', undefined],
    ['a non-api path parameter', 'GET', '/s/ab%00cd', undefined],
    ['a query value', 'GET', '/api/referrals?phone=05%00', undefined],
    ['a query key', 'GET', '/api/referrals?ph%00one=1', undefined],
    ['a line feed in a query value', 'GET', '/api/referrals?phone=05%0A1', undefined],
    ['DEL in a path parameter', 'GET', '/api/referrals/%7F', undefined],
    ['a body value', 'PATCH', '/api/broker/profile', { bio: 'a\u0000b' }],
    ['a body key', 'PATCH', '/api/broker/profile', { 'bio\u0000': 'x' }],
    ['a nested body value', 'PATCH', '/api/broker/profile', { bio: [{ x: ['\u0085'] }] }],
    ['an escape in a body value', 'PATCH', '/api/broker/profile', { officeName: '\u001b[2J' }],
  ] as const)('refuses %s with the Arabic message', async (_name, method, url, payload) => {
    // Raw: control characters and escapes as the router receives them.
    const response = await as(broker).request(method, url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused);
  });

  it('refuses a NUL byte on a public sign-in call before the database sees it', async () => {
    const response = await as(null).call(authEndpoints.login, {
      body: {
        phone: '0500000000',
        password: 'x\u0000',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused);
  });

  it('still answers a stranger 401 first, whatever the input holds', async () => {
    // Raw: NUL escapes in the path and the query, as the router receives them.
    const response = await as(null).get('/api/referrals/%00?phone=%00');
    expect(response.statusCode).toBe(401);
    expect(response.json<ApiError>().code).toBe('UNAUTHENTICATED');
  });

  it('lets line breaks through in multi-line body text', async () => {
    const response = await as(broker).call(brokerEndpoints.updateProfile, {
      body: {
        bio: 'سطر أول\nسطر ثانٍ مع مسافة',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().bio).toBe('سطر أول\nسطر ثانٍ مع مسافة');
  });
});

describe('database errors are logged without their parameters', () => {
  it('describes a query error by its SQL, class and driver code only', async () => {
    const value = secret();
    const { database: db, drop } = await freshDatabase();
    try {
      const error = await db.db.execute(sql`select ${value}::int`).then(
        () => null,
        (e: unknown) => e,
      );
      // The driver quotes the refused value in its own message, Drizzle lists it as a parameter.
      expect(String((error as Error).message)).toContain(value);
      const description = describeDatabaseError(error);
      expect(description).toMatchObject({
        type: 'DrizzleQueryError',
        query: 'select $1::int',
        code: '22P02',
      });
      expect(description?.routine).toEqual(expect.any(String));
      // Where it failed is kept: the stack's frames, without the message it starts with.
      expect(description?.stack).toMatch(/^at /);
      expect(JSON.stringify(description)).not.toContain(value);
      expect(errorLogFields(error)).toEqual({ dbError: description });
    } finally {
      await db.close();
      await drop();
    }
  });

  it('leaves other errors to the usual serializer', () => {
    const error = new Error('boom', { cause: { code: 'ENOENT' } });
    expect(describeDatabaseError(error)).toBeNull();
    expect(errorLogFields(error)).toEqual({ err: error });
  });

  it('never writes a parameter to the log when a query fails on a real route', async () => {
    const logs = new LogLines();
    const t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: logs });
    try {
      // The database is broken on purpose: the short-link lookup now fails with its code as
      // the query's parameter, as any query could fail in production.
      await t.database.db.execute(
        sql`alter table short_links rename column original_url to moved_away`,
      );
      const code = secret();
      const response = await client(t).as(null).get(`/s/${code}`);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        message: 'حدث خطأ غير متوقع، يرجى المحاولة لاحقاً',
        code: 'INTERNAL_ERROR',
      });
      const logged = logs.lines.find((line) => line.msg === 'unhandled error');
      expect(logged?.dbError).toMatchObject({
        type: 'DrizzleQueryError',
        query: expect.stringContaining('"short_links"'),
        code: '42703',
      });
      expect(logged?.err).toBeUndefined();
      expect(logs.text).not.toContain(code);
    } finally {
      await t.close();
    }
  });
});

describe('tenant-form tokens and short codes are masked in request logs', () => {
  it.each([
    ['/s/AbC123', '/s/***'],
    ['/tenant-form/f00d?utm=x', '/tenant-form/***?utm=***'],
    ['/api/tenant-form/f00d', '/api/tenant-form/***'],
    ['/api/files/0123abcd.pdf', '/api/files/***'],
    ['/api/files/a/b', '/api/files/***'],
    ['//s//AbC123', '//s//***'],
    ['/%73/AbC123', '/s/***'],
    ['/%73/%zz-AbC123', '/s/***'],
    ['/api%2Ffiles%2Fkey.pdf', '/api/files/***'],
    ['/API/Tenant-Form/f00d', '/API/Tenant-Form/***'],
    ['/api/tenant-form/submit', '/api/tenant-form/submit'],
    ['/api/referrals?phone=05', '/api/referrals?phone=***'],
    ['/api/admin/referrals?search=0551234567&page=2', '/api/admin/referrals?search=***&page=2'],
    [
      '/api/referrals?status=under_review&from=2026-01-01',
      '/api/referrals?status=under_review&from=2026-01-01',
    ],
    ['/s/', '/s/'],
    ['/sitemap.xml', '/sitemap.xml'],
  ])('logs %s as %s', (url, logged) => {
    expect(maskLoggedUrl(url)).toBe(logged);
  });

  it('masks a query exactly as the regular expression it replaced, on 20,000 generated queries', () => {
    // The rule as first written: the scan must mask the same values and keep everything else.
    const byExpression = (query: string) =>
      query.replace(/([?&])([^=&#]*)=([^&#]*)/g, (whole, separator: string, key: string) =>
        ['page', 'pageSize', 'status', 'from', 'to', 'action', 'tab', 'type'].includes(key)
          ? whole
          : `${separator}${key}=***`,
      );
    const pieces = ['?', '&', '=', '#', 'page', 'phone', 'q', 'status', '05', 'ع', '%26', ''];
    let seed = 27;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed;
    };
    for (let i = 0; i < 20_000; i++) {
      const length = 1 + (next() % 12);
      let query = '?';
      for (let j = 0; j < length; j++) query += pieces[next() % pieces.length];
      expect(maskQuery(query), query).toBe(byExpression(query));
    }
    expect(maskQuery('?page=2&phone=0551234567&status=open')).toBe('?page=2&phone=***&status=open');
  });

  it('keeps every secret out of what Fastify logs for a request', async () => {
    const logs = new LogLines();
    const t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: logs });
    try {
      const secrets = [secret(), secret(), secret(), secret(), secret()];
      const [code, token, pageToken, key, encoded] = secrets;
      // Raw: addresses as written, pages and escapes among them, which the log must mask.
      for (const url of [
        `/s/${code}`,
        `/api/tenant-form/${token}`,
        `/tenant-form/${pageToken}`,
        `/api/files/${key}.pdf`,
        `/%73/${encoded}`,
      ]) {
        await client(t)
          .as(null)
          .get(url, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      }
      for (const value of secrets) expect(logs.text).not.toContain(value);
      // One line a request (decision record 035), written when it completes.
      expect(logs.lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
      const requests = logs.lines.filter((line) => line.msg === 'request completed');
      expect(requests.map((line) => (line.req as { url: string }).url)).toEqual([
        '/s/***',
        '/api/tenant-form/***',
        '/tenant-form/***',
        '/api/files/***',
        '/s/***',
      ]);
      expect(requests[0]?.req).toMatchObject({
        method: 'GET',
        host: 'localhost:80',
        remoteAddress: '127.0.0.1',
      });
      expect(requests[0]).toMatchObject({
        reqId: expect.any(String),
        res: { statusCode: expect.any(Number) },
        responseTime: expect.any(Number),
      });
    } finally {
      await t.close();
    }
  });

  it('writes the access line as pino itself writes it, escaping what the url holds', async () => {
    // The same requests through the hand-made line and through pino's generic path (which a
    // destination asking for pino's metadata, a multistream, gets).
    const handMade = new LogLines();
    const byPino = new LogLines();
    const apps = [
      await createTestApp({ LOG_LEVEL: 'info' }, { logStream: handMade }),
      await createTestApp(
        { LOG_LEVEL: 'info' },
        { logStream: pino.multistream([{ stream: byPino }]) },
      ),
    ];
    try {
      for (const t of apps) {
        // Raw: addresses as written, quotes and escapes included, which the log line must hold.
        for (const url of [
          '/api/referrals?page=1',
          '/api/%22quoted%22/back%5Cslash?status=%22x%22&phone=0551234567',
          '/api/عربي?tab=الكل',
          '/assets/none.js?type=a"b\\c',
        ]) {
          await client(t).as(null).get(url);
        }
      }
      const comparable = (lines: Record<string, unknown>[]) =>
        lines
          .filter((line) => line.msg === 'request completed')
          .map(({ time, responseTime, reqId, pid, ...line }) => {
            expect(time).toEqual(expect.any(Number));
            expect(responseTime).toEqual(expect.any(Number));
            expect(reqId).toEqual(expect.any(String));
            expect(pid).toBe(process.pid);
            return line;
          });
      expect(comparable(handMade.lines)).toHaveLength(4);
      expect(comparable(handMade.lines)).toEqual(comparable(byPino.lines));
      expect(handMade.lines.map((line) => Object.keys(line))).toEqual(
        byPino.lines.map((line) => Object.keys(line)),
      );
    } finally {
      for (const t of apps) await t.close();
    }
  });

  it('a request id on every answer and its log line, kept from a valid X-Request-Id; health probes unlogged', async () => {
    const logs = new LogLines();
    const t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: logs });
    try {
      const kept = await client(t)
        .as(null)
        .call(brokerEndpoints.profile, {}, { headers: { 'x-request-id': 'lb-7f3a.01_x' } });
      expect(kept.headers['x-request-id']).toBe('lb-7f3a.01_x');
      const made = [];
      for (const sent of ['', 'two words', 'id<script>', 'x'.repeat(65), 'a;b']) {
        const response = await client(t)
          .as(null)
          .call(brokerEndpoints.profile, {}, { headers: sent ? { 'x-request-id': sent } : {} });
        made.push(response.headers['x-request-id']);
      }
      for (const id of made) expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Set(made).size).toBe(made.length);
      await client(t).as(null).get('/healthz');
      await client(t).as(null).get('/readyz');
      const lines = logs.lines.filter((line) => line.msg === 'request completed');
      expect(lines.map((line) => line.reqId)).toEqual(['lb-7f3a.01_x', ...made]);
    } finally {
      await t.close();
    }
  });

  it('never logs a session cookie it sets or receives, nor an authorization header', async () => {
    const logs = new LogLines();
    const t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: logs });
    try {
      // Signing up sets the session cookie; the broker then calls with it and a bearer token.
      const broker = await aBroker(t);
      const session = broker.cookie.slice(broker.cookie.indexOf('=') + 1);
      const bearer = secret();
      const response = await client(t)
        .as(broker)
        .call(referralEndpoints.list, {}, { headers: { authorization: `Bearer ${bearer}` } });
      expect(response.statusCode).toBe(200);
      expect(logs.lines.filter((line) => line.msg === 'request completed').length).toBeGreaterThan(
        2,
      );
      expect(logs.text).not.toContain(session);
      expect(logs.text).not.toContain(bearer);
    } finally {
      await t.close();
    }
  });
});

describe('Origin: null is cross-origin, API answers are not cached', () => {
  const post = (origin: string | undefined) =>
    visitor().call(
      authEndpoints.logout,
      {},
      {
        headers: { host: 'shareek.example', ...(origin === undefined ? {} : { origin }) },
      },
    );

  it.each(['null', '', 'not a url', 'https://evil.example', 'file:///etc/passwd'])(
    'refuses a state change with Origin %j',
    async (origin) => {
      const response = await post(origin);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: 'طلب غير مسموح من مصدر خارجي',
        code: 'CROSS_ORIGIN',
      });
    },
  );

  it('accepts the same origin, and a call that sends none', async () => {
    expect((await post('https://shareek.example')).statusCode).toBe(200);
    expect((await post(undefined)).statusCode).toBe(200);
  });

  it.each([
    ['a JSON answer', 'POST', '/api/auth/logout', 200],
    ['an unknown API path', 'GET', '/api/nothing-here', 404],
    ['a refused call', 'GET', '/api/referrals', 401],
  ] as const)('sends Cache-Control: no-store on %s', async (_name, method, url, status) => {
    const response = await visitor().request(method, url);
    expect(response.statusCode).toBe(status);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps the cache policy a route chose itself, and leaves pages alone', async () => {
    const own = await visitor().get('/api/test/own-cache');
    expect(own.headers['cache-control']).toBe('private, max-age=60');
    expect((await visitor().get('/dashboard')).headers['cache-control']).toBe('no-cache');
  });
});

describe('a repeating failure', () => {
  it('is logged in full once, then once a minute with its count, and once when it works again', () => {
    const lines: { level: string; fields: Record<string, unknown>; msg: string }[] = [];
    const log = {
      error: (fields: Record<string, unknown>, msg: string) =>
        lines.push({ level: 'error', fields, msg }),
      info: (fields: Record<string, unknown>, msg: string) =>
        lines.push({ level: 'info', fields, msg }),
    };
    let now = 1_000_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const failures = new RepeatedFailureLog(log as never, 'outbox worker', 60_000);
      // A database outage of three minutes, polled every 2 s: 90 failures.
      for (let i = 0; i < 90; i++) {
        failures.failed(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
        now += 2000;
      }
      failures.succeeded();
      failures.succeeded();
      expect(lines.map((line) => [line.level, line.msg])).toEqual([
        ['error', 'outbox worker failed'],
        ['error', 'outbox worker still failing'],
        ['error', 'outbox worker still failing'],
        ['info', 'outbox worker works again'],
      ]);
      expect(lines.map((line) => line.fields.failures)).toEqual([undefined, 31, 61, 90]);
    } finally {
      clock.mockRestore();
    }
  });
});
