import { timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messagingEndpoints } from '#contract/messaging';
import type { FeatureOptions } from '../context.js';
import type { Database } from '../db/client.js';
import { outboundMessages, whatsappTemplates } from '../db/schema.js';
import { AppError } from '../errors.js';
import { serve } from '../http/serve.js';
import { isUuid } from '../ids.js';
import {
  parseWhatsAppWebhook,
  verifyWhatsAppSignature,
  type WebhookStatus,
  type WebhookTemplateUpdate,
} from '../integrations/whatsapp.js';
import { alertAdmins } from './alerts.js';
import { fallBackToSms } from './outbox.js';
import { messagingSettings } from './settings.js';
import { PRODUCT_TEMPLATES, templateStatusOf } from './templates.js';

const equalSecrets = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Meta's webhook: the subscription handshake, then delivery statuses and template reviews.
 * Every POST is checked against `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the
 * app secret) before anything is read; a bad signature is 401 and changes nothing.
 */
export const whatsappWebhookRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (
  app,
  { ctx },
) => {
  const settings = ctx.config.whatsapp.settings;
  // The signature covers the bytes as sent: this plugin keeps JSON bodies raw.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  serve(app, messagingEndpoints.webhookHandshake, async (request, reply) => {
    const query = request.query;
    const expected = settings?.verifyToken ?? '';
    if (
      query['hub.mode'] !== 'subscribe' ||
      !expected ||
      !equalSecrets(query['hub.verify_token'] ?? '', expected)
    ) {
      throw new AppError(403, 'BAD_VERIFY_TOKEN', 'رمز التحقق غير صحيح');
    }
    return reply.type('text/plain').send(query['hub.challenge'] ?? '');
  });

  serve(app, messagingEndpoints.webhook, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : null;
    const secret = settings?.appSecret ?? '';
    if (
      !raw ||
      !secret ||
      !verifyWhatsAppSignature(raw, request.headers['x-hub-signature-256'] as string, secret)
    ) {
      throw new AppError(401, 'BAD_SIGNATURE', 'توقيع غير صالح');
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new AppError(400, 'VALIDATION_ERROR', 'محتوى غير صالح');
    }
    const { statuses, templates } = parseWhatsAppWebhook(body);
    for (const status of statuses) await recordStatus(ctx.db, status);
    for (const template of templates) await recordTemplate(ctx.db, template);
    if (statuses.some((s) => s.status === 'failed')) ctx.outbox.kick();
    return { ok: true as const };
  });
};

/** `sent` < `delivered` < `read`; a late or replayed status never moves a row backwards. */
const RANK_SQL = sql`case ${outboundMessages.status} when 'queued' then 0 when 'sending' then 1 when 'sent' then 2 when 'delivered' then 3 when 'read' then 4 else 5 end`;
const RANK = { sent: 2, delivered: 3, read: 4 } as const;

async function recordStatus(db: Database, status: WebhookStatus): Promise<void> {
  // Our row id travels as biz_opaque_callback_data; Meta's message id is the other key.
  const byId =
    status.opaque && isUuid(status.opaque)
      ? or(
          eq(outboundMessages.id, status.opaque),
          eq(outboundMessages.providerMessageId, status.providerMessageId),
        )
      : eq(outboundMessages.providerMessageId, status.providerMessageId);
  const match = and(eq(outboundMessages.channel, 'whatsapp'), byId);
  if (status.status === 'failed') {
    const [failed] = await db
      .update(outboundMessages)
      .set({
        status: 'failed',
        leaseUntil: null,
        lastError: `${status.errorCode ?? 'failed'}: ${status.errorTitle ?? 'تعذر التسليم'}`.slice(
          0,
          300,
        ),
        errorKind: status.errorCode === '131026' ? 'recipient' : 'transient',
        providerMessageId: sql`coalesce(${outboundMessages.providerMessageId}, ${status.providerMessageId})`,
      })
      // Only a message on its way fails: one delivered or read stays so, and a queued one (an
      // admin's retry) is not failed again by a replay of the old status.
      .where(and(match, inArray(outboundMessages.status, ['sending', 'sent'])))
      .returning();
    if (!failed) return;
    const code = status.errorCode ?? '';
    if (code === '190' || code.startsWith('132')) await alertAdmins(db, 'whatsapp');
    if ((await messagingSettings(db)).fallbackEnabled) await fallBackToSms(db, failed);
    return;
  }
  if (!Number.isFinite(status.at.getTime())) return;
  const rank = RANK[status.status];
  const at = sql`${status.at.toISOString()}::timestamptz`;
  await db
    .update(outboundMessages)
    .set({
      status: status.status,
      providerMessageId: sql`coalesce(${outboundMessages.providerMessageId}, ${status.providerMessageId})`,
      sentAt: sql`coalesce(${outboundMessages.sentAt}, ${at})`,
      ...(status.status !== 'sent'
        ? { deliveredAt: sql`coalesce(${outboundMessages.deliveredAt}, ${at})` }
        : {}),
      ...(status.status === 'read'
        ? { readAt: sql`coalesce(${outboundMessages.readAt}, ${at})` }
        : {}),
      lastError: null,
      errorKind: null,
    })
    .where(and(match, sql`${RANK_SQL} < ${rank}`));
}

async function recordTemplate(db: Database, update: WebhookTemplateUpdate): Promise<void> {
  const template = PRODUCT_TEMPLATES.find((t) => t.name === update.name);
  if (!template) return;
  const status = templateStatusOf(update.status);
  if (!status) return;
  const values = {
    name: template.name,
    language: update.language ?? template.language,
    status,
    category: template.category.toLowerCase(),
    content: template.body,
    reason: update.reason,
  };
  await db
    .insert(whatsappTemplates)
    .values(values)
    .onConflictDoUpdate({
      target: whatsappTemplates.name,
      set: { status: values.status, reason: values.reason, updatedAt: new Date() },
    });
}
