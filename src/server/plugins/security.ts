import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * An /api call: by the matched route, or by the path for answers no route matched (404s).
 * The route catches percent-encoded spellings the router decoded into an /api route.
 */
function isApiRequest(request: FastifyRequest): boolean {
  if (request.routeOptions.url?.startsWith('/api/')) return true;
  const path = request.url.split('?', 1)[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

/** A state-changing call whose Origin header names another site (or none that can be told). */
function fromAnotherOrigin(request: FastifyRequest): boolean {
  if (!STATE_CHANGING.has(request.method)) return false;
  const origin = request.headers.origin;
  // No Origin at all is a same-site navigation or a non-browser client. `Origin: null`
  // comes from sandboxed frames, data: pages and cross-site redirects: never same-origin.
  if (origin === undefined) return false;
  let originHost = '';
  try {
    originHost = new URL(origin).host;
  } catch {
    // 'null', an empty value or garbage: no origin to compare, so not the same one.
  }
  return originHost === '' || originHost !== request.headers.host;
}

export function registerSecurity(app: FastifyInstance, options: { production: boolean }): void {
  // Only JSON (and later multipart for uploads) may change state: a cross-site HTML form
  // cannot send either, which closes the CSRF door together with SameSite cookies.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', (request, _reply, done) => {
    if (fromAnotherOrigin(request)) {
      done(new AppError(403, 'CROSS_ORIGIN', 'طلب غير مسموح من مصدر خارجي'));
      return;
    }
    done();
  });

  const headers: Record<string, string> = {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    'cross-origin-opener-policy': 'same-origin',
    ...(options.production
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
  // A callback hook, not an async one: it runs on every answer and waits for nothing.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(headers);
    // API answers hold tenants' income, documents and phones: no browser or proxy keeps them.
    // A route that chose its own policy (downloads, exports) keeps it.
    if (isApiRequest(request) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
