import { expect, test } from './fixtures';
import { expectNoAxeViolations, signIn } from './support';

// The app's service worker answers /assets/ itself once installed, and requests it answers
// never reach page.route: blocked, so the failures below are the ones the test makes.
test.use({ serviceWorkers: 'block' });

/** The demo broker with referrals (created by the development server's demo data). */
const DEMO_BROKER = '0550000003';
const SERVER_MESSAGE = 'حدث خطأ غير متوقع، يرجى المحاولة لاحقاً';

test('a list that fails to load says why and loads on retry', async ({ page }) => {
  await signIn(page, DEMO_BROKER, 'demo1234');
  await page.route('**/api/referrals**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ message: SERVER_MESSAGE, code: 'INTERNAL_ERROR' }),
    }),
  );
  await page.goto('/referrals');
  await expect(page.getByRole('heading', { name: 'إحالاتي' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: SERVER_MESSAGE })).toBeVisible();
  const retry = page.getByRole('button', { name: 'إعادة المحاولة' });
  await expect(retry).toBeVisible();
  await expectNoAxeViolations(page);

  await page.unroute('**/api/referrals**');
  await retry.click();
  await expect(page.getByRole('table', { name: 'قائمة الإحالات' })).toBeVisible();
  await expect(page.getByText('0561111002')).toBeVisible();
  await expect(page.getByText(SERVER_MESSAGE)).toHaveCount(0);
});

test('a page whose code fails to load offers to reload', async ({ page }) => {
  await signIn(page, DEMO_BROKER, 'demo1234');
  await page.route('**/assets/CommissionsPage-*.js', (route) => route.abort());
  await page.goto('/commissions');
  await expect(page.getByRole('heading', { name: 'تعذر تحميل الصفحة' })).toBeVisible();
  await expect(page.locator('main')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('main')).toHaveAttribute('dir', 'rtl');
  const reload = page.getByRole('button', { name: 'إعادة تحميل الصفحة' });
  await expect(reload).toBeVisible();
  await expectNoAxeViolations(page);

  await page.unroute('**/assets/CommissionsPage-*.js');
  await reload.click();
  await expect(page.getByRole('heading', { name: 'العمولات', exact: true })).toBeVisible();
});
