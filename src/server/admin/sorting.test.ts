import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, client } from '../test-support/client.js';
import { aBroker, anAdmin, aReferral, aSignedContract } from '../test-support/factories.js';
import type { Page } from '../test-support/responses.js';
import { createTestApp, nextPhone, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
});
afterAll(async () => {
  await t.close();
});

const as = (caller: Caller) => client(t).as(caller);
type ValidationError = { message: string; code: string; fields: Record<string, string> };

/** Sorted copies, the way the server should answer. */
const ascending = (values: string[]) => [...values].sort();
const descending = (values: string[]) => [...values].sort().reverse();

describe('GET /api/admin/referrals?sort (the desktop table headers)', () => {
  it('sorts by submission, number or tenant phone, either way; newest submission by default', async () => {
    const admin = await anAdmin(t);
    const marker = `ترتيب ${nextPhone()}`;
    const broker = await aBroker(t, { fullName: marker });
    // Tenant phones out of the order the referrals are sent in.
    const [low, mid, high] = [nextPhone(), nextPhone(), nextPhone()] as [string, string, string];
    const phones = [mid, high, low];
    for (const tenantPhone of phones) {
      await aReferral(t, broker, { tenantPhone, rent: null });
    }
    const list = async (sort?: string) => {
      const query = `search=${encodeURIComponent(marker)}${sort ? `&sort=${sort}` : ''}`;
      const page = await as(admin).get<Page<{ number: number; tenantPhone: string }>>(
        `/api/admin/referrals?${query}`,
      );
      expect(page.statusCode).toBe(200);
      return page.json().items;
    };
    const sent = (await list('number:asc')).map((r) => r.number);
    expect(sent).toEqual([...sent].sort((a, b) => a - b));
    expect((await list('number:desc')).map((r) => r.number)).toEqual([...sent].reverse());
    // Sent in number order, so submission order is the same.
    expect((await list()).map((r) => r.number)).toEqual([...sent].reverse());
    expect((await list('submittedAt:desc')).map((r) => r.number)).toEqual([...sent].reverse());
    expect((await list('submittedAt:asc')).map((r) => r.number)).toEqual(sent);
    expect((await list('tenantPhone:asc')).map((r) => r.tenantPhone)).toEqual(ascending(phones));
    expect((await list('tenantPhone:desc')).map((r) => r.tenantPhone)).toEqual(descending(phones));
  });

  it('refuses an order it does not know with 400 in Arabic', async () => {
    const admin = await anAdmin(t);
    for (const sort of ['rent:asc', 'number', 'number:up', 'submittedAt:DESC;drop table x']) {
      const answer = await as(admin).get<ValidationError>(
        `/api/admin/referrals?sort=${encodeURIComponent(sort)}`,
      );
      expect(answer.statusCode).toBe(400);
      expect(answer.json().fields.sort).toBe('ترتيب غير معروف');
    }
  });

  it('is for admins only', async () => {
    const broker = await aBroker(t);
    const url = '/api/admin/referrals?sort=number:asc';
    expect((await as(broker).get(url)).statusCode).toBe(403);
    expect((await as(null).get(url)).statusCode).toBe(401);
  });
});

describe('GET /api/admin/brokers?sort (the desktop table headers)', () => {
  it('sorts by registration, phone or broker code, either way; newest registration by default', async () => {
    const admin = await anAdmin(t);
    const marker = `فرز ${nextPhone()}`;
    const registered: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      registered.push((await aBroker(t, { fullName: marker })).id);
    }
    type Row = { id: string; phone: string; brokerCode: string };
    const list = async (sort?: string) => {
      const query = `search=${encodeURIComponent(marker)}${sort ? `&sort=${sort}` : ''}`;
      const page = await as(admin).get<Page<Row>>(`/api/admin/brokers?${query}`);
      expect(page.statusCode).toBe(200);
      return page.json().items;
    };
    const rows = await list();
    expect(rows.map((b) => b.id)).toEqual([...registered].reverse());
    expect((await list('createdAt:desc')).map((b) => b.id)).toEqual([...registered].reverse());
    expect((await list('createdAt:asc')).map((b) => b.id)).toEqual(registered);
    const phones = rows.map((b) => b.phone);
    const codes = rows.map((b) => b.brokerCode);
    expect((await list('phone:asc')).map((b) => b.phone)).toEqual(ascending(phones));
    expect((await list('phone:desc')).map((b) => b.phone)).toEqual(descending(phones));
    expect((await list('brokerCode:asc')).map((b) => b.brokerCode)).toEqual(ascending(codes));
    expect((await list('brokerCode:desc')).map((b) => b.brokerCode)).toEqual(descending(codes));
  });

  it('refuses an order it does not know with 400 in Arabic, and non-admins', async () => {
    const admin = await anAdmin(t);
    const answer = await as(admin).get<ValidationError>('/api/admin/brokers?sort=fullName:asc');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fields.sort).toBe('ترتيب غير معروف');
    const broker = await aBroker(t);
    expect((await as(broker).get('/api/admin/brokers?sort=phone:asc')).statusCode).toBe(403);
    expect((await as(null).get('/api/admin/brokers?sort=phone:asc')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/commissions?sort (the desktop table headers)', () => {
  it('sorts by creation either way, newest first by default; refuses other orders', async () => {
    const admin = await anAdmin(t);
    const broker = await aBroker(t, { fullName: `عمولات ${nextPhone()}` });
    const created: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      created.push((await aSignedContract(t, admin, { broker })).commission.id);
    }
    const list = async (sort?: string) => {
      const query = `search=${broker.phone}${sort ? `&sort=${sort}` : ''}`;
      const page = await as(admin).get<Page<{ id: string }>>(`/api/admin/commissions?${query}`);
      expect(page.statusCode).toBe(200);
      return page.json().items.map((c) => c.id);
    };
    expect(await list()).toEqual([...created].reverse());
    expect(await list('createdAt:desc')).toEqual([...created].reverse());
    expect(await list('createdAt:asc')).toEqual(created);
    const answer = await as(admin).get<ValidationError>('/api/admin/commissions?sort=amount:asc');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fields.sort).toBe('ترتيب غير معروف');
    expect((await as(broker).get('/api/admin/commissions?sort=createdAt:asc')).statusCode).toBe(
      403,
    );
  });
});
