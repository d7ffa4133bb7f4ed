import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { type FakeUnifonic, startFakeUnifonic } from '../src/server/test-support/fakes/unifonic.js';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, expectToast, randomPhone } from './support';

// A tenant link the operators filter (Unifonic's late ER-07, reported to the product's
// delivery-report address) reaches the broker as a link to send again and the admins as a reason
// in Arabic, at both viewports. The journeys' own server sends SMS to its console; this one runs
// a server of its own (the same build, its own embedded database) on a fake Unifonic.

const SECRET = 'e2e-delivery-report-secret-0123456789ab';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

async function startServer(unifonic: FakeUnifonic) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-reports-'));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
      LOG_LEVEL: 'warn',
      SMS_PROVIDER: 'unifonic',
      UNIFONIC_APP_SID: 'test-app-sid',
      UNIFONIC_SENDER_ID: 'Shareek',
      UNIFONIC_BASE_URL: unifonic.url,
      UNIFONIC_REPORT_SECRET: SECRET,
    },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${base}/readyz`).catch(() => null))?.status ?? 0, {
      timeout: 90_000,
    })
    .toBe(200);
  return { base, server, dataDir };
}

async function stopServer(server: ChildProcess, dataDir: string) {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}

const signInOn = async (page: Page, base: string, phone: string) => {
  const login = await page.request.post(`${base}/api/auth/login`, {
    data: { phone, password: 'demo1234' },
  });
  expect(login.ok()).toBe(true);
};

test('a tenant link the operators filter: the broker may send it again, the admins see why', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const unifonic = await startFakeUnifonic();
  const { base, server, dataDir } = await startServer(unifonic);
  try {
    // The demo broker refers a tenant; the outbox sends the link through (fake) Unifonic.
    await signInOn(page, base, '0550000003');
    const tenant = randomPhone();
    const created = await page.request.post(`${base}/api/referrals`, {
      data: { tenantPhone: tenant, rent: 60000 },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await unifonic.waitFor(tenant, /./, 30_000);
    const sent = unifonic.messages.find((m) => m.Recipient === `966${tenant.slice(1)}`);
    const correlation = String(sent?.CorrelationID ?? '');
    expect(correlation).not.toBe('');

    // The operators filter it; Unifonic says so later, at the product's report address (asked
    // again until the product has recorded the send).
    unifonic.fail(correlation, 'Undelivered', { errorCode: 'ER-07' });
    const reports = `${base}/api/webhooks/sms/unifonic/${SECRET}`;
    await expect.poll(() => unifonic.report(correlation, { url: reports })).toBe(200);

    // The broker sees that the link did not arrive, and may send it again.
    const phoneSized = (page.viewportSize()?.width ?? 1280) < 1024;
    await page.goto(`${base}${phoneSized ? `/mobile-referral-details/${id}` : `/referral/${id}`}`);
    await expect(page.getByText('لم يصل الرابط إلى المستأجر.', { exact: false })).toBeVisible();
    const resend = page.getByRole('button', { name: 'إعادة إرسال الرابط' });
    await expect(resend).toBeVisible();
    expect((await resend.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(
      true,
    );
    await expectNoAxeViolations(page);
    // Once the domain is registered, the broker sends it again: a second SMS goes out.
    await resend.click();
    await expectToast(page, 'تمت إعادة إرسال الرابط');
    await expect
      .poll(() => unifonic.received.filter((r) => r.recipient === `966${tenant.slice(1)}`).length)
      .toBe(2);

    // The admins see why, in Arabic, beside Unifonic's code.
    const context = await browser.newContext({
      viewport: page.viewportSize() ?? undefined,
      isMobile: phoneSized,
      hasTouch: phoneSized,
    });
    const consolePage = await context.newPage();
    await signInOn(consolePage, base, '0550000002');
    await consolePage.goto(`${base}/admin`);
    await consolePage.getByRole('tab', { name: 'إعدادات الرسائل' }).click();
    await consolePage.getByLabel('جوال المستلم').fill(tenant);
    await expect(
      consolePage
        .getByText('المزوّد أو المشغّل رفض نص الرسالة (رابط غير مسجّل أو محتوى محظور)')
        .first(),
    ).toBeVisible();
    await expect(consolePage.getByText(/^ER-07: /).first()).toBeVisible();
    expect(
      await consolePage.evaluate(() => document.documentElement.scrollWidth <= innerWidth),
    ).toBe(true);
    await expectNoAxeViolations(consolePage);
    await context.close();
  } finally {
    await stopServer(server, dataDir);
    await unifonic.close();
  }
});
