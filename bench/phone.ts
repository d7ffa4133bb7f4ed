/**
 * `npm run bench:phone`: the phone budget (docs/decisions/062-a-phone-sized-first-load.md).
 *
 * Starts the production build (`node dist/server/main.js`, NODE_ENV=production) on a throw-away
 * database on the PostgreSQL server (BENCH_DATABASE_URL), seeds one active broker with a few
 * referrals, a commission, a referral link and a session, then measures the pages a broker and a
 * tenant open first on a phone:
 *
 * 1. Lighthouse (mobile emulation: a Moto G Power, slow 4G, 4× CPU, Lighthouse's simulated
 *    throttling) on `/`, `/mobile`, `/mobile-dashboard`, `/dashboard` and `/r/{code}`,
 *    PHONE_RUNS times each (default 5): the median performance score and layout shift, and
 *    the JavaScript each page loaded, gzipped, in how many files.
 * 2. Chromium itself slowed down (DevTools' «Fast 3G» network and 4× CPU, as Chrome's
 *    NetworkManager presets define it) with an empty cache: the sign-in page's first paint, a
 *    cold dashboard's first figures, and signing in with a password to a dashboard showing
 *    its figures, median of PHONE_RUNS.
 *
 * Each figure is printed beside its target; a miss prints MISS and makes the run exit non-zero.
 * Run `npm run build` first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from '@playwright/test';
import lighthouse from 'lighthouse';
import type Result from 'lighthouse/types/lhr/lhr.js';
import pg from 'pg';
import { hashPassword } from '../src/server/auth/passwords.js';
import { BENCH_PRODUCTION_SETTINGS, onServer, serverUrl } from './postgres.js';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Debian's Chromium, or its headless shell (what `npm test` installs). */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((file) => existsSync(file)) ??
  '/usr/bin/chromium';
/**
 * Five runs a page: Lighthouse's simulated score moved by up to three points between single runs
 * of the same build on a two-core machine, and the medians of three by as much (decision 065).
 */
const RUNS = Number(process.env.PHONE_RUNS ?? 5);

const TARGETS = { performance: 95, cls: 0.05, dashboardJsKb: 100, firstFiguresMs: 2500 };
/** The landing page's own, stricter targets (docs/decisions/007-public-landing-page.md). */
const LANDING = {
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  lcpMs: 1500,
  cls: 0.02,
  jsKb: 90,
};

/** Production cookies carry the __Host- prefix (src/server/plugins/session.ts). */
const COOKIE = '__Host-sid';
const BROKER = { phone: '0551234567', password: 'bench-phone-1', code: 'SH-P0001' };
const LINK_CODE = 'H7K4M9QT';

/**
 * DevTools' «Fast 3G» (Chrome's NetworkManager presets): 1.44 Mbps down and 675 kbps up at
 * 90%, 562.5 ms of latency.
 */
const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: ((1.44 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((675 * 1000) / 8) * 0.9,
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForReady(base: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not become ready');
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** The broker, their referrals, a commission, their link and their session. */
async function seed(url: string, token: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const hash = await hashPassword(BROKER.password);
    const {
      rows: [broker],
    } = await client.query<{ id: string }>(
      `insert into brokers (phone, password_hash, broker_code, full_name, office_name, city,
                            fal_license, is_active, first_time_otp_verified, profile_complete, link_code)
       values ($1, $2, $3, 'عبدالله الشمري', 'مكتب الشمري للعقار', 'riyadh', '1100012345',
               true, true, true, $4)
       returning id`,
      [BROKER.phone, hash, BROKER.code, LINK_CODE],
    );
    if (!broker) throw new Error('no broker seeded');
    await client.query(
      `insert into referrals (broker_id, tenant_phone, status, rent_amount, city, form_token, submitted_at)
       select $1, '05' || lpad((30000000 + g)::text, 8, '0'),
              (array['pending_completion','under_review','contract_signed','commission_added'])[1 + g % 4],
              40000 + g * 1000, 'riyadh', 'bench-phone-' || g, now() - (g || ' days')::interval
       from generate_series(1, 12) g`,
      [broker.id],
    );
    await client.query(
      `insert into commissions (broker_id, referral_id, amount, status, paid_amount, created_at)
       select broker_id, id, 500, 'pending', 0, submitted_at + interval '1 day'
       from referrals where broker_id = $1 and status in ('contract_signed', 'commission_added')`,
      [broker.id],
    );
    await client.query(
      `insert into sessions (id, broker_id, expires_at) values ($1, $2, now() + interval '30 days')`,
      [createHash('sha256').update(token).digest('hex'), broker.id],
    );
  } finally {
    await client.end();
  }
}

type PageRow = { route: string; path: string; signedIn: boolean };
type Measured = {
  route: string;
  score: number;
  cls: number;
  lcp: number;
  kb: number;
  files: number;
  /** The other categories' scores; measured on the landing page only. */
  categories: Record<string, number>;
};

const PAGES: PageRow[] = [
  { route: '/', path: '/', signedIn: false },
  { route: '/mobile', path: '/mobile', signedIn: false },
  { route: '/mobile-dashboard', path: '/mobile-dashboard', signedIn: true },
  { route: '/dashboard', path: '/dashboard', signedIn: true },
  { route: '/r/{code}', path: `/r/${LINK_CODE}`, signedIn: false },
];

/** Every script the page loaded (Lighthouse's network records), gzipped, and how many. */
function loadedJavaScript(lhr: Result): { kb: number; files: number } {
  const items =
    (
      lhr.audits['network-requests']?.details as {
        items?: { url: string; resourceType?: string }[];
      }
    )?.items ?? [];
  const files = items
    .filter((item) => item.resourceType === 'Script')
    .map((item) => path.join(ROOT, 'dist/web', new URL(item.url).pathname));
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(file)).length, 0);
  return { kb: bytes / 1024, files: files.length };
}

