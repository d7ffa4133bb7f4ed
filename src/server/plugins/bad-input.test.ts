import { count } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CHARACTERS_MESSAGE, profileUpdateBodySchema } from '#domain';
import {
  auditLog,
  brokers,
  commissions,
  notifications,
  payouts,
  referrals,
  sessions,
  shortLinks,
  storedFiles,
  systemConfig,
  tenantForms,
} from '../db/schema.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { signUpBroker } from '../test-support/test-app.js';

/**
 * Bad input: every route the app registers, called by a stranger and by a
 * super-admin with broken input of every kind, answers below 500. The routes are not listed
 * here: the app reports each one as it registers it, so a new route is covered the day it is
 * added. The calls are raw URLs and bodies: broken input the contract's types cannot say.
 */

type Route = { method: string; url: string };
/** `body` is sent as JSON; `form` as multipart/form-data fields with a small PDF file. */
type Probe = { label: string; url: string; body?: unknown; form?: Record<string, string> };
type Answer = { status: number; body: string };

const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';
/** Path parameters a UUID would stop at validation; a real value lets the query be read. */
const PLAUSIBLE_PARAMS: Record<string, string> = { type: 'referrals' };
const LONG = 'x'.repeat(10_000);
const CONTROL = 'a\u0007\u001b\u0085\u007fb';
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Body fields the API reads, so broken values reach the schemas and the services behind them.
 * The profile's are the ones its schema validates, read from it so a new one is probed too.
 */
const KNOWN_FIELDS: string[] = [
  'phone',
  'otp',
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  ...profileUpdateBodySchema.keyof().options,
  'tenantPhone',
  'rent',
  'amount',
  'bankAccount',
  'key',
  'value',
  'description',
  'status',
  'notes',
  'contractId',
  'contractRent',
  'contractStartsOn',
  'contractEndsOn',
  'transferReference',
  'reason',
  'isAdmin',
  'isSuperAdmin',
  'isActive',
  'token',
  'referralId',
  'name',
  'income',
  'monthlyObligations',
  'salaryDefinitionUrl',
  'creditReportUrl',
  'consent',
  'type',
];
/** The query keys list and filter routes read. */
const QUERY_KEYS = ['search', 'status', 'filter', 'page', 'pageSize', 'phone', 'from', 'to'];

const paramNames = (url: string) =>
  url
    .split('/')
    .filter((segment) => segment.startsWith(':') || segment === '*')
    .map((segment) => (segment === '*' ? '*' : segment.slice(1)));

/** The route's url with every parameter filled: `overrides` first, else a plausible value. */
function fill(url: string, overrides: Record<string, string> = {}): string {
  return url
    .split('/')
    .map((segment) => {
      const name = segment === '*' ? '*' : segment.startsWith(':') ? segment.slice(1) : null;
      if (name === null) return segment;
      return overrides[name] ?? PLAUSIBLE_PARAMS[name] ?? PLACEHOLDER_ID;
    })
    .join('/');
}

const everyField = (fields: string[], value: unknown) =>
  Object.fromEntries(fields.map((field) => [field, value]));

/**
 * Requests that carry a NUL byte or another control character somewhere. The known fields
 * are enough: the guard refuses a control character whatever field holds it.
 */
function controlCharacterProbes(route: Route): Probe[] {
  const fields = KNOWN_FIELDS;
  const probes: Probe[] = paramNames(route.url).flatMap((name) => [
    { label: `NUL in :${name}`, url: fill(route.url, { [name]: `a%00b` }) },
    { label: `C1 control in :${name}`, url: fill(route.url, { [name]: '%C2%85' }) },
  ]);
  const nulQuery = QUERY_KEYS.map((key) => `${key}=%00`).join('&');
  probes.push({ label: 'NUL in every query parameter', url: `${fill(route.url)}?${nulQuery}` });
  probes.push({ label: 'NUL in a query key', url: `${fill(route.url)}?se%00arch=1` });
  if (WITH_BODY.has(route.method)) {
    const url = fill(route.url);
    probes.push(
      { label: 'NUL in every body field', url, body: everyField(fields, 'x\u0000y') },
      { label: 'control characters in body fields', url, body: everyField(fields, CONTROL) },
      { label: 'NUL in a nested body value', url, body: everyField(fields, { a: ['\u0000'] }) },
      { label: 'NUL in a body key', url, body: { 'phone\u0000': '0500000000' } },
      // Multipart bodies are parsed after the guard: the upload route checks its own fields.
      { label: 'NUL in multipart fields', url, form: { token: 'a\u0000b', type: 'salary' } },
      {
        label: 'control characters in multipart fields',
        url,
        form: { token: CONTROL, type: CONTROL },
      },
    );
  }
  return probes;
}

