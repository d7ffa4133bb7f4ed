import { and, desc, eq, inArray } from 'drizzle-orm';
import { brokerDisplayName } from '#domain';
import type { AppContext } from '../context.js';
import type { Database } from '../db/client.js';
import { type Broker, outboundMessages, type Referral } from '../db/schema.js';
import { enqueueMessage } from './outbox.js';

/**
 * Queues the tenant's form link (their short link) on the preferred channel. The broker's name
 * goes out under the company's sender name: only a checked display name (letters and spaces),
 * else the broker code, never free text with a link in it.
 */
export async function enqueueTenantLink(
  db: Pick<Database, 'insert' | 'select'>,
  ctx: Pick<AppContext, 'config' | 'channels'>,
  input: {
    referral: Pick<Referral, 'id' | 'tenantPhone'>;
    broker: Pick<Broker, 'fullName' | 'brokerCode'>;
    code: string;
    cause: string;
  },
): Promise<void> {
  await enqueueMessage(db, ctx.channels.whatsapp !== null, {
    kind: 'tenant_link',
    to: input.referral.tenantPhone,
    purpose: 'tenant_link',
    parameters: [
      brokerDisplayName(input.broker.fullName, input.broker.brokerCode),
      `${ctx.config.publicUrl}/s/${input.code}`,
    ],
    cause: `link:${input.referral.id}:${input.cause}`,
    referralId: input.referral.id,
  });
}

export type LinkDelivery = {
  status: (typeof outboundMessages.$inferSelect)['status'];
  channel: 'sms' | 'whatsapp';
  at: string;
  canResend: boolean;
};

/**
 * How far the tenant's link got: the furthest of the latest attempt's messages (WhatsApp and
 * its SMS fallback count as one attempt). Null when none was sent.
 */
export async function linkDeliveryOf(
  db: Pick<Database, 'select'>,
  referralId: string,
): Promise<LinkDelivery | null> {
  const rows = await db
    .select({
      status: outboundMessages.status,
      channel: outboundMessages.channel,
      dedupeKey: outboundMessages.dedupeKey,
      createdAt: outboundMessages.createdAt,
      sentAt: outboundMessages.sentAt,
      deliveredAt: outboundMessages.deliveredAt,
      readAt: outboundMessages.readAt,
    })
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.referralId, referralId),
        eq(outboundMessages.kind, 'tenant_link'),
        inArray(outboundMessages.channel, ['sms', 'whatsapp']),
      ),
    )
    .orderBy(desc(outboundMessages.createdAt))
    .limit(10);
  const latest = rows[0];
  if (!latest) return null;
  const cause = latest.dedupeKey.replace(/:(sms|whatsapp)$/, '');
  const attempt = rows.filter((row) => row.dedupeKey.startsWith(`${cause}:`));
  // Any message of the attempt that got through wins over one that failed.
  const order = ['read', 'delivered', 'sent', 'sending', 'queued', 'failed'] as const;
  const best =
    [...attempt].sort((a, b) => order.indexOf(a.status) - order.indexOf(b.status))[0] ?? latest;
  return {
    status: best.status,
    channel: best.channel === 'whatsapp' ? 'whatsapp' : 'sms',
    at: (best.readAt ?? best.deliveredAt ?? best.sentAt ?? best.createdAt).toISOString(),
    canResend: best.status === 'failed',
  };
}
