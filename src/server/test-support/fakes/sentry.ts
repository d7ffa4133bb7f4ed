/**
 * Sentry's envelope endpoint on 127.0.0.1, checking what its SDK developer documentation
 * requires of a client, with the service's refusals as switches:
 *
 * - `POST /api/<project_id>/envelope/` with an `X-Sentry-Auth` header of `sentry_version=7`,
 *   `sentry_client` and the DSN's `sentry_key` ("Authentication",
 *   https://develop.sentry.dev/sdk/foundations/transport/authentication/);
 * - a body of newline-separated JSON: the envelope's headers, then each item's headers (`type`,
 *   `length` in bytes) and its payload; an event item's `event_id` in the envelope's headers
 *   ("Envelopes", https://develop.sentry.dev/sdk/foundations/transport/envelopes/);
 * - an event with its required attributes: `event_id` (32 lowercase hex characters),
 *   `timestamp`, `platform` ("Event Payloads", https://develop.sentry.dev/sdk/event-payloads/);
 * - 429 with `Retry-After` and `X-Sentry-Rate-Limits` ("Rate Limiting",
 *   https://develop.sentry.dev/sdk/rate-limiting/).
 */
import type { FakeProvider, FakeReply, FakeRequest } from './fake-server.js';
import { commonFailureReply, startFakeServer } from './fake-server.js';

export type SentryEvent = {
  event_id: string;
  timestamp: number;
  platform: string;
  level?: string;
  release?: string;
  environment?: string;
  transaction?: string;
  tags?: Record<string, string>;
  request?: { method?: string; url?: string };
  exception?: {
    values: {
      type: string;
      value: string;
      mechanism?: { type: string; handled: boolean };
      stacktrace?: { frames: { filename: string; function?: string }[] };
    }[];
  };
  contexts?: Record<string, Record<string, string>>;
};

export type ReceivedEnvelope = {
  /** The body exactly as sent: what a test searches for anything that must not leave. */
  raw: string;
  auth: Record<string, string>;
  event: SentryEvent;
};

export type FakeSentry = FakeProvider & {
  /** A DSN pointing here, with the key the fake expects. */
  dsn: string;
  publicKey: string;
  /** Accepted envelopes. */
  received: ReceivedEnvelope[];
  /** Every request that arrived, accepted or not. */
  requests: number;
  /** Answered instead of 200 when set (a 429 with these headers, or 200 with them). */
  rateLimit: { status: 200 | 429; headers: Record<string, string> } | null;
};

const PROJECT_ID = '42';

/** `Sentry sentry_version=7, sentry_client=…, sentry_key=…` → its fields. */
function authFields(header: string | undefined): Record<string, string> | null {
  const match = /^Sentry (.+)$/.exec(header ?? '');
  if (!match?.[1]) return null;
  return Object.fromEntries(
    match[1].split(',').map((pair) => {
      const [name = '', ...value] = pair.trim().split('=');
      return [name, value.join('=')];
    }),
  );
}

/** The envelope's event, or why the envelope is malformed. */
function parseEnvelope(body: Buffer): SentryEvent | string {
  let offset = body.indexOf(0x0a);
  if (offset === -1) return 'no envelope headers';
  const headers = JSON.parse(body.subarray(0, offset).toString('utf8')) as { event_id?: string };
  let event: SentryEvent | undefined;
  offset += 1;
  while (offset < body.length) {
    const end = body.indexOf(0x0a, offset);
    if (end === -1) return 'an item header without its payload';
    const item = JSON.parse(body.subarray(offset, end).toString('utf8')) as {
      type?: string;
      length?: number;
    };
    if (typeof item.type !== 'string' || typeof item.length !== 'number') {
      return 'an item header without type or length';
    }
    const payload = body.subarray(end + 1, end + 1 + item.length);
    if (payload.length !== item.length) return 'an item shorter than its length';
    if (item.type === 'event') event = JSON.parse(payload.toString('utf8')) as SentryEvent;
    offset = end + 1 + item.length;
    // A payload ends with a newline, except perhaps the last.
    if (body[offset] === 0x0a) offset += 1;
  }
  if (!event) return 'no event item';
  if (!/^[0-9a-f]{32}$/.test(event.event_id)) return 'event_id is not 32 lowercase hex digits';
  if (headers.event_id !== event.event_id) return "the envelope's event_id is not the event's";
  if (typeof event.timestamp !== 'number' || typeof event.platform !== 'string') {
    return 'an event without timestamp or platform';
  }
  return event;
}

export async function startFakeSentry({
  publicKey = 'fake-sentry-public-key',
} = {}): Promise<FakeSentry> {
  const handle = (request: FakeRequest): FakeReply => {
    fake.requests++;
    if (fake.down) return commonFailureReply(fake.down);
    if (request.method !== 'POST' || request.path !== `/api/${PROJECT_ID}/envelope/`) {
      return { status: 404, json: { detail: 'not found' } };
    }
    const auth = authFields(request.headers['x-sentry-auth'] as string | undefined);
    if (auth?.sentry_version !== '7' || !auth.sentry_client || auth.sentry_key !== publicKey) {
      return { status: 401, json: { detail: 'missing or invalid authentication header' } };
    }
    if (request.headers['content-type'] !== 'application/x-sentry-envelope') {
      return { status: 415, json: { detail: 'not an envelope' } };
    }
    const event = parseEnvelope(Buffer.from(request.text, 'utf8'));
    if (typeof event === 'string') return { status: 400, json: { detail: event } };
    if (fake.rateLimit?.status === 429) {
      return { status: 429, json: { detail: 'rate limited' }, headers: fake.rateLimit.headers };
    }
    fake.received.push({ raw: request.text, auth, event });
    return { status: 200, json: { id: event.event_id }, headers: fake.rateLimit?.headers ?? {} };
  };
  const server = await startFakeServer(handle);
  const fake: FakeSentry = {
    ...server,
    dsn: `${server.url.replace('//', `//${publicKey}@`)}/${PROJECT_ID}`,
    publicKey,
    received: [],
    requests: 0,
    down: null,
    rateLimit: null,
  };
  return fake;
}
