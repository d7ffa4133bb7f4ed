import { eq } from 'drizzle-orm';
import { commissions } from '../db/schema.js';
import type { TestApp, TestBroker } from './test-app.js';

/**
 * What a retired account's row holds however it was retired (by its owner or by a super-admin):
 * the phone freed, no password, the name replaced, inactive, the broker code kept. The expected
 * value for `toMatchObject`, which a test widens with what else it checks.
 */
export const retiredAccount = (broker: TestBroker, brokerCode: string | undefined) => ({
  phone: `deleted:${broker.id}`,
  passwordHash: '!deleted',
  fullName: 'حساب محذوف',
  brokerCode,
  isActive: false,
});

/**
 * The broker's commission rows as money records, `[amount, paidAmount, status,
 * transferReference]`, sorted: what a retirement must leave untouched.
 */
export async function moneyRecordsOf(t: TestApp, brokerId: string) {
  const rows = await t.database.db
    .select()
    .from(commissions)
    .where(eq(commissions.brokerId, brokerId));
  return rows.map((c) => [c.amount, c.paidAmount, c.status, c.transferReference]).sort();
}
