/**
 * OpenTelemetry traces, started by the entry (src/server/main.ts) before the application is
 * imported, and only when OTEL_* settings name an endpoint: without them this module and every
 * OpenTelemetry package stay unloaded.
 *
 * - Spans: the request's server span (instrumentation-http; named by its route template and
 *   given the request id in request-spans.ts) and, inside it, one span a query
 *   (instrumentation-pg: the SQL text with its $n placeholders, never a parameter value).
 * - Modules: the server is ES modules, so `pg` is hooked through import-in-the-middle's loader,
 *   registered here before the application's first import ("ESM support" of
 *   @opentelemetry/instrumentation, and import-in-the-middle's "Only Intercepting Hooked
 *   modules"), and only for the modules the instrumentations ask for.
 * - Export: OTLP/HTTP with JSON to `/v1/traces` (the OTLP specification,
 *   https://opentelemetry.io/docs/specs/otlp/#otlphttp), in batches, after every span passed
 *   through the scrubber the logs and error reports use.
 */
import { register } from 'node:module';
import {
  type Attributes,
  type AttributeValue,
  DiagLogLevel,
  diag,
  SpanKind,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  type ReadableSpan,
  type Sampler,
  type SpanExporter,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-node';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import pino from 'pino';
import type { TracingSettings } from '../config.js';
import { maskLoggedUrl, RepeatedFailureLog, scrubText } from '../plugins/log-safety.js';
import { flushBeforeExit } from './exit.js';
import { packageRelease } from './release.js';
import { REQUEST_ID_ATTRIBUTE } from './request-spans.js';

// ---------- what leaves the process ----------

/** Attributes that are a whole URL, its path (with or without the query), or its query. */
const FULL_URL = new Set(['url.full', 'http.url']);
const PATH = new Set(['url.path', 'http.target']);
const QUERY = 'url.query';
/** Set by us from what is safe by construction: a route template, an id we made or checked. */
const KEPT = new Set(['http.route', REQUEST_ID_ATTRIBUTE]);

/**
 * One attribute as it may be exported. A request's own URL is masked as the request log masks
 * it (the secret of a tenant-form, short-link or file path, every query value that may name a
 * person); an outgoing call keeps only its origin (a storage key, a provider's query string stay
 * here); any other text goes through the scrubber.
 */
function scrubAttribute(
  key: string,
  value: AttributeValue,
  server: boolean,
): AttributeValue | undefined {
  if (KEPT.has(key)) return value;
  if (typeof value !== 'string') {
    // Arrays hold one type; only text may hold a secret.
    return Array.isArray(value) && value.some((item) => typeof item === 'string')
      ? (value as (string | null | undefined)[]).map((item) => item && scrubText(item))
      : value;
  }
  if (FULL_URL.has(key)) {
    try {
      const url = new URL(value);
      return server ? `${url.origin}${maskLoggedUrl(`${url.pathname}${url.search}`)}` : url.origin;
    } catch {
      return undefined;
    }
  }
  if (PATH.has(key)) return server ? maskLoggedUrl(value) : undefined;
  if (key === QUERY) return server ? maskLoggedUrl(`?${value}`).slice(1) : undefined;
  return scrubText(value);
}

function scrubAttributes(attributes: Attributes, server: boolean): Attributes {
  const scrubbed: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    const kept = scrubAttribute(key, value, server);
    if (kept !== undefined) scrubbed[key] = kept;
  }
  return scrubbed;
}

/** A span as exported: the same, with its name, status message and attributes scrubbed. */
function scrubSpan(span: ReadableSpan): ReadableSpan {
  const server = span.kind === SpanKind.SERVER;
  return {
    name: scrubText(span.name),
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    status:
      span.status.message === undefined
        ? span.status
        : { ...span.status, message: scrubText(span.status.message) },
    attributes: scrubAttributes(span.attributes, server),
    links: span.links,
    // An exception event's message and stack are text like any other.
    events: span.events.map((event) =>
      event.attributes
        ? { ...event, attributes: scrubAttributes(event.attributes, server) }
        : event,
    ),
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

/** The exporter every span leaves through: nothing reaches the wire unscrubbed. */
class ScrubbingExporter implements SpanExporter {
  constructor(private readonly next: SpanExporter) {}

  export(spans: ReadableSpan[], done: Parameters<SpanExporter['export']>[1]): void {
    this.next.export(spans.map(scrubSpan), done);
  }

  shutdown(): Promise<void> {
    return this.next.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.next.forceFlush?.() ?? Promise.resolve();
  }
}

// ---------- start ----------

function samplerFor(settings: TracingSettings): Sampler {
  const ratio = new TraceIdRatioBasedSampler(settings.samplerRatio);
  switch (settings.sampler) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return ratio;
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratio });
  }
}

/** Paths whose requests make no span: probes and scrapes come every few seconds and say nothing. */
const UNTRACED = /^\/(healthz|readyz|metrics)(\?|$)/;

export async function startTracing(
  settings: TracingSettings,
  options: { logLevel: string; release: string | null },
): Promise<void> {
  const log = pino({ level: options.logLevel, base: { pid: process.pid } });
  // The SDK's own complaints (the collector unreachable, mostly) as JSON lines, once a run.
  const failures = new RepeatedFailureLog(
    log,
    `trace export to ${new URL(settings.tracesUrl).host}`,
  );
  const complain = (message: string) => failures.failed(new Error(scrubText(message)));
  diag.setLogger(
    { error: complain, warn: complain, info: () => {}, debug: () => {}, verbose: () => {} },
    { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true },
  );

  // Before any instrumentation asks for a module: the loader then hooks exactly those.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const exporter = new OTLPTraceExporter({ url: settings.tracesUrl, headers: settings.headers });
  const provider = new NodeTracerProvider({
    // OTEL_RESOURCE_ATTRIBUTES (deployment.environment=…, say), then the service's own.
    resource: detectResources({ detectors: [envDetector] }).merge(
      resourceFromAttributes({
        'service.name': settings.serviceName,
        'service.version': options.release ?? packageRelease(),
      }),
    ),
    sampler: samplerFor(settings),
    spanProcessors: [new BatchSpanProcessor(new ScrubbingExporter(exporter))],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED.test(request.url ?? ''),
        // Calls made outside a request (storage sweeps, the outbox) make no trace of their own.
        requireParentforOutgoingSpans: true,
      }),
      // Likewise queries outside a request (the outbox worker's polls, housekeeping).
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
    ],
  });
  await waitForAllMessagesAcknowledged();
  log.info(
    { tracesTo: new URL(settings.tracesUrl).origin, sampler: settings.sampler },
    'tracing on',
  );
  // Spans still in the batch when the server stops or crashes.
  flushBeforeExit((timeoutMs) => withTimeout(provider.forceFlush(), timeoutMs));
}

const withTimeout = (work: Promise<void>, timeoutMs: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    work.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      () => {
        clearTimeout(timer);
        resolve();
      },
    );
  });
