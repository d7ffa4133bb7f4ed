import { expect, test } from '@playwright/test';
import {
  adminApi,
  createAccount,
  expectNoAxeViolations,
  expectToast,
  randomPhone,
  readyBroker,
  signIn,
} from './support';

test('an admin activates a broker, processes a referral to contract signed and confirms the payment', async ({
  page,
  browser,
}) => {
  // A broker waiting for activation, with a full name.
  const phone = randomPhone();
  await createAccount(page.request, phone);
  await signIn(page, phone);
  await page.request.put('/api/broker/profile', { data: { fullName: 'تركي العمري' } });

  const admin = await adminApi();
  const context = await browser.newContext({
    storageState: await admin.storageState(),
    viewport: page.viewportSize() ?? undefined,
  });
  const consolePage = await context.newPage();
  await consolePage.goto('/admin');
  await expect(consolePage.getByRole('heading', { name: 'لوحة الإدارة' })).toBeVisible();
  await expect(consolePage.getByText('إجمالي الوسطاء')).toBeVisible();
  await expectNoAxeViolations(consolePage);

  await consolePage.getByRole('tab', { name: 'الوسطاء' }).click();
  await consolePage
    .getByRole('searchbox', { name: 'البحث بالاسم أو الجوال أو رمز الوسيط' })
    .fill(phone);
  await expect(consolePage.getByText('تركي العمري')).toBeVisible();
  await consolePage.getByRole('button', { name: 'تفعيل', exact: true }).click();
  await expectToast(consolePage, 'تم تفعيل الحساب');
  await expect(consolePage.getByRole('button', { name: 'إلغاء التفعيل' })).toBeVisible();

  // The broker can refer now.
  const tenant = randomPhone();
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: tenant, rent: 96000 },
  });
  expect(created.status()).toBe(201);

  await consolePage.getByRole('tab', { name: 'الإحالات' }).click();
  await consolePage
    .getByRole('searchbox', { name: 'البحث بجوال المستأجر أو اسم الوسيط أو رمزه' })
    .fill(tenant);
  await expect(consolePage.getByText('١ إحالة')).toBeVisible();
  await consolePage.getByRole('button', { name: 'معالجة' }).click();
  const dialog = consolePage.getByRole('dialog');
  await dialog.getByLabel('الحالة').click();
  await consolePage.getByRole('option', { name: /تم توقيع العقد/ }).click();
  await expect(dialog.getByLabel('رقم العقد')).toBeVisible();
  await expect(dialog.getByText('سيتم إنشاء عمولة للوسيط تلقائياً بقيمة ٩٦٠ ر.س.')).toBeVisible();
  await dialog.getByLabel('رقم العقد').fill('EJ-2026-7781');
  await dialog.getByRole('button', { name: 'حفظ التغييرات' }).click();
  await expectToast(consolePage, 'تم تحديث حالة الإحالة');

  await consolePage.getByRole('tab', { name: 'العمولات' }).click();
  await consolePage.getByRole('searchbox', { name: 'البحث باسم الوسيط أو جواله' }).fill(phone);
  await expect(consolePage.getByText('١ عمولة')).toBeVisible();
  const card = consolePage.getByRole('listitem').filter({ hasText: 'تركي العمري' });
  await expect(card.getByText('٩٦٠ ر.س')).toBeVisible();
  await card.getByRole('button', { name: 'تأكيد الدفع' }).click();
  await expectToast(consolePage, 'تم تأكيد الدفع');
  await expect(card.getByText('مدفوعة', { exact: true })).toBeVisible();
  await expectNoAxeViolations(consolePage);
  await context.close();

  // Exactly one commission, paid, on the broker's side.
  const list = (await (await page.request.get('/api/commissions')).json()) as {
    amount: string;
    status: string;
  }[];
  expect(list).toEqual([expect.objectContaining({ amount: '960.00', status: 'paid' })]);
});

test('the messaging tab switches the tenant SMS off with a warning, and on again', async ({
  browser,
}) => {
  const admin = await adminApi();
  const context = await browser.newContext({ storageState: await admin.storageState() });
  const consolePage = await context.newPage();
  await consolePage.goto('/admin');
  await consolePage.getByRole('tab', { name: 'إعدادات الرسائل' }).click();
  const toggle = consolePage.getByRole('switch', { name: 'الرسائل النصية التلقائية للمستأجرين' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(consolePage.getByText(/الرسائل متوقفة/)).toBeVisible();
  await toggle.click();
  await expect(toggle).toBeChecked();
  await context.close();
});

test('a super-admin grants and removes the admin role', async ({ page, browser }) => {
  const brokerPage = await browser.newPage();
  const phone = await readyBroker(brokerPage, 'ماجد الغامدي');
  await brokerPage.close();
  const login = await page.request.post('/api/auth/login', {
    data: { phone: '0550000001', password: 'demo1234' },
  });
  expect(login.ok()).toBe(true);
  await page.goto('/user-management');
  await expect(page.getByRole('heading', { name: 'إدارة المستخدمين' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'البحث بالجوال أو الاسم أو رمز الوسيط' }).fill(phone);
  const adminSwitch = page.getByRole('switch', { name: 'صلاحية المشرف: ماجد الغامدي' });
  await expect(adminSwitch).not.toBeChecked();
  await adminSwitch.click();
  await expectToast(page, 'تم تحديث الصلاحيات');
  await expect(adminSwitch).toBeChecked();
  await expectNoAxeViolations(page);
  await adminSwitch.click();
  await expect(adminSwitch).not.toBeChecked();

  await page.getByRole('link', { name: 'سجل التدقيق' }).click();
  await expect(page.getByRole('heading', { name: 'سجل التدقيق' })).toBeVisible();
  await expect(page.getByText('تغيير الصلاحيات').first()).toBeVisible();
  await expectNoAxeViolations(page);
});
