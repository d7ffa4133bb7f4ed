import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  aLease,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  randomPhone,
} from './support';

/** A console list's entries: cards on a phone, table rows from 1024 px. */
const entries = (page: Page) => page.getByRole('listitem').or(page.getByRole('row'));

test('every admin tab is whole and in sight, on a phone too', async ({ page, admin }) => {
  await page.context().addCookies((await admin.storageState()).cookies);
  await page.goto('/admin');
  const strip = page.getByRole('tablist', { name: 'أقسام لوحة الإدارة' });
  await expect(strip).toBeVisible();
  const width = page.viewportSize()?.width ?? 1280;
  for (const name of ['الوسطاء', 'الإحالات', 'العمولات', 'إعدادات الرسائل', 'التحليلات']) {
    const tab = strip.getByRole('tab', { name });
    await expect(tab).toBeVisible();
    const box = await tab.boundingBox();
    // Inside the screen, whole (its text not cut), and a thumb's size.
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    expect(box && box.height >= 44).toBe(true);
    expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  await expectNoSidewaysScroll(page);

  await strip.getByRole('tab', { name: 'إعدادات الرسائل' }).click();
  await expect(
    page.getByRole('switch', { name: 'الرسائل النصية التلقائية للمستأجرين' }),
  ).toBeVisible();
  await strip.getByRole('tab', { name: 'التحليلات' }).click();
  await expect(
    page.getByRole('heading', { name: 'مسار الإحالات من الإرسال إلى توقيع العقد' }),
  ).toBeVisible();
  await expect(strip.getByRole('tab', { name: 'التحليلات' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});

test('analytics charts read right to left, with Saudi date filters', async ({
  page,
  browser,
  admin,
  readyBroker,
}) => {
  // A signed contract gives the month a commission, so the money chart is drawn.
  await readyBroker(page, 'بدر العتيبي');
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: randomPhone(), rent: 60000 },
  });
  const { id } = (await created.json()) as { id: string };
  const signed = await admin.put(`/api/admin/referrals/${id}/status`, {
    data: { status: 'contract_signed', ...aLease(60000) },
  });
  expect(signed.ok()).toBe(true);

  const context = await browser.newContext({
    storageState: await admin.storageState(),
    viewport: page.viewportSize() ?? undefined,
    isMobile: (page.viewportSize()?.width ?? 1280) < 600,
  });
  const consolePage = await context.newPage();
  await consolePage.goto('/admin?tab=analytics');
  const monthly = consolePage.getByRole('figure', {
    name: 'مخطط العمولات المدفوعة وغير المدفوعة شهرياً',
  });
  const ticks = monthly.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
  await expect(ticks.first()).toBeVisible();
  // The zero tick says «٠ ر.س», whole.
  expect(await ticks.allTextContents()).toContain('٠ ر.س');
  // Every value label stands clear of the axis line, on its outer (right) side; polled, since
  // the axis is laid out again when the data arrives and a slow machine may measure in between.
  await expect
    .poll(async () => {
      const axis = monthly.locator('.recharts-yAxis .recharts-cartesian-axis-line');
      const line = await axis.boundingBox();
      const boxes = await Promise.all((await ticks.all()).map((tick) => tick.boundingBox()));
      return boxes.every((box) => line && box && box.x >= line.x + line.width);
    })
    .toBe(true);
  // Legends: a swatch, a gap, then dark text (axe checks its contrast below).
  const legend = monthly.getByRole('listitem').filter({ hasText: 'غير مدفوعة' });
  await expect(legend).toBeVisible();
  await expect(legend.locator('span[aria-hidden="true"]')).toBeVisible();
  expect(await legend.evaluate((el) => Number.parseFloat(getComputedStyle(el).columnGap))).toBe(8);

  // The broker code is one left-to-right token, on one line: the first of the top brokers
  // (which brokers lead depends on what the other journeys made before this one).
  const code = consolePage
    .getByRole('table')
    .filter({ has: consolePage.getByRole('columnheader', { name: 'العقود الموقعة' }) })
    .locator('tbody bdi')
    .first();
  await expect(code).toHaveText(/^SH-/);
  expect(await code.evaluate((el) => el.getClientRects().length)).toBe(1);

  // Dates are day, month by name and year in Arabic-Indic digits; never «mm/dd/yyyy».
  await expect(consolePage.locator('input[type="date"]')).toHaveCount(0);
  const from = consolePage.getByRole('group', { name: 'من تاريخ' });
  await expect(from.getByLabel('الشهر').locator('option', { hasText: 'فبراير' })).toHaveCount(1);
  await expect(from.getByLabel('اليوم').locator('option', { hasText: '٣١' })).toHaveCount(1);
  await from.getByLabel('اليوم').selectOption('31');
  await from.getByLabel('الشهر').selectOption('2');
  await from.getByLabel('السنة').selectOption('2020');
  await expect(from.getByText('هذا اليوم غير موجود في الشهر المختار')).toBeVisible();
  await from.getByLabel('اليوم').selectOption('1');
  await expect(from.getByText('هذا اليوم غير موجود في الشهر المختار')).toHaveCount(0);
  const to = consolePage.getByRole('group', { name: 'إلى تاريخ' });
  await to.getByLabel('اليوم').selectOption('29');
  await to.getByLabel('الشهر').selectOption('2');
  await to.getByLabel('السنة').selectOption('2020');
  await expect(
    consolePage.getByText('لا توجد إحالات في هذه الفترة.', { exact: true }),
  ).toBeVisible();
  await expect(consolePage.getByText(/^الفترة من .*٢٠٢٠/)).toBeVisible();
  await expectNoSidewaysScroll(consolePage);
  await expectNoAxeViolations(consolePage);
  await from.getByRole('button', { name: 'مسح من تاريخ' }).click();
  await expect(from.getByLabel('السنة')).toHaveValue('');
  await context.close();
});

test('brokers see designed status badges, the admin keeps the emoji', async ({
  page,
  browser,
  admin,
  readyBroker,
}) => {
  await readyBroker(page, 'هند الزهراني');
  const tenant = randomPhone();
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: tenant, rent: 72000 },
  });
  const { id } = (await created.json()) as { id: string };
  const review = await admin.put(`/api/admin/referrals/${id}/status`, {
    data: { status: 'under_review' },
  });
  expect(review.ok()).toBe(true);

  for (const path of [`/referral/${id}`, `/mobile-referral-details/${id}`]) {
    await page.goto(path);
    const badge = page.locator('[data-status="under_review"]').first();
    await expect(badge).toBeVisible();
    await expect(badge).toHaveText('قيد المراجعة');
    await expect(badge.locator('svg')).toHaveCount(1);
    // No emoji anywhere a broker looks at a status.
    expect(await page.getByRole('main').textContent()).not.toMatch(/[⏳🔍✅📝✍💰❌🚫]/u);
    await expectNoAxeViolations(page);
  }

  const context = await browser.newContext({
    storageState: await admin.storageState(),
    viewport: page.viewportSize() ?? undefined,
  });
  const consolePage = await context.newPage();
  await consolePage.goto('/admin?tab=referrals');
  await consolePage
    .getByRole('searchbox', { name: 'البحث بجوال المستأجر أو اسم الوسيط أو رمزه' })
    .fill(tenant);
  await expect(consolePage.getByText('إحالة واحدة', { exact: true })).toBeVisible();
  await expect(consolePage.getByText('🔍 قيد المراجعة', { exact: true })).toBeVisible();
  await expectNoAxeViolations(consolePage);
  await context.close();
});

