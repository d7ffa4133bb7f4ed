/**
 * `npm run bench:lighthouse`: Lighthouse on the production build's landing page, in Debian's
 * Chromium with Lighthouse's default mobile emulation (Moto G Power, slow 4G, 4× CPU).
 *
 * Starts `node dist/server/main.js` (NODE_ENV=production, a throw-away DATA_DIR) on a free
 * port, runs Lighthouse against `/`, prints the four category scores, LCP, CLS and the
 * landing page's JavaScript gzipped, each against the issue's target, and exits non-zero
 * when one is missed. Run `npm run build` first. LIGHTHOUSE_DEBUG=audit-id,… prints those
 * audits' details too.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';

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

/** The landing page's scripts (entry and preloaded modules), gzipped, in KB. */
function landingJavaScriptKb(): number {
  const html = readFileSync(path.join(ROOT, 'dist/web/landing.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
  const bytes = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(ROOT, 'dist/web', file))).length,
    0,
  );
  return bytes / 1024;
}

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
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
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
    const result = await lighthouse(`${base}/`, {
      port: debuggingPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error('Lighthouse returned nothing');
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const lcp = audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
    const cls = audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
    const js = landingJavaScriptKb();

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
    console.log(`\nLighthouse ${result.lhr.lighthouseVersion}, mobile emulation, ${base}/\n`);
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
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
