import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { AddressRange, OutboxStatus, WebhookEvent } from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import type { AppContext } from '../context.js';
import type { Database } from '../db/client.js';
import {
  type OutboundMessage,
  outboundMessages,
  type WebhookEndpoint,
  webhookEndpoints,
} from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { isUuid } from '../ids.js';
import { outboxPage } from '../messaging/outbox.js';
import { type Resolve, savedHostRefusal } from './address-guard.js';
import { deliveryFailure } from './failures.js';
import { newWebhookSecret } from './signature.js';

const DELIVERY_PAGE_SIZE = 20;
const URL_MESSAGE = 'يرجى إدخال رابط صحيح يبدأ بـ https://';

/** An endpoint without its secret: the last four characters are enough to tell two apart. */
export const toEndpointView = (endpoint: WebhookEndpoint) => ({
  id: endpoint.id,
  url: endpoint.url,
  description: endpoint.description,
  events: endpoint.events,
  active: endpoint.active,
  secretHint: endpoint.secret.slice(-4),
  createdAt: endpoint.createdAt.toISOString(),
});

/** What the audit log keeps of an endpoint: everything but the secret. */
const audited = (endpoint: WebhookEndpoint) => ({
  url: endpoint.url,
  description: endpoint.description,
  events: endpoint.events,
  active: endpoint.active,
});

const INTERNAL_MESSAGE = 'لا يمكن إرسال الأحداث إلى عنوان داخلي في الشبكة';

/** What an endpoint's address is checked against when it is saved. */
export type UrlPolicy = {
  /** Production: a signed body must not cross the network in clear. */
  requireHttps: boolean;
  /** The private ranges a super-admin opened on purpose (`webhook_private_ranges`). */
  allowed: readonly AddressRange[];
  resolve: Resolve;
};

const refusedUrl = (code: string, message: string) =>
  new AppError(400, code, message, { fields: { url: message } });

/**
 * A receiver's address: http(s) only (https in production), no credentials in it, and a host
 * on the outside world, in whatever spelling (./address-guard.ts). Answers it as the URL
 * parser writes it (`http://2130706433/` is `http://127.0.0.1/`).
 */
export async function checkEndpointUrl(value: string, policy: UrlPolicy): Promise<string> {
  const url = new URL(value);
  const allowed = policy.requireHttps ? ['https:'] : ['https:', 'http:'];
  if (!allowed.includes(url.protocol) || url.username || url.password) {
    throw refusedUrl('INVALID_WEBHOOK_URL', URL_MESSAGE);
  }
  if (await savedHostRefusal(url.hostname, policy.allowed, policy.resolve)) {
    throw refusedUrl('INTERNAL_WEBHOOK_URL', INTERNAL_MESSAGE);
  }
  return url.toString();
}

export async function listEndpoints(db: Database) {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(isNull(webhookEndpoints.deletedAt))
    .orderBy(desc(webhookEndpoints.createdAt));
  return { items: rows.map(toEndpointView) };
}

export async function createEndpoint(
  db: Database,
  input: { url: string; description: string | null; events: WebhookEvent[]; createdBy: string },
  record: AuditRecorder,
) {
  return db.transaction(async (tx) => {
    const [endpoint] = await tx
      .insert(webhookEndpoints)
      .values({ ...input, events: [...new Set(input.events)], secret: newWebhookSecret() })
      .returning();
    if (!endpoint) throw new Error('insert returned no row');
    await record(tx, {
      action: 'webhook.create',
      entityType: 'webhook_endpoint',
      entityId: endpoint.id,
      after: audited(endpoint),
    });
    return endpoint;
  });
}

/** A live endpoint by an id from the address, locked for the change: unknown ids are 404. */
async function lockedEndpoint(tx: Pick<Database, 'select'>, id: string) {
  // `serve` has answered an id that is not a UUID already (the endpoint's `notFound`).
  const [endpoint] = await tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.deletedAt)))
    .for('update');
  if (!endpoint) throw notFound('نقطة الاستقبال غير موجودة');
  return endpoint;
}

