/**
 * Unexpected errors reported to Sentry or a service that speaks its protocol (GlitchTip, a
 * self-hosted Sentry), by a small client of our own written from Sentry's SDK developer
 * documentation (docs/decisions/055-error-reports-and-traces.md says why not the SDK):
 *
 * - the DSN and the `X-Sentry-Auth` header, "Authentication":
 *   https://develop.sentry.dev/sdk/foundations/transport/authentication/
 * - the envelope posted to `/api/<project>/envelope/`, "Envelopes":
 *   https://develop.sentry.dev/sdk/foundations/transport/envelopes/
 * - the event in it, "Event Payloads": https://develop.sentry.dev/sdk/event-payloads/ (and its
 *   exception and stack trace interfaces)
 * - 429, `Retry-After` and `X-Sentry-Rate-Limits`, "Rate Limiting":
 *   https://develop.sentry.dev/sdk/rate-limiting/
 *
 * What an event holds: the error's type, its message scrubbed (src/server/plugins/log-safety.ts,
 * the same scrubber as the logs'), a database error as the logs describe it (SQL text, code,
 * constraint; never a parameter), the stack's frames (code locations, never the message again),
 * and for a request its id, method, route template and status. Never a body, a header, a cookie,
 * a query value or a raw path.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { ErrorReportSettings } from '../config.js';
import { describeDatabaseError, RepeatedFailureLog, scrubText } from '../plugins/log-safety.js';
import { packageRelease } from './release.js';

/** Where an error was caught, and what it was doing. */
export type ReportContext =
  | {
      mechanism: 'http';
      request: { id: string; method: string; route: string | undefined; status: number };
    }
  | { mechanism: 'job'; job: string }
  | { mechanism: 'uncaughtException' | 'unhandledRejection' };

/** The report context of a request answered with `status`: its id, method and route template. */
export function requestContext(request: FastifyRequest, status: number): ReportContext {
  return {
    mechanism: 'http',
    request: { id: request.id, method: request.method, route: request.routeOptions.url, status },
  };
}

export type ErrorReporter = {
  /** Queues a report and returns at once; never throws, never waits for the service. */
  report(error: unknown, context: ReportContext): void;
  /** Waits for the reports under way, at most `timeoutMs`; whether they all finished. */
  flush(timeoutMs: number): Promise<boolean>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Where unexpected errors go (SENTRY_DSN); a reporter that does nothing without it. */
    errorReports: ErrorReporter;
  }
}

/** Without a DSN: nothing is built, nothing is sent. */
const noErrorReports: ErrorReporter = {
  report() {},
  flush: async () => true,
};

export type ReportLimits = {
  /** How long one send may take before it is abandoned. */
  timeoutMs: number;
  /** Reports under way at once; past it new ones are dropped rather than queued. */
  maxPending: number;
};

const DEFAULT_LIMITS: ReportLimits = { timeoutMs: 5000, maxPending: 30 };

const SDK = { name: 'shareek.error-reports', version: '1.0.0' };

// ---------- the event ----------

type Frame = {
  function?: string;
  filename: string;
  lineno: number;
  colno: number;
  in_app: boolean;
};

/** `    at fn (file:line:col)` or `    at file:line:col`: V8's frame lines. */
const FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/;
const MAX_FRAMES = 50;

/**
 * The frames of a stack: only lines that are frames, so the message the stack starts with (and
 * may hold anything) never goes. Oldest first, as the stack trace interface wants them.
 */
