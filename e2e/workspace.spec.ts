import { expect, test } from './fixtures';
import {
  aLease,
  createAccount,
  expectNoAxeViolations,
  expectToast,
  randomPhone,
  signIn,
} from './support';

/** Today in Riyadh as YYYY-MM-DD, for the date filter. */
const riyadhToday = () => new Date(Date.now() + 3 * 3600 * 1000).toISOString().slice(0, 10);

test('profile: completion and save', async ({ page }) => {
  const phone = randomPhone();
  await createAccount(page.request, phone);
  await signIn(page, phone);
  await page.goto('/profile-setup');
  await expect(page.getByRole('heading', { name: 'الملف الشخصي' })).toBeVisible();
  await expect(page.getByText('استخدم هذا الرمز في جميع تعاملاتك الرسمية مع شريك.')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'اكتمال الملف الشخصي' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'حفظ الملف الشخصي' }).click();
  await expect(page.getByText('الاسم الكامل مطلوب')).toBeVisible();
  await page.getByLabel('الاسم الكامل').fill('سارة العتيبي');
  await page.getByLabel('البريد الإلكتروني (اختياري)').fill('not-an-email');
  await page.getByRole('button', { name: 'حفظ الملف الشخصي' }).click();
  await expect(page.getByText('يرجى إدخال بريد إلكتروني صحيح')).toBeVisible();
  await page.getByLabel('البريد الإلكتروني (اختياري)').fill('sara@example.sa');
  await page.getByLabel('اسم المكتب (اختياري)').fill('مكتب العتيبي العقاري');
  await expect(page.getByRole('progressbar', { name: 'اكتمال الملف الشخصي' })).toHaveAttribute(
    'aria-valuenow',
    '43',
  );
  await page.getByRole('button', { name: 'حفظ الملف الشخصي' }).click();
  await expectToast(page, 'تم حفظ الملف الشخصي');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'مرحباً، سارة العتيبي' })).toBeVisible();
});

test('activation: requested once, then the button is gone', async ({ page }) => {
  const phone = randomPhone();
  await createAccount(page.request, phone);
  await signIn(page, phone);
  await page.goto('/dashboard');
  await expect(
    page.getByText('حسابك غير مفعل. اطلب التفعيل لتتمكن من إضافة طلبات المستأجرين.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'إحالة جديدة' })).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'طلب تفعيل الحساب' }).click();
  await expect(
    page.getByText('حسابك غير مفعل بعد، وطلب التفعيل قيد المراجعة لدى الإدارة.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'طلب تفعيل الحساب' })).toHaveCount(0);

  await page.goto('/new-referral');
  await expect(page.getByRole('button', { name: 'الحساب غير مفعل' })).toBeDisabled();
});

test('desktop referral: create, find with each filter, open its detail', async ({
  page,
  readyBroker,
}) => {
  await readyBroker(page);
  const tenant = randomPhone();
  await page.goto('/new-referral');
  await expectNoAxeViolations(page);
  await page.getByLabel('رقم جوال المستأجر').fill('0512');
  await page.getByRole('button', { name: 'إرسال الطلب' }).click();
  await expectToast(page, 'خطأ في رقم الجوال');

  await page.getByLabel('رقم جوال المستأجر').fill(`+966 ${tenant.slice(1)}`);
  await page.getByLabel('الإيجار السنوي بالريال (اختياري)').fill('60000');
  await page.getByRole('button', { name: 'إرسال الطلب' }).click();
  await expectToast(page, 'تم إنشاء الطلب بنجاح');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: new RegExp(tenant) })).toBeVisible();

  await page.goto('/referrals');
  // Below 1024 px the filters fold behind «تصفية».
  if ((page.viewportSize()?.width ?? 1280) < 1024) {
    await page.getByRole('button', { name: 'تصفية' }).click();
  }
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: tenant })).toHaveCount(1);
  await page.getByLabel('رقم الجوال').fill(tenant.slice(-4));
  await expect(rows.filter({ hasText: tenant })).toHaveCount(1);
  await page.getByLabel('رقم الجوال').fill('9999999');
  await expect(page.getByText('لا توجد إحالات مطابقة')).toBeVisible();
  await page.getByRole('button', { name: 'مسح الفلاتر' }).click();
  await page.getByLabel('من تاريخ').fill(riyadhToday());
  await expect(rows.filter({ hasText: tenant })).toHaveCount(1);
  await page.getByLabel('من تاريخ').fill('2020-01-01');
  await expect(page.getByText('لا توجد إحالات مطابقة')).toBeVisible();
  await page.getByRole('button', { name: 'مسح الفلاتر' }).click();
  await page.getByLabel('الحالة').click();
  await page.getByRole('option', { name: /قيد المراجعة/ }).click();
  await expect(page.getByText('لا توجد إحالات مطابقة')).toBeVisible();
  await page.getByLabel('الحالة').click();
  await page.getByRole('option', { name: /في انتظار إكمال الطلب/ }).click();
  await expect(rows.filter({ hasText: tenant })).toHaveCount(1);
  await expectNoAxeViolations(page);

  await rows.filter({ hasText: tenant }).getByRole('link', { name: 'التفاصيل' }).click();
  await expect(page.getByRole('heading', { name: 'تفاصيل الإحالة' })).toBeVisible();
  await expect(page.getByText('تم الإرسال')).toBeVisible();
  await expect(page.getByRole('link', { name: 'واتساب' })).toHaveAttribute(
    'href',
    `https://wa.me/966${tenant.slice(1)}`,
  );
  await expectNoAxeViolations(page);
});

