import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support';

/**
 * A page never stays blank (docs/decisions/062-a-phone-sized-first-load.md): when the app's
 * scripts do not arrive (a dropped connection, a deploy that replaced them), the page says so in
 * Arabic and loads again on request.
 */
test('a lost app script shows an Arabic retry, and the retry loads the page', async ({ page }) => {
  // Every script of the app is lost on the way, as on a connection that dropped.
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort('connectionreset'));
  await page.goto('/mobile');
  const failed = page.getByRole('alert');
  await expect(failed.getByRole('heading', { name: 'تعذّر تحميل الصفحة' })).toBeVisible();
  await expect(failed).toContainText('تحقّق من اتصالك ثم أعد المحاولة');
  await expect(page.getByText('جاري التحميل...')).toBeHidden();
  await expectNoAxeViolations(page);

  // The connection is back: the retry loads the sign-in page itself.
  await page.unroute(/\/assets\/.+\.js$/);
  await failed.getByRole('button', { name: 'إعادة المحاولة' }).click();
  await expect(page.getByLabel('رقم الجوال')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'تعذّر تحميل الصفحة' })).toBeHidden();
});

test('a page that loads normally never shows the retry', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/login');
  await expect(page.getByLabel('رقم الجوال')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'تعذّر تحميل الصفحة' })).toBeHidden();
  expect(errors).toEqual([]);
});
