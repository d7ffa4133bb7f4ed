import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** The page policy; `inlineScripts` are the hash sources of the page's own inline scripts. */
const contentSecurityPolicy = (inlineScripts: string[]) =>
  [
    "default-src 'self'",
    ['script-src', "'self'", ...inlineScripts].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    // data: for the number face inlined into the style sheet (decision 060).
    "font-src 'self' data:",
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

export function registerSecurity(
  app: FastifyInstance,
  options: { production: boolean; inlineScripts: string[] },
): void {
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

  const transportSecurity: Record<string, string> = options.production
    ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
    : {};
  // Pages (the app's HTML, its scripts, styles and files): the document policy.
  const pageHeaders: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(options.inlineScripts),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    'cross-origin-opener-policy': 'same-origin',
    ...transportSecurity,
  };
  // JSON answers are data, never a document a browser renders: OWASP's set for REST answers
  // (REST Security Cheat Sheet, «Security headers»). A policy that allows nothing and no
  // framing; the page-only headers (script sources, permissions, opener) say nothing here and
  // would be about 300 bytes more on every polled read. Nothing a browser or proxy keeps:
  // they hold tenants' income, documents and phones.
  const apiHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
    ...transportSecurity,
  };
  // A callback hook, not an async one: it runs on every answer and waits for nothing.
  app.addHook('onSend', (request, reply, payload, done) => {
    // The id this request is logged under (a valid X-Request-Id it came with, or a new UUID).
    reply.header('x-request-id', request.id);
    const api = isApiRequest(request);
    // Files and exports (routes that answer no JSON) may be shown by the browser: page rules.
    reply.headers(api && !request.routeOptions.config.notJson ? apiHeaders : pageHeaders);
    // A route that chose its own policy (downloads, exports) keeps it.
    if (api && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