function framesOf(stack: string | undefined): { frames: Frame[] } | undefined {
  if (!stack) return undefined;
  const frames: Frame[] = [];
  for (const line of stack.split('\n')) {
    const match = FRAME.exec(line);
    if (!match?.[2]) continue;
    const filename = match[2].replace(/^file:\/\//, '');
    frames.push({
      ...(match[1] ? { function: match[1] } : {}),
      filename,
      lineno: Number(match[3]),
      colno: Number(match[4]),
      in_app: !/node_modules|^node:|^internal\//.test(filename),
    });
    if (frames.length === MAX_FRAMES) break;
  }
  return frames.length > 0 ? { frames: frames.reverse() } : undefined;
}

type ExceptionValue = { type: string; value: string; stacktrace?: { frames: Frame[] } };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const errorName = (error: Record<string, unknown>) =>
  typeof error.name === 'string' && error.name !== 'Error'
    ? error.name
    : typeof error.constructor === 'function' && error.constructor.name
      ? error.constructor.name
      : 'Error';

/**
 * The exception interface's values: the error and the causes it wraps, oldest (the deepest
 * cause) first. A database error is described as the log describes it, without its messages.
 */
function exceptionValues(error: unknown): {
  values: ExceptionValue[];
  db: Record<string, string> | undefined;
} {
  const dbError = describeDatabaseError(error);
  if (dbError) {
    const { type, stack, ...fields } = dbError;
    const stacktrace = framesOf(stack);
    const value = `database error${fields.code ? ` ${fields.code}` : ''}${
      fields.constraint ? ` (${fields.constraint})` : ''
    }`;
    const db = Object.fromEntries(
      Object.entries(fields).map(([key, text]) => [key, scrubText(String(text))]),
    );
    return { values: [{ type, value, ...(stacktrace ? { stacktrace } : {}) }], db };
  }
  const values: ExceptionValue[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    if (!isObject(current)) {
      values.push({ type: 'Error', value: scrubText(String(current)) });
      break;
    }
    const stacktrace = framesOf(typeof current.stack === 'string' ? current.stack : undefined);
    values.push({
      type: errorName(current),
      value: scrubText(typeof current.message === 'string' ? current.message : ''),
      ...(stacktrace ? { stacktrace } : {}),
    });
    current = current.cause;
  }
  return { values: values.reverse(), db: undefined };
}

function buildEvent(
  eventId: string,
  error: unknown,
  context: ReportContext,
  settings: { environment: string; release: string },
) {
  const { values, db } = exceptionValues(error);
  const fatal = context.mechanism !== 'http' && context.mechanism !== 'job';
  const handled = !fatal;
  const main = values.at(-1);
  if (main) Object.assign(main, { mechanism: { type: context.mechanism, handled } });
  const tags: Record<string, string> = {};
  let transaction: string | undefined;
  let request: { method: string; url?: string } | undefined;
  if (context.mechanism === 'http') {
    const { id, method, route, status } = context.request;
    Object.assign(tags, { request_id: id, 'http.method': method, 'http.status_code': `${status}` });
    if (route) tags.route = route;
    transaction = route ? `${method} ${route}` : method;
    // The route template, never the path: a path may carry a tenant's token.
    request = route ? { method, url: route } : { method };
  } else if (context.mechanism === 'job') {
    tags.job = context.job;
    transaction = context.job;
  }
  return {
    event_id: eventId,
    timestamp: Date.now() / 1000,
    platform: 'node',
    level: fatal ? 'fatal' : 'error',
    logger: 'shareek',
    server_name: hostname(),
    release: settings.release,
    environment: settings.environment,
    ...(transaction ? { transaction } : {}),
    tags,
    ...(request ? { request } : {}),
    exception: { values },
    contexts: {
      runtime: { name: 'node', version: process.version },
      ...(db ? { db } : {}),
    },
    sdk: SDK,
  };
}

/** An envelope of one event item: a header line, an item header line, the payload. */
function envelope(eventId: string, event: unknown): string {
  const payload = JSON.stringify(event);
  const header = JSON.stringify({ event_id: eventId, sent_at: new Date().toISOString(), sdk: SDK });
  const item = JSON.stringify({
    type: 'event',
    length: Buffer.byteLength(payload),
    content_type: 'application/json',
  });
  return `${header}\n${item}\n${payload}\n`;
}

// ---------- rate limits ----------

/**
 * How long to send nothing, in milliseconds, from a reply: `X-Sentry-Rate-Limits` when present
 * (entries `seconds:categories:…`; an empty list of categories, or `error`, covers our events),
 * else `Retry-After` on a 429 (seconds or an HTTP date; 60 s when absent), as "Rate Limiting"
 * asks.
 */
function backoffFrom(status: number, headers: Headers, now = Date.now()): number {
  const limits = headers.get('x-sentry-rate-limits');
  if (limits) {
    let longest = 0;
    for (const entry of limits.split(',')) {
      const [seconds, categories = ''] = entry.trim().split(':');
      const applies = categories === '' || categories.split(';').includes('error');
      const wait = Number(seconds);
      if (applies && Number.isFinite(wait)) longest = Math.max(longest, wait * 1000);
    }
    return longest;
  }
  if (status !== 429) return 0;
  const retryAfter = headers.get('retry-after');
  if (retryAfter && /^\d+(\.\d+)?$/.test(retryAfter.trim())) return Number(retryAfter) * 1000;
  const date = retryAfter ? Date.parse(retryAfter) : Number.NaN;
  return Number.isNaN(date) ? 60_000 : Math.max(0, date - now);
}

// ---------- the client ----------

/**
 * The reporter of a configuration: nothing without a DSN. Sends are asynchronous and bounded: a
 * timeout each, at most `maxPending` under way (more are dropped, not queued), nothing at all
 * while the service has asked us to wait. Its own failures are logged once a run, with the
 * service's host at most: the DSN's key is never written anywhere.
 */
export function errorReporterFor(
  settings: ErrorReportSettings | null,
  log: Pick<FastifyBaseLogger, 'error' | 'info' | 'warn'>,
  limits: ReportLimits = DEFAULT_LIMITS,
): ErrorReporter {
  if (!settings) return noErrorReports;
  const { dsn } = settings;
  const eventSettings = {
    environment: settings.environment,
    release: settings.release ?? packageRelease(),
  };
  const auth = [
    'Sentry sentry_version=7',
    `sentry_client=${SDK.name}/${SDK.version}`,
    `sentry_key=${dsn.publicKey}`,
    ...(dsn.secretKey ? [`sentry_secret=${dsn.secretKey}`] : []),
  ].join(', ');
  const failures = new RepeatedFailureLog(log, `error reports to ${dsn.host}`);
  const pending = new Set<Promise<void>>();
  let quietUntil = 0;
  let dropped = 0;

  const send = async (body: string) => {
    const response = await fetch(dsn.envelopeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope', 'x-sentry-auth': auth },
      body,
      signal: AbortSignal.timeout(limits.timeoutMs),
    });
    // Read to the end, so the connection is free for the next report.
    await response.arrayBuffer();
    const wait = backoffFrom(response.status, response.headers);
    if (wait > 0) {
      quietUntil = Math.max(quietUntil, Date.now() + wait);
      log.warn({ seconds: Math.ceil(wait / 1000) }, `error reports to ${dsn.host} paused`);
    }
    if (!response.ok && response.status !== 429) {
      throw new Error(`the service answered ${response.status}`);
    }
    failures.succeeded();
  };

  return {
    report(error, context) {
      try {
        if (Date.now() < quietUntil || pending.size >= limits.maxPending) {
          dropped++;
          if (dropped === 1 || dropped % 100 === 0) {
            log.warn({ dropped }, `error reports to ${dsn.host} dropped (paused or too many)`);
          }
          return;
        }
        const eventId = randomUUID().replaceAll('-', '');
        const body = envelope(eventId, buildEvent(eventId, error, context, eventSettings));
        const sending: Promise<void> = send(body)
          .catch((failure: unknown) => failures.failed(failure))
          .finally(() => pending.delete(sending));
        pending.add(sending);
      } catch (failure) {
        // A report must never be why a request or a job fails.
        failures.failed(failure);
      }
    },
    async flush(timeoutMs) {
      if (pending.size === 0) return true;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const done = Promise.allSettled([...pending]).then(() => true);
      const finished = await Promise.race([done, timedOut]);
      clearTimeout(timer);
      return finished;
    },
  };
}
