import { beforeAll, describe, expect, it } from 'vitest';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import { brokerEndpoints } from '#contract/brokers';
import {
  bootstrapSuperAdminEnv,
  theBootstrapSuperAdmin,
} from '../../test-support/bootstrap-super-admin.js';
import { type Caller, client } from '../../test-support/client.js';
import { aBroker, anAdmin, aSuperAdmin } from '../../test-support/factories.js';
import type { ApiError } from '../../test-support/responses.js';
import { sharedTestApp } from '../../test-support/shared-test-app.js';

const PROTECTED = '0500000098';
let protectedId: string;
const t = sharedTestApp({
  AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
  ...bootstrapSuperAdminEnv(PROTECTED),
});
beforeAll(async () => {
  protectedId = (await theBootstrapSuperAdmin(t, PROTECTED)).id;
});

const as = (caller: Caller) => client(t).as(caller);
const deactivate = (caller: Caller, id: string) =>
  as(caller).call(adminBrokerEndpoints.deactivate, {
    params: { id },
    body: { reason: 'مخالفة شروط البرنامج' },
  });

describe('deactivation never locks out the people who run the console', () => {
  it('refuses an admin deactivating their own account, in Arabic', async () => {
    const admin = await anAdmin(t);
    const response = await deactivate(admin, admin.id);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'SELF_DEACTIVATION',
      message: 'لا يمكنك إلغاء تفعيل حسابك',
    });
    const me = (await as(admin).call(brokerEndpoints.profile)).json();
    expect(me.isActive).toBe(true);
  });

  it("refuses an admin, or another super-admin, deactivating a super-admin's account", async () => {
    const admin = await anAdmin(t);
    const superAdmin = await aSuperAdmin(t);
    const other = await aSuperAdmin(t);
    for (const caller of [admin, other]) {
      const response = await deactivate(caller, superAdmin.id);
      expect(response.statusCode).toBe(403);
      expect(response.json<ApiError>().code).toBe('SUPERADMIN_DEACTIVATION');
      expect(response.json<ApiError>().message).toMatch(/^لا يمكن إلغاء تفعيل حساب مشرف عام/);
    }
    expect((await as(superAdmin).call(brokerEndpoints.profile)).json().isActive).toBe(true);
  });

  it('refuses deactivating the protected account, with its reason', async () => {
    const superAdmin = await aSuperAdmin(t);
    const response = await deactivate(superAdmin, protectedId);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'PROTECTED_ACCOUNT',
      message: 'الحساب المحمي لا يمكن حذفه أو سحب صلاحياته',
    });
  });

  it('still deactivates a broker, and an admin may activate any account', async () => {
    const admin = await anAdmin(t);
    const broker = await aBroker(t);
    const response = await deactivate(admin, broker.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().isActive).toBe(false);
    const again = await as(admin).call(adminBrokerEndpoints.activate, {
      params: { id: broker.id },
    });
    expect(again.json().isActive).toBe(true);
  });
});