test('mobile referral: create, search, details', async ({ page, readyBroker }) => {
  await readyBroker(page, 'نورة القحطاني');
  const tenant = randomPhone();
  await page.goto('/mobile-new-referral');
  await expect(page.getByText('كيف يعمل؟')).toBeVisible();
  await expectNoAxeViolations(page);
  await page
    .getByLabel('رقم جوال المستأجر')
    .fill(tenant.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] ?? d));
  await page.getByRole('button', { name: 'إرسال الطلب' }).click();
  await expectToast(page, 'تم إنشاء الطلب بنجاح');
  await expect(page).toHaveURL(/\/mobile-dashboard$/);
  await expect(page.getByText('الإيجار غير محدد')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/mobile-referrals');
  await expect(page.getByText('طلب واحد', { exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'البحث برقم الجوال أو الحالة' }).fill('مرفوض');
  await expect(page.getByText('لا توجد طلبات')).toBeVisible();
  await page.getByRole('searchbox', { name: 'البحث برقم الجوال أو الحالة' }).fill(tenant.slice(-5));
  await page.getByRole('link', { name: 'التفاصيل' }).click();
  await expect(page.getByRole('heading', { name: 'تفاصيل الطلب' })).toBeVisible();
  await expect(
    page.getByText('لم يُدخل المستأجر بياناته بعد. يمكنه إكمالها عبر الرابط المرسل إليه.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test('commissions: one appears, transfer refused for a bad IBAN and too much, accepted otherwise', async ({
  page,
  admin,
  readyBroker,
}) => {
  await readyBroker(page);
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: randomPhone(), rent: 84000 },
  });
  const { id } = (await created.json()) as { id: string };
  const signed = await admin.put(`/api/admin/referrals/${id}/status`, {
    data: { status: 'contract_signed', ...aLease(84000) },
  });
  expect(signed.ok()).toBe(true);

  await page.goto('/commissions');
  await expect(page.getByText('المتاح للتحويل: ٨٤٠ ر.س')).toBeVisible();
  await expect(page.getByText('معلقة', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // The first IBAN becomes the profile's: the password again (decision record 050).
  await page.getByLabel('كلمة المرور الحالية').fill('secret123');
  await page.getByLabel('المبلغ المطلوب (ر.س)').fill('100');
  await page.getByLabel('رقم الآيبان', { exact: true }).fill('SA0480000000608010167519');
  await page.getByRole('button', { name: 'إرسال طلب التحويل' }).click();
  await expect(page.getByText('يرجى إدخال رقم آيبان سعودي صحيح')).toBeVisible();

  await page.getByLabel('المبلغ المطلوب (ر.س)').fill('900');
  await page.getByLabel('رقم الآيبان', { exact: true }).fill('SA03 8000 0000 6080 1016 7519');
  await page.getByRole('button', { name: 'إرسال طلب التحويل' }).click();
  await expect(page.getByText('المبلغ المطلوب أكبر من المبلغ المتاح للتحويل')).toBeVisible();

  await page.getByLabel('المبلغ المطلوب (ر.س)').fill('300');
  await page.getByRole('button', { name: 'إرسال طلب التحويل' }).click();
  await expectToast(page, 'تم إرسال طلب التحويل للمراجعة');
  await expect(page.getByText('المتاح للتحويل: ٥٤٠ ر.س')).toBeVisible();
  await expect(page.getByText('قيد المراجعة')).toBeVisible();

  await page.goto('/mobile-commissions');
  await expect(page.getByText('٥٤٠ ر.س')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('account deletion needs the exact phrase, then signs out to /mobile', async ({ page }) => {
  const phone = randomPhone();
  await createAccount(page.request, phone);
  await signIn(page, phone);
  await page.goto('/mobile-profile');
  await expect(
    page.getByText('حسابك غير مفعل حالياً. تواصل مع الإدارة أو اطلب التفعيل من لوحة التحكم.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'حذف الحساب' }).click();
  await page.getByRole('button', { name: 'متابعة' }).click();
  const phrase = page.getByLabel('اكتب «حذف الحساب» للتأكيد');
  await phrase.fill('حذف');
  await expect(page.getByRole('button', { name: 'تأكيد' })).toBeDisabled();
  await phrase.fill('حذف الحساب');
  await page.getByRole('button', { name: 'تأكيد' }).click();
  await page.getByRole('button', { name: 'حذف الحساب نهائياً' }).click();
  await expectToast(page, 'تم حذف الحساب');
  await expect(page).toHaveURL(/\/mobile$/, { timeout: 10_000 });
  const login = await page.request.post('/api/auth/login', {
    data: { phone, password: 'secret123' },
  });
  expect(login.status()).toBe(403);
});

test('mobile profile edit and change password', async ({ page }) => {
  const phone = randomPhone();
  await createAccount(page.request, phone);
  await page.goto('/mobile-change-password');
  await expect(page.getByText('يرجى تسجيل الدخول أولاً')).toBeVisible();

  await signIn(page, phone);
  await page.goto('/mobile-profile');
  await page.getByRole('button', { name: 'تعديل' }).click();
  await page.getByLabel('الاسم الكامل').fill('فهد الحربي');
  await page.getByRole('button', { name: 'حفظ', exact: true }).click();
  await expectToast(page, 'تم حفظ المعلومات بنجاح');
  await expect(page.getByRole('heading', { name: 'فهد الحربي' })).toBeVisible();

  await page.getByRole('link', { name: 'تغيير كلمة المرور' }).click();
  await page.getByLabel('كلمة المرور الحالية').fill('secret123');
  await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('secret123');
  await page.getByLabel('تأكيد كلمة المرور الجديدة').fill('other123');
  await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
  await expect(page.getByText('كلمة المرور الجديدة وتأكيدها غير متطابقتين')).toBeVisible();
  await expect(page.getByText('كلمة المرور الجديدة يجب أن تكون مختلفة عن الحالية')).toBeVisible();
  await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('newpass1');
  await page.getByLabel('تأكيد كلمة المرور الجديدة').fill('newpass1');
  await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
  await expectToast(page, 'تم تغيير كلمة المرور');
  await expect(page).toHaveURL(/\/mobile-profile$/);
});