/** Requests with wrong types, impossible values and oversized text, but no control character. */
function malformedProbes(route: Route, fields: string[]): Probe[] {
  const url = fill(route.url);
  const probes: Probe[] = [
    { label: 'impossible dates', url: `${url}?from=2024-13-45&to=2023-02-29` },
    { label: 'reversed and far dates', url: `${url}?from=9999-12-31&to=0001-01-01` },
    {
      label: 'numbers out of range',
      url: `${url}?page=99999999999999999999&pageSize=-1&status=1e400`,
    },
    { label: 'Arabic-Indic digits', url: `${url}?page=٣&pageSize=١٠٠٠٠٠&phone=٠٥٠٠٠٠٠٠٠٠` },
    { label: 'repeated query keys', url: `${url}?status=a&status=b&page=1&page=2&search=x` },
    {
      label: '10 kB query values',
      url: `${url}?${['search', 'phone', 'action'].map((key) => `${key}=${LONG}`).join('&')}`,
    },
  ];
  for (const name of paramNames(route.url)) {
    probes.push({ label: `10 kB :${name}`, url: fill(route.url, { [name]: LONG }) });
  }
  if (!WITH_BODY.has(route.method)) return probes;
  // Five 10 kB fields at a time stay under the 64 kB body limit, so each reaches validation.
  for (let i = 0; i < fields.length; i += 5) {
    const chunk = fields.slice(i, i + 5);
    probes.push({ label: `10 kB ${chunk.join(', ')}`, url, body: everyField(chunk, LONG) });
  }
  const values: [string, unknown][] = [
    ['numbers', 12345],
    ['negative numbers', -1.5],
    ['huge numbers', 1e21],
    ['huge Arabic-Indic numbers', '٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩٩'],
    ['booleans', true],
    ['nulls', null],
    ['arrays', ['a', 1]],
    ['nested objects', { a: { b: [1] } }],
    ['empty strings', ''],
    ['impossible dates', '2024-13-45'],
  ];
  for (const [label, value] of values) {
    probes.push({ label: `${label} in every body field`, url, body: everyField(fields, value) });
  }
  for (const body of [[], 'text', 42, null, {}]) {
    probes.push({ label: `body ${JSON.stringify(body)}`, url, body });
  }
  probes.push(
    { label: '10 kB multipart fields', url, form: { token: LONG, type: LONG } },
    { label: 'unknown multipart type', url, form: { token: 'A'.repeat(32), type: 'other' } },
  );
  return probes;
}

const routes: Route[] = [];

const t = sharedTestApp(
  // The forwarded address is believed, so it really becomes the caller's address.
  { AUTH_RATE_LIMIT_PER_ADDRESS: '1000000', TRUST_PROXY: '127.0.0.1' },
  {
    onRoute: (route) => {
      if (!routes.some((r) => r.method === route.method && r.url === route.url)) {
        routes.push(route);
      }
    },
  },
);

// The sweeps sign up an account per route, past the 300 codes an hour a live platform keeps
// (decision 046): raised here, as an operator would for a launch day (e2e/ceilings.setup.ts).
// The ceilings themselves are proven in src/server/auth/code-purposes.test.ts.
beforeAll(async () => {
  for (const key of ['otp_hourly_ceiling', 'otp_daily_ceiling']) {
    await t.database.db
      .insert(systemConfig)
      .values({ key, value: '100000' })
      .onConflictDoUpdate({ target: systemConfig.key, set: { value: '100000' } });
  }
});

const BOUNDARY = 'bad-input-boundary';

function multipart(fields: Record<string, string>): string {
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.4 bad input\r\n',
  );
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}

function payloadOf(probe: Probe): { contentType: string; payload: string } | null {
  if (probe.form) {
    return {
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: multipart(probe.form),
    };
  }
  if (probe.body === undefined) return null;
  return { contentType: 'application/json', payload: JSON.stringify(probe.body) };
}

