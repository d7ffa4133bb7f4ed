/**
 * `npm run bench:lighthouse`: Lighthouse on the production build's landing page, in Debian's
 * Chromium with Lighthouse's default mobile emulation (Moto G Power, slow 4G, 4× CPU).
 *
 * Starts `node dist/server/main.js` (NODE_ENV=production, a throw-away DATA_DIR) on a free
 * port, runs Lighthouse against `/` LIGHTHOUSE_RUNS times (default 3; scores vary from run to
 * run), prints the median of the four category scores, LCP and CLS, and the JavaScript the
 * page loaded (every script in Lighthouse's network records, the hydration chunk loaded after
 * the page included) gzipped, each against the issue's target, and exits non-zero when one is
 * missed. Run `npm run build` first. LIGHTHOUSE_DEBUG=audit-id,… prints those audits' details
 * (of the last run) too.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import type Result from 'lighthouse/types/lhr/lhr.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const TARGETS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  lcpMs: 1500,
  cls: 0.02,
  jsKb: 90,
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
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not become ready');
}

/** Every script the page loaded (from Lighthouse's network records), gzipped, in KB. */
function loadedJavaScriptKb(requests: { url: string; resourceType?: string }[]): number {
  const bytes = requests
    .filter((request) => request.resourceType === 'Script')
    .map((request) => path.join(ROOT, 'dist/web', new URL(request.url).pathname))
    .reduce((sum, file) => sum + gzipSync(readFileSync(file)).length, 0);
  return bytes / 1024;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function main(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'dist/server/main.js'))) {
    throw new Error('no production build: run `npm run build` first');
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      // Only written into links; production insists on an https address.
      PUBLIC_URL: 'https://lighthouse.example.sa',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      EMBEDDED_DATABASE: 'true',
      // Production refuses to start without a super-admin.
      BOOTSTRAP_SUPERADMIN_PHONE: '0550000009',
      BOOTSTRAP_SUPERADMIN_PASSWORD: 'lighthouse-only',
      // …and without a real SMS provider; the landing page sends none.
      SMS_PROVIDER: 'unifonic',
      UNIFONIC_APP_SID: 'lighthouse-only',
      UNIFONIC_SENDER_ID: 'lighthouse',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const debuggingPort = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [`--remote-debugging-port=${debuggingPort}`],
  });
  try {
    await waitForReady(base);
    const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
    const results: Result[] = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${base}/`, {
        port: debuggingPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error('Lighthouse returned nothing');
      results.push(result.lhr);
    }
    const last = results.at(-1);
    if (!last) throw new Error('no Lighthouse run');
    const score = (id: string) =>
      median(results.map((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100)));
    const metric = (id: string) =>
      median(results.map((lhr) => lhr.audits[id]?.numericValue ?? Number.NaN));
    const lcp = metric('largest-contentful-paint');
    const cls = metric('cumulative-layout-shift');
    const js = Math.max(
      ...results.map((lhr) =>
        loadedJavaScriptKb(
          (
            lhr.audits['network-requests']?.details as {
              items?: { url: string; resourceType?: string }[];
            }
          )?.items ?? [],
        ),
      ),
    );
    const audits = last.audits;

    const rows: [string, string, string, boolean][] = [
      [
        'Performance',
        String(score('performance')),
        `≥ ${TARGETS.performance}`,
        score('performance') >= TARGETS.performance,
      ],
      [
        'Accessibility',
        String(score('accessibility')),
        `= ${TARGETS.accessibility}`,
        score('accessibility') >= TARGETS.accessibility,
      ],
      [
        'Best Practices',
        String(score('best-practices')),
        `= ${TARGETS['best-practices']}`,
        score('best-practices') >= TARGETS['best-practices'],
      ],
      ['SEO', String(score('seo')), `= ${TARGETS.seo}`, score('seo') >= TARGETS.seo],
      ['LCP', `${(lcp / 1000).toFixed(2)} s`, `≤ ${TARGETS.lcpMs / 1000} s`, lcp <= TARGETS.lcpMs],
      ['CLS', cls.toFixed(3), `≤ ${TARGETS.cls}`, cls <= TARGETS.cls],
      ['JavaScript (gzip)', `${js.toFixed(1)} KB`, `≤ ${TARGETS.jsKb} KB`, js <= TARGETS.jsKb],
    ];
    console.log(
      `\nLighthouse ${last.lighthouseVersion}, mobile emulation, ${base}/, median of ${runs} runs\n`,
    );
    for (const [name, value, target, ok] of rows) {
      console.log(
        `${name.padEnd(18)} ${value.padStart(9)}   target ${target.padEnd(9)} ${ok ? 'ok' : 'MISSED'}`,
      );
    }
    if (process.env.LIGHTHOUSE_DEBUG) {
      for (const id of process.env.LIGHTHOUSE_DEBUG.split(',')) {
        console.log(
          id,
          JSON.stringify(audits[id]?.details ?? audits[id]?.displayValue).slice(0, 1500),
        );
      }
    }
    process.exitCode = rows.every(([, , , ok]) => ok) ? 0 : 1;
  } finally {
    await browser.close();
    await new Promise((resolve) => {
      server.once('exit', resolve);
      server.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
