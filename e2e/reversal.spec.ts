import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { commissionsConsole, commissionTile, requestAndPay, signedReferral } from './money';
import { expectNoAxeViolations, expectToast, uniqueName } from './support';

// A paid commission whose contract falls through is reversed in the console,
// and what was paid is deducted from the broker's next payment.

/** The broker refers a tenant and the team signs the contract; the commission's id. */
async function signedCommission(page: Page, admin: APIRequestContext, rent: number) {
  const id = await signedReferral(page, admin, rent);
  const listed = (await (await page.request.get('/api/commissions')).json()) as {
    items: { id: string; referralId: string }[];
  };
  const commission = listed.items.find((c) => c.referralId === id);
  if (!commission) throw new Error('no commission');
  return { referralId: id, commissionId: commission.id };
}

test('a paid commission is reversed in the console and deducted from the next payment', async ({
  page,
  admin,
  readyBroker,
}) => {
  const brokerPhone = await readyBroker(page, uniqueName('ماجد السبيعي'));
  const first = await signedCommission(page, admin, 100_000);
  const paid = await admin.post(`/api/admin/commissions/${first.commissionId}/confirm-payment`, {
    data: {},
  });
  expect(paid.ok()).toBe(true);
  // The contract falls through.
  const cancelled = await admin.put(`/api/admin/referrals/${first.referralId}/status`, {
    data: { status: 'cancelled' },
  });
  expect(cancelled.ok()).toBe(true);

  // The team reverses the commission, with the reason, from the commissions tab.
  const { consolePage, context } = await commissionsConsole(page, admin, brokerPhone);
  await expect(consolePage.getByText('عمولة واحدة', { exact: true })).toBeVisible();
  await consolePage.getByRole('button', { name: 'إلغاء العمولة' }).click();
  const dialog = consolePage.getByRole('dialog', { name: 'إلغاء العمولة' });
  await expect(dialog.getByRole('button', { name: 'تأكيد إلغاء العمولة' })).toBeDisabled();
  await dialog.getByLabel('سبب الإلغاء').fill('انسحب المستأجر من العقد');
  await dialog.getByRole('button', { name: 'تأكيد إلغاء العمولة' }).click();
  await expectToast(consolePage, 'تم إلغاء العمولة');
  await expect(
    consolePage.getByText('أُلغيت: انسحب المستأجر من العقد، ويُخصم ١٬٠٠٠ ر.س من دفعته القادمة'),
  ).toBeVisible();
  await expect(consolePage.getByRole('button', { name: 'إلغاء العمولة' })).toHaveCount(0);
  await expectNoAxeViolations(consolePage);

  // The broker sees why, and what will be deducted.
  await page.goto('/commissions');
  await expect(commissionTile(page, 'يُخصم من عمولاتك القادمة')).toContainText('١٬٠٠٠ ر.س');
  await expect(commissionTile(page, 'المدفوعة')).toContainText('١٬٠٠٠ ر.س');
  // Nothing is available, and the deduction is not taken from it a second time: never negative.
  await expect(commissionTile(page, 'المعلقة')).toContainText('٠ ر.س');
  await expect(commissionTile(page, 'المعلقة')).not.toContainText('-');
  const item = page.getByRole('listitem').filter({ hasText: 'أُلغيت لإلغاء العقد' });
  await expect(item.getByText('ملغاة', { exact: true })).toBeVisible();
  await expect(item.getByText('أُلغيت لإلغاء العقد: انسحب المستأجر من العقد')).toBeVisible();
  await expectNoAxeViolations(page);

  // The next contract earns 1,500: 500 of it may be requested, and paying it settles the rest.
  const next = await signedCommission(page, admin, 150_000);
  await page.reload();
  await expect(commissionTile(page, 'المعلقة')).toContainText('٥٠٠ ر.س');
  await requestAndPay(page, admin, brokerPhone, '٥٠٠', next.referralId);
  await page.reload();
  await expect(commissionTile(page, 'المدفوعة')).toContainText('١٬٥٠٠ ر.س');
  await expect(commissionTile(page, 'المعلقة')).toContainText('٠ ر.س');
  await expect(
    page.getByRole('region', { name: 'ملخص العمولات' }).getByText('يُخصم من عمولاتك القادمة'),
  ).toHaveCount(0);
  await context.close();
});
