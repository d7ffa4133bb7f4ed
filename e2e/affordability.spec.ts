import { expect, test } from './fixtures';
import { expectNoAxeViolations, randomPhone, submitTenantForm } from './support';

test('the reviewer sees the net salary against the monthly rent, with the share and a verdict, in the details and while processing', async ({
  page,
  browser,
  admin,
  readyBroker,
}) => {
  await readyBroker(page, 'سلمان العنزي');
  const tenant = randomPhone();
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: tenant, rent: 36_000 },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  await submitTenantForm(page.request, admin, id, {
    name: 'هند المالكي',
    income: '12000',
    monthlyObligations: '2000',
    creditReportUrl: 'https://reports.example.sa/simah/91',
  });

  const context = await browser.newContext({
    storageState: await admin.storageState(),
    viewport: page.viewportSize() ?? undefined,
  });
  const consolePage = await context.newPage();
  await consolePage.goto('/admin');
  await consolePage.getByRole('tab', { name: 'الإحالات' }).click();
  await consolePage
    .getByRole('searchbox', { name: 'البحث بجوال المستأجر أو اسم الوسيط أو رمزه' })
    .fill(tenant);
  await expect(consolePage.getByText('إحالة واحدة', { exact: true })).toBeVisible();

  // The details: 12,000 − 2,000 = 10,000 a month; 36,000 ÷ 12 = 3,000, 30% of it.
  await consolePage.getByRole('button', { name: 'التفاصيل' }).click();
  const details = consolePage.getByRole('dialog');
  const summary = details.getByRole('region', { name: 'القدرة على السداد' });
  await expect(summary).toContainText('صافي الدخل الشهري١٠٬٠٠٠ ر.س');
  await expect(summary).toContainText('الإيجار الشهري٣٬٠٠٠ ر.س');
  await expect(summary).toContainText('نسبة الإيجار من صافي الدخل٣٠٪');
  await expect(summary).toContainText('في حدود القدرة');
  await expectNoAxeViolations(consolePage);
  await consolePage.keyboard.press('Escape');
  await expect(details).toHaveCount(0);

  // Processing: the verdict follows the contract's rent as the reviewer types it.
  await consolePage.getByRole('button', { name: 'معالجة' }).click();
  const dialog = consolePage.getByRole('dialog');
  const processing = dialog.getByRole('region', { name: 'القدرة على السداد' });
  await expect(processing).toContainText('في حدود القدرة');
  await dialog.getByLabel('الحالة').click();
  await consolePage.getByRole('option', { name: /تم توقيع العقد/ }).click();
  const contractRent = dialog.getByLabel('الإيجار السنوي في العقد');
  await contractRent.fill('٥٤٠٠٠');
  await expect(processing).toContainText('نسبة الإيجار من صافي الدخل٤٥٪');
  await expect(processing).toContainText('مرتفع');
  await contractRent.fill('72000');
  await expect(processing).toContainText('الإيجار الشهري٦٬٠٠٠ ر.س');
  await expect(processing).toContainText('نسبة الإيجار من صافي الدخل٦٠٪');
  await expect(processing).toContainText('يتجاوز القدرة');
  await expectNoAxeViolations(consolePage);
  await dialog.getByRole('button', { name: 'إلغاء' }).click();
  await context.close();
});
