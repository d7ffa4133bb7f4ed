import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, expectNoAxeViolations, openSidebar, randomPhone } from './support';

/** Reads the code from the development banner. */
async function devCode(page: Page): Promise<string> {
  const banner = page.getByText('بيئة التطوير: رمز التحقق هو');
  await expect(banner).toBeVisible();
  const code = (await banner.textContent())?.match(/\d{4}/)?.[0];
  expect(code).toBeDefined();
  return code as string;
}

/** Below 1024 px a broker signing in lands in the phone app. */
const onPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;
const dashboardUrl = (page: Page) => (onPhone(page) ? /\/mobile-dashboard$/ : /\/dashboard$/);

async function signInWithPassword(page: Page, phone: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('رقم الجوال').fill(phone);
  await page.getByRole('button', { name: 'متابعة' }).click();
  await page.getByLabel('كلمة المرور').fill(password);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page).toHaveURL(dashboardUrl(page));
}

test.describe('/login', () => {
  test('a new phone signs up with the code, logs out and signs back in', async ({ page }) => {
    const phone = randomPhone();
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expectNoAxeViolations(page);

    // Typed the way many Saudis do: international prefix and spaces.
    await page.getByLabel('رقم الجوال').fill(`+966 ${phone.slice(1, 3)} ${phone.slice(3)}`);
    await page.getByRole('button', { name: 'متابعة' }).click();
    await expect(page.getByText('تم إرسال رمز التحقق إلى الرقم')).toBeVisible();
    const code = await devCode(page);
    await expectNoAxeViolations(page);

    await page.getByLabel('رمز التحقق').fill('12');
    await page.getByLabel('كلمة المرور الجديدة').fill('123');
    await page.getByRole('button', { name: 'تأكيد' }).click();
    await expect(page.getByText('رمز التحقق يجب أن يكون ٤ أرقام')).toBeVisible();
    await expect(page.getByText('كلمة المرور يجب أن تكون ٦ أحرف على الأقل')).toBeVisible();

    await page.getByLabel('رمز التحقق').fill(code);
    await page.getByLabel('كلمة المرور الجديدة').fill('secret123');
    await page.getByRole('button', { name: 'تأكيد' }).click();
    await expect(page).toHaveURL(dashboardUrl(page));
    if (onPhone(page)) {
      await expect(page.getByRole('heading', { name: `أهلاً، ${phone}` })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
      await expect(page).toHaveURL(/\/mobile$/);
      await page.goto('/login');
    } else {
      await expect(page.getByRole('heading', { name: `مرحباً، ${phone}` })).toBeVisible();
      await expectNoAxeViolations(page);
      await openSidebar(page);
      await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
      await expect(page).toHaveURL(/\/login$/);
    }

    await signInWithPassword(page, phone, 'secret123');
  });

  test('a wrong password says so in a red alert', async ({ page, request }) => {
    const phone = randomPhone();
    await createAccount(request, phone);
    await page.goto('/login');
    await page.getByLabel('رقم الجوال').fill(phone);
    await page.getByRole('button', { name: 'متابعة' }).click();
    await page.getByLabel('كلمة المرور').fill('not-the-password');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'كلمة المرور غير صحيحة' }),
    ).toBeVisible();
  });

  test('a bad phone gets the spec message; Back returns to the phone step', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('رقم الجوال').fill('12345');
    await page.getByRole('button', { name: 'متابعة' }).click();
    await expect(page.getByText('يرجى إدخال رقم جوال سعودي صحيح')).toBeVisible();

    await page.getByLabel('رقم الجوال').fill(randomPhone());
    await page.getByRole('button', { name: 'متابعة' }).click();
    await expect(page.getByLabel('رمز التحقق')).toBeVisible();
    await page.getByRole('button', { name: 'رجوع' }).click();
    await expect(page.getByLabel('رقم الجوال')).toHaveValue('');
  });

  test('Back-to-home goes to /', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'العودة للرئيسية' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('/reset-password', () => {
  test('resets the password with a code and signs in with the new one', async ({
    page,
    request,
  }) => {
    const phone = randomPhone();
    await createAccount(request, phone, 'oldpass1');
    await page.goto('/login');
    await page.getByLabel('رقم الجوال').fill(phone);
    await page.getByRole('button', { name: 'متابعة' }).click();
    await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await expectNoAxeViolations(page);

    await page.getByLabel('رقم الجوال').fill(phone);
    await page.getByRole('button', { name: 'إرسال رمز التحقق' }).click();
    const code = await devCode(page);
    await page.getByLabel('رمز التحقق').fill(code === '0000' ? '1111' : '0000');
    await page.getByRole('button', { name: 'تحقق' }).click();
    await expect(page.getByText('رمز التحقق غير صحيح').first()).toBeVisible();

    await page.getByLabel('رمز التحقق').fill(code);
    await page.getByRole('button', { name: 'تحقق' }).click();
    await page.getByLabel('كلمة المرور الجديدة').fill('newpass1');
    await page.getByLabel('تأكيد كلمة المرور').fill('different');
    await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
    await expect(page.getByText('كلمة المرور غير متطابقة')).toBeVisible();
    await page.getByLabel('تأكيد كلمة المرور').fill('newpass1');
    await page.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signInWithPassword(page, phone, 'newpass1');
  });

  test('Back-to-login is on every step', async ({ page }) => {
    await page.goto('/reset-password');
    await page.getByRole('button', { name: 'العودة لتسجيل الدخول' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('/mobile', () => {
  test('a new phone verifies the code, creates a password and reaches the mobile dashboard', async ({
    page,
  }) => {
    const phone = randomPhone();
    await page.goto('/mobile');
    await expectNoAxeViolations(page);
    await page
      .getByLabel('رقم الجوال')
      .fill(phone.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] ?? d));
    await page.getByRole('button', { name: 'متابعة' }).click();
    const code = await devCode(page);
    await page.getByLabel('رمز التحقق').fill(code);
    await page.getByRole('button', { name: 'تحقق' }).click();
    await page.getByLabel('كلمة المرور', { exact: true }).fill('secret123');
    await page.getByLabel('تأكيد كلمة المرور').fill('secret123');
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(page).toHaveURL(/\/mobile-dashboard$/);
    await expect(page.getByRole('navigation', { name: 'التنقل السفلي' })).toBeVisible();
    await expectNoAxeViolations(page);

    // A signed-in broker opening /mobile goes straight to the dashboard.
    await page.goto('/mobile');
    await expect(page).toHaveURL(/\/mobile-dashboard$/);
  });

  test('an existing account signs in with its password; the back arrow resets', async ({
    page,
    request,
  }) => {
    const phone = randomPhone();
    await createAccount(request, phone);
    await page.goto('/mobile');
    await page.getByLabel('رقم الجوال').fill('123');
    await page.getByRole('button', { name: 'متابعة' }).click();
    await expect(page.getByText('يرجى إدخال رقم جوال صحيح')).toBeVisible();

    await page.getByLabel('رقم الجوال').fill(phone);
    await page.getByRole('button', { name: 'متابعة' }).click();
    // The back arrow of the phone app's later steps is «تغيير الرقم», beside the number.
    await page.getByRole('button', { name: 'تغيير الرقم' }).click();
    await expect(page.getByLabel('رقم الجوال')).toBeVisible();

    await page.getByLabel('رقم الجوال').fill(phone);
    await page.getByRole('button', { name: 'متابعة' }).click();
    await page.getByLabel('كلمة المرور').fill('secret123');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(page).toHaveURL(/\/mobile-dashboard$/);
  });
});
