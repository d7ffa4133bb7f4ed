import type { Page } from '@playwright/test';
import { formatIban } from '../src/domain/iban.js';
import { ibanFor } from '../src/server/test-support/iban.js';
import { expect, test } from './fixtures';
import { commissionsConsole, commissionTile, requestAndPay } from './money';
import {
  aLease,
  expectNoAxeViolations,
  expectToast,
  openInLibreOffice,
  randomPhone,
  uniqueName,
} from './support';

// The holding period is one setting for the whole server: this file runs in
// its own projects, after every other journey and one viewport at a time (playwright.config.ts),
// so no other journey signs a contract while it is set.

// One journey at a time: each changes the holding period for the whole server.
test.describe.configure({ mode: 'serial' });

const onPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;
/** A date as the product writes it: day, month by name, year, in Arabic-Indic digits. */
const saudiDate = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-arab', {
  timeZone: 'Asia/Riyadh',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

test('a commission waits out the holding period, shown with its date, then is requested and paid', async ({
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
  const lease = aLease(96000);
  await setHolding('14');
  try {
    const signed = await admin.put(`/api/admin/referrals/${id}/status`, {
      data: { status: 'contract_signed', ...lease },
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
  const item = page.getByRole('listitem').filter({ hasText: lease.contractId });
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
  await requestAndPay(page, admin, brokerPhone, '٩٦٠', id);
  await page.reload();
  await expect(commissionTile(page, 'المدفوعة')).toContainText('٩٦٠ ر.س');
  await expect(item.getByText('مدفوعة', { exact: true })).toBeVisible();
  await context.close();
});

// «دفع كل المستحق» makes a payout for every broker with money due, so it runs
// here, where no other journey's money is moving at the same time.
test('an IBAN set with the password, a commission past its holding period, a bulk payout, the bank file in LibreOffice, sent and paid', async ({
  page,
  admin,
  superAdmin,
  readyBroker,
}) => {
  const name = uniqueName('نورة القحطاني');
  const brokerPhone = await readyBroker(page, name);
  const iban = ibanFor(brokerPhone);

  // The broker records the IBAN once, with the password again (a wrong one is refused).
  await page.goto('/commissions');
  const card = page.getByRole('region', { name: 'الحساب البنكي' });
  await card.getByRole('button', { name: 'تسجيل الحساب البنكي' }).click();
  await card.getByLabel('رقم الآيبان الجديد', { exact: true }).fill(formatIban(iban).toLowerCase());
  await card.getByLabel('كلمة المرور الحالية').fill('not-my-password');
  await card.getByRole('button', { name: 'حفظ الحساب البنكي' }).click();
  await expect(card.getByText('كلمة المرور الحالية غير صحيحة')).toBeVisible();
  await card.getByLabel('كلمة المرور الحالية').fill('secret123');
  await card.getByRole('button', { name: 'حفظ الحساب البنكي' }).click();
  await expectToast(page, 'تم حفظ الحساب البنكي');
  // Only its last four digits, as every IBAN the broker sees.
  await expect(card.getByText('تُحوَّل عمولاتك إلى الآيبان المنتهي بـ')).toContainText(iban.slice(-4));
  await expectNoAxeViolations(page);

  // A contract signed while the holding period is seven days; the seven days pass.
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: randomPhone(), rent: 96000 },
  });
  const { id } = (await created.json()) as { id: string };
  const setHolding = async (value: string) => {
    const set = await superAdmin.post('/api/admin/config', {
      data: { key: 'commission_holding_days', value },
    });
    expect(set.ok()).toBe(true);
  };
  await setHolding('7');
  try {
    const signed = await admin.put(`/api/admin/referrals/${id}/status`, {
      data: { status: 'contract_signed', ...aLease(96000) },
    });
    expect(signed.ok()).toBe(true);
  } finally {
    await setHolding('0');
  }
  await page.reload();
  await expect(commissionTile(page, 'في فترة الانتظار')).toContainText('٩٦٠ ر.س');
  const moved = await admin.post('/api/dev/clock', { data: { referralId: id, days: 7 } });
  expect(((await moved.json()) as { releasedCommissions: number }).releasedCommissions).toBe(1);

  // The team pays everything due: this broker's money becomes a draft, approved from its row.
  const { consolePage, context } = await commissionsConsole(page, admin, brokerPhone);
  await consolePage.getByRole('button', { name: 'دفع كل المستحق' }).click();
  await expectToast(consolePage, 'أُنشئت');
  const requests = consolePage.getByRole('region', { name: 'طلبات التحويل المفتوحة' });
  const draft = requests.getByRole(onPhone(page) ? 'listitem' : 'row').filter({ hasText: name });
  await draft.getByRole('button', { name: 'اعتماد' }).click();
  await expectToast(consolePage, 'تمت معالجة دفعة واحدة');

  // The approved payout, chosen, goes to the bank in the file; LibreOffice opens it.
  const payouts = consolePage.getByRole('region', { name: 'الدفعات' });
  await payouts.getByRole('checkbox', { name: `اختيار دفعة ٩٦٠ ر.س للوسيط ${name}` }).check();
  await expectNoAxeViolations(consolePage);
  const [download] = await Promise.all([
    consolePage.waitForEvent('download'),
    payouts.getByRole('button', { name: 'تنزيل ملف البنك' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^bank_transfers_B\d{8}-[0-9A-F]{6}\.csv$/);
  const rows = await openInLibreOffice(await download.path(), 'csv');
  expect(rows[0]).toEqual(['beneficiary_name', 'iban', 'amount', 'currency', 'reference']);
  const line = rows.find((row) => row[0] === name);
  expect(line?.[1]).toBe(iban);
  expect(Number(line?.[2])).toBe(960);
  expect(line?.[3]).toBe('SAR');
  expect(line?.[4]).toMatch(/^SHR-[0-9A-F]{10}$/);

  await payouts.getByRole('button', { name: /^تعليم المحدد كمُرسَل/ }).click();
  const dialog = consolePage.getByRole('dialog', { name: 'تعليم الدفعات كمُرسَلة' });
  await dialog.getByLabel('مرجع التحويل من البنك').fill('RJHI-BATCH-2611');
  await dialog.getByRole('button', { name: 'تأكيد الإرسال' }).click();
  await expectToast(consolePage, 'تمت معالجة دفعة واحدة');

  // Once the bank confirms, the sent payout is marked paid.
  await payouts.getByRole('combobox', { name: 'حالة الدفعات' }).click();
  await consolePage.getByRole('option', { name: 'أُرسلت إلى البنك' }).click();
  await payouts.getByRole('checkbox', { name: `اختيار دفعة ٩٦٠ ر.س للوسيط ${name}` }).check();
  await payouts.getByRole('button', { name: /^تعليم المحدد كمدفوع/ }).click();
  await expectToast(consolePage, 'تمت معالجة دفعة واحدة');
  await context.close();

  // The broker sees it paid.
  await page.reload();
  await expect(commissionTile(page, 'المدفوعة')).toContainText('٩٦٠ ر.س');
  await expect(commissionTile(page, 'قيد التحويل')).toContainText('٠ ر.س');
  await expect(page.getByText('تم التحويل', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
