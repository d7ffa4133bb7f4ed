import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBootstrapSuperAdmin } from '../db/bootstrap.js';
import { brokers, referrals } from '../db/schema.js';
import {
  createTestApp,
  nextPhone,
  sessionCookieFrom,
  signUpBroker,
  type TestApp,
  type TestBroker,
} from '../test-support/test-app.js';

const PROTECTED = '0500000099';
let t: TestApp;
let root: TestBroker;
let rootId: string;
beforeAll(async () => {
  t = await createTestApp({
    AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
    BOOTSTRAP_SUPERADMIN_PHONE: PROTECTED,
    BOOTSTRAP_SUPERADMIN_PASSWORD: 'root-password',
  });
  await ensureBootstrapSuperAdmin(t.database.db, { phone: PROTECTED, password: 'root-password' });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { phone: PROTECTED, password: 'root-password' },
  });
  root = { id: login.json().user.id, phone: PROTECTED, cookie: sessionCookieFrom(login) };
  rootId = root.id;
});
afterAll(async () => {
  await t.close();
});

const as = (
  cookie: string,
  method: 'GET' | 'PATCH' | 'DELETE' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('user management', () => {
  it('lists users with counts and searches by phone, name or code', async () => {
    const b = await signUpBroker(t, { fullName: 'هيفاء المطيري' });
    const result = (await as(root.cookie, 'GET', '/api/superadmin/users?search=المطيري')).json();
    expect(result.items.map((u: { id: string }) => u.id)).toEqual([b.id]);
    expect(result.counts.superAdmins).toBeGreaterThanOrEqual(1);
    const all = (await as(root.cookie, 'GET', '/api/superadmin/users')).json();
    expect(all.items.find((u: { id: string }) => u.id === rootId).isProtected).toBe(true);
  });

  it('grants and removes admin and super-admin', async () => {
    const b = await signUpBroker(t);
    const granted = await as(root.cookie, 'PATCH', `/api/superadmin/users/${b.id}/role`, {
      isAdmin: true,
      isSuperAdmin: true,
    });
    expect(granted.json()).toMatchObject({ isAdmin: true, isSuperAdmin: true });
    const removed = await as(root.cookie, 'PATCH', `/api/superadmin/users/${b.id}/role`, {
      isSuperAdmin: false,
    });
    expect(removed.json()).toMatchObject({ isAdmin: true, isSuperAdmin: false });
  });

  it('never lets the protected phone lose super-admin', async () => {
    const other = await signUpBroker(t);
    await as(root.cookie, 'PATCH', `/api/superadmin/users/${other.id}/role`, {
      isSuperAdmin: true,
    });
    const response = await as(other.cookie, 'PATCH', `/api/superadmin/users/${rootId}/role`, {
      isSuperAdmin: false,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('لا يمكن تغيير صلاحيات هذا الحساب');
    expect((await as(other.cookie, 'DELETE', `/api/superadmin/brokers/${rootId}`)).statusCode).toBe(
      403,
    );
  });

  it('refuses to remove the last super-admin', async () => {
    const lone = await createTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
    try {
      const b = await signUpBroker(lone);
      await lone.database.db
        .update(brokers)
        .set({ isSuperAdmin: true })
        .where(eq(brokers.id, b.id));
      const response = await lone.app.inject({
        method: 'PATCH',
        url: `/api/superadmin/users/${b.id}/role`,
        headers: { cookie: b.cookie },
        payload: { isSuperAdmin: false },
      });
      expect(response.statusCode).toBe(409);
    } finally {
      await lone.close();
    }
  });

  it('is for super-admins only', async () => {
    const admin = await signUpBroker(t, { admin: true });
    const broker = await signUpBroker(t);
    expect((await as(admin.cookie, 'GET', '/api/superadmin/users')).statusCode).toBe(403);
    expect(
      (
        await as(admin.cookie, 'PATCH', `/api/superadmin/users/${broker.id}/role`, {
          isAdmin: true,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await as(admin.cookie, 'DELETE', `/api/superadmin/brokers/${broker.id}`)).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/superadmin/users' })).statusCode).toBe(401);
  });
});

describe('deletion', () => {
  it('deletes a referral with its commission and stored documents', async () => {
    const b = await signUpBroker(t);
    const created = (
      await as(b.cookie, 'POST', '/api/referrals', { tenantPhone: nextPhone(), rent: 60000 })
    ).json();
    const [row] = await t.database.db.select().from(referrals).where(eq(referrals.id, created.id));
    const form = new FormData();
    form.set('token', row?.formToken ?? '');
    form.set('type', 'salary');
    form.set('file', new Blob([new TextEncoder().encode('%PDF-1.4 test')]), 'x.pdf');
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const uploaded = (await (
      await fetch(`${base}/api/upload`, { method: 'POST', body: form })
    ).json()) as { url: string };
    const key = uploaded.url.slice('upload:'.length);
    expect(
      await t.app
        .inject({ url: `/api/files/${key}`, headers: { cookie: root.cookie } })
        .then((r) => r.statusCode),
    ).toBe(200);

    await as(root.cookie, 'PUT', `/api/admin/referrals/${created.id}/status`, {
      status: 'contract_signed',
    });
    expect(
      (await as(root.cookie, 'DELETE', `/api/superadmin/referrals/${created.id}`)).statusCode,
    ).toBe(200);
    expect((await as(b.cookie, 'GET', '/api/commissions')).json()).toEqual([]);
    expect(
      await t.app
        .inject({ url: `/api/files/${key}`, headers: { cookie: root.cookie } })
        .then((r) => r.statusCode),
    ).toBe(404);
    expect(
      (await as(root.cookie, 'DELETE', `/api/superadmin/referrals/${created.id}`)).statusCode,
    ).toBe(404);
  });

  it('deletes a broker with everything of theirs; not oneself', async () => {
    const b = await signUpBroker(t);
    await as(b.cookie, 'POST', '/api/referrals', { tenantPhone: nextPhone() });
    expect((await as(root.cookie, 'DELETE', `/api/superadmin/brokers/${b.id}`)).statusCode).toBe(
      200,
    );
    expect((await as(b.cookie, 'GET', '/api/broker/profile')).statusCode).toBe(401);
    expect(
      await t.database.db.select().from(referrals).where(eq(referrals.brokerId, b.id)),
    ).toEqual([]);

    const other = await signUpBroker(t);
    await as(root.cookie, 'PATCH', `/api/superadmin/users/${other.id}/role`, {
      isSuperAdmin: true,
    });
    expect(
      (await as(other.cookie, 'DELETE', `/api/superadmin/brokers/${other.id}`)).statusCode,
    ).toBe(409);
  });
});

describe('audit log', () => {
  it('records who changed what, before and after, readable by super-admins with filters', async () => {
    const b = await signUpBroker(t);
    await as(root.cookie, 'PATCH', `/api/superadmin/users/${b.id}/role`, { isAdmin: true });
    const log = (
      await as(
        root.cookie,
        'GET',
        `/api/superadmin/audit-log?action=user.role_change&search=${b.id}`,
      )
    ).json();
    expect(log.total).toBe(1);
    expect(log.items[0]).toMatchObject({
      actorPhone: PROTECTED,
      entityType: 'broker',
      entityId: b.id,
      before: { isAdmin: false, isSuperAdmin: false },
      after: { isAdmin: true, isSuperAdmin: false },
    });
    const admin = await signUpBroker(t, { admin: true });
    expect((await as(admin.cookie, 'GET', '/api/superadmin/audit-log')).statusCode).toBe(403);
  });
});
