import { describe, expect, it } from 'vitest';
import { DAY_OUT_OF_RANGE_MESSAGE } from '#domain';
import { auditLog, publicHolidays } from '../db/schema.js';
import { addressKey } from '../rate-limit.js';
import { client } from '../test-support/client.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { signUpBroker } from '../test-support/test-app.js';

// What the route fuzzer (routes.fuzz.test.ts) found, pinned as plain examples so they stay
// fixed whatever seed a later fuzz run draws: raw URLs and bodies, as the fuzzer sent them.

// A proxy is trusted, so the forwarded-for header becomes the client's address.
const t = sharedTestApp({ TRUST_PROXY: '127.0.0.1', AUTH_RATE_LIMIT_PER_ADDRESS: '1000' });

describe('a forwarded address that is not an address', () => {
  it('is counted under one shared key, never under its own text', () => {
    expect(addressKey('a\u0000b')).toBe('not-an-address');
    expect(addressKey('x'.repeat(6000))).toBe('not-an-address');
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it.each([
    ['a NUL byte', '\u0000\u0000'],
    ['garbage', 'unknown'],
    ['kilobytes of it', '9'.repeat(6000)],
  ])('%s: a rate-limited call answers 404, not 500', async (_label, forwarded) => {
    const response = await client(t)
      .as(null)
      .get(`/api/tenant-form/${'A'.repeat(22)}`, { headers: { 'x-forwarded-for': forwarded } });
    expect(response.statusCode).toBe(404);
  });

  it('an audited change records no address rather than the garbage', async () => {
    const admin = await signUpBroker(t, { superAdmin: true });
    const response = await client(t)
      .as(admin)
      .post(
        '/api/admin/config',
        { key: 'sms_notifications_enabled', value: 'true' },
        { headers: { 'x-forwarded-for': '\u0000' } },
      );
    expect(response.statusCode).toBe(200);
    const rows = await t.database.db.select({ ip: auditLog.ip }).from(auditLog);
    expect(rows).toEqual([{ ip: null }]);
  });
});

// `GET /api/referrals?from=0001-01-01&to=9999-12-31` was a 500 (year 1 in
// Riyadh starts in year 0 UTC, which PostgreSQL refuses). Every day in a query or a body is now
// bounded (src/domain/dates.ts), every page number too (src/contract/common.ts).
describe('a day or a page number out of range is a 400 in Arabic, never a 500', () => {
  it.each([
    ['the calendar edges', '/api/referrals?from=0001-01-01&to=9999-12-31'],
    ['the first day alone', '/api/referrals?from=0001-01-01'],
    ['the last day alone', '/api/referrals?to=9999-12-31'],
    ['a page past the last', '/api/referrals?page=10001'],
    ['a page size of a million', '/api/referrals?pageSize=1000000'],
  ])("a broker's list, %s", async (_label, url) => {
    const broker = await signUpBroker(t);
    const response = await client(t).as(broker).get<ApiError>(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
    expect(response.json().message).toMatch(/^يرجى إدخال (تاريخ|رقم صفحة|عدد)/);
  });

  it('the range itself is served', async () => {
    const broker = await signUpBroker(t);
    const response = await client(t)
      .as(broker)
      .get('/api/referrals?from=2000-01-01&to=2100-12-31&page=10000');
    expect(response.statusCode).toBe(200);
  });

  it('analytics: a year-1 range within two years is refused by its days', async () => {
    const admin = await signUpBroker(t, { admin: true });
    const response = await client(t)
      .as(admin)
      .get<ApiError>('/api/admin/analytics?from=0001-01-01&to=0001-12-31');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(DAY_OUT_OF_RANGE_MESSAGE);
  });

  it('a holiday in year 9999 is refused, and none is stored', async () => {
    const superAdmin = await signUpBroker(t, { superAdmin: true });
    const response = await client(t)
      .as(superAdmin)
      .post<ApiError>('/api/superadmin/holidays', { day: '9999-12-31', name: 'عطلة' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(DAY_OUT_OF_RANGE_MESSAGE);
    expect(await t.database.db.select().from(publicHolidays)).toEqual([]);
  });

  it('an admin list past its last page', async () => {
    const admin = await signUpBroker(t, { admin: true });
    const response = await client(t).as(admin).get<ApiError>('/api/admin/referrals?page=100000');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('يرجى إدخال رقم صفحة بين ١ و١٠٠٠٠');
  });
});
