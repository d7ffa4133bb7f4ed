import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema.js';
import { addressKey } from '../rate-limit.js';
import { client } from '../test-support/client.js';
import { createTestApp, signUpBroker, type TestApp } from '../test-support/test-app.js';

// What the route fuzzer (routes.fuzz.test.ts) found, pinned as plain examples so they stay
// fixed whatever seed a later fuzz run draws.

let t: TestApp;
beforeAll(async () => {
  // A proxy is trusted, so the forwarded-for header becomes the client's address.
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1', AUTH_RATE_LIMIT_PER_ADDRESS: '1000' });
});
afterAll(async () => {
  await t.close();
});

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
