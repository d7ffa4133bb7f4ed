import { authEndpoints } from '#contract/auth';
import { ensureBootstrapSuperAdmin } from '../db/bootstrap.js';
import { client } from './client.js';
import { sessionCookieFrom, type TestApp, type TestBroker } from './test-app.js';

/** The password the tests give the bootstrap super-admin. */
const PASSWORD = 'root-password';

/** The configuration naming `phone` the bootstrap super-admin: the protected account. */
export const bootstrapSuperAdminEnv = (phone: string) => ({
  BOOTSTRAP_SUPERADMIN_PHONE: phone,
  BOOTSTRAP_SUPERADMIN_PASSWORD: PASSWORD,
});

/**
 * The bootstrap super-admin of an app configured with `bootstrapSuperAdminEnv(phone)`, made as
 * the server makes it at start-up, then signed in with its password.
 */
export async function theBootstrapSuperAdmin(t: TestApp, phone: string): Promise<TestBroker> {
  await ensureBootstrapSuperAdmin(t.database.db, { phone, password: PASSWORD });
  const login = await client(t)
    .as(null)
    .call(authEndpoints.login, { body: { phone, password: PASSWORD } });
  return { id: login.json().user.id, phone, cookie: sessionCookieFrom(login) };
}
