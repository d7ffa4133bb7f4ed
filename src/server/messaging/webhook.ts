import { timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messagingEndpoints } from '#contract/messaging';
import { isDayInRange, type OutboxStatus } from '#domain';
import type { FeatureOptions } from '../context.js';
import type { Database } from '../db/client.js';
import { outboundMessages, whatsappTemplates } from '../db/schema.js';
import { AppError } from '../errors.js';
import { serve } from '../http/serve.js';
import { isUuid } from '../ids.js';
import type { FailureKind } from '../integrations/delivery.js';
import {
  classifyWhatsAppError,
  parseWhatsAppWebhook,
  verifyWhatsAppSignature,
  type WebhookError,
  type WebhookStatus,
  type WebhookTemplateUpdate,
} from '../integrations/whatsapp.js';
import { errorLogFields } from '../plugins/log-safety.js';
import { alertAdmins } from './alerts.js';
import { fallBackToSms } from './outbox.js';
import { messagingSettings } from './settings.js';
import { PRODUCT_TEMPLATES, templateStatusOf } from './templates.js';

/** Two secrets compared in constant time (a webhook's token, a report address's secret). */
export const equalSecrets = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * The failures an admin must act on (credentials, account, template, refused text): the
 * outbox's rule (outbox.ts, afterFailure), for failures Meta reports by webhook.
 */
const ADMIN_MUST_ACT: readonly FailureKind[] = ['config', 'template', 'content'];

/**
 * Meta's webhook: the subscription handshake, then delivery statuses, template reviews and
 * errors with no message (account, app or system level).
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
    const { statuses, templates, errors } = parseWhatsAppWebhook(body);
    const outcomes: Outcome[] = [];
    for (const status of statuses) outcomes.push(await recordStatus(ctx.db, status));
    for (const template of templates) await recordTemplate(ctx.db, template);
    for (const error of errors) await recordAccountError(ctx.db, request.log, error);
    // A failure applied may have queued the SMS that stands in for the message.
    if (statuses.some((s, i) => s.status === 'failed' && outcomes[i] === 'applied')) {
      ctx.outbox.kick();
    }
    if (outcomes.includes('early')) {
      // Everything else in the post is applied, and applies to nothing when sent again.
      throw new AppError(409, 'STATUS_TOO_EARLY', 'الرسالة قيد الإرسال، أعد إرسال حالتها لاحقاً');
    }
    return { ok: true as const };
  });
};

/**
 * What a status did: changed its message, changed nothing (already applied, out of order, or
 * about an attempt that is over), or came while its message is being sent.
 */
type Outcome = 'applied' | 'ignored' | 'early';

/**
 * The statuses a row may still take, by the status that arrives: `sent` < `delivered` <
 * `read`, and `failed` only while nothing better was heard. A late, replayed or out-of-order
 * status finds its row past them and changes nothing.
 */
const MAY_MOVE: Record<Exclude<WebhookStatus['status'], 'sent'>, OutboxStatus[]> = {
  delivered: ['sent'],
  read: ['sent', 'delivered'],
  failed: ['sent'],
};

/**
 * Applies one of Meta's statuses (Cloud API, "Webhooks › Payload examples",
 * https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks/payload-examples: each
 * `statuses[]` item carries `id`, the message id our send got back (wamid); `status`; and
 * `timestamp`, Unix seconds as text), at least once and in no promised order.
 * - It applies to the row whose current attempt has that id, and to no other: a retried message
 *   is sent again under a new id (outbox.ts records each attempt's), so a captured status of
 *   the failed attempt, replayed, matches nothing. `biz_opaque_callback_data` (our row id) is
 *   the same on every attempt, so it never picks the row.
 * - A status is applied once: the row must still be where the status moves it from (MAY_MOVE),
 *   in the same statement, so a second post of it, or a late `sent` after `delivered`, finds
 *   nothing to change and has no side effect (no second alert, no second fallback).
 * - While the row is `sending`, the id of the attempt under way is not recorded yet: the status
 *   is left for Meta's redelivery (the post is answered 409; Meta sends again a post not
 *   answered 200), and by then the row names its attempt.
 * Meta's timestamp is its clock, not ours: it orders nothing against our retries (the id does)
 * and is only stored, as the delivered and read times.
 */
async function recordStatus(db: Database, status: WebhookStatus): Promise<Outcome> {
  if (await settleUnconfirmed(db, status)) return 'applied';
  // The worker records `sent` itself when Meta accepts the message.
  if (status.status === 'sent') return 'ignored';
  const time = status.at.getTime();
  // A time that is not one (beyond what the database stores) is not Meta's.
  if (!Number.isFinite(time) || !isDayInRange(new Date(time).toISOString().slice(0, 10))) {
    return 'ignored';
  }
  const thisAttempt = and(
    eq(outboundMessages.channel, 'whatsapp'),
    eq(outboundMessages.providerMessageId, status.providerMessageId),
    inArray(outboundMessages.status, MAY_MOVE[status.status]),
  );
  if (status.status === 'failed') {
    // Classified as the same code in Meta's synchronous answer would be (whatsapp.ts). A late
    // failure is final even when its class would be retried had it come synchronously (131000,
    // a rate limit): the message was accepted once, and the fallback SMS, when on, stands in.
    const { kind } = classifyWhatsAppError(status.errorCode);
    const [failed] = await db
      .update(outboundMessages)
      .set({
        status: 'failed',
        lastError: `${status.errorCode ?? 'failed'}: ${status.errorTitle ?? 'تعذر التسليم'}`.slice(
          0,
          300,
        ),
        errorKind: kind,
      })
      .where(thisAttempt)
      .returning();
    if (failed) {
      if (ADMIN_MUST_ACT.includes(kind)) await alertAdmins(db, 'whatsapp');
      if ((await messagingSettings(db)).fallbackEnabled) await fallBackToSms(db, failed);
      return 'applied';
    }
  } else {
    const at = sql`${status.at.toISOString()}::timestamptz`;
    const moved = await db
      .update(outboundMessages)
      .set({
        status: status.status,
        deliveredAt: sql`coalesce(${outboundMessages.deliveredAt}, ${at})`,
        ...(status.status === 'read'
          ? { readAt: sql`coalesce(${outboundMessages.readAt}, ${at})` }
          : {}),
      })
      .where(thisAttempt)
      .returning({ id: outboundMessages.id });
    if (moved.length > 0) return 'applied';
  }
  return (await beingSent(db, status)) ? 'early' : 'ignored';
}

