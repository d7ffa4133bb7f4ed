import { expect, test } from './fixtures';
import { expectNoAxeViolations, expectToast, randomPhone } from './support';

// Service clocks in Saudi working time. A referral under review for ten days
// is past its two working days: the team finds it under «المتأخرة عن مهلة الخدمة», the dashboard
// counts it, the broker sees how long it has waited; super-admins keep the public holidays.

test('an overdue review is found by the filter, counted on the dashboard and shown to its broker', async ({
  page,
  browser,
  admin,
  readyBroker,
}) => {
  await readyBroker(page);
  const tenant = randomPhone();
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: tenant, rent: 60000 },
  });
  const { id } = (await created.json()) as { id: string };
  const reviewed = await admin.put(`/api/admin/referrals/${id}/status`, {
    data: { status: 'under_review' },
  });
  expect(reviewed.ok()).toBe(true);
  expect((await admin.post('/api/dev/clock', { data: { referralId: id, days: 10 } })).ok()).toBe(
    true,
  );

  // The broker sees how long the review has taken, in working time.
  const wide = (page.viewportSize()?.width ?? 1280) >= 1024;
  await page.goto(wide ? `/referral/${id}` : `/mobile-referral-details/${id}`);
  await expect(page.getByText(/في هذه المرحلة منذ .*(أيام|يوم) عمل/)).toBeVisible();
  await expect(page.getByText('متأخرة عن المهلة')).toBeVisible();
  await expectNoAxeViolations(page);

  const context = await browser.newContext({
    storageState: await admin.storageState(),
    viewport: page.viewportSize() ?? undefined,
  });
  const consolePage = await context.newPage();
  await consolePage.goto('/admin?tab=referrals');
  await consolePage.getByRole('combobox', { name: 'تصفية حسب الحالة' }).click();
  await consolePage.getByRole('option', { name: '⏰ المتأخرة عن مهلة الخدمة' }).click();
  await consolePage
    .getByRole('searchbox', { name: 'البحث بجوال المستأجر أو اسم الوسيط أو رمزه' })
    .fill(tenant);
  await expect(consolePage.getByText('إحالة واحدة', { exact: true })).toBeVisible();
  await expect(consolePage.getByText('متأخرة عن المهلة')).toBeVisible();
  await expectNoAxeViolations(consolePage);
  await consolePage.getByRole('button', { name: 'التفاصيل' }).click();
  await expect(consolePage.getByRole('dialog').getByText('مهلة الخدمة')).toBeVisible();
  await consolePage.getByRole('dialog').getByRole('button', { name: 'إغلاق' }).first().click();

  // The operations dashboard counts the breach under its stage.
  await consolePage.goto('/dashboard');
  await consolePage.getByRole('button', { name: 'عرض المشرف' }).click();
  const clocks = consolePage.getByRole('heading', { name: 'مهلة الخدمة' }).locator('..');
  await expect(clocks).toBeVisible();
  const review = clocks.getByRole('listitem').filter({ hasText: 'المراجعة والتواصل مع المستأجر' });
  await expect(review.getByText(/^متأخرة: [١-٩][٠-٩]*$/)).toBeVisible();
  await expectNoAxeViolations(consolePage);
  await context.close();
});

test('a super-admin adds a public holiday and removes it', async ({ page, superAdmin: root }) => {
  await page.context().addCookies((await root.storageState()).cookies);
  await page.goto('/user-management');
  await page.getByRole('link', { name: 'العطل الرسمية' }).click();
  await expect(page.getByRole('heading', { name: 'العطل الرسمية', level: 1 })).toBeVisible();

  // A day no other journey uses: far ahead, different for each viewport's run.
  const year = 2040 + Math.floor(Math.random() * 50);
  const day = `${year}-09-23`;
  await page.getByLabel('اليوم', { exact: true }).fill(day);
  await page.getByRole('button', { name: 'إضافة' }).click();
  await expect(page.getByText('يرجى كتابة اسم العطلة')).toBeVisible();
  await page.getByLabel('اسم العطلة').fill('اليوم الوطني');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'إضافة' }).click();
  await expectToast(page, 'أُضيفت العطلة');
  const saudiDate = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-arab', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Riyadh',
  });
  // The registered holiday (the toast says the same words, outside the list).
  const entry = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'حذف اليوم الوطني' }) })
    .filter({ hasText: saudiDate.format(new Date(`${day}T12:00:00+03:00`)) });
  await expect(entry.getByText('اليوم الوطني')).toBeVisible();
  await expectNoAxeViolations(page);
  await entry.getByRole('button', { name: 'حذف اليوم الوطني' }).click();
  await expectToast(page, 'حُذفت العطلة');
  await expect(entry).toHaveCount(0);
});