async function send(route: Route, probe: Probe, cookie: string | null): Promise<Answer> {
  const body = payloadOf(probe);
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: probe.url,
    headers: {
      'x-forwarded-for': '203.0.113.7',
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': body.contentType } : {}),
    },
    ...(body ? { payload: body.payload } : {}),
    // Streamed, so a live event stream can be hung up on once its status is known.
    payloadAsStream: true,
  };
  const response = await t.app.inject(options);
  const stream = response.stream();
  if (String(response.headers['content-type']).startsWith('text/event-stream')) {
    // It never ends by itself: hang up, as a browser leaving the page does.
    response.raw.res.req.destroy();
    stream.destroy();
    return { status: response.statusCode, body: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') };
}

/** Field names a route's own validation asks for, added to the known ones. */
async function fieldsOf(route: Route, cookie: string | null): Promise<string[]> {
  if (!WITH_BODY.has(route.method)) return KNOWN_FIELDS;
  const answer = await send(route, { label: 'empty body', url: fill(route.url), body: {} }, cookie);
  let named: string[] = [];
  try {
    const parsed: { fields?: Record<string, string> } = JSON.parse(answer.body);
    named = Object.keys(parsed.fields ?? {}).map((path) => path.split('.')[0] ?? path);
  } catch {
    // Not JSON (a redirect, a file): nothing to learn from it.
  }
  return [...new Set([...KNOWN_FIELDS, ...named])].filter((field) => field !== '_');
}

/** The malformed probes over the known fields and those the route's validation names. */
const malformedWithFields = async (route: Route, cookie: string | null) =>
  malformedProbes(route, await fieldsOf(route, cookie));

/** Sends every probe to every route and returns one line per answer of 500 or more. */
async function serverErrors(
  role: string,
  probesOf: (route: Route, cookie: string | null) => Promise<Probe[]>,
  cookieFor: (route: Route) => Promise<string | null>,
  check: (answer: Answer, route: Route, probe: Probe) => void = () => {},
): Promise<string[]> {
  const failures: string[] = [];
  for (const route of routes) {
    const cookie = await cookieFor(route);
    for (const probe of await probesOf(route, cookie)) {
      const answer = await send(route, probe, cookie);
      check(answer, route, probe);
      if (answer.status >= 500) {
        const url = probe.url.length > 200 ? `${probe.url.slice(0, 200)}…` : probe.url;
        failures.push(
          `${role} ${route.method} ${route.url} [${probe.label}] ${url} → ${answer.status} ${answer.body.slice(0, 200)}`,
        );
      }
    }
  }
  return failures;
}

const TABLES = {
  referrals,
  brokers,
  auditLog,
  tenantForms,
  commissions,
  payouts,
  storedFiles,
  shortLinks,
  notifications,
  sessions,
};

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    const [row] = await t.database.db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? -1;
  }
  return counts;
}

/**
 * A NUL or control-character probe must be refused by the guard, not by luck further on.
 * Multipart fields are the route's own to check; a HEAD answer has no body to compare.
 */
function refusedByGuard(failures: string[], role: string) {
  const expected = JSON.stringify({
    message: INVALID_CHARACTERS_MESSAGE,
    code: 'INVALID_CHARACTERS',
  });
  return (answer: Answer, route: Route, probe: Probe) => {
    if (answer.status === 401 || answer.status === 403 || probe.form) return;
    const body = route.method === 'HEAD' ? '' : expected;
    if (answer.status !== 400 || answer.body !== body) {
      failures.push(
        `${role} ${route.method} ${route.url} [${probe.label}] → ${answer.status} ${answer.body.slice(0, 120)}`,
      );
    }
  };
}

describe('bad input: no route answers 500, whoever calls and whatever is sent', () => {
  it('enumerates the routes the app registers', () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    // A few from different corners, to show the list is the app's own and complete.
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /s/:code',
        'GET /api/tenant-form/:token',
        'POST /api/auth/login',
        'PATCH /api/superadmin/users/:id/role',
        'GET /api/admin/export/:type',
        'GET /api/notifications/stream',
        'GET /healthz',
      ]),
    );
    expect(routes.length).toBeGreaterThan(50);
  });

  it('a stranger: NUL and control characters are refused and write nothing', async () => {
    const before = await rowCounts();
    const notRefused: string[] = [];
    const failures = await serverErrors(
      'stranger',
      async (route) => controlCharacterProbes(route),
      async () => null,
      refusedByGuard(notRefused, 'stranger'),
    );
    expect(failures).toEqual([]);
    expect(notRefused).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  }, 600_000);

  it('a stranger: wrong types, impossible dates and long texts never answer 500', async () => {
    const before = await rowCounts();
    const failures = await serverErrors('stranger', malformedWithFields, async () => null);
    expect(failures).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  }, 600_000);

  it('a super-admin: NUL and control characters are refused and write nothing', async () => {
    const { cookie } = await signUpBroker(t, { superAdmin: true });
    const before = await rowCounts();
    const notRefused: string[] = [];
    const failures = await serverErrors(
      'super-admin',
      async (route) => controlCharacterProbes(route),
      async () => cookie,
      refusedByGuard(notRefused, 'super-admin'),
    );
    expect(failures).toEqual([]);
    expect(notRefused).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  }, 600_000);

  it('a super-admin: wrong types, impossible dates and long texts never answer 500', async () => {
    // A fresh account per route: signing out or deleting one's own account must not leave
    // the next routes answering 401 to input they never read.
    const failures = await serverErrors(
      'super-admin',
      malformedWithFields,
      async () => (await signUpBroker(t, { superAdmin: true })).cookie,
    );
    expect(failures).toEqual([]);
  }, 600_000);
});
