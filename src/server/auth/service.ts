import { eq } from 'drizzle-orm';
import { findBrokerByPhone, withUniqueBrokerCode } from '../brokers/service.js';
import type { Database } from '../db/client.js';
import { type Broker, brokers } from '../db/schema.js';
import { defaultGroupId } from '../groups/terms.js';
import { hashPassword } from './passwords.js';
import { revokeSessions } from './sessions.js';

/**
 * Sets the password of the phone's account after its owner proved the phone with a code,
 * creating the account when there is none. The phone is now verified, and every earlier
 * session ends, since whoever held them may not be the phone's owner. `replaced` says an
 * existing account's password was changed (its owner is then told by SMS).
 */
export async function setPasswordForVerifiedPhone(
  db: Database,
  phone: string,
  password: string,
): Promise<{ broker: Broker; replaced: boolean }> {
  const previous = await findBrokerByPhone(db, phone);
  const passwordHash = await hashPassword(password);
  const broker = await withUniqueBrokerCode(async (brokerCode) => {
    const [row] = await db
      .insert(brokers)
      // A new broker joins the default group (decision record 072).
      .values({
        phone,
        passwordHash,
        brokerCode,
        firstTimeOtpVerified: true,
        groupId: defaultGroupId,
      })
      .onConflictDoUpdate({
        target: brokers.phone,
        set: { passwordHash, firstTimeOtpVerified: true, updatedAt: new Date() },
      })
      .returning();
    if (!row) throw new Error('broker upsert returned nothing');
    return row;
  });
  await revokeSessions(db, broker.id);
  return { broker, replaced: Boolean(previous?.firstTimeOtpVerified) };
}

export async function changePassword(
  db: Database,
  brokerId: string,
  newPassword: string,
  keepSessionId: string | null,
): Promise<void> {
  await db
    .update(brokers)
    .set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date() })
    .where(eq(brokers.id, brokerId));
  await revokeSessions(db, brokerId, keepSessionId ?? undefined);
}
