import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { eq } from 'drizzle-orm';
import {
  type AddressRefusal,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from '#domain';
import type { Database } from '../db/client.js';
import { type OutboundMessage, webhookEndpoints } from '../db/schema.js';
import { DeliveryError, PROVIDER_TIMEOUT_MS } from '../integrations/delivery.js';
import { retryAfterMs } from '../integrations/http.js';
import { WEBHOOK_PRIVATE_RANGES_KEY } from '../settings/service.js';
import {
  allowedRanges,
  bareHost,
  guardedLookup,
  hostRefusal,
  RefusedAddressError,
  type Resolve,
  systemResolve,
} from './address-guard.js';
import { DELIVERY_FAILURES } from './failures.js';
import { signWebhook } from './signature.js';

export type DeliveryOptions = {
  /** How host names are resolved (the system's resolver; tests give their own). */
  resolve?: Resolve;
  /** Production: only https, as when the endpoint was saved. */
  requireHttps?: boolean;
  /** Where a stored setting that is not valid is reported (Node's process warnings by default). */
  warn?: (message: string) => void;
};

/**
 * What a refused delivery records: why, and nothing the target could have told (no status, no
 * connection error: no connection was attempted), so the log is no port scanner.
 */
const REFUSED: Record<AddressRefusal, string> = {
  internal: 'العنوان داخلي في الشبكة وغير مسموح به، فلم يُرسل إليه شيء',
  metadata: 'عنوان خدمة بيانات الخادم السحابي، لا تُرسل إليه الأحداث أبداً',
};
const IGNORED_SETTING = 'إعداد العناوين الداخلية المسموح بها غير صالح فلم يُعتدّ به';

const processWarning = (message: string) => process.emitWarning(message, 'ShareekWebhooks');

type Answer = { status: number; headers: Headers };

/**
 * One POST, its answer's status and headers, within PROVIDER_TIMEOUT_MS; rejects with the
 * lookup's RefusedAddressError or a transient DeliveryError. A fresh connection each time
 * (`agent: false`): a kept-alive socket would skip `lookup`, and with it the check. Node's
 * http client follows no redirect.
 */
function post(
  target: URL,
  headers: Record<string, string>,
  body: string,
  lookup: LookupFunction,
): Promise<Answer> {
  const signal = AbortSignal.timeout(PROVIDER_TIMEOUT_MS);
  return new Promise((resolve, reject) => {
    const request = (target.protocol === 'https:' ? https : http).request(
      {
        protocol: target.protocol,
        hostname: bareHost(target.hostname),
        port: target.port || undefined,
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: false,
        lookup,
        signal,
      },
      (response) => {
        // Only the status counts: the receiver's body is never read (it could be any size).
        response.destroy();
        const retryAfter = response.headers['retry-after'];
        resolve({
          status: response.statusCode ?? 0,
          headers: new Headers(retryAfter ? { 'retry-after': retryAfter } : {}),
        });
      },
    );
    request.on('error', (error) =>
      reject(
        error instanceof RefusedAddressError
          ? error
          : signal.aborted
            ? new DeliveryError('transient', 'timeout', DELIVERY_FAILURES.timeout)
            : new DeliveryError('transient', 'network', DELIVERY_FAILURES.network),
      ),
    );
    request.end(body);
  });
}

/**
 * One delivery of a webhook row (the outbox calls it outside any transaction): the body as
 * queued, signed now with the endpoint's current secret, so a retry carries a fresh timestamp
 * and a rotated secret applies at once. Any 2xx is delivered; 429 waits for Retry-After; any
 * other answer, a timeout (5 s) or a refused connection is retried with backoff for 24 hours
 * (src/server/messaging/outbox.ts). Redirects are not followed. An internal or metadata
 * address fails at once, before any connection (./address-guard.ts).
 */
export async function sendWebhook(
  db: Database,
  row: OutboundMessage,
  options: DeliveryOptions = {},
): Promise<string> {
  const [endpoint] = row.webhookEndpointId
    ? await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, row.webhookEndpointId))
    : [];
  if (!endpoint?.active || endpoint.deletedAt) {
    throw new DeliveryError('config', 'endpoint_off', 'نقطة الاستقبال معطلة أو محذوفة');
  }
  const target = new URL(endpoint.url);
  if (!(target.protocol === 'https:' || (target.protocol === 'http:' && !options.requireHttps))) {
    throw new DeliveryError(
      'config',
      'insecure_url',
      'لا تُرسل الأحداث إلا إلى رابط يبدأ بـ https://',
    );
  }
  const allowed = await allowedRanges(db);
  const refused = (refusal: AddressRefusal) => {
    // The setting only matters to an address it could have allowed: said there, and warned.
    const ignored = !allowed.valid && refusal === 'internal';
    if (ignored) {
      (options.warn ?? processWarning)(
        `${WEBHOOK_PRIVATE_RANGES_KEY} is not a list of CIDR ranges: no private range is allowed`,
      );
    }
    return new DeliveryError(
      'config',
      `${refusal}_address`,
      ignored ? `${REFUSED[refusal]}؛ ${IGNORED_SETTING}` : REFUSED[refusal],
    );
  };
  const literal = hostRefusal(target.hostname, allowed.ranges);
  if (literal) throw refused(literal);

  const event = typeof row.payload.event === 'string' ? row.payload.event : '';
  let answer: Answer;
  try {
    answer = await post(
      target,
      {
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
      row.body,
      guardedLookup(allowed.ranges, options.resolve ?? systemResolve),
    );
  } catch (error) {
    throw error instanceof RefusedAddressError ? refused(error.refusal) : error;
  }
  if (answer.status >= 200 && answer.status < 300) return `HTTP ${answer.status}`;
  if (answer.status === 429) {
    throw new DeliveryError(
      'rate',
      'HTTP 429',
      DELIVERY_FAILURES.rate,
      retryAfterMs(answer.headers),
    );
  }
  throw new DeliveryError(
    'transient',
    `HTTP ${answer.status}`,
    answer.status < 400 ? DELIVERY_FAILURES.redirect : DELIVERY_FAILURES.refused,
  );
}
