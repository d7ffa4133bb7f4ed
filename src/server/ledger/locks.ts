import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import { type Broker, brokers, commissions } from '../db/schema.js';
import { notFound } from '../errors.js';

/**
 * Serialises money changes of one broker: every money path locks the broker's row first.
 * NO KEY UPDATE, not UPDATE: inserting a commission (whose foreign key takes a key-share lock
 * on the broker) must not wait on it, or a status change and a deletion could deadlock.
 */
export async function lockBroker(tx: Transaction, brokerId: string): Promise<void> {
  await tx
    .select({ id: brokers.id })
    .from(brokers)
    .where(eq(brokers.id, brokerId))
    .for('no key update');
}

/** The live broker's row, read once it is locked as above; 404 when it is gone. */
export async function lockedLiveBroker(tx: Transaction, brokerId: string): Promise<Broker> {
  await lockBroker(tx, brokerId);
  const [broker] = await tx
    .select()
    .from(brokers)
    .where(and(eq(brokers.id, brokerId), isNull(brokers.deletedAt)));
  if (!broker) throw notFound('الوسيط غير موجود');
  return broker;
}

/**
 * A commission read with its broker's row locked, as every money change reads it: found first
 * to know the broker, read again once the lock is held (it may have changed meanwhile).
 */
export async function lockedCommission(tx: Transaction, commissionId: string) {
  const [peek] = await tx
    .select({ brokerId: commissions.brokerId })
    .from(commissions)
    .where(eq(commissions.id, commissionId));
  if (!peek) throw notFound('العمولة غير موجودة');
  await lockBroker(tx, peek.brokerId);
  const [commission] = await tx.select().from(commissions).where(eq(commissions.id, commissionId));
  if (!commission) throw notFound('العمولة غير موجودة');
  return commission;
}
