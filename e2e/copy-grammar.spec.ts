import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, randomPhone } from './support';

async function aReferral(page: Page, rent?: number): Promise<void> {
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: randomPhone(), ...(rent ? { rent } : {}) },
  });
  expect(created.ok()).toBe(true);
}

test('counted nouns agree with their number, and a missing rent is said once', async ({
  page,
  readyBroker,
}) => {
  await readyBroker(page);
  await aReferral(page);
  await page.goto('/mobile-referrals');
  await expect(page.getByText('طلب واحد', { exact: true })).toBeVisible();
  await expect(page.getByText('الإيجار غير محدد', { exact: true })).toBeVisible();
  await expect(page.getByText('الإيجار: الإيجار غير محدد')).toHaveCount(0);

  await aReferral(page, 60000);
  await page.reload();
  await expect(page.getByText('طلبان', { exact: true })).toBeVisible();
  await expect(page.getByText('الإيجار: ٦٠٬٠٠٠ ر.س')).toBeVisible();

  await aReferral(page, 48000);
  await page.reload();
  await expect(page.getByText('٣ طلبات', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the bulk deletion dialog counts in the dual and the plural, with plural text', async ({
  page,
  superAdmin,
}) => {
  await page.context().addCookies((await superAdmin.storageState()).cookies);
  await page.goto('/admin?tab=referrals');
  const boxes = page.getByRole('checkbox', { name: /^تحديد الإحالة/ });
  await expect(boxes.nth(2)).toBeVisible();
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await page.getByRole('button', { name: /^حذف المحدد/ }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog.getByRole('heading', { name: 'حذف إحالتين' })).toBeVisible();
  await expect(dialog.getByText(/ستُحذف الإحالات المحددة مع عمولاتها/)).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'إلغاء' }).click();

  await boxes.nth(2).check();
  await page.getByRole('button', { name: /^حذف المحدد/ }).click();
  await expect(dialog.getByRole('heading', { name: 'حذف ٣ إحالات' })).toBeVisible();
  await dialog.getByRole('button', { name: 'إلغاء' }).click();
  await expect(dialog).toHaveCount(0);
});
