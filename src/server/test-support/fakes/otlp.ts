/**
 * An OpenTelemetry collector's OTLP/HTTP traces endpoint on 127.0.0.1, checking what the OTLP
 * specification requires of a client that sends JSON (https://opentelemetry.io/docs/specs/otlp/
 * "OTLP/HTTP"): `POST /v1/traces` with `Content-Type: application/json`, the body an
 * ExportTraceServiceRequest in protobuf's JSON mapping with trace and span ids as hex strings
 * (32 and 16 characters), timestamps as strings of nanoseconds; a full success answered 200 with
 * an ExportTraceServiceResponse. Headers named by OTEL_EXPORTER_OTLP_HEADERS (a vendor's key)
 * can be required.
 */
import { type FakeReply, type FakeRequest, startFakeServer } from './fake-server.js';

type AnyValue = {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
  arrayValue?: { values?: AnyValue[] };
};
type KeyValue = { key: string; value: AnyValue };

type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes?: KeyValue[];
};

type ExportTraceServiceRequest = {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: { scope?: { name?: string }; spans?: OtlpSpan[] }[];
  }[];
};

/** A span as a test reads it: ids, names and attributes as plain values. */
export type ExportedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** OTLP's SpanKind: 2 is SERVER, 3 CLIENT. */
  kind: number;
  scope: string;
  resource: Record<string, unknown>;
  attributes: Record<string, unknown>;
};

export type FakeCollector = {
  url: string;
  close(): Promise<void>;
  /** Every accepted request's body as sent: what a test searches for anything that must not leave. */
  raw: string[];
  spans: ExportedSpan[];
  /** Every request that arrived, accepted or not. */
  requests: number;
};

const plain = (value: AnyValue): unknown =>
  value.stringValue ??
  (value.intValue === undefined ? undefined : Number(value.intValue)) ??
  value.boolValue ??
  value.doubleValue ??
  value.arrayValue?.values?.map(plain);

const attributeMap = (attributes: KeyValue[] = []) =>
  Object.fromEntries(attributes.map(({ key, value }) => [key, plain(value)]));

/** The request's spans, or why it is not a valid OTLP/JSON export. */
function spansOf(body: ExportTraceServiceRequest): ExportedSpan[] | string {
  const spans: ExportedSpan[] = [];
  for (const resourceSpans of body.resourceSpans ?? []) {
    const resource = attributeMap(resourceSpans.resource?.attributes);
    for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
      for (const span of scopeSpans.spans ?? []) {
        if (!/^[0-9a-f]{32}$/.test(span.traceId)) return 'traceId is not 32 hex characters';
        if (!/^[0-9a-f]{16}$/.test(span.spanId)) return 'spanId is not 16 hex characters';
        if (span.parentSpanId && !/^[0-9a-f]{16}$/.test(span.parentSpanId)) {
          return 'parentSpanId is not 16 hex characters';
        }
        if (!/^\d+$/.test(span.startTimeUnixNano) || !/^\d+$/.test(span.endTimeUnixNano)) {
          return 'timestamps are not strings of nanoseconds';
        }
        spans.push({
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId || undefined,
          name: span.name,
          kind: span.kind,
          scope: scopeSpans.scope?.name ?? '',
          resource,
          attributes: attributeMap(span.attributes),
        });
      }
    }
  }
  return spans;
}

export async function startFakeCollector({
  requiredHeaders = {} as Record<string, string>,
} = {}): Promise<FakeCollector> {
  const handle = (request: FakeRequest): FakeReply => {
    fake.requests++;
    if (request.method !== 'POST' || request.path !== '/v1/traces') {
      return { status: 404, json: {} };
    }
    for (const [name, value] of Object.entries(requiredHeaders)) {
      if (request.headers[name] !== value) return { status: 401, json: {} };
    }
    if (!request.headers['content-type']?.startsWith('application/json')) {
      return { status: 415, json: {} };
    }
    let body: ExportTraceServiceRequest;
    try {
      body = JSON.parse(request.text) as ExportTraceServiceRequest;
    } catch {
      return { status: 400, json: {} };
    }
    const spans = spansOf(body);
    if (typeof spans === 'string') return { status: 400, json: { message: spans } };
    fake.raw.push(request.text);
    fake.spans.push(...spans);
    return { status: 200, json: {} };
  };
  const server = await startFakeServer(handle);
  const fake: FakeCollector = { ...server, raw: [], spans: [], requests: 0 };
  return fake;
}
