import { eq } from 'drizzle-orm';
import { WEBHOOK_DELIVERY_HEADER, WEBHOOK_EVENT_HEADER, WEBHOOK_SIGNATURE_HEADER } from '#domain';
import type { Database } from '../db/client.js';
import { type OutboundMessage, webhookEndpoints } from '../db/schema.js';
import { DeliveryError, PROVIDER_TIMEOUT_MS } from '../integrations/delivery.js';
import { retryAfterMs } from '../integrations/http.js';
import { signWebhook } from './signature.js';

/**
 * One delivery of a webhook row (the outbox calls it outside any transaction): the body as
 * queued, signed now with the endpoint's current secret, so a retry carries a fresh timestamp
 * and a rotated secret applies at once. Any 2xx is delivered; 429 waits for Retry-After; any
 * other answer, a timeout (5 s) or a refused connection is retried with backoff for 24 hours
 * (src/server/messaging/outbox.ts). Redirects are not followed.
 */
export async function sendWebhook(db: Database, row: OutboundMessage): Promise<string> {
  const [endpoint] = row.webhookEndpointId
    ? await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, row.webhookEndpointId))
    : [];
  if (!endpoint?.active || endpoint.deletedAt) {
    throw new DeliveryError('config', 'endpoint_off', 'نقطة الاستقبال معطلة أو محذوفة');
  }
  const event = typeof row.payload.event === 'string' ? row.payload.event : '';
  let response: Response;
  try {
    response = await fetch(endpoint.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Shareek-Webhooks/1',
        [WEBHOOK_EVENT_HEADER]: event,
        [WEBHOOK_DELIVERY_HEADER]: row.id,
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(
          endpoint.secret,
          row.body,
          Math.floor(Date.now() / 1000),
        ),
      },
      body: row.body,
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new DeliveryError(
      'transient',
      timedOut ? 'timeout' : 'network',
      timedOut
        ? `webhook: no answer within ${PROVIDER_TIMEOUT_MS} ms`
        : 'webhook: connection failed or closed',
    );
  }
  // Only the status counts: the receiver's body is never read (it could be any size).
  await response.body?.cancel();
  if (response.status >= 200 && response.status < 300) return `HTTP ${response.status}`;
  if (response.status === 429) {
    throw new DeliveryError(
      'rate',
      'HTTP 429',
      'webhook: too many requests',
      retryAfterMs(response.headers),
    );
  }
  throw new DeliveryError(
    'transient',
    `HTTP ${response.status}`,
    `webhook: the endpoint answered HTTP ${response.status}`,
  );
}
