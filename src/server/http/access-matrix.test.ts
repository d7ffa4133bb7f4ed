import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '#contract/common';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import {
  createReferralWithToken,
  signUpBroker,
  type TestBroker,
} from '../test-support/test-app.js';
import type { RouteRecord } from './route-record.js';

// Who may call what, for every /api route the server records — not a hand-kept list. Each caller
// is refused exactly when its role is below the route's access, whatever the input, and never
// meets a 5xx; another broker's records are as good as unknown. The calls are raw URLs, made
// from the route table's own paths, so a route the contract misses is called all the same.

type Role = 'signed out' | 'inactive broker' | 'broker' | 'admin' | 'super-admin';
// The inbound API is no role's: a key opens it, never a session (decision 077).
const RANK: Record<Access, number> = { public: 0, broker: 1, admin: 2, superadmin: 3, apiKey: 4 };
const ROLE_RANK: Record<Role, number> = {
  'signed out': 0,
  'inactive broker': 1,
  broker: 1,
  admin: 2,
  'super-admin': 3,
};

/** Calls that end the caller's own session or account: each gets a caller of its own. */
const CONSUMES_CALLER = new Set(['DELETE /api/broker/account', 'POST /api/auth/logout']);
const STREAM = 'GET /api/notifications/stream';

let base: string;
let routes: RouteRecord[];
const callers = new Map<Role, TestBroker | null>();

const newCaller = (role: Role): Promise<TestBroker | null> => {
  switch (role) {
    case 'signed out':
      return Promise.resolve(null);
    case 'inactive broker':
      return signUpBroker(t, { active: false });
    case 'broker':
      return signUpBroker(t);
    case 'admin':
      return signUpBroker(t, { admin: true });
    case 'super-admin':
      return signUpBroker(t, { superAdmin: true });
  }
};

const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  routes = t.app.routeRecord.filter((route) => route.path.startsWith('/api/'));
  for (const role of Object.keys(ROLE_RANK) as Role[]) callers.set(role, await newCaller(role));
});

/** A concrete url for a route: ids that exist nowhere, plausible words elsewhere. */
const urlOf = (route: RouteRecord) =>
  route.path
    .replace(':id', randomUUID())
    .replace(':key', `${'0'.repeat(32)}.pdf`)
    .replace(':token', 'A'.repeat(32))
    .replace(':type', 'brokers');

/** The status a caller meets on the route; a stream is read only until its headers arrive. */
async function statusOf(route: RouteRecord, caller: TestBroker | null) {
  const cookie: Record<string, string> = caller ? { cookie: caller.cookie } : {};
  if (`${route.method} ${route.path}` === STREAM) {
    const abort = new AbortController();
    const response = await fetch(`${base}${urlOf(route)}`, {
      headers: cookie,
      signal: abort.signal,
    });
    const body = response.ok ? null : ((await response.json()) as Partial<ApiError>);
    abort.abort();
    return { status: response.status, code: body?.code };
  }
  const response = await t.app.inject({
    method: route.method as 'GET',
    url: urlOf(route),
    headers: cookie,
    // An empty body: a caller let through meets the validation (or the missing record), a
    // caller refused never gets that far.
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });
  const body = String(response.headers['content-type'] ?? '').includes('json')
    ? (response.json() as Partial<ApiError>)
    : {};
  return { status: response.statusCode, code: body.code };
}

describe('access matrix: every /api route, every kind of caller', () => {
  it('the record holds every /api route with its access and what it answers', () => {
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      expect(route.access, route.path).not.toBeNull();
      expect(route.summary, route.path).toBeTruthy();
      expect(route.response, route.path).not.toBe('undeclared');
    }
  });

  it.each(Object.keys(ROLE_RANK) as Role[])(
    '%s: refused exactly where the role is below the route',
    async (role) => {
      const failures: string[] = [];
      for (const route of routes) {
        const name = `${route.method} ${route.path}`;
        const caller = CONSUMES_CALLER.has(name)
          ? await newCaller(role)
          : (callers.get(role) ?? null);
        const { status, code } = await statusOf(route, caller);
        const allowed = ROLE_RANK[role] >= RANK[route.access ?? 'superadmin'];
        const refused =
          route.access === 'apiKey'
            ? status === 401 && code === 'API_KEY_INVALID'
            : role === 'signed out'
              ? status === 401
              : status === 403 && code === 'FORBIDDEN';
        // A webhook is public by role and guarded by its signature: 401 BAD_SIGNATURE for all.
        const signatureRefused = name === 'POST /api/webhooks/whatsapp' && code === 'BAD_SIGNATURE';
        if (status >= 500) failures.push(`${name}: ${status}`);
        else if (allowed && (status === 401 || code === 'FORBIDDEN') && !signatureRefused)
          failures.push(`${name}: refused (${status} ${code})`);
        else if (!allowed && !refused) failures.push(`${name}: let through (${status} ${code})`);
      }
      expect(failures).toEqual([]);
    },
  );

  it("another broker's referral is as good as unknown", async () => {
    const owner = await signUpBroker(t);
    const { id } = await createReferralWithToken(t, owner);
    const stranger = callers.get('broker') as TestBroker;
    for (const url of [`/api/referrals/${id}`, `/api/referrals/${id}/details`]) {
      const mine = await t.app.inject({ url, headers: { cookie: owner.cookie } });
      expect(mine.statusCode, url).toBe(200);
      const theirs = await t.app.inject({ url, headers: { cookie: stranger.cookie } });
      expect(theirs.statusCode, url).toBe(404);
      expect(theirs.json().message).toBe('الطلب غير موجود');
    }
  });
});
