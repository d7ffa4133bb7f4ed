import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, expectNoSidewaysScroll, randomPhone } from './support';

/** A referral of the signed-in broker; its id. */
async function aReferral(page: Page): Promise<string> {
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: randomPhone() },
  });
  expect(created.ok()).toBe(true);
  return ((await created.json()) as { id: string }).id;
}

/** The admin moves the referral on: its broker is notified, with a link to it. */
async function changeStatus(admin: APIRequestContext, id: string, status: string): Promise<void> {
  const changed = await admin.put(`/api/admin/referrals/${id}/status`, { data: { status } });
  expect(changed.ok()).toBe(true);
}

/**
 * The form is scrolled so that `field` sits under the sticky header, then submitted with Enter
 * from `from` (no click, which would scroll the page itself): the field the failed submit
 * focuses is shown whole below the header.
 */
async function expectFocusedBelowHeader(page: Page, field: Locator, from: Locator): Promise<void> {
  const width = page.viewportSize()?.width ?? 1280;
  await page.setViewportSize({ width, height: 420 });
  const header = await page.getByRole('banner').boundingBox();
  expect(header).not.toBeNull();
  const headerBottom = (header?.y ?? 0) + (header?.height ?? 0);
  await field.evaluate((element) => {
    window.scrollBy(0, element.getBoundingClientRect().top - 8);
  });
  // The scene of the bug: the field is behind the header before the submit.
  expect((await field.boundingBox())?.y ?? 0).toBeLessThan(headerBottom);
  await from.evaluate((element) => (element as HTMLElement).focus({ preventScroll: true }));
  await page.keyboard.press('Enter');
  await expect(field).toBeFocused();
  await expect
    .poll(async () => (await field.boundingBox())?.y ?? 0)
    .toBeGreaterThanOrEqual(headerBottom);
}

test('a field focused after a failed submit is shown whole below the sticky header', async ({
  page,
  readyBroker,
}) => {
  await readyBroker(page);

  // The desktop profile form: the full name emptied, the form sent from its last field.
  await page.goto('/profile');
  const fullName = page.getByLabel('الاسم الكامل');
  await fullName.fill('');
  await expectFocusedBelowHeader(page, fullName, page.getByLabel('البريد الإلكتروني (اختياري)'));
  await expect(fullName).toHaveAttribute('aria-invalid', 'true');

  // The phone app's new request: its header is sticky too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/mobile-new-referral');
  const tenantPhone = page.getByLabel('رقم جوال المستأجر');
  await expect(tenantPhone).toBeVisible();
  await expectFocusedBelowHeader(
    page,
    tenantPhone,
    page.getByLabel('الإيجار السنوي بالريال (اختياري)'),
  );
  await expectNoAxeViolations(page);
});

