import { and, eq, isNull } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.js';
import { createBroker, findBrokerByPhone } from '../brokers/service.js';
import type { Database } from './client.js';
import { brokers } from './schema.js';

/** True when some live account can administer the platform. */
export async function hasSuperAdmin(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: brokers.id })
    .from(brokers)
    .where(and(eq(brokers.isSuperAdmin, true), isNull(brokers.deletedAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * Creates the configured super-admin when the platform has none. Its phone is the protected
 * account: it can never lose super-admin rights nor be deleted.
 */
export async function ensureBootstrapSuperAdmin(
  db: Database,
  account: { phone: string; password: string },
): Promise<'created' | 'exists'> {
  if (await hasSuperAdmin(db)) return 'exists';
  const passwordHash = await hashPassword(account.password);
  const existing = await findBrokerByPhone(db, account.phone);
  const flags = { isSuperAdmin: true, isAdmin: true, isActive: true, firstTimeOtpVerified: true };
  if (existing) {
    await db
      .update(brokers)
      .set({ ...flags, passwordHash, updatedAt: new Date() })
      .where(eq(brokers.id, existing.id));
  } else {
    await createBroker(db, {
      phone: account.phone,
      passwordHash,
      fullName: 'المشرف العام',
      ...flags,
    });
  }
  return 'created';
}
