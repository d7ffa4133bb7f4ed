/**
 * What the provider adapters share: one HTTP call with its own time limit, and the failures
 * every provider has in common (timeout, network, 429, 5xx, malformed answers) classified.
 */
import { DeliveryError, PROVIDER_TIMEOUT_MS } from './delivery.js';

export type ProviderResponse = { status: number; headers: Headers; text: string };

/**
 * One request, body read included, within `timeoutMs`. Rejects only with a transient
 * `DeliveryError` (`timeout` or `network`); any HTTP status resolves.
 */
export async function providerFetch(
  provider: string,
  url: string,
  init: RequestInit,
  timeoutMs: number = PROVIDER_TIMEOUT_MS,
): Promise<ProviderResponse> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, headers: response.headers, text: await response.text() };
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      // The request may have been received and acted on: the answer is what is missing.
      throw new DeliveryError(
        'transient',
        'timeout',
        `${provider}: no answer within ${timeoutMs} ms`,
        undefined,
        true,
      );
    }
    if (notConnected(error)) {
      throw new DeliveryError('transient', 'network', `${provider}: could not connect`);
    }
    throw new DeliveryError(
      'transient',
      'network',
      `${provider}: connection lost before the answer`,
      undefined,
      true,
    );
  }
}

/**
 * A call to a JSON API (the Graph API, Zoho CRM, Taqnyat): the answer asked for as JSON, the
 * body (when there is one) sent as JSON, with the provider's `authorization`; as `providerFetch`.
 */
export function requestJson(
  provider: string,
  url: string,
  request: { method: string; authorization: string; json?: unknown },
  timeoutMs?: number,
): Promise<ProviderResponse> {
  const { method, authorization, json } = request;
  return providerFetch(
    provider,
    url,
    {
      method,
      headers: {
        authorization,
        accept: 'application/json',
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    },
    timeoutMs,
  );
}

/**
 * The connection was never made (nothing was sent): refused, no such host, no route, or
 * undici's connect timeout. Anything else (a reset or close after the request was written)
 * leaves it unknown whether the provider acted on it.
 */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function notConnected(error: unknown): boolean {
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' && NOT_CONNECTED.has(cause.code);
}

/** The answer's JSON, or a transient `malformed` error. */
export function parseJson(provider: string, response: ProviderResponse): unknown {
  try {
    return JSON.parse(response.text);
  } catch {
    throw malformed(provider, response);
  }
}

/** The answer's JSON, or null: for error answers, which are classified by status without it. */
export function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * An answer we cannot read. A 2xx one most likely means the provider took the request, so it
 * is unconfirmed: sending again may send twice.
 */
export function malformed(provider: string, response: ProviderResponse): DeliveryError {
  const succeeded = response.status >= 200 && response.status < 300;
  return new DeliveryError(
    'transient',
    'malformed',
    `${provider}: unexpected answer (HTTP ${response.status})`,
    undefined,
    succeeded,
  );
}

/** 429 → `rate` (with Retry-After), 5xx → `transient`; null for any other status. */
export function statusError(provider: string, response: ProviderResponse): DeliveryError | null {
  if (response.status === 429) {
    return new DeliveryError(
      'rate',
      'HTTP 429',
      `${provider}: too many requests`,
      retryAfterMs(response.headers),
    );
  }
  if (response.status >= 500) {
    const code = `HTTP ${response.status}`;
    return new DeliveryError('transient', code, `${provider}: server error (${code})`);
  }
  return null;
}

/** Retry-After in seconds (the only form providers use) as milliseconds. */
export function retryAfterMs(headers: Headers): number | undefined {
  const seconds = Number(headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string or number as a string (providers send ids and codes as either); null otherwise. */
export function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}
