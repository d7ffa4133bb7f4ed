import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminConsole } from './money';
import { expectNoAxeViolations, expectNoSidewaysScroll, expectToast, uniqueName } from './support';

// Decision 077: a super-admin makes a key for the provider's systems on «ربط الأنظمة», copies
// its secret once, the key calls the inbound API, and revoking it stops it at once.

const onPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;

test('a super-admin makes an API key, the key calls the inbound API, and revoking stops it', async ({
  page,
  superAdmin,
}) => {
  test.slow(); // The webhooks page, a dialog, two calls of the inbound API and the reference.
  const name = uniqueName('نظام الاكتتاب');
  const { consolePage, context } = await adminConsole(page, superAdmin, '/webhooks');
  const card = consolePage.getByRole('region', { name: 'مفاتيح الواجهة البرمجية' });
  const form = card.getByRole('form', { name: 'إنشاء مفتاح' });
  await form.getByRole('button', { name: 'إنشاء المفتاح' }).click();
  await expect(form.getByText('يرجى كتابة اسم المفتاح')).toBeVisible();
  await expect(form.getByText('يرجى اختيار صلاحية واحدة على الأقل')).toBeVisible();
  await form.getByLabel('اسم المفتاح').fill(name);
  await form.getByLabel(/^قراءة الإحالات/).check();
  await form.getByLabel('كلمة المرور الحالية').fill('demo1234');
  await form.getByRole('button', { name: 'إنشاء المفتاح' }).click();
  const shown = consolePage.getByRole('dialog', { name: 'المفتاح الجديد' });
  const secret = await shown.getByLabel(`مفتاح ${name}`).inputValue();
  expect(secret).toMatch(/^shk_/);
  await expectNoAxeViolations(consolePage);
  await shown.getByRole('button', { name: 'إغلاق' }).click();

  const row = card.getByRole('listitem').filter({ hasText: name });
  await expect(row.getByText('يعمل')).toBeVisible();
  await expect(row.getByText('قراءة الإحالات')).toBeVisible();
  await expect(row).not.toContainText(secret);

  // The provider's system: the key alone, no session.
  const listed = await page.request.get('/api/v1/referrals', {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(listed.status()).toBe(200);
  await consolePage.reload();
  await expect(row.getByText(/^ينتهي في .+، آخر استخدام /)).toBeVisible();

  await row.getByRole('button', { name: `إلغاء المفتاح ${name}` }).click();
  await row.getByRole('button', { name: `تأكيد إلغاء المفتاح ${name}` }).click();
  await expectToast(consolePage, 'أُلغي المفتاح');
  await expect(row.getByText('ملغى')).toBeVisible();
  const refused = await page.request.get('/api/v1/referrals', {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(refused.status()).toBe(401);
  if (onPhone(page)) {
    await consolePage.setViewportSize({ width: 360, height: 780 });
    await expectNoSidewaysScroll(consolePage);
  }

  // The reference, read from the OpenAPI document (decision 078).
  await card.getByRole('link', { name: 'مرجع الواجهة البرمجية' }).click();
  await expect(consolePage.getByRole('heading', { name: 'مرجع الواجهة البرمجية' })).toBeVisible();
  await expect(consolePage.getByText('POST /api/v1/referrals/{id}/status')).toBeVisible();
  await expect(consolePage.getByText('referrals:status', { exact: true })).toBeVisible();
  await expect(consolePage.getByText('إضافة عمولة commission.created')).toBeVisible();
  await expectNoAxeViolations(consolePage);
  if (onPhone(page)) await expectNoSidewaysScroll(consolePage);
  await context.close();
});
