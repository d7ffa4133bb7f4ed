import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpBroker, type TestApp } from '../test-support/test-app.js';
import { type AnswerRead, loadFirstLoad } from './first-load.js';

const INDEX =
  '<!doctype html><html lang="ar" dir="rtl"><head><title>t</title></head><body></body></html>';
const FIRST_LOAD = [
  {
    path: '/mobile-dashboard',
    answered: true,
    scripts: ['/assets/MobileLayout-a1.js', '/assets/MobileDashboardPage-b2.js'],
    reads: [
      { path: '/api/broker/profile', pageQuery: {} },
      { path: '/api/dashboard/metrics', pageQuery: {} },
      { path: '/api/referrals?page=1', pageQuery: {} },
    ],
  },
  {
    path: '/r/:code',
    answered: false,
    scripts: ['/assets/LinkRequestPage-c3.js', '/assets/form-d4.js'],
    reads: [{ path: '/api/r/:code', pageQuery: { s: ['qr'] } }],
  },
];

/** A built web root: index.html and the build's first-load.json (none when null). */
function webRoot(firstLoad: unknown = FIRST_LOAD): string {
  const root = mkdtempSync(path.join(tmpdir(), 'first-load-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), INDEX);
  if (firstLoad !== null) {
    writeFileSync(path.join(root, 'first-load.json'), JSON.stringify(firstLoad));
  }
  return root;
}

/** The answers a page holds, by URL. */
const answersIn = (html = '') =>
  JSON.parse(
    html.match(/<script type="application\/json" id="first-reads">(.*?)<\/script>/)?.[1] ?? '{}',
  ) as Record<string, unknown>;

const preload = (url: string) =>
  `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`;

describe("a first page's HTML names what it needs first", () => {
  const pages = loadFirstLoad(webRoot());
  const html = async (url: string, answer?: AnswerRead) => (await pages.page(url, answer))?.html;

  it("names a public page's scripts and preloads its read, in the head", async () => {
    const page = (await html('/r/H7K4M9QT')) ?? '';
    expect(page).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/LinkRequestPage-c3.js">',
    );
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/form-d4.js">');
    expect(page).toContain(preload('/api/r/H7K4M9QT'));
    expect(page.indexOf('/api/r/H7K4M9QT')).toBeLessThan(page.indexOf('</head>'));
  });

  it("fills a read's params from the page path, encoded as the app encodes them", async () => {
    // Whatever the path holds cannot leave the attribute or reach another API path.
    const hostile = (await html('/r/%22%3E%3Cscript%3E..%2Fadmin')) ?? '';
    expect(hostile).toContain(preload('/api/r/%22%3E%3Cscript%3E..%2Fadmin'));
    expect(hostile).not.toContain('<script>');
  });

  it('passes on only a marker value the app itself sends', async () => {
    expect(await html('/r/H7K4M9QT?s=qr&utm=x')).toContain(preload('/api/r/H7K4M9QT?s=qr'));
    for (const other of ['whatsapp', 'QR', '%22%3E']) {
      expect(await html(`/r/H7K4M9QT?s=${other}`)).toContain(preload('/api/r/H7K4M9QT'));
    }
  });

  it('names nothing for other pages, a deeper path or a broken escape', async () => {
    expect(await pages.page('/referrals')).toBeNull();
    expect(await pages.page('/mobile-dashboard/extra')).toBeNull();
    expect(await pages.page('/r/')).toBeNull();
    expect(await pages.page('/r/%E0%A4%A')).toBeNull();
  });

  it("answers a signed-in page's reads inside it, escaped so no answer can end the script", async () => {
    const asked: string[] = [];
    // A tenant's name may hold what String.replace reads as a pattern: `$'` is the page after
    // the match, `$&` the match itself; each must be written as it is.
    const hostile = { name: "</script><script>alert(1)</script>\u2028 $' $& $`" };
    const answer: AnswerRead = async (url) => {
      asked.push(url);
      if (url === '/api/dashboard/metrics') return null; // a read that failed
      return JSON.stringify({ url, ...hostile });
    };
    const page = await pages.page('/mobile-dashboard', answer);
    expect(page?.personal).toBe(true);
    expect(asked).toEqual([
      '/api/broker/profile',
      '/api/dashboard/metrics',
      '/api/referrals?page=1',
    ]);
    expect(answersIn(page?.html)).toEqual({
      '/api/broker/profile': { url: '/api/broker/profile', ...hostile },
      '/api/referrals?page=1': { url: '/api/referrals?page=1', ...hostile },
    });
    expect(page?.html).not.toContain('<script>alert');
    expect(page?.html).not.toContain('\u2028');
    expect(page?.html).toContain('href="/assets/MobileDashboardPage-b2.js"');
    // The failed read is left to the browser, preloaded; the answered ones are not asked twice.
    expect(page?.html).toContain(preload('/api/dashboard/metrics'));
    expect(page?.html).not.toContain(preload('/api/broker/profile'));

    // A public page is never answered by the server: the browser that shows it reads it.
    const link = await pages.page('/r/H7K4M9QT', answer);
    expect(link?.personal).toBe(false);
    expect(asked).toHaveLength(3);
  });

  it('without a session names only the session read, not the code and reads sign-in will not use', async () => {
    for (const answer of [undefined, async () => null]) {
      const page = await pages.page('/mobile-dashboard', answer);
      expect(page?.personal).toBe(false);
      expect(page?.html).toContain(preload('/api/broker/profile'));
      expect(page?.html).not.toContain('/api/dashboard/metrics');
      expect(page?.html).not.toContain('modulepreload');
      expect(page?.html).not.toContain('first-reads');
    }
  });

  it('sends the page on time when a read hangs, fails or answers no JSON', async () => {
    const started = performance.now();
    const page = await pages.page('/mobile-dashboard', async (url) => {
      if (url === '/api/dashboard/metrics') return new Promise<string>(() => {}); // never
      if (url === '/api/referrals?page=1') throw new Error('the server is closing');
      return '{"fullName": "سارة"';
    });
    // The session's answer is cut short: as if refused.
    expect(page?.personal).toBe(false);
    expect(answersIn(page?.html)).toEqual({});

    const slow = await pages.page('/mobile-dashboard', async (url) => {
      if (url === '/api/dashboard/metrics') return new Promise<string>(() => {});
      if (url === '/api/referrals?page=1') throw new Error('the server is closing');
      return '{"fullName":"سارة"}';
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(answersIn(slow?.html)).toEqual({ '/api/broker/profile': { fullName: 'سارة' } });
    expect(slow?.html).toContain(preload('/api/dashboard/metrics'));
    expect(slow?.html).toContain(preload('/api/referrals?page=1'));
  });

  it('has no hints without the file, and refuses to start on a malformed one', async () => {
    expect(await loadFirstLoad(webRoot(null)).page('/mobile-dashboard')).toBeNull();
    expect(() =>
      loadFirstLoad(
        webRoot([
          { path: '/x', answered: false, scripts: ['https://evil.example/a.js'], reads: [] },
        ]),
      ),
    ).toThrow();
    expect(() =>
      loadFirstLoad(
        webRoot([
          { path: '/x', answered: false, scripts: [], reads: [{ path: '/x', pageQuery: {} }] },
        ]),
      ),
    ).toThrow();
  });
});

describe('the server sends the named HTML', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { webRoot: webRoot() });
  });
  afterAll(async () => {
    await t.close();
  });

  it('compressed as the browser accepts, never cached, and the plain shell elsewhere', async () => {
    const named = await t.app.inject({
      url: '/mobile-dashboard',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(named.statusCode).toBe(200);
    expect(named.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(named.headers['content-encoding']).toBe('br');
    expect(named.headers['cache-control']).toBe('no-cache');
    expect(named.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(named.rawPayload).toString()).toContain(
      'href="/api/broker/profile"',
    );

    const plain = await t.app.inject({ url: '/r/H7K4M9QT' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('href="/assets/LinkRequestPage-c3.js"');

    const other = await t.app.inject({ url: '/referrals' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(INDEX);
  });

  it("a broker's dashboard holds their own answers, stored by no cache; a stranger's holds none", async () => {
    const broker = await signUpBroker(t, { fullName: 'سارة <b>العتيبي</b>' });
    const page = await t.app.inject({
      url: '/mobile-dashboard',
      headers: { cookie: broker.cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers.vary).toBe('accept-encoding, cookie');
    const [, json] =
      page.body.match(/<script type="application\/json" id="first-reads">(.*?)<\/script>/) ?? [];
    const answers = JSON.parse(json ?? '{}') as Record<string, Record<string, unknown>>;
    // Exactly what the API answers the same cookie.
    const profile = await t.app.inject({
      url: '/api/broker/profile',
      headers: { cookie: broker.cookie },
    });
    expect(answers['/api/broker/profile']).toEqual(profile.json());
    expect(answers['/api/broker/profile']?.fullName).toBe('سارة <b>العتيبي</b>');
    expect(page.body).not.toContain('<b>');
    const metrics = await t.app.inject({
      url: '/api/dashboard/metrics',
      headers: { cookie: broker.cookie },
    });
    expect(answers['/api/dashboard/metrics']).toEqual(metrics.json());

    // A forged or expired cookie: the API refuses it, so the page holds nothing of anyone's.
    const stranger = await t.app.inject({
      url: '/mobile-dashboard',
      headers: { cookie: 'sid=forged' },
    });
    expect(stranger.headers['cache-control']).toBe('no-cache');
    expect(stranger.body).not.toContain('first-reads');
    expect(stranger.body).toContain('href="/api/broker/profile"');

    // A HEAD, or a browser's prefetch that may never be shown, is not answered (one read
    // creates the broker's link on first use).
    for (const request of [
      { method: 'HEAD' as const, headers: { cookie: broker.cookie } },
      { method: 'GET' as const, headers: { cookie: broker.cookie, 'sec-purpose': 'prefetch' } },
    ]) {
      const unanswered = await t.app.inject({ url: '/mobile-dashboard', ...request });
      expect(unanswered.statusCode).toBe(200);
      expect(unanswered.headers['cache-control']).toBe('no-cache');
      if (request.method === 'GET') expect(unanswered.body).not.toContain('first-reads');
    }
  });
});
