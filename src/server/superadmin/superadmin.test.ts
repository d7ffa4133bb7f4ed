import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { brokerEndpoints } from '#contract/brokers';
import { commissionEndpoints } from '#contract/commissions';
import { superadminEndpoints } from '#contract/superadmin';
import { tenantFormEndpoints } from '#contract/tenant-forms';
import { auditLog, brokers, payouts, referrals, sessions, storedFiles } from '../db/schema.js';
import {
  bootstrapSuperAdminEnv,
  theBootstrapSuperAdmin,
} from '../test-support/bootstrap-super-admin.js';
import { type Caller, client } from '../test-support/client.js';
import { present } from '../test-support/endpoints.js';
import { aBroker, aLease, anAdmin, aReferral, aSignedContract } from '../test-support/factories.js';
import { anIbanOnProfile } from '../test-support/iban.js';
import {
  theLastTwoSuperAdminsAtOnce,
  withTheOnlySuperAdmin,
} from '../test-support/last-super-admin.js';
import { askForPayout } from '../test-support/payouts.js';
import type { ApiError } from '../test-support/responses.js';
import { moneyRecordsOf, retiredAccount } from '../test-support/retired-accounts.js';
import { signUpByCode, type TestBroker, uploadTenantPdf } from '../test-support/test-app.js';
import { sharedUploadingApp } from '../test-support/uploading-app.js';

const PROTECTED = '0500000099';
let root: TestBroker;
let rootId: string;
// The uploads are kept in a folder of the file's own, so the tests see their bytes come and go.
const { t, base, storedOnDisk } = sharedUploadingApp(
  'superadmin',
  bootstrapSuperAdminEnv(PROTECTED),
);
beforeAll(async () => {
  root = await theBootstrapSuperAdmin(t, PROTECTED);
  rootId = root.id;
});

const as = (caller: Caller) => client(t).as(caller);

