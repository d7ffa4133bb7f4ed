import { and, eq, isNull } from 'drizzle-orm';
import { isRetiredPhone, referralStatusLabel } from '#domain';
import type { AppContext } from '../context.js';
import type { Transaction } from '../db/client.js';
import { brokers, type Referral } from '../db/schema.js';
import { queueWebhookEvent } from '../webhooks/events.js';
import { enqueueCrm, enqueueMessage } from './outbox.js';

/**
 * What a status change sends, queued in its transaction: the broker hears of it on the
 * preferred channel (unless they switched it off in their profile), the CRM lead follows, and
 * subscribed webhook endpoints get `referral.status_changed`.
 */
export async function queueStatusChange(
  tx: Transaction,
  ctx: Pick<AppContext, 'config' | 'channels'>,
  before: Referral,
  after: Referral,
): Promise<void> {
  if (before.status === after.status) return;
  await queueWebhookEvent(tx, 'referral.status_changed', {
    referral: {
      id: after.id,
      number: after.number,
      tenantPhone: after.tenantPhone,
      contractId: after.contractId,
    },
    previousStatus: before.status,
    status: after.status,
    broker: { id: after.brokerId },
  });
  // The change's own instant: the same change never queues twice, a later one always does.
  const cause = `status:${after.id}:${after.updatedAt.getTime()}`;
  const [broker] = await tx
    .select({ phone: brokers.phone, notifyByMessage: brokers.notifyByMessage })
    .from(brokers)
    .where(and(eq(brokers.id, after.brokerId), isNull(brokers.deletedAt)));
  if (broker?.notifyByMessage && !isRetiredPhone(broker.phone)) {
    await enqueueMessage(tx, ctx.channels.whatsapp !== null, {
      kind: 'status_update',
      to: broker.phone,
      purpose: 'status_update',
      parameters: [
        ctx.config.brand.productName,
        after.tenantPhone,
        referralStatusLabel(after.status),
      ],
      cause,
      referralId: after.id,
    });
  }
  if (ctx.channels.crm) {
    await enqueueCrm(tx, {
      kind: 'crm_update',
      referralId: after.id,
      tenantPhone: after.tenantPhone,
      cause,
    });
  }
}