test('role changes ask first, deletion hides behind «…», no one deactivates the console’s keepers', async ({
  page,
  browser,
  admin,
  superAdmin: root,
  readyBroker,
}) => {
  // Two roles, three cards and four dialogs at two accounts: on a loaded 2-core machine with two
  // workers it can pass the default 30 s.
  test.slow();
  const brokerPage = await browser.newPage();
  const phone = await readyBroker(brokerPage, 'سعود المطيري');
  await brokerPage.close();

  // A super-admin's switches: 44 px, and a dialog naming the person and the role.
  await page.context().addCookies((await root.storageState()).cookies);
  await page.goto('/user-management');
  const search = page.getByRole('searchbox', { name: 'البحث بالجوال أو الاسم أو رمز الوسيط' });
  await search.fill(phone);
  const adminSwitch = page.getByRole('switch', { name: 'صلاحية المشرف: سعود المطيري' });
  await expect(adminSwitch).toHaveCount(1);
  const size = await adminSwitch.boundingBox();
  expect(size && size.height >= 44 && size.width >= 44).toBe(true);
  await adminSwitch.click();
  const ask = page.getByRole('dialog', { name: 'منح صلاحية المشرف' });
  await expect(
    ask.getByText('هل تريد منح سعود المطيري صلاحية المشرف؟', { exact: false }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await ask.getByRole('button', { name: 'إلغاء' }).click();
  await expect(ask).toHaveCount(0);
  await expect(adminSwitch).not.toBeChecked();
  await adminSwitch.click();
  await page
    .getByRole('dialog', { name: 'منح صلاحية المشرف' })
    .getByRole('button', { name: 'تأكيد المنح' })
    .click();
  await expectToast(page, 'تم تحديث الصلاحيات');
  await expect(adminSwitch).toBeChecked();

  // The protected account: a lock and the reason.
  await search.fill('0550000009');
  const protectedUser = entries(page).filter({ hasText: '0550000009' });
  await expect(protectedUser.getByText('الحساب المحمي لا يمكن حذفه أو سحب صلاحياته')).toBeVisible();
  await expect(protectedUser.locator('svg.lucide-lock')).toHaveCount(1);

  // Brokers tab: «حذف» is behind the card's «…», never a red button on the card.
  await page.goto('/admin?tab=brokers');
  const brokerSearch = page.getByRole('searchbox', {
    name: 'البحث بالاسم أو الجوال أو رمز الوسيط',
  });
  await brokerSearch.fill(phone);
  await expect(page.getByText('وسيط واحد', { exact: true })).toBeVisible();
  const card = entries(page).filter({ hasText: phone });
  await expect(card.getByRole('button', { name: 'التفاصيل' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'حذف' })).toHaveCount(0);
  await card.getByRole('button', { name: 'إجراءات أخرى: سعود المطيري' }).click();
  await page.getByRole('menuitem', { name: 'حذف' }).click();
  const confirm = page.getByRole('dialog', { name: 'حذف الوسيط' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'إلغاء' }).click();
  await brokerSearch.fill('0550000009');
  await expect(entries(page).filter({ hasText: phone })).toHaveCount(0);
  const protectedCard = entries(page).filter({ hasText: '0550000009' });
  await expect(protectedCard.getByText('الحساب المحمي لا يمكن حذفه أو سحب صلاحياته')).toBeVisible();
  await expect(protectedCard.getByRole('button', { name: 'إلغاء التفعيل' })).toHaveCount(0);
  await expect(protectedCard.getByRole('button', { name: /^إجراءات أخرى/ })).toHaveCount(0);
  // Its details say so too, with the lock.
  await protectedCard.getByRole('button', { name: 'التفاصيل' }).click();
  const details = page.getByRole('dialog');
  await expect(details.getByText('الحساب المحمي لا يمكن حذفه أو سحب صلاحياته')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // An admin: no «إلغاء التفعيل» on a super-admin's card nor on their own; the server agrees.
  const context = await browser.newContext({
    storageState: await admin.storageState(),
    viewport: page.viewportSize() ?? undefined,
  });
  const consolePage = await context.newPage();
  await consolePage.goto('/admin?tab=brokers');
  const adminSearch = consolePage.getByRole('searchbox', {
    name: 'البحث بالاسم أو الجوال أو رمز الوسيط',
  });
  await adminSearch.fill('0550000001');
  await expect(consolePage.getByText('وسيط واحد', { exact: true })).toBeVisible();
  const superCard = entries(consolePage).filter({ hasText: '0550000001' });
  await expect(superCard.getByText('مشرف عام', { exact: true })).toBeVisible();
  await expect(superCard.getByRole('button', { name: 'إلغاء التفعيل' })).toHaveCount(0);
  await adminSearch.fill('0550000002');
  await expect(entries(consolePage).filter({ hasText: '0550000001' })).toHaveCount(0);
  const ownCard = entries(consolePage).filter({ hasText: '0550000002' });
  await expect(ownCard.getByText('حسابك', { exact: true })).toBeVisible();
  await expect(ownCard.getByRole('button', { name: 'إلغاء التفعيل' })).toHaveCount(0);
  await expectNoAxeViolations(consolePage);
  await context.close();

  const listed = (await (await admin.get('/api/admin/brokers?search=0550000001')).json()) as {
    items: { id: string }[];
  };
  const refused = await admin.post(`/api/admin/brokers/${listed.items[0]?.id}/deactivate`, {
    data: { reason: 'مخالفة شروط البرنامج' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toMatch(
    /^لا يمكن إلغاء تفعيل حساب مشرف عام/,
  );
});