test('detail pages lead back, and not-found states have a heading', async ({
  page,
  readyBroker,
}) => {
  await readyBroker(page);
  const id = await aReferral(page);

  await page.goto('/referrals');
  await page.getByRole('link', { name: 'التفاصيل' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/referral/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'تفاصيل الإحالة' })).toBeVisible();
  const back = page.getByRole('link', { name: 'رجوع إلى الإحالات' });
  expect((await back.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  await expectNoAxeViolations(page);
  await back.click();
  await expect(page).toHaveURL(/\/referrals$/);
  await expect(page.getByRole('heading', { level: 1, name: 'إحالاتي' })).toBeVisible();

  await page.goto(`/mobile-referral-details/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'تفاصيل الطلب' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'رجوع إلى طلباتي' }).click();
  await expect(page).toHaveURL(/\/mobile-referrals$/);
  await expect(page.getByRole('heading', { level: 1, name: 'طلباتي' })).toBeVisible();

  // An unknown referral: a heading says so, and the way back is still there.
  await page.goto(`/referral/${randomUUID()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'الإحالة غير موجودة' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'رجوع إلى الإحالات' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`/mobile-referral-details/${randomUUID()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'الطلب غير موجود' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'رجوع إلى طلباتي' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeVisible();
  await expect(page).toHaveTitle(/^الصفحة غير موجودة \| /);
});

test('every page has its own title', async ({ page, readyBroker }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle(/^تسجيل دخول الوسيط \| /);
  await readyBroker(page);
  const titles = new Map([
    ['/dashboard', 'لوحة التحكم'],
    ['/referrals', 'إحالاتي'],
    ['/new-referral', 'إحالة جديدة'],
    ['/commissions', 'العمولات'],
    ['/profile', 'الملف الشخصي'],
    ['/mobile-dashboard', 'الرئيسية'],
    ['/mobile-referrals', 'طلباتي'],
    ['/mobile-commissions', 'عمولاتي'],
  ]);
  const seen = new Set<string>();
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page).toHaveTitle(new RegExp(`^${title} \\| `));
    seen.add(await page.title());
  }
  expect(seen.size).toBe(titles.size);

  // Moving within the app (no reload) changes the title too.
  await page.getByRole('link', { name: 'الطلبات', exact: true }).click();
  await expect(page).toHaveTitle(/^طلباتي \| /);
});

test('the admin view is kept after a reload', async ({ page, admin }) => {
  await page.context().addCookies((await admin.storageState()).cookies);
  await page.goto('/dashboard');
  const toggle = page.getByRole('button', { name: 'عرض المشرف' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(page.getByRole('heading', { level: 1, name: 'لوحة العمليات' })).toBeVisible();
  await expect(page).toHaveTitle(/^لوحة العمليات \| /);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'لوحة العمليات' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'عرض الوسيط' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goto('/referrals');
  await expect(
    page.getByRole('heading', { level: 1, name: 'نظرة عامة على الإحالات' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Back to the broker view: kept after a reload as well.
  await page.getByRole('button', { name: 'عرض الوسيط' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'إحالاتي' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'إحالاتي' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'عرض المشرف' })).toBeVisible();
});

test('the notifications popover is named, its items open what they are about, in both apps', async ({
  page,
  admin,
  readyBroker,
}) => {
  test.slow(); // Two apps, three notifications.
  // Activation is the first notification; a status change the second (no licence verified,
  // whose notice would be one more).
  await readyBroker(page, undefined, { licensed: false });
  const id = await aReferral(page);
  await changeStatus(admin, id, 'under_review');

  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: 'الإشعارات، إشعاران غير مقروءين' });
  await expect(bell).toHaveText('٢');
  await bell.click();
  const popover = page.getByRole('dialog', { name: 'الإشعارات' });
  await expect(popover).toBeVisible();
  const item = popover.getByRole('link', { name: /تحديث حالة الطلب/ });
  await expect(item).toContainText('قيد المراجعة');
  await expect(item.locator('time')).toHaveText(/^(الآن|منذ .+)$/);
  await expect(popover.getByRole('link', { name: /تم تفعيل حسابك/ })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  await expectNoAxeViolations(page);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/referral/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'تفاصيل الإحالة' })).toBeVisible();
  await expect(popover).toBeHidden();
  // Opening the popover marked them read.
  await expect(page.getByRole('button', { name: 'الإشعارات', exact: true })).toBeVisible();

  // The phone app has the bell too, a whole 44 px target inside a 360 px screen.
  await changeStatus(admin, id, 'accepted_awaiting_owner_contract');
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/mobile-dashboard');
  const phoneBell = page.getByRole('button', { name: 'الإشعارات، إشعار واحد غير مقروء' });
  await expect(phoneBell).toHaveText('١');
  const box = await phoneBell.boundingBox();
  expect(box && box.width >= 44 && box.height >= 44 && box.x >= 0 && box.x + box.width <= 360).toBe(
    true,
  );
  await expectNoSidewaysScroll(page);
  await phoneBell.click();
  const phonePopover = page.getByRole('dialog', { name: 'الإشعارات' });
  const newest = phonePopover.getByRole('link', { name: /تحديث حالة الطلب/ }).first();
  await expect(newest).toContainText('تم القبول');
  await expect(newest.locator('time')).toHaveText(/^(الآن|منذ .+)$/);
  await expect(phonePopover.getByRole('link', { name: /تم تفعيل حسابك/ })).toHaveAttribute(
    'href',
    '/mobile-dashboard',
  );
  await expectNoAxeViolations(page);
  await newest.click();
  await expect(page).toHaveURL(new RegExp(`/mobile-referral-details/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'تفاصيل الطلب' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
