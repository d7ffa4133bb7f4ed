import { arabicCount, NOUNS } from '../src/domain/count.js';
import { expect, test } from './fixtures';
import {
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  randomPhone,
  submitTenantForm,
} from './support';

const arabicDigits = (text: string) => text.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] ?? d);

/**
 * Issue 33 item 4 (decision 068): through the link the SMS carried, a tenant sees what is held on
 * them once the code sent to the request's phone is typed (in Arabic-Indic digits, as a Saudi
 * keyboard types them), asks for a correction and an erasure, and the console answers each
 * with its 30-day clock.
 */
test('a tenant sees their data, asks for a correction and then an erasure; the console answers both', async ({
  page,
  browser,
  admin,
  readyBroker,
}, testInfo) => {
  await readyBroker(page, 'ريم السبيعي');
  const tenantPhone = randomPhone();
  const created = await page.request.post('/api/referrals', { data: { tenantPhone, rent: 48000 } });
  const { id } = (await created.json()) as { id: string };
  await submitTenantForm(page.request, admin, id, {
    name: 'سلمان الدوسري',
    income: '15000',
    monthlyObligations: '3000',
    creditReportUrl: 'https://simah.example.sa/report/5',
  });
  const { formToken, number } = (await (
    await page.request.get(`/api/referrals/${id}/details`)
  ).json()) as { formToken: string; number: number };

  const tenant = await browser.newContext({
    viewport: testInfo.project.use.viewport ?? null,
    locale: 'ar-SA',
  });
  const form = await tenant.newPage();
  await form.goto(`/tenant-form/${formToken}`);
  await form.getByRole('link', { name: /بياناتك لدينا/ }).click();
  await expect(form).toHaveURL(new RegExp(`/tenant-form/${formToken}/my-data$`));
  await expect(form.getByRole('heading', { name: 'بياناتك لدينا' })).toBeVisible();
  await expectNoAxeViolations(form);

  const openView = async () => {
    await form.getByRole('button', { name: 'إرسال رمز التحقق' }).click();
    const code = (await form.getByRole('status').locator('bdi').textContent()) ?? '';
    expect(code).toMatch(/^\d{4}$/);
    await form.getByLabel('رمز التحقق').fill(arabicDigits(code));
    await form.getByRole('button', { name: 'عرض بياناتي' }).click();
  };
  await openView();
  await expect(form.getByText('سلمان الدوسري')).toBeVisible();
  await expect(form.getByText('١٥٬٠٠٠ ر.س')).toBeVisible();
  await expect(form.getByRole('heading', { name: 'موافقاتك' })).toBeVisible();
  await expectNoAxeViolations(form);
  await expectNoSidewaysScroll(form);

  // A correction, in Arabic-Indic digits.
  await form.getByRole('button', { name: 'طلب تصحيح بياناتي' }).click();
  await form.getByLabel('الدخل الشهري الصحيح (ر.س)').fill('١٦٠٠٠');
  await form.getByRole('button', { name: 'إرسال طلب التصحيح' }).click();
  await expect(form.getByText('وصل طلبك، وسنرد عليه خلال ثلاثين يوماً.')).toBeVisible();
  await expect(form.getByText('تصحيح البيانات: قيد المعالجة')).toBeVisible();

  const adminContext = await browser.newContext({
    storageState: await admin.storageState(),
    viewport: testInfo.project.use.viewport ?? null,
  });
  const consolePage = await adminContext.newPage();
  await consolePage.goto('/admin?tab=data-requests');
  const card = consolePage
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`الإحالة رقم ${arabicDigits(String(number))}(?![٠-٩])`) });
  await expect(card.getByText(`بقي ${arabicCount(30, NOUNS.day)} للرد`)).toBeVisible();
  await expect(card.getByText('١٥٬٠٠٠ ر.س ← ١٦٬٠٠٠ ر.س')).toBeVisible();
  await expectNoAxeViolations(consolePage);
  await expectNoSidewaysScroll(consolePage);
  await card.getByRole('button', { name: 'تطبيق التصحيح' }).click();
  await consolePage.getByRole('dialog').getByRole('button', { name: 'تطبيق التصحيح' }).click();
  await expect(consolePage.getByText('صُحّحت بيانات المستأجر').first()).toBeVisible();

  // The view stays open for its 15 minutes: a reload shows the corrected figure.
  await form.reload();
  await expect(form.getByText('١٦٬٠٠٠ ر.س')).toBeVisible();
  await expect(form.getByText('تصحيح البيانات: نُفّذ')).toBeVisible();

  // An erasure: asked, then done in one step from the console.
  await form.getByRole('button', { name: 'طلب حذف بياناتي' }).click();
  await form.getByRole('button', { name: 'إرسال طلب الحذف' }).click();
  await expect(form.getByText('حذف البيانات: قيد المعالجة')).toBeVisible();
  await consolePage.reload();
  await card.getByRole('button', { name: 'حذف بيانات المستأجر' }).click();
  await consolePage.getByRole('dialog').getByRole('button', { name: 'حذف البيانات' }).click();
  await expect(consolePage.getByText('حُذفت بيانات المستأجر').first()).toBeVisible();
  await adminContext.close();

  // The link names nothing any more.
  await form.reload();
  await expect(form.getByText('الرابط غير صالح أو منتهي الصلاحية')).toBeVisible();
  await tenant.close();
});