describe('user management', () => {
  it('lists users with counts and searches by phone, name or code', async () => {
    const b = await aBroker(t, { fullName: 'هيفاء المطيري' });
    const result = (
      await as(root).call(superadminEndpoints.users, { query: { search: 'المطيري' } })
    ).json();
    expect(result.items.map((u) => u.id)).toEqual([b.id]);
    expect(result.counts.superAdmins).toBeGreaterThanOrEqual(1);
    const all = (await as(root).call(superadminEndpoints.users)).json();
    expect(all.items.find((u) => u.id === rootId)?.isProtected).toBe(true);
  });

  it('grants and removes admin and super-admin', async () => {
    const b = await aBroker(t);
    const granted = await as(root).call(superadminEndpoints.changeRole, {
      params: { id: b.id },
      body: {
        isAdmin: true,
        isSuperAdmin: true,
      },
    });
    expect(granted.json()).toMatchObject({ isAdmin: true, isSuperAdmin: true });
    const removed = await as(root).call(superadminEndpoints.changeRole, {
      params: { id: b.id },
      body: {
        isSuperAdmin: false,
      },
    });
    expect(removed.json()).toMatchObject({ isAdmin: true, isSuperAdmin: false });
  });

  it('never lets the protected phone lose super-admin', async () => {
    const other = await aBroker(t);
    await as(root).call(superadminEndpoints.changeRole, {
      params: { id: other.id },
      body: {
        isSuperAdmin: true,
      },
    });
    const response = await as(other).call(superadminEndpoints.changeRole, {
      params: { id: rootId },
      body: {
        isSuperAdmin: false,
      },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<ApiError>().message).toBe('لا يمكن تغيير صلاحيات هذا الحساب');
    expect(
      (await as(other).call(superadminEndpoints.deleteBroker, { params: { id: rootId } }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses to remove the last super-admin', async () => {
    await withTheOnlySuperAdmin(async (lone, b) => {
      const response = await client(lone)
        .as(b)
        .call(superadminEndpoints.changeRole, {
          params: { id: b.id },
          body: { isSuperAdmin: false },
        });
      expect(response.statusCode).toBe(409);
    });
  });

  it('is for super-admins only', async () => {
    const admin = await anAdmin(t);
    const broker = await aBroker(t);
    expect((await as(admin).call(superadminEndpoints.users)).statusCode).toBe(403);
    expect(
      (
        await as(admin).call(superadminEndpoints.changeRole, {
          params: { id: broker.id },
          body: {
            isAdmin: true,
          },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await as(admin).call(superadminEndpoints.deleteBroker, { params: { id: broker.id } }))
        .statusCode,
    ).toBe(403);
    expect((await as(null).call(superadminEndpoints.users)).statusCode).toBe(401);
  });
});

describe('deletion', () => {
  it('deletes a referral with its commission and stored documents', async () => {
    const b = await aBroker(t);
    const created = await aReferral(t, b);
    const key = await uploadTenantPdf(base(), created.token);
    expect(storedOnDisk(key)).toBe(true);
    expect(
      await as(root)
        .call(tenantFormEndpoints.download, { params: { key } })
        .then((r) => r.statusCode),
    ).toBe(200);

    await as(root).call(adminReferralEndpoints.changeStatus, {
      params: { id: created.id },
      body: {
        status: 'contract_signed',
        ...aLease(60_000),
      },
    });
    expect(
      (await as(root).call(superadminEndpoints.deleteReferral, { params: { id: created.id } }))
        .statusCode,
    ).toBe(200);
    expect((await as(b).call(commissionEndpoints.list)).json().items).toEqual([]);
    expect(
      await as(root)
        .call(tenantFormEndpoints.download, { params: { key } })
        .then((r) => r.statusCode),
    ).toBe(404);
    expect(storedOnDisk(key)).toBe(false);
    expect(
      (await as(root).call(superadminEndpoints.deleteReferral, { params: { id: created.id } }))
        .statusCode,
    ).toBe(404);
  });

  it('retires a broker, keeping their referrals; not oneself', async () => {
    const b = await aBroker(t);
    const open = await aReferral(t, b);
    expect(
      (await as(root).call(superadminEndpoints.deleteBroker, { params: { id: b.id } })).statusCode,
    ).toBe(200);
    expect((await as(b).call(brokerEndpoints.profile)).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.brokerId, b.id))).toEqual(
      [],
    );
    const kept = await t.database.db
      .select({ id: referrals.id, status: referrals.status })
      .from(referrals)
      .where(eq(referrals.brokerId, b.id));
    expect(kept).toEqual([{ id: open.id, status: 'cancelled' }]);
    // Gone for every later call on it.
    expect(
      (await as(root).call(superadminEndpoints.deleteBroker, { params: { id: b.id } })).statusCode,
    ).toBe(404);

    const other = await aBroker(t);
    await as(root).call(superadminEndpoints.changeRole, {
      params: { id: other.id },
      body: {
        isSuperAdmin: true,
      },
    });
    expect(
      (await as(other).call(superadminEndpoints.deleteBroker, { params: { id: other.id } }))
        .statusCode,
    ).toBe(409);
  });

  it('keeps the protected account: neither an admin panel deletion nor leaving', async () => {
    const response = await as(root).call(brokerEndpoints.deleteAccount);
    expect(response.statusCode).toBe(403);
    expect(response.json<ApiError>().code).toBe('PROTECTED_ACCOUNT');
    expect((await as(root).call(brokerEndpoints.profile)).statusCode).toBe(200);
  });
});

describe('super-admin deletion keeps the ledger', () => {
  it('retires the broker: money records stay, open referrals close, documents go, the phone is free', async () => {
    const b = await aBroker(t, { fullName: 'ريم الدوسري' });
    const [before] = await t.database.db.select().from(brokers).where(eq(brokers.id, b.id));

    const { commission } = await aSignedContract(t, root, { broker: b, rent: 80000 });
    await as(root).call(adminCommissionEndpoints.confirmPayment, {
      params: { id: commission.id },
      body: {
        transferReference: 'TRX-SA-1',
      },
    });
    await aSignedContract(t, root, { broker: b, rent: 50000, status: 'commission_added' });
    await anIbanOnProfile(t, b);
    const openRequest = (await askForPayout(t, b, 500)).json();
    expect(openRequest.id).toBeDefined();

    const open = await aReferral(t, b);
    const key = await uploadTenantPdf(base(), open.token);
    expect(storedOnDisk(key)).toBe(true);
    const usersBefore = (await as(root).call(superadminEndpoints.users)).json();

    expect(
      (await as(root).call(superadminEndpoints.deleteBroker, { params: { id: b.id } })).statusCode,
    ).toBe(200);

    const [row] = await t.database.db.select().from(brokers).where(eq(brokers.id, b.id));
    expect(row).toMatchObject(retiredAccount(b, before?.brokerCode));
    expect(row?.deletedAt).toBeInstanceOf(Date);

    expect(await moneyRecordsOf(t, b.id)).toEqual([
      ['500.00', '0.00', 'requested', null],
      ['800.00', '800.00', 'paid', 'TRX-SA-1'],
    ]);
    const [request] = await t.database.db.select().from(payouts).where(eq(payouts.brokerId, b.id));
    expect(request).toMatchObject({ id: openRequest.id, amount: '500.00', status: 'draft' });
    const adminList = (await as(root).call(adminCommissionEndpoints.list)).json();
    expect(adminList.items.find((c) => c.id === commission.id)).toMatchObject({
      amount: '800.00',
      status: 'paid',
      brokerName: 'حساب محذوف',
      brokerCode: before?.brokerCode,
    });
    // The admins still decide the open transfer request: paying it settles the commission.
    const paid = await as(root).call(adminPayoutEndpoints.pay, {
      params: { id: present(request?.id) },
      body: {
        transferReference: 'TRX-SA-2',
      },
    });
    expect(paid.statusCode).toBe(200);

    const [cancelled] = await t.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.id, open.id));
    expect(cancelled?.status).toBe('cancelled');
    expect(storedOnDisk(key)).toBe(false);
    expect(await t.database.db.select().from(storedFiles).where(eq(storedFiles.key, key))).toEqual(
      [],
    );

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'broker.delete'), eq(auditLog.entityId, b.id)));
    expect(entry).toMatchObject({
      action: 'broker.delete',
      actorPhone: PROTECTED,
      before: {
        phone: b.phone,
        fullName: 'ريم الدوسري',
        commissions: { total: '1300.00', paid: '800.00', pending: '0.00', requested: '500.00' },
      },
    });

    // Out of the users list and its counts; no role can be given to it.
    const usersAfter = (await as(root).call(superadminEndpoints.users)).json();
    expect(usersAfter.total).toBe(usersBefore.total - 1);
    expect(usersAfter.counts.total).toBe(usersBefore.counts.total - 1);
    expect(usersAfter.items.some((u) => u.id === b.id)).toBe(false);
    expect(
      (
        await as(root).call(superadminEndpoints.users, { query: { search: before?.brokerCode } })
      ).json().total,
    ).toBe(0);
    expect(
      (
        await as(root).call(superadminEndpoints.changeRole, {
          params: { id: b.id },
          body: { isAdmin: true },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await as(root).call(adminBrokerEndpoints.deactivate, {
          params: { id: b.id },
          body: { reason: 'مخالفة شروط البرنامج' },
        })
      ).statusCode,
    ).toBe(404);

    // The phone signs up again as a new account.
    const again = await signUpByCode(t, b.phone, 'another123');
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).not.toBe(b.id);
  });

  it('two super-admins removing each other at once leave one of them', async () => {
    const { results, left } = await theLastTwoSuperAdminsAtOnce((lone, caller, target) =>
      client(lone)
        .as(caller)
        .call(superadminEndpoints.deleteBroker, { params: { id: target.id } }),
    );
    // The second is refused: as the last super-admin (409), or signed out already (401).
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(left).toHaveLength(1);
  });
});

