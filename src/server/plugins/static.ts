import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Brand } from '#domain/brand';
import {
  type AnswerRead,
  encodeHtml,
  type FirstLoadHtml,
  loadFirstLoad,
  pageEncoding,
} from './first-load.js';

/** Public pages listed in sitemap.xml. */
const PUBLIC_PAGES = ['/', '/login', '/mobile', '/mobile-landing', '/mobile-demo', '/privacy'];

/** Signed-in, personal or machine paths that search engines have no business crawling. */
const NOT_FOR_CRAWLERS = [
  '/api/',
  '/s/',
  '/tenant-form/',
  '/admin',
  '/dashboard',
  '/referrals',
  '/referral/',
  '/commissions',
  '/profile',
  '/user-management',
  '/audit-log',
  '/messaging-config',
  '/new-referral',
  '/mobile-dashboard',
  '/mobile-new-referral',
  '/mobile-referrals',
  '/mobile-referral-details/',
  '/mobile-commissions',
  '/mobile-profile',
  '/mobile-change-password',
];

/**
 * Serves the built web app. Vite's hashed assets are immutable, so they are cached for a
 * year; pages are revalidated so a deploy is picked up at once. `/` is the landing page
 * prerendered at build time (its canonical and social links get PUBLIC_URL here); other
 * client routes fall back to the app's index.html; unknown /api paths answer JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { webRoot: string | null; publicUrl: string; brand: Brand },
): Promise<void> {
  const { webRoot, publicUrl, brand } = options;
  const hasWeb = webRoot !== null && existsSync(path.join(webRoot, 'index.html'));

  app.get('/robots.txt', { config: { access: 'public' } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          ...NOT_FOR_CRAWLERS.map((prefix) => `Disallow: ${prefix}`),
          `Sitemap: ${publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );
  app.get('/sitemap.xml', { config: { access: 'public' } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .send(
        [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
          ...PUBLIC_PAGES.map((page) => `  <url><loc>${publicUrl}${page}</loc></url>`),
          '</urlset>',
          '',
        ].join('\n'),
      ),
  );

  // Installable: Arabic, right to left, opening on the broker's phone dashboard.
  app.get('/manifest.webmanifest', { config: { access: 'public' } }, async (_request, reply) =>
    reply.type('application/manifest+json; charset=utf-8').send({
      name: `${brand.productName} | منصة الوسطاء العقاريين`,
      short_name: brand.productName,
      description: 'أحِل المستأجرين الراغبين في الدفع الشهري وتابع طلباتك وعمولاتك.',
      id: '/mobile-dashboard',
      lang: 'ar',
      dir: 'rtl',
      start_url: '/mobile-dashboard',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#0f766e',
      background_color: '#f8fafc',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
        { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    }),
  );

  if (!hasWeb) return registerApiNotFound(app, false);

  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text file (scripts/compress.mjs).
    preCompressed: true,
    // The prerendered landing page is served at / with PUBLIC_URL filled in, never raw.
    globIgnore: ['landing.html*'],
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const landingFile = path.join(webRoot, 'landing.html');
  const landing = existsSync(landingFile) ? compressedVariants(landingFile, publicUrl) : null;
  app.get('/landing.html', { config: { access: 'public' } }, async (_request, reply) =>
    reply.redirect('/', 301),
  );
  app.get('/', { config: { access: 'public' } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    if (!landing) return reply.sendFile('index.html');
    const encoding = pageEncoding(String(request.headers['accept-encoding'] ?? ''));
    reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? landing[encoding] : landing.identity);
  });
  registerApiNotFound(app, loadFirstLoad(webRoot));
}

/**
 * Unknown /api paths answer JSON 404; with the web app, any other page read gets the app's
 * index.html, naming what the page needs first when the build listed it (./first-load.ts).
 */
function registerApiNotFound(app: FastifyInstance, firstLoad: FirstLoadHtml | false): void {
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isApi && wantsPage && firstLoad) {
      const cookie = request.headers.cookie;
      // A read answered as the API answers this visitor: their cookie, their address; logged
      // under the page's request id, one suffix a read.
      let reads = 0;
      const answer: AnswerRead = async (url) => {
        reads += 1;
        const read = await app.inject({
          method: 'GET',
          url,
          headers: {
            cookie: cookie ?? '',
            host: request.headers.host ?? '',
            'x-request-id': `${request.id}.${reads}`,
          },
          remoteAddress: request.ip,
        });
        const json = String(read.headers['content-type'] ?? '').startsWith('application/json');
        return read.statusCode === 200 && json ? read.body : null;
      };
      // Only a page a person opens is answered: not a HEAD, not a browser's prefetch or
      // prerender (Sec-Purpose), which may never be shown.
      const opened = request.method === 'GET' && request.headers['sec-purpose'] === undefined;
      const page = await firstLoad.page(request.url, cookie && opened ? answer : undefined);
      if (page === null) return reply.header('cache-control', 'no-cache').sendFile('index.html');
      const encoding = pageEncoding(String(request.headers['accept-encoding'] ?? ''));
      reply
        // The visitor's own answers: kept by no cache, and not shared by another cookie.
        .header('cache-control', page.personal ? 'no-store' : 'no-cache')
        .header('vary', page.personal ? 'accept-encoding, cookie' : 'accept-encoding')
        .type('text/html; charset=utf-8');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encodeHtml(page.html, encoding));
    }
    return reply.status(404).send({ message: 'المسار المطلوب غير موجود', code: 'NOT_FOUND' });
  });
}

/** The landing page with PUBLIC_URL filled in, plain and compressed, prepared once at start. */
function compressedVariants(file: string, publicUrl: string) {
  const identity = Buffer.from(readFileSync(file, 'utf8').replaceAll('__PUBLIC_URL__', publicUrl));
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}
