import { and, desc, eq, inArray } from 'drizzle-orm';
import { brokerDisplayName } from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import type { AppContext } from '../context.js';
import type { Database } from '../db/client.js';
import {
  type Broker,
  outboundMessages,
  type Referral,
  referrals,
  shortLinks,
} from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { enforceRateLimits } from '../rate-limit.js';
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

/**
 * The broker sends their tenant's form link again, where the last one failed and the form is
 * still awaited: queued and audited in one transaction, the outbox woken once it is committed.
 * Answers how far the new link got.
 */
export async function resendTenantLink(
  ctx: Pick<AppContext, 'db' | 'config' | 'channels' | 'outbox'>,
  broker: Pick<Broker, 'id' | 'fullName' | 'brokerCode'>,
  referralId: string,
  record: AuditRecorder,
): Promise<LinkDelivery> {
  const { db } = ctx;
  const [referral] = await db
    .select({
      id: referrals.id,
      tenantPhone: referrals.tenantPhone,
      status: referrals.status,
      code: shortLinks.code,
    })
    .from(referrals)
    .innerJoin(shortLinks, eq(shortLinks.referralId, referrals.id))
    .where(and(eq(referrals.id, referralId), eq(referrals.brokerId, broker.id)))
    .limit(1);
  if (!referral) throw notFound('الطلب غير موجود');
  if (referral.status !== 'pending_completion') {
    throw new AppError(
      409,
      'FORM_NOT_AWAITED',
      'لا حاجة لإرسال الرابط: الطلب تجاوز مرحلة إكمال البيانات',
    );
  }
  const delivery = await linkDeliveryOf(db, referral.id);
  // Only a link that failed is sent again; none was sent when the admins switched it off.
  if (!delivery) {
    throw new AppError(
      409,
      'LINK_NOT_SENT',
      'الإرسال التلقائي للرابط متوقف: انسخ الرابط وأرسله بنفسك',
    );
  }
  if (!delivery.canResend) {
    throw new AppError(409, 'LINK_ON_ITS_WAY', 'الرابط لم يتعذر إرساله: لا حاجة لإعادة إرساله');
  }
  // Each resend is a message under the company's name: a few per referral a day.
  await enforceRateLimits(db, [
    { key: `resend-link:${referral.id}`, limit: 3, windowSeconds: 86_400 },
  ]);
  await db.transaction(async (tx) => {
    await enqueueTenantLink(tx, ctx, {
      referral,
      broker,
      code: referral.code,
      cause: `resend:${Date.now()}`,
    });
    await record(tx, {
      action: 'referral.resend_link',
      entityType: 'referral',
      entityId: referral.id,
    });
  });
  ctx.outbox.kick();
  const after = await linkDeliveryOf(db, referral.id);
  if (!after) throw new Error('the resent link was not queued');
  return after;
}
