import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type ExportedSpan, startFakeCollector } from '../test-support/fakes/otlp.js';
import { startFakeSentry } from '../test-support/fakes/sentry.js';
import { cleanUp, type Server, startServer } from '../test-support/server-process.js';

// Error reports and traces (decision record 055), in the real server process
// (src/server/main.ts, as `npm start` runs it):
// OpenTelemetry traces to a collector on 127.0.0.1, no OpenTelemetry at all without OTEL_*, and
// the error nothing caught reported before the process exits.
afterAll(cleanUp);

const work = mkdtempSync(path.join(tmpdir(), 'shareek-tracing-'));
// One database folder for the processes of this file, one after the other: one cluster made.
// A folder of its own: the embedded cluster's user must reach it.
const dataDir = mkdtempSync(path.join(tmpdir(), 'shareek-tracing-data-'));
const testHook = (file: string) =>
  pathToFileURL(path.resolve('src/server/test-support', file)).href;
const moduleHook = testHook('module-log.mjs');
/** NODE_OPTIONS with one more module imported first (what the runner's options held, kept). */
const importing = (hook: string) =>
  [process.env.NODE_OPTIONS, `--import=${hook}`].filter(Boolean).join(' ');
let logs = 0;

/** A server whose resolved OpenTelemetry modules are written to the file it answers with. */
async function serverLoggingModules(env: Record<string, string>) {
  const moduleLog = path.join(work, `modules-${++logs}.log`);
  const server = await startServer({
    DATA_DIR: dataDir,
    NODE_OPTIONS: importing(moduleHook),
    MODULE_LOG: moduleLog,
    ...env,
  });
  const loaded = () => (existsSync(moduleLog) ? readFileSync(moduleLog, 'utf8') : '');
  return { server, loaded };
}

/** Stops a server as a supervisor would, so the next one takes its database folder. */
async function stop(server: Server) {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const secret = () => randomBytes(24).toString('base64url');

describe('traces', () => {
  it('a request makes a server span named by its route, with the request id, and a pg span in the same trace; no secret path nor SQL parameter is exported', async () => {
    const collector = await startFakeCollector({ requiredHeaders: { 'x-collector-key': 'k-1' } });
    const { server, loaded } = await serverLoggingModules({
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-key=k-1',
      OTEL_SERVICE_NAME: 'shareek-under-test',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=ci',
      // The SDK's own batch delay (5 s by default), read from its standard variable.
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    try {
      const token = secret();
      const code = secret();
      const phone = '0551234567';
      const answer = await fetch(`${server.base}/api/tenant-form/${token}?phone=${phone}`, {
        headers: { 'x-request-id': 'trace-me-1' },
      });
      expect(answer.status).toBe(404);
      await fetch(`${server.base}/s/${code}`, { headers: { 'x-request-id': 'trace-me-2' } });

      const serverSpan = (requestId: string) =>
        collector.spans.find(
          (span) => span.kind === 2 && span.attributes['request.id'] === requestId,
        );
      const inTrace = (root: ExportedSpan) =>
        collector.spans.filter(
          (span) => span.traceId === root.traceId && span.scope.endsWith('instrumentation-pg'),
        );
      await until(() => {
        const root = serverSpan('trace-me-1');
        return Boolean(root && serverSpan('trace-me-2') && inTrace(root).length >= 2);
      }, 'the spans of both requests');

      const root = serverSpan('trace-me-1') as ExportedSpan;
      expect(root).toMatchObject({
        name: 'GET /api/tenant-form/:token',
        resource: { 'service.name': 'shareek-under-test', 'deployment.environment': 'ci' },
        attributes: {
          'http.route': '/api/tenant-form/:token',
          'http.response.status_code': 404,
          'url.path': '/api/tenant-form/***',
          'url.query': 'phone=***',
        },
      });
      expect(serverSpan('trace-me-2')?.name).toBe('GET /s/:code');
      // Every pg span descends from the request's span.
      const byId = new Map(collector.spans.map((span) => [span.spanId, span]));
      const queries = inTrace(root);
      for (const query of queries) {
        let ancestor: ExportedSpan | undefined = query;
        while (ancestor && ancestor.spanId !== root.spanId) {
          ancestor = ancestor.parentSpanId ? byId.get(ancestor.parentSpanId) : undefined;
        }
        expect(ancestor).toBe(root);
      }
      // The token is the lookup's parameter: the SQL text is exported with its placeholder.
      const lookup = queries.find((span) =>
        String(span.attributes['db.query.text'] ?? '').includes('"form_token" = $1'),
      );
      expect(lookup).toBeDefined();

      const exported = collector.raw.join('\n');
      for (const value of [token, code, phone]) expect(exported).not.toContain(value);
      // The control for the test below: the module log does see OpenTelemetry when it loads.
      expect(loaded()).toContain('@opentelemetry/sdk-trace-node');
    } finally {
      await stop(server);
      await collector.close();
    }
  });

  it('without OTEL_* settings no OpenTelemetry module is loaded', async () => {
    const { server, loaded } = await serverLoggingModules({});
    try {
      expect((await fetch(`${server.base}/api/tenant-form/${secret()}`)).status).toBe(404);
      expect(loaded()).toBe('');
    } finally {
      await stop(server);
    }
  });

  it('with OTEL_SDK_DISABLED=true nothing is loaded and the collector is never asked', async () => {
    const collector = await startFakeCollector();
    const { server, loaded } = await serverLoggingModules({
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_SDK_DISABLED: 'true',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    try {
      expect((await fetch(`${server.base}/api/tenant-form/${secret()}`)).status).toBe(404);
      // Four batch delays: a span would have been exported by now.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(collector.requests).toBe(0);
      expect(loaded()).toBe('');
    } finally {
      await stop(server);
      await collector.close();
    }
  });
});

describe('the last resort', () => {
  it('an unhandled rejection is logged as one JSON line and reported, scrubbed, before the process exits as Node would', async () => {
    const sentry = await startFakeSentry();
    const phone = '0557654321';
    const server = await startServer({
      DATA_DIR: dataDir,
      SENTRY_DSN: sentry.dsn,
      NODE_OPTIONS: importing(testHook('reject-on-signal.mjs')),
      FAULT_PHONE: phone,
    });
    try {
      let output = '';
      server.child.stdout?.on('data', (chunk: string) => {
        output += chunk;
      });
      const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGUSR2');
      expect(await exited).toBe(1);

      expect(sentry.received).toHaveLength(1);
      expect(sentry.received[0]?.event).toMatchObject({
        level: 'fatal',
        exception: {
          values: [
            {
              type: 'Error',
              value: 'no broker with phone ***',
              mechanism: { type: 'unhandledRejection', handled: false },
            },
          ],
        },
      });
      expect(sentry.received[0]?.raw).not.toContain(phone);
      const lines = output
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as { level: number; msg: string; origin?: string });
      expect(lines.at(-1)).toMatchObject({
        level: 60,
        msg: 'uncaught error; exiting',
        origin: 'unhandledRejection',
      });
      expect(output).not.toContain(phone);
    } finally {
      await sentry.close();
    }
  });
});
