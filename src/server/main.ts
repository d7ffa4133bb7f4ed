/**
 * The server's entry (`node dist/server/main.js`). OpenTelemetry has to hook module loading
 * before `pg` and `node:http` are first imported, so the server (server.ts) is imported only
 * once tracing has started; without OTEL_* settings no OpenTelemetry module is loaded at all and
 * a request costs what it did (docs/decisions/055-error-reports-and-traces.md).
 */
import { loadConfig } from './config.js';

/** Whether and where to trace; a configuration that does not load is server.ts's to report. */
function tracingConfig() {
  try {
    const { tracing, logLevel, errorReports } = loadConfig();
    return tracing && { tracing, logLevel, release: errorReports?.release ?? null };
  } catch {
    return null;
  }
}

const traced = tracingConfig();
if (traced) {
  try {
    const { startTracing } = await import('./observability/tracing.js');
    await startTracing(traced.tracing, traced);
  } catch (error) {
    // Asked for and impossible (a package missing from a release, say): said at once, in JSON,
    // rather than serving untraced while the operators believe otherwise.
    (await import('./startup.js')).exitOnStartFailure(error, 'starting tracing');
  }
}
await import('./server.js');
