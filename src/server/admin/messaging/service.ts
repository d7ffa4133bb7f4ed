import { and, eq } from 'drizzle-orm';
import type { AuditRecorder } from '../../audit/service.js';
import type { AppContext } from '../../context.js';
import { type OutboundMessage, outboundMessages } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';

const notFailed = () => new AppError(409, 'NOT_FAILED', 'لا يُعاد إلا إرسال رسالة تعذر إرسالها');

/**
 * An admin sends a failed message again from the outbox: queued afresh with its attempts reset,
 * audited in the same transaction, and the outbox woken once it is committed. Webhook
 * deliveries are not the admins' (super-admins resend them from their own log).
 */
export async function retryMessage(
  { db, outbox }: Pick<AppContext, 'db' | 'outbox'>,
  id: string,
  record: AuditRecorder,
): Promise<OutboundMessage> {
  const [row] = await db.select().from(outboundMessages).where(eq(outboundMessages.id, id));
  if (!row || row.channel === 'webhook') throw notFound('الرسالة غير موجودة');
  if (row.status !== 'failed') throw notFailed();
  const queued = await db.transaction(async (tx) => {
    // Still failed as the update runs: another admin's retry, or the worker, may have won.
    const [updated] = await tx
      .update(outboundMessages)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: new Date(), leaseUntil: null })
      .where(and(eq(outboundMessages.id, row.id), eq(outboundMessages.status, 'failed')))
      .returning();
    if (!updated) throw notFailed();
    await record(tx, {
      action: 'outbox.retry',
      entityType: 'outbound_message',
      entityId: row.id,
      before: { status: row.status, lastError: row.lastError },
    });
    return updated;
  });
  outbox.kick();
  return queued;
}