/**
 * A row whose attempt got no answer (unconfirmed: no message id recorded, waiting to be sent
 * again or left failed for an admin) is identified by our id, which Meta echoes back as
 * `biz_opaque_callback_data`: its status says the attempt was taken after all. It is recorded
 * with Meta's message id, so it is not sent again and its later statuses match as usual.
 */
async function settleUnconfirmed(db: Database, status: WebhookStatus): Promise<boolean> {
  if (!status.opaque || !isUuid(status.opaque)) return false;
  const at = sql`${status.at.toISOString()}::timestamptz`;
  const settled = status.status !== 'failed';
  const [row] = await db
    .update(outboundMessages)
    .set({
      status: status.status,
      providerMessageId: status.providerMessageId,
      unconfirmedAt: null,
      sentAt: sql`coalesce(${outboundMessages.sentAt}, ${at})`,
      ...(status.status === 'delivered' || status.status === 'read'
        ? { deliveredAt: sql`coalesce(${outboundMessages.deliveredAt}, ${at})` }
        : {}),
      ...(status.status === 'read' ? { readAt: at } : {}),
      ...(settled
        ? { lastError: null, errorKind: null }
        : {
            lastError:
              `${status.errorCode ?? 'failed'}: ${status.errorTitle ?? 'تعذر التسليم'}`.slice(
                0,
                300,
              ),
            errorKind: classifyWhatsAppError(status.errorCode).kind,
          }),
    })
    .where(
      and(
        eq(outboundMessages.id, status.opaque),
        eq(outboundMessages.channel, 'whatsapp'),
        isNotNull(outboundMessages.unconfirmedAt),
        isNull(outboundMessages.providerMessageId),
        inArray(outboundMessages.status, ['queued', 'failed']),
      ),
    )
    .returning({ id: outboundMessages.id });
  return row !== undefined;
}

/** True when the status names, by either id, a WhatsApp row whose attempt is under way. */
async function beingSent(db: Database, status: WebhookStatus): Promise<boolean> {
  const ours = status.opaque && isUuid(status.opaque) ? status.opaque : null;
  const [row] = await db
    .select({ id: outboundMessages.id })
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.channel, 'whatsapp'),
        eq(outboundMessages.status, 'sending'),
        ours
          ? or(
              eq(outboundMessages.id, ours),
              eq(outboundMessages.providerMessageId, status.providerMessageId),
            )
          : eq(outboundMessages.providerMessageId, status.providerMessageId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A template event (templates.ts maps Meta's events to our statuses): the stored status the
 * console shows follows every event we map, so a REINSTATED after PAUSED shows approved again.
 * An archived or deleted template, for which Meta gives no reason, shows the event as its reason.
 */
async function recordTemplate(db: Database, update: WebhookTemplateUpdate): Promise<void> {
  const template = PRODUCT_TEMPLATES.find((t) => t.name === update.name);
  if (!template) return;
  const status = templateStatusOf(update.status);
  if (!status) return;
  const event = update.status.trim().toUpperCase();
  const values = {
    name: template.name,
    language: update.language ?? template.language,
    status,
    category: template.category.toLowerCase(),
    content: template.body,
    reason:
      update.reason ?? (status === 'disabled' && event !== 'DISABLED' ? event.slice(0, 40) : null),
  };
  await db
    .insert(whatsappTemplates)
    .values(values)
    .onConflictDoUpdate({
      target: whatsappTemplates.name,
      set: { status: values.status, reason: values.reason, updatedAt: new Date() },
    });
}

/**
 * An error Meta reports with no message of ours (`value.errors[]`: system, app or account
 * level, https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/errors).
 * Logged with its code and class; the admins are told when they must act (an account, payment
 * or permissions problem). It never fails the post: Meta would only send it again.
 */
async function recordAccountError(
  db: Database,
  log: FastifyBaseLogger,
  error: WebhookError,
): Promise<void> {
  const { kind } = classifyWhatsAppError(error.code);
  log.warn(
    {
      provider: 'whatsapp',
      code: error.code,
      kind,
      title: error.title,
      details: error.details,
      phoneNumberId: error.phoneNumberId,
    },
    'whatsapp reported an error with no message',
  );
  if (!ADMIN_MUST_ACT.includes(kind)) return;
  try {
    await alertAdmins(db, 'whatsapp');
  } catch (cause) {
    log.error({ ...errorLogFields(cause) }, 'whatsapp error: the admins could not be alerted');
  }
}