export async function updateEndpoint(
  db: Database,
  id: string,
  change: {
    url?: string | undefined;
    description?: string | null | undefined;
    events?: WebhookEvent[] | undefined;
    active?: boolean | undefined;
  },
  record: AuditRecorder,
) {
  return db.transaction(async (tx) => {
    const before = await lockedEndpoint(tx, id);
    const [after] = await tx
      .update(webhookEndpoints)
      .set({
        ...(change.url !== undefined ? { url: change.url } : {}),
        ...(change.description !== undefined ? { description: change.description } : {}),
        ...(change.events !== undefined ? { events: [...new Set(change.events)] } : {}),
        ...(change.active !== undefined ? { active: change.active } : {}),
        updatedAt: new Date(),
      })
      .where(eq(webhookEndpoints.id, before.id))
      .returning();
    if (!after) throw notFound('نقطة الاستقبال غير موجودة');
    await record(tx, {
      action: 'webhook.update',
      entityType: 'webhook_endpoint',
      entityId: after.id,
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
}

export async function rotateSecret(db: Database, id: string, record: AuditRecorder) {
  return db.transaction(async (tx) => {
    const before = await lockedEndpoint(tx, id);
    const [after] = await tx
      .update(webhookEndpoints)
      .set({ secret: newWebhookSecret(), updatedAt: new Date() })
      .where(eq(webhookEndpoints.id, before.id))
      .returning();
    if (!after) throw notFound('نقطة الاستقبال غير موجودة');
    // The audit says that it changed, never what it is.
    await record(tx, {
      action: 'webhook.rotate_secret',
      entityType: 'webhook_endpoint',
      entityId: after.id,
      before: { secretHint: before.secret.slice(-4) },
      after: { secretHint: after.secret.slice(-4) },
    });
    return after;
  });
}

const WAITING: OutboxStatus[] = ['queued', 'sending'];

/**
 * Deletes an endpoint: it is kept, marked deleted, so its log still names it; what was still
 * waiting to go to it fails with the reason, in the same transaction.
 */
export async function deleteEndpoint(db: Database, id: string, record: AuditRecorder) {
  await db.transaction(async (tx) => {
    const before = await lockedEndpoint(tx, id);
    await tx
      .update(webhookEndpoints)
      .set({ deletedAt: new Date(), active: false, updatedAt: new Date() })
      .where(eq(webhookEndpoints.id, before.id));
    await tx
      .update(outboundMessages)
      .set({
        status: 'failed',
        leaseUntil: null,
        errorKind: 'config',
        lastError: 'endpoint_off: نقطة الاستقبال محذوفة',
      })
      .where(
        and(
          eq(outboundMessages.webhookEndpointId, before.id),
          inArray(outboundMessages.status, WAITING),
        ),
      );
    await record(tx, {
      action: 'webhook.delete',
      entityType: 'webhook_endpoint',
      entityId: before.id,
      before: audited(before),
    });
  });
}

export const toDeliveryView = (row: OutboundMessage) => ({
  id: row.id,
  endpointId: row.webhookEndpointId,
  url: row.recipient,
  event: row.payload.event as WebhookEvent,
  eventId: String(row.payload.eventId ?? ''),
  status: row.status,
  attempts: row.attempts,
  failure: deliveryFailure(row.lastError),
  nextAttemptAt: row.nextAttemptAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export async function listDeliveries(
  db: Database,
  query: { endpointId?: string | undefined; status?: OutboxStatus | undefined; page: number },
) {
  const filters: SQL[] = [eq(outboundMessages.channel, 'webhook')];
  if (query.endpointId !== undefined) {
    // An id that is no endpoint's matches nothing (not a 400: it came from the page's own list).
    if (!isUuid(query.endpointId))
      return { items: [], total: 0, page: query.page, pageSize: DELIVERY_PAGE_SIZE };
    filters.push(eq(outboundMessages.webhookEndpointId, query.endpointId));
  }
  if (query.status) filters.push(eq(outboundMessages.status, query.status));
  const { rows, total } = await outboxPage(db, and(...filters), query.page, DELIVERY_PAGE_SIZE);
  return {
    items: rows.map(toDeliveryView),
    total,
    page: query.page,
    pageSize: DELIVERY_PAGE_SIZE,
  };
}

/**
 * Sends an event again as a new delivery of the same event (same body, same event id, so a
 * receiver can tell it already has it), leaving the first delivery in the log as it was. Only
 * a finished delivery (delivered or failed) and only to a live, active endpoint. The outbox is
 * woken once it is committed.
 */
export async function resendDelivery(
  { db, outbox }: Pick<AppContext, 'db' | 'outbox'>,
  id: string,
  record: AuditRecorder,
) {
  const queued = await db.transaction(async (tx) => {
    const [original] = await tx
      .select()
      .from(outboundMessages)
      .where(and(eq(outboundMessages.id, id), eq(outboundMessages.channel, 'webhook')));
    if (!original) throw notFound('عملية الإرسال غير موجودة');
    if (WAITING.includes(original.status)) {
      throw new AppError(409, 'DELIVERY_WAITING', 'هذه العملية ما زالت في الانتظار');
    }
    const [endpoint] = original.webhookEndpointId
      ? await tx
          .select()
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.id, original.webhookEndpointId))
      : [];
    if (!endpoint?.active || endpoint.deletedAt) {
      throw new AppError(409, 'ENDPOINT_OFF', 'نقطة الاستقبال معطلة أو محذوفة');
    }
    const [resent] = await tx
      .insert(outboundMessages)
      .values({
        channel: 'webhook',
        kind: 'webhook_event',
        dedupeKey: `${original.dedupeKey}:resend:${randomUUID()}`,
        recipient: endpoint.url,
        body: original.body,
        payload: original.payload,
        webhookEndpointId: endpoint.id,
      })
      .returning();
    if (!resent) throw new Error('insert returned no row');
    await record(tx, {
      action: 'webhook.resend',
      entityType: 'webhook_delivery',
      entityId: resent.id,
      before: { deliveryId: original.id, status: original.status },
      after: { deliveryId: resent.id, event: original.payload.event },
    });
    return resent;
  });
  outbox.kick();
  return queued;
}
