import { expect, test } from './fixtures';
import { createAccount, expectNoAxeViolations, openSidebar, randomPhone } from './support';

test.describe('signed out', () => {
  for (const path of [
    '/dashboard',
    '/profile',
    '/referrals',
    '/referral/x',
    '/commissions',
    '/admin',
    '/user-management',
    '/messaging-config',
  ]) {
    test(`${path} sends to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  for (const path of [
    '/mobile-dashboard',
    '/mobile-referrals',
    '/mobile-profile',
    '/mobile-referral-details/x',
  ]) {
    test(`${path} sends to /mobile`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/mobile$/);
    });
  }

  test('shows جاري التحميل... while the session resolves', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/broker/profile', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard');
    await expect(page.getByText('جاري التحميل...')).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('public pages open without a session', async ({ page }) => {
    for (const path of [
      '/',
      '/reset-password',
      '/tenant-form/abc',
      '/mobile-demo',
      '/mobile-landing',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`));
    }
  });
});

test.describe('signed in as a broker', () => {
  test.beforeEach(async ({ page }) => {
    const phone = randomPhone();
    await createAccount(page.request, phone);
    const login = await page.request.post('/api/auth/login', {
      data: { phone, password: 'secret123' },
    });
    expect(login.ok()).toBe(true);
  });

  test('/login sends to /dashboard', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the admin panel refuses a broker; other admin and super-admin pages send to /dashboard', async ({
    page,
  }) => {
    await page.goto('/admin');
    await expect(page.getByText('غير مخول للوصول لهذه الصفحة')).toBeVisible();
    await expect(page.getByText('إجمالي الوسطاء')).toHaveCount(0);
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expectNoAxeViolations(page);
    for (const path of ['/messaging-config', '/user-management', '/audit-log']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
  });

  test('the sidebar lists the broker pages in the spec order, without admin entries', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await openSidebar(page);
    const nav = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
    await expect(nav.getByRole('link')).toHaveText([
      'لوحة التحكم',
      'إحالاتي',
      'إحالة جديدة',
      'العمولات',
      'إعدادات الحساب',
    ]);
    await expect(page.getByRole('button', { name: /عرض المشرف/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('the mobile pages open with the bottom navigation', async ({ page }) => {
    await page.goto('/mobile-referrals');
    const nav = page.getByRole('navigation', { name: 'التنقل السفلي' });
    await expect(nav.getByRole('link')).toHaveText(['الرئيسية', 'الطلبات', 'إضافة', 'العمولات']);
    await nav.getByRole('link', { name: 'العمولات' }).click();
    await expect(page).toHaveURL(/\/mobile-commissions$/);
  });
});

test.describe('signed in as a super-admin', () => {
  test('sees admin entries second and third and the view toggle', async ({ page }) => {
    const login = await page.request.post('/api/auth/login', {
      data: { phone: '0550000001', password: 'demo1234' },
    });
    expect(login.ok()).toBe(true);
    await page.goto('/user-management');
    await expect(page.getByRole('heading', { name: 'إدارة المستخدمين' })).toBeVisible();
    await openSidebar(page);
    const links = page.getByRole('navigation', { name: 'القائمة الرئيسية' }).getByRole('link');
    await expect(links.nth(1)).toHaveText('لوحة الإدارة');
    await expect(links.nth(2)).toHaveText('إدارة المستخدمين');
    await expect(page.getByRole('button', { name: 'عرض المشرف' })).toBeVisible();
  });
});