async function lighthouseRows(base: string, debuggingPort: number, token: string) {
  const rows: Measured[] = [];
  for (const page of PAGES) {
    const results: Result[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${base}${page.path}`, {
        port: debuggingPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories:
          page.route === '/'
            ? ['performance', 'accessibility', 'best-practices', 'seo']
            : ['performance'],
        ...(page.signedIn ? { extraHeaders: { Cookie: `${COOKIE}=${token}` } } : {}),
      });
      if (!result) throw new Error('Lighthouse returned nothing');
      const landed = result.lhr.finalDisplayedUrl;
      if (new URL(landed).pathname !== new URL(`${base}${page.path}`).pathname) {
        throw new Error(`${page.route} ended on ${landed}: the measured page is not the one asked`);
      }
      results.push(result.lhr);
    }
    const js = results.map(loadedJavaScript);
    rows.push({
      route: page.route,
      score: median(
        results.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100)),
      ),
      cls: median(results.map((lhr) => lhr.audits['cumulative-layout-shift']?.numericValue ?? 1)),
      lcp: median(results.map((lhr) => lhr.audits['largest-contentful-paint']?.numericValue ?? 0)),
      kb: Math.max(...js.map((j) => j.kb)),
      files: Math.max(...js.map((j) => j.files)),
      categories: Object.fromEntries(
        ['accessibility', 'best-practices', 'seo'].map((id) => [
          id,
          median(results.map((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100))),
        ]),
      ),
    });
  }
  return rows;
}

/** A new context with an empty cache, Chromium's «Fast 3G» and 4× CPU. */
async function slowedPage(browser: Browser, token?: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'ar-SA',
    serviceWorkers: 'block',
    // The broker's session, as Lighthouse gets it: production's __Host- cookie needs https.
    ...(token ? { extraHTTPHeaders: { Cookie: `${COOKIE}=${token}` } } : {}),
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

/** The dashboard shows its figures: the totals are drawn and nothing is still loading. */
const figuresShown = (page: Page) =>
  page.waitForFunction(
    () =>
      document.querySelector('main h1') !== null &&
      document.querySelector('.animate-pulse, [data-boot]') === null &&
      /[٠-٩]/.test(document.querySelector('main')?.textContent ?? ''),
    undefined,
    { timeout: 60_000, polling: 50 },
  );

async function timings(browser: Browser, base: string, token: string) {
  const firstPaint: number[] = [];
  const coldDashboard: number[] = [];
  const signIn: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    {
      const page = await slowedPage(browser);
      const started = Date.now();
      await page.goto(`${base}/mobile`, { waitUntil: 'commit' });
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
      firstPaint.push(Date.now() - started);
      await page.context().close();
    }
    {
      const page = await slowedPage(browser, token);
      const started = Date.now();
      await page.goto(`${base}/mobile-dashboard`, { waitUntil: 'commit' });
      await figuresShown(page);
      coldDashboard.push(Date.now() - started);
      await page.context().close();
    }
    {
      const page = await slowedPage(browser);
      await page.goto(`${base}/mobile`);
      // The phone, then the password: the time runs from the tap that sends the password.
      await page.getByLabel('رقم الجوال').fill(BROKER.phone);
      await page.locator('form button[type="submit"]').click();
      await page.getByLabel('كلمة المرور').fill(BROKER.password);
      const started = Date.now();
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL(/\/mobile-dashboard/, { timeout: 60_000 });
      await figuresShown(page);
      signIn.push(Date.now() - started);
      await page.context().close();
    }
  }
  return {
    firstPaint: median(firstPaint),
    coldDashboard: median(coldDashboard),
    signIn: median(signIn),
  };
}

function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'dist/server/main.js'))) {
    throw new Error('no production build: run `npm run build` first');
  }
  const database = `bench_phone_${process.pid}`;
  await onServer(`create database ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const scratch = mkdtempSync(path.join(tmpdir(), 'bench-phone-'));
  const server: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      // Only written into links; production insists on an https address.
      PUBLIC_URL: 'https://phone.example.sa',
      DATABASE_URL: url.toString(),
      DATA_DIR: scratch,
      ...BENCH_PRODUCTION_SETTINGS,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = performance.now();
  const debuggingPort = await freePort();
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [`--remote-debugging-port=${debuggingPort}`],
    });
    await waitForReady(base);
    const token = randomBytes(32).toString('base64url');
    await seed(url.toString(), token);
    const pages = await lighthouseRows(base, debuggingPort, token);
    const slowed = await timings(browser, base, token);

    let missed = false;
    const mark = (ok: boolean) => {
      if (!ok) missed = true;
      return ok ? 'PASS' : 'MISS';
    };
    console.log(
      `\nLighthouse, mobile emulation (Moto G Power, slow 4G, 4× CPU), production build, median of ${RUNS} runs\n`,
    );
    console.log(
      table(
        ['page', 'performance', 'LCP s', 'layout shift', 'JavaScript gzipped', 'files', 'target'],
        pages.map((row) => {
          const dashboard = row.route.endsWith('dashboard');
          const ok =
            row.score >= TARGETS.performance &&
            row.cls < TARGETS.cls &&
            (!dashboard || row.kb <= TARGETS.dashboardJsKb);
          return [
            `\`${row.route}\``,
            String(row.score),
            (row.lcp / 1000).toFixed(2),
            row.cls.toFixed(3),
            `${row.kb.toFixed(1)} KB`,
            String(row.files),
            `≥ ${TARGETS.performance}, < ${TARGETS.cls}${dashboard ? `, ≤ ${TARGETS.dashboardJsKb} KB` : ''} ${mark(ok)}`,
          ];
        }),
      ),
    );
    const landing = pages.find((row) => row.route === '/');
    if (landing) {
      console.log('\nThe landing page, against its own targets (decision 007)\n');
      const rows: [string, string, string, boolean][] = [
        ...(['accessibility', 'best-practices', 'seo'] as const).map(
          (id): [string, string, string, boolean] => [
            id,
            String(landing.categories[id]),
            `= ${LANDING[id]}`,
            (landing.categories[id] ?? 0) >= LANDING[id],
          ],
        ),
        [
          'LCP',
          `${(landing.lcp / 1000).toFixed(2)} s`,
          `≤ ${LANDING.lcpMs / 1000} s`,
          landing.lcp <= LANDING.lcpMs,
        ],
        ['layout shift', landing.cls.toFixed(3), `≤ ${LANDING.cls}`, landing.cls <= LANDING.cls],
        [
          'JavaScript gzipped',
          `${landing.kb.toFixed(1)} KB`,
          `≤ ${LANDING.jsKb} KB`,
          landing.kb <= LANDING.jsKb,
        ],
      ];
      console.log(
        table(
          ['measure', 'figure', 'target'],
          rows.map(([name, value, target, ok]) => [name, value, `${target} ${mark(ok)}`]),
        ),
      );
    }
    console.log(
      `\nChromium slowed (Fast 3G, 4× CPU, empty cache), 390 px, median of ${RUNS} runs\n`,
    );
    console.log(
      table(
        ['moment', 'ms', 'target'],
        [
          ['`/mobile` heading painted', String(slowed.firstPaint), ''],
          [
            '`/mobile-dashboard` cold, figures shown',
            String(slowed.coldDashboard),
            `≤ ${TARGETS.firstFiguresMs} ${mark(slowed.coldDashboard <= TARGETS.firstFiguresMs)}`,
          ],
          ['sign-in tapped → dashboard figures shown', String(slowed.signIn), ''],
        ],
      ),
    );
    console.log(`\nWhole run ${Math.round((performance.now() - started) / 1000)} s.`);
    process.exitCode = missed ? 1 : 0;
  } finally {
    await browser?.close();
    await new Promise((resolve) => {
      server.once('exit', resolve);
      server.kill('SIGTERM');
    });
    rmSync(scratch, { recursive: true, force: true });
    await onServer(`drop database if exists ${database} with (force)`);
  }
}

await main();
