import { anAdmin, aSuperAdmin } from './factories.js';
import type { TestApp, TestBroker } from './test-app.js';

/**
 * The staff a file's money tests share, signed up once before them: an admin, who processes
 * referrals, commissions and payouts, and a super-admin (`root`), for what only super-admins may
 * do (settings, deletions, the audit log).
 * `beforeAll(async () => { ({ admin, root } = await anAdminAndASuperAdmin(t)); });`
 */
export async function anAdminAndASuperAdmin(
  t: TestApp,
): Promise<{ admin: TestBroker; root: TestBroker }> {
  const admin = await anAdmin(t);
  return { admin, root: await aSuperAdmin(t) };
}
