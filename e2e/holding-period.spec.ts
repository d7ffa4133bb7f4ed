import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { commissionsConsole, commissionTile, requestAndPay } from './money';
import { expectNoAxeViolations, randomPhone } from './support';

// Issue 16 item 1. The holding period is one setting for the whole server: this file runs in
// its own projects, after every other journey and one viewport at a time (playwright.config.ts),
// so no other journey signs a contract while it is set.

const onPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;
/** A date as the product writes it: day, month by name, year, in Arabic-Indic digits. */
const saudiDate = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-arab', {
  timeZone: 'Asia/Riyadh',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

test('issue 16 item 1: a commission waits out the holding period, shown with its date, then is requested and paid', async ({
  page,
  admin,
  superAdmin,
  readyBroker,
}) => {
  const setHolding = async (value: string) => {
    const set = await superAdmin.post('/api/admin/config', {
      data: { key: 'commission_holding_days', value },
    });
    expect(set.ok()).toBe(true);
  };
  const brokerPhone = await readyBroker(page, 'سلمان الحربي');
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: randomPhone(), rent: 96000 },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  await setHolding('14');
  try {
    const signed = await admin.put(`/api/admin/referrals/${id}/status`, {
      data: { status: 'contract_signed', contractId: 'EJ-2026-1600' },
    });
    expect(signed.ok()).toBe(true);
  } finally {
    await setHolding('0');
  }
  const listed = (await (await page.request.get('/api/commissions')).json()) as {
    items: { payableAt: string | null }[];
  };
  const payableAt = listed.items[0]?.payableAt ?? '';
  const days = (new Date(payableAt).getTime() - Date.now()) / (24 * 60 * 60 * 1000);
  expect(days).toBeGreaterThan(13.9);
  expect(days).toBeLessThanOrEqual(14);

  // The broker sees the money waiting, and the day it becomes payable; nothing to request yet.
  const commissionsPage = onPhone(page) ? '/mobile-commissions' : '/commissions';
  await page.goto(commissionsPage);
  await expect(commissionTile(page, 'في فترة الانتظار')).toContainText('٩٦٠ ر.س');
  await expect(commissionTile(page, 'المعلقة')).toContainText('٠ ر.س');
  await expect(commissionTile(page, 'إجمالي العمولات')).toContainText('٩٦٠ ر.س');
  const item = page.getByRole('listitem').filter({ hasText: 'EJ-2026-1600' });
  await expect(item.getByText('في فترة الانتظار', { exact: true })).toBeVisible();
  await expect(
    item.getByText(`تصبح قابلة للتحويل في ${saudiDate.format(new Date(payableAt))}`),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The operations team finds it under its own filter, with the same date.
  const { consolePage, context } = await commissionsConsole(page, admin, brokerPhone);
  await consolePage.getByRole('combobox', { name: 'تصفية العمولات' }).click();
  await consolePage.getByRole('option', { name: 'في فترة الانتظار' }).click();
  await expect(
    consolePage.getByText(
      `في فترة الانتظار، تصبح قابلة للدفع في ${saudiDate.format(new Date(payableAt))}`,
    ),
  ).toBeVisible();
  await expectNoAxeViolations(consolePage);

  // Fourteen days pass: the scheduled job makes it payable, and the broker is told.
  const moved = await admin.post('/api/dev/clock', { data: { referralId: id, days: 14 } });
  expect(moved.ok()).toBe(true);
  expect(((await moved.json()) as { releasedCommissions: number }).releasedCommissions).toBe(1);
  // The transfer form is on the commissions page, at either width.
  await page.goto('/commissions');
  await expect(commissionTile(page, 'المعلقة')).toContainText('٩٦٠ ر.س');
  await expect(
    page.getByRole('region', { name: 'ملخص العمولات' }).getByText('في فترة الانتظار'),
  ).toHaveCount(0);
  await expect(item.getByText('معلقة', { exact: true })).toBeVisible();

  // Requested through the form, paid by the team: paid in full.
  await requestAndPay(page, admin, brokerPhone, '٩٦٠');
  await page.reload();
  await expect(commissionTile(page, 'المدفوعة')).toContainText('٩٦٠ ر.س');
  await expect(item.getByText('مدفوعة', { exact: true })).toBeVisible();
  await context.close();
});
