/**
 * The request's server span (opened by OpenTelemetry's http instrumentation, which knows only
 * the raw path) named after the route template and given the request id, so traces group by
 * route and a trace is found from a log line. Loaded by buildApp only when tracing is
 * configured (src/server/observability/tracing.ts).
 */
import { trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';

/** The request id's attribute: the semantic conventions name none. */
export const REQUEST_ID_ATTRIBUTE = 'request.id';

export function nameRequestSpans(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    // The http instrumentation runs the request's handling inside its span's context.
    const span = trace.getActiveSpan();
    if (span) {
      span.setAttribute(REQUEST_ID_ATTRIBUTE, request.id);
      const route = request.routeOptions.url;
      if (route) {
        span.setAttribute('http.route', route);
        span.updateName(`${request.method} ${route}`);
      }
    }
    done();
  });
}
