import { mkdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { arabicCount, NOUNS } from '../src/domain/count.js';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, expectToast, randomPhone } from './support';

/** A number as a Saudi keyboard types it: ٠٥٠١٢٣٤٥٦٧. */
const arabicDigits = (text: string) => text.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] ?? d);

/** Nothing scrolls sideways: the page is no wider than the window (checked at 390 px). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
}

/**
 * The messaging settings are one row for the whole server, and the desktop and mobile projects
 * run this file at the same time: a journey that saves and reads them back holds this lock
 * (a folder, created atomically) so the other project's save cannot land in between.
 */
async function exclusively<T>(name: string, run: () => Promise<T>): Promise<T> {
  const dir = join(tmpdir(), `shareek-e2e-${process.env.E2E_PORT ?? 3100}-${name}.lock`);
  for (;;) {
    try {
      await mkdir(dir);
      break;
    } catch {
      // A lock left by a run that was killed is stale after two minutes.
      const held = await stat(dir).catch(() => null);
      if (held && Date.now() - held.mtimeMs > 120_000) await rm(dir, { recursive: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await run();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A page of its own signed in as the demo admin, at the project's viewport. */
async function adminPage(browser: Browser, admin: APIRequestContext, like: Page): Promise<Page> {
  const context = await browser.newContext({
    storageState: await admin.storageState(),
    viewport: like.viewportSize() ?? undefined,
    isMobile: (like.viewportSize()?.width ?? 1280) < 1024,
    hasTouch: (like.viewportSize()?.width ?? 1280) < 1024,
  });
  return context.newPage();
}

async function openMessagingTab(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'إعدادات الرسائل' }).click();
}

test('an admin chooses the channel and the fallback, sets up the templates and sends a test message', async ({
  page,
  admin,
}) => {
  await page.context().addCookies((await admin.storageState()).cookies);

  await exclusively('messaging-config', async () => {
    const before = (await (await admin.get('/api/messaging/config')).json()) as {
      preferredChannel: string;
      fallbackEnabled: boolean;
    };
    // Both choices still send the tenant's link by SMS, which other journeys read.
    const target = before.preferredChannel === 'both' ? 'رسائل نصية فقط' : 'واتساب ورسالة نصية معاً';
    await page.goto('/messaging-config');
    await expect(page.getByRole('heading', { name: 'إعدادات الرسائل', level: 1 })).toBeVisible();
    const fallback = page.getByRole('switch', {
      name: 'التحويل التلقائي إلى الرسائل النصية عند تعذر واتساب',
    });
    await expect(fallback).toHaveAttribute('aria-checked', String(before.fallbackEnabled));
    await page.getByRole('radio', { name: target, exact: true }).check();
    await fallback.click();
    await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
    await expectToast(page, 'تم حفظ إعدادات الرسائل');

    await page.reload();
    await expect(page.getByRole('radio', { name: target, exact: true })).toBeChecked();
    await expect(fallback).toHaveAttribute('aria-checked', String(!before.fallbackEnabled));
  });

  // The providers' set-up, never a secret.
  await expect(page.getByRole('heading', { name: 'حالة مزوّدي الخدمة' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'الرسائل النصية', exact: true })).toBeVisible();
  await expect(page.getByText('SMS_PROVIDER', { exact: false })).toBeVisible();

  // The e2e server's WhatsApp is a fake Meta on 127.0.0.1: templates go from «غير مُرسل» to
  // «قيد المراجعة» once submitted (the other project may have submitted them already).
  const templates = page.getByRole('heading', { name: 'قوالب رسائل واتساب' }).locator('../..');
  await page.getByRole('button', { name: 'إعداد القوالب' }).click();
  await expectToast(page, 'المرسلة للاعتماد:');
  await expect(templates.getByText('غير مُرسل')).toHaveCount(0);
  await expect(templates.getByText(/قيد المراجعة|معتمد/).first()).toBeVisible();

  // A test message to a number typed in Arabic-Indic digits.
  await page.getByLabel('رقم الجوال').fill(arabicDigits(randomPhone()));
  await page.getByLabel('نص الرسالة').fill('اختبار الربط مع واتساب');
  await page.getByRole('button', { name: 'إرسال رسالة الاختبار' }).click();
  await expectToast(page, 'تم إرسال رسالة الاختبار');

  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});

test('the CRM test tool shows the whole answer, and waits for a phone', async ({ page, admin }) => {
  await page.context().addCookies((await admin.storageState()).cookies);
  await openMessagingTab(page);
  await expect(page.getByRole('link', { name: 'إعدادات الرسائل المتقدمة' })).toHaveAttribute(
    'href',
    '/messaging-config',
  );
  const run = page.getByRole('button', { name: 'اختبار الربط' });
  await expect(run).toBeDisabled();
  await expect(page.getByLabel('الإيجار السنوي (ر.س)')).toHaveValue('50000');

  const phone = randomPhone();
  await page.getByLabel('جوال المستأجر التجريبي').fill(arabicDigits(phone));
  await expect(run).toBeEnabled();
  await run.click();
  // The fake Zoho on 127.0.0.1 creates the lead and answers with its id.
  const answer = page.getByRole('status').filter({ hasText: 'معرّف العميل المحتمل' });
  await expect(answer).toBeVisible();
  await expect(answer.getByText(phone, { exact: true })).toBeVisible();
  await expect(answer.getByText('٥٠٬٠٠٠ ر.س')).toBeVisible();
  await expect(answer.getByText('نتائج البحث', { exact: true })).toBeVisible();
  await expect(answer.getByRole('listitem').first()).toBeVisible();
  await expect(answer.locator('bdi.font-mono')).not.toHaveText('—');

  await page.getByLabel('جوال المستأجر التجريبي').fill('');
  await expect(run).toBeDisabled();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});

test("a new referral's tenant link shows in the broker's referral and in the admin's outbox", async ({
  page,
  browser,
  admin,
  readyBroker,
}) => {
  await readyBroker(page, 'سلمان القحطاني');
  const tenant = randomPhone();
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: tenant, rent: 60000 },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // The broker sees how far the link got.
  const phoneSized = (page.viewportSize()?.width ?? 1280) < 1024;
  await page.goto(phoneSized ? `/mobile-referral-details/${id}` : `/referral/${id}`);
  const delivery = page.getByRole('heading', { name: 'رابط إكمال البيانات' }).locator('..');
  await expect(delivery).toBeVisible();
  await expect(delivery.getByText(/^عبر /)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // The admin finds it in the outbox by the tenant's phone, typed in Arabic-Indic digits.
  const consolePage = await adminPage(browser, admin, page);
  await openMessagingTab(consolePage);
  await consolePage.getByLabel('جوال المستلم').fill(arabicDigits(tenant));
  const row = phoneSized
    ? consolePage.getByRole('listitem').filter({ hasText: 'رابط المستأجر' })
    : consolePage.getByRole('row').filter({ hasText: 'رابط المستأجر' });
  await expect(row.first()).toBeVisible();
  await expect(row.first().getByText(tenant, { exact: true })).toBeVisible();
  // The count is the filter's, in Arabic-Indic digits with the noun agreeing with it (waited
  // for: until the filter applies, the whole outbox's count shows).
  const filtered = await admin.get(`/api/admin/outbox?phone=${tenant}`);
  const { total } = (await filtered.json()) as { total: number };
  await expect(
    consolePage.getByText(arabicCount(total, NOUNS.message), { exact: true }),
  ).toBeVisible();
  await expectNoSidewaysScroll(consolePage);
  await expectNoAxeViolations(consolePage);
  await consolePage.context().close();
});

test('a broker switches off the message on status changes, and it stays off', async ({
  page,
  readyBroker,
}) => {
  await readyBroker(page);
  const phoneSized = (page.viewportSize()?.width ?? 1280) < 1024;
  await page.goto(phoneSized ? '/mobile-profile' : '/profile');
  const notify = page.getByRole('switch', { name: 'أرسل لي رسالة عند تغيّر حالة طلباتي' });
  await expect(notify).toBeChecked();
  await notify.click();
  await expectToast(page, 'تم حفظ تفضيل الإشعارات');
  await expect(notify).not.toBeChecked();
  await page.reload();
  await expect(notify).not.toBeChecked();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});

test('an admin tests the connection to WhatsApp and to Zoho without sending anything', async ({
  page,
  admin,
}) => {
  await page.context().addCookies((await admin.storageState()).cookies);
  await page.goto('/messaging-config');
  await expect(page.getByRole('heading', { name: 'حالة مزوّدي الخدمة' })).toBeVisible();
  // SMS is the development console here: not configured, so there is nothing to test.
  await expect(page.getByRole('button', { name: 'اختبار الاتصال: الرسائل النصية' })).toHaveCount(0);

  // The e2e server's WhatsApp and Zoho are the fakes on 127.0.0.1, which check the credentials.
  await page.getByRole('button', { name: 'اختبار الاتصال: واتساب' }).click();
  const whatsapp = page.getByRole('status').filter({ hasText: 'الاتصال بـواتساب يعمل' });
  await expect(whatsapp).toBeVisible();
  await expect(whatsapp.getByText(/^واتساب: /)).toBeVisible();

  await page.getByRole('button', { name: 'اختبار الاتصال: نظام إدارة العملاء (زوهو)' }).click();
  const crm = page.getByRole('status').filter({ hasText: 'الاتصال بـنظام إدارة العملاء يعمل' });
  await expect(crm).toBeVisible();
  await expect(crm.getByText(/^نظام إدارة العملاء: /)).toBeVisible();

  const buttons = page.getByRole('button', { name: /^اختبار الاتصال/ });
  for (const box of await buttons.evaluateAll((all) =>
    all.map((button) => button.getBoundingClientRect().height),
  )) {
    expect(box).toBeGreaterThanOrEqual(44);
  }
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});
