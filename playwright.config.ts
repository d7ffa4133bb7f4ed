import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// The fake WhatsApp (Graph API) and Zoho CRM servers the app talks to (e2e/fake-providers.ts).
const fakes = port + 90;
// A fresh embedded PostgreSQL cluster for every run.
const dataDir = mkdtempSync(path.join(tmpdir(), 'shareek-e2e-'));

// Debian's Chromium headless shell, the browser Playwright itself runs headless: the full
// browser's new headless mode cost a third more of the machine (docs/decisions/036).
const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

const desktop = { ...chromium, viewport: { width: 1280, height: 800 } };
const mobile = {
  ...chromium,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};
const SERVER_WIDE = /(holding-period|document-retention)\.spec\.ts/;
/**
 * Published program terms bind every broker from then on (decision 075), and activation
 * questions every activation request (decision 076): their journeys run last of all, one
 * viewport after the other, when no other journey refers or requests activation any more.
 */
const PROGRAM_TERMS = /(program-terms|activation-questions)\.spec\.ts/;
const LAST = [SERVER_WIDE, PROGRAM_TERMS];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Two workers, their browsers and the server share a 2-core machine whose speed varies from
  // day to day: a journey gets a minute, not Playwright's default 30 s, before it counts as hung.
  timeout: 60_000,
  reporter: process.env.CI ? 'line' : 'list',
  use: { baseURL: `http://127.0.0.1:${port}`, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' },
  projects: [
    // Before every journey: the server's SMS ceilings raised (e2e/ceilings.setup.ts).
    { name: 'setup', testMatch: /\.setup\.ts$/ },
    { name: 'desktop', testIgnore: LAST, dependencies: ['setup'], use: desktop },
    { name: 'mobile', testIgnore: LAST, dependencies: ['setup'], use: mobile },
    // Journeys that change a setting of the whole server (the holding period, the documents'
    // retention period) run after every other journey, one viewport after the other, so no other
    // journey runs while it is set.
    {
      name: 'desktop-server-wide',
      testMatch: SERVER_WIDE,
      dependencies: ['desktop', 'mobile'],
      use: desktop,
    },
    {
      name: 'mobile-server-wide',
      testMatch: SERVER_WIDE,
      dependencies: ['desktop-server-wide'],
      use: mobile,
    },
    {
      name: 'desktop-program-terms',
      testMatch: PROGRAM_TERMS,
      dependencies: ['mobile-server-wide'],
      use: desktop,
    },
    {
      name: 'mobile-program-terms',
      testMatch: PROGRAM_TERMS,
      dependencies: ['desktop-program-terms'],
      use: mobile,
    },
  ],
  webServer: [
    {
      command: 'node --conditions=source --import tsx e2e/fake-providers.ts',
      port: fakes + 2,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { E2E_FAKES_PORT: String(fakes) },
    },
    {
      command: 'node dist/server/main.js',
      url: `http://127.0.0.1:${port}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      // Stopped as a supervisor would, so it stops its embedded PostgreSQL too (a SIGKILL
      // would leave the cluster running for a next start that never comes).
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      env: {
        NODE_ENV: 'development',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_DATA: 'true',
        // The protected account (created first, so the demo super-admin is not it).
        BOOTSTRAP_SUPERADMIN_PHONE: '0550000009',
        BOOTSTRAP_SUPERADMIN_PASSWORD: 'protected-account',
        AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
        LOG_LEVEL: 'warn',
        // SMS stays the console adapter (journeys read tenants' links from the dev inbox);
        // WhatsApp and Zoho are real adapters talking to the fakes.
        WHATSAPP_PHONE_NUMBER_ID: '100200300400500',
        WHATSAPP_ACCESS_TOKEN: 'test-whatsapp-token',
        WHATSAPP_BUSINESS_ACCOUNT_ID: '900800700600500',
        WHATSAPP_APP_SECRET: 'e2e-app-secret',
        WHATSAPP_VERIFY_TOKEN: 'e2e-verify-token',
        WHATSAPP_API_BASE_URL: `http://127.0.0.1:${fakes}`,
        ZOHO_CLIENT_ID: '1000.TESTCLIENT',
        ZOHO_CLIENT_SECRET: 'test-client-secret',
        ZOHO_REFRESH_TOKEN: '1000.test-refresh-token',
        ZOHO_ACCOUNTS_URL: `http://127.0.0.1:${fakes + 1}`,
      },
    },
  ],
});
