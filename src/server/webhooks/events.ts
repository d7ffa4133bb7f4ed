import { randomUUID } from 'node:crypto';
import { and, arrayContains, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { webhookEventData } from '#contract/webhook-events';
import type { WebhookEvent } from '#domain';
import type { Database } from '../db/client.js';
import { outboundMessages, webhookEndpoints } from '../db/schema.js';

type Writer = Pick<Database, 'insert' | 'select'>;

/** What each event says, as the contract declares it (src/contract/webhook-events.ts). */
export type WebhookData = { [E in WebhookEvent]: z.input<(typeof webhookEventData)[E]> };

/**
 * Queues an event for every active endpoint subscribed to it, in the transaction of its cause:
 * the event goes out if and only if the change commits. One row per endpoint, keyed by the
 * event's id, which every delivery and resend of it carries.
 */
export async function queueWebhookEvent<E extends WebhookEvent>(
  db: Writer,
  type: E,
  data: WebhookData[E],
): Promise<void> {
  const endpoints = await db
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.active, true),
        isNull(webhookEndpoints.deletedAt),
        arrayContains(webhookEndpoints.events, [type]),
      ),
    );
  if (endpoints.length === 0) return;
  const id = randomUUID();
  const body = JSON.stringify({ id, type, createdAt: new Date().toISOString(), data });
  await db
    .insert(outboundMessages)
    .values(
      endpoints.map((endpoint) => ({
        channel: 'webhook' as const,
        kind: 'webhook_event' as const,
        dedupeKey: `webhook:${id}:${endpoint.id}`,
        recipient: endpoint.url,
        body,
        payload: { event: type, eventId: id },
        webhookEndpointId: endpoint.id,
      })),
    )
    .onConflictDoNothing({ target: outboundMessages.dedupeKey });
}