describe('the last super-admin is kept by every route', () => {
  it('two super-admins demoting each other at once: one stays, and no request fails with 5xx', async () => {
    const { results, left } = await theLastTwoSuperAdminsAtOnce((lone, caller, target) =>
      client(lone)
        .as(caller)
        .call(superadminEndpoints.changeRole, {
          params: { id: target.id },
          body: { isSuperAdmin: false },
        }),
    );
    // The other is refused: as the last super-admin (409), or no longer one (403).
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    expect(left).toHaveLength(1);
  });
});

describe('audit log', () => {
  it('records who changed what, before and after, readable by super-admins with filters', async () => {
    const b = await aBroker(t);
    await as(root).call(superadminEndpoints.changeRole, {
      params: { id: b.id },
      body: { isAdmin: true },
    });
    const log = (
      await as(root).call(superadminEndpoints.auditLog, {
        query: { action: 'user.role_change', search: b.id },
      })
    ).json();
    expect(log.total).toBe(1);
    expect(log.items[0]).toMatchObject({
      actorPhone: PROTECTED,
      entityType: 'broker',
      entityId: b.id,
      before: { isAdmin: false, isSuperAdmin: false },
      after: { isAdmin: true, isSuperAdmin: false },
    });
    const admin = await anAdmin(t);
    expect((await as(admin).call(superadminEndpoints.auditLog)).statusCode).toBe(403);
  });

  it('finds an action’s rows written under its old name (before payouts had one name)', async () => {
    const entityId = crypto.randomUUID();
    await t.database.db.insert(auditLog).values([
      { action: 'transfer_request.pay', entityType: 'transfer_request', entityId },
      { action: 'payout.pay', entityType: 'payout', entityId },
      { action: 'payout.reject', entityType: 'payout', entityId },
    ]);
    const filtered = async (action: string) =>
      (await as(root).call(superadminEndpoints.auditLog, { query: { action, search: entityId } }))
        .json()
        .items.map((entry) => entry.action)
        .sort();
    expect(await filtered('payout.pay')).toEqual(['payout.pay', 'transfer_request.pay']);
    expect(await filtered('payout.reject')).toEqual(['payout.reject']);
    // The old name itself still finds its own rows.
    expect(await filtered('transfer_request.pay')).toEqual(['transfer_request.pay']);
  });
});
