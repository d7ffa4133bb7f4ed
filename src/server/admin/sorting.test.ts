import { describe, expect, it } from 'vitest';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { type Caller, client } from '../test-support/client.js';
import { type QueryOf, unchecked } from '../test-support/endpoints.js';
import {
  aBroker,
  anAdmin,
  aReferral,
  aSignedContract,
  aUniqueName,
} from '../test-support/factories.js';
import type { ValidationError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { nextPhone } from '../test-support/test-app.js';

const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });

const as = (caller: Caller) => client(t).as(caller);

/** Sorted copies, the way the server should answer. */
const ascending = (values: string[]) => [...values].sort();
const descending = (values: string[]) => [...values].sort().reverse();

describe('GET /api/admin/referrals?sort (the desktop table headers)', () => {
  it('sorts by submission, number or tenant phone, either way; newest submission by default', async () => {
    const admin = await anAdmin(t);
    const marker = aUniqueName('ترتيب');
    const broker = await aBroker(t, { fullName: marker });
    // Tenant phones out of the order the referrals are sent in.
    const [low, mid, high] = [nextPhone(), nextPhone(), nextPhone()] as [string, string, string];
    const phones = [mid, high, low];
    for (const tenantPhone of phones) {
      await aReferral(t, broker, { tenantPhone, rent: null });
    }
    const list = async (sort?: QueryOf<typeof adminReferralEndpoints.list>['sort']) => {
      const page = await as(admin).call(adminReferralEndpoints.list, {
        query: { search: marker, sort },
      });
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
      const answer = await as(admin).call(adminReferralEndpoints.list, {
        query: { sort: unchecked(sort) },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json<ValidationError>().fields.sort).toBe('ترتيب غير معروف');
    }
  });

  it('is for admins only', async () => {
    const broker = await aBroker(t);
    const sorted = { query: { sort: 'number:asc' } } as const;
    expect((await as(broker).call(adminReferralEndpoints.list, sorted)).statusCode).toBe(403);
    expect((await as(null).call(adminReferralEndpoints.list, sorted)).statusCode).toBe(401);
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
    const list = async (sort?: QueryOf<typeof adminBrokerEndpoints.list>['sort']) => {
      const page = await as(admin).call(adminBrokerEndpoints.list, {
        query: { search: marker, sort },
      });
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
    const answer = await as(admin).call(adminBrokerEndpoints.list, {
      query: { sort: unchecked('fullName:asc') },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<ValidationError>().fields.sort).toBe('ترتيب غير معروف');
    const broker = await aBroker(t);
    expect(
      (await as(broker).call(adminBrokerEndpoints.list, { query: { sort: 'phone:asc' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await as(null).call(adminBrokerEndpoints.list, { query: { sort: 'phone:asc' } })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/admin/commissions?sort (the desktop table headers)', () => {
  it('sorts by creation either way, newest first by default; refuses other orders', async () => {
    const admin = await anAdmin(t);
    const broker = await aBroker(t, { fullName: 'عمولات مرتبة' });
    const created: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      created.push((await aSignedContract(t, admin, { broker })).commission.id);
    }
    const list = async (sort?: QueryOf<typeof adminCommissionEndpoints.list>['sort']) => {
      const page = await as(admin).call(adminCommissionEndpoints.list, {
        query: { search: broker.phone, sort },
      });
      expect(page.statusCode).toBe(200);
      return page.json().items.map((c) => c.id);
    };
    expect(await list()).toEqual([...created].reverse());
    expect(await list('createdAt:desc')).toEqual([...created].reverse());
    expect(await list('createdAt:asc')).toEqual(created);
    const answer = await as(admin).call(adminCommissionEndpoints.list, {
      query: { sort: unchecked('amount:asc') },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<ValidationError>().fields.sort).toBe('ترتيب غير معروف');
    expect(
      (await as(broker).call(adminCommissionEndpoints.list, { query: { sort: 'createdAt:asc' } }))
        .statusCode,
    ).toBe(403);
  });
});
