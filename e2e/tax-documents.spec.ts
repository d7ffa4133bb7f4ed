import type { Page } from '@playwright/test';
import { ibanFor } from '../src/server/test-support/iban.js';
import { expect, test } from './fixtures';
import { adminConsole, signedReferral } from './money';
import { expectNoAxeViolations, expectNoSidewaysScroll, expectToast, uniqueName } from './support';

// Decision 071: a broker registered for VAT is paid the commission plus 15%, with a self-billed
// tax invoice the provider issues on their behalf; everyone else gets a payment statement.

const onPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;
const entries = (page: Page) => page.getByRole('listitem').or(page.getByRole('row'));
const arabic = (latin: string) => latin.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] ?? d);

test('a broker gives a VAT registration, an admin verifies it, and the payout comes with a self-billed tax invoice', async ({
  page,
  admin,
  readyBroker,
}) => {
  test.slow(); // The broker's pages, the console and the document, in two contexts.
  const phoneApp = onPhone(page);
  const name = uniqueName('نورة القحطاني');
  const phone = await readyBroker(page, name);
  const { id } = (await (await page.request.get('/api/broker/profile')).json()) as { id: string };
  const office = `مؤسسة ${name} للوساطة العقارية`;

  // The tax profile on the profile page: an establishment, its CR in Arabic-Indic digits.
  await page.goto(phoneApp ? '/mobile-profile' : '/profile');
  const card = page.getByRole('region', { name: 'الملف الضريبي' });
  await expect(card.getByText('غير مسجّل في ضريبة القيمة المضافة')).toBeVisible();
  await card.getByRole('radio', { name: 'منشأة (مؤسسة أو شركة)' }).check();
  await card.getByLabel('الاسم المسجّل للمنشأة').fill(office);
  await card.getByLabel('رقم السجل التجاري').fill(arabic('7001234567'));
  await card.getByLabel('رقم التسجيل في ضريبة القيمة المضافة').fill('310122393500003');

  // A VAT number needs the self-billing agreement read and accepted.
  await expect(card.getByText(/أتعهد بألّا أُصدر فواتير ضريبية/)).toBeVisible();
  await card.getByRole('button', { name: 'حفظ الملف الضريبي' }).click();
  await expect(
    card.getByText('يرجى الموافقة على اتفاقية الفوترة الذاتية قبل حفظ رقم التسجيل الضريبي'),
  ).toBeVisible();
  await card.getByRole('checkbox', { name: 'قرأت اتفاقية الفوترة الذاتية وأوافق عليها' }).check();
  await card.getByRole('button', { name: 'حفظ الملف الضريبي' }).click();
  await expectToast(page, 'تم حفظ الملف الضريبي');
  await expect(card.getByText('التسجيل الضريبي بانتظار التحقق')).toBeVisible();
  await expect(card.getByLabel('رقم السجل التجاري')).toHaveValue('7001234567');

  // Its certificate, a PNG chosen from the phone.
  await card.getByLabel('رفع الشهادة').setInputFiles({
    name: 'vat-certificate.png',
    mimeType: 'image/png',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  });
  await expectToast(page, 'تم رفع شهادة التسجيل الضريبي');
  await expect(card.getByRole('link', { name: 'فتح الشهادة' })).toBeVisible();
  await expectNoAxeViolations(page);
  if (phoneApp) {
    await page.setViewportSize({ width: 360, height: 780 });
    await expectNoSidewaysScroll(page);
  }

  // The admin verifies it in the broker's details.
  const { consolePage, context } = await adminConsole(page, admin, '/admin?tab=brokers');
  await consolePage
    .getByRole('searchbox', { name: 'البحث بالاسم أو الجوال أو رمز الوسيط' })
    .fill(name);
  await entries(consolePage)
    .filter({ hasText: name })
    .getByRole('button', { name: 'التفاصيل' })
    .click();
  const details = consolePage.getByRole('dialog', { name });
  const section = details.getByRole('region', { name: 'الملف الضريبي' });
  await expect(section.getByText(office)).toBeVisible();
  await expect(section.getByText('310122393500003')).toBeVisible();
  await expect(section.getByRole('link', { name: 'عرض شهادة التسجيل الضريبي' })).toHaveAttribute(
    'href',
    `/api/admin/brokers/${id}/tax-profile/certificate`,
  );
  await section.getByRole('button', { name: 'التحقق من التسجيل الضريبي' }).click();
  const verify = section.getByRole('form', { name: 'التحقق من التسجيل الضريبي' });
  await verify.getByLabel('ما الذي تحققت منه').fill('الشهادة مطابقة للاستعلام عن الرقم الضريبي');
  await verify.getByRole('button', { name: 'تأكيد التحقق' }).click();
  await expect(section.getByText('مسجّل في ضريبة القيمة المضافة (موثّق)')).toBeVisible();
  await expectNoAxeViolations(consolePage);

  // A contract signed: the commission of 960 SAR carries 144 SAR VAT on top.
  const referralId = await signedReferral(page, admin, 96000);
  await page.goto(phoneApp ? '/mobile-commissions' : '/commissions');
  const commission = page
    .getByRole('region', { name: 'سجل العمولات' })
    .getByRole('listitem')
    .filter({ hasText: '٩٦٠ ر.س' });
  await expect(commission.getByText('+ ضريبة ١٤٤ ر.س = ١٬١٠٤ ر.س')).toBeVisible();

  // Paid through a payout: the bank file pays the gross, and the document is issued.
  const saved = await page.request.put('/api/broker/bank-account', {
    data: { iban: ibanFor(phone), password: 'secret123' },
  });
  expect(saved.ok()).toBe(true);
  const moved = await admin.post('/api/dev/clock', { data: { referralId, days: 2 } });
  expect(moved.ok(), await moved.text()).toBe(true);
  const asked = await page.request.post('/api/commissions/request-transfer', {
    data: { amount: 960, bankAccount: ibanFor(phone) },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  expect(await asked.json()).toMatchObject({ amount: '960.00', vatAmount: '144.00' });
  const { id: payoutId } = (await asked.json()) as { id: string };
  const paid = await admin.post(`/api/admin/payouts/${payoutId}/pay`, {
    data: { transferReference: 'RJHI-2026-1' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  // The broker's documents: the invoice, to print, and its e-invoice.
  await page.reload();
  const documents = page.getByRole('region', { name: 'مستندات الدفع' });
  const invoice = documents.getByRole('listitem').filter({ hasText: 'فاتورة ضريبية ذاتية' });
  await expect(
    invoice.getByText('المدفوع ١٬١٠٤ ر.س منها ضريبة القيمة المضافة ١٤٤ ر.س'),
  ).toBeVisible();
  await expect(invoice.getByRole('link', { name: 'تنزيل الفاتورة الإلكترونية' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'طلبات التحويل' }).getByText('+ ضريبة ١٤٤ ر.س = ١٬١٠٤ ر.س'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  if (phoneApp) await expectNoSidewaysScroll(page);
  const [printed] = await Promise.all([
    page.context().waitForEvent('page'),
    invoice.getByRole('link', { name: 'عرض وطباعة' }).click(),
  ]);
  await printed.waitForLoadState();
  await expect(printed.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(printed.getByText('فاتورة ذاتية').first()).toBeVisible();
  await expect(printed.getByRole('img', { name: 'رمز الاستجابة السريعة للفاتورة' })).toBeVisible();
  await expect(printed.getByText('١٬١٠٤ ر.س').first()).toBeVisible();
  await expectNoAxeViolations(printed);
  if (phoneApp) await expectNoSidewaysScroll(printed);
  await printed.close();

  // The console lists the month's documents and exports them for the accountant.
  await consolePage.goto('/admin?tab=commissions');
  const monthly = consolePage.getByRole('region', { name: 'مستندات الدفع' });
  await monthly.getByRole('button', { name: 'عرض مستندات الشهر' }).click();
  await expect(monthly.getByText(office).first()).toBeVisible();
  await expect(monthly.getByRole('link', { name: 'الفاتورة الإلكترونية' }).first()).toBeVisible();
  const [zip] = await Promise.all([
    consolePage.waitForEvent('download'),
    monthly.getByRole('button', { name: 'تنزيل مستندات الشهر' }).click(),
  ]);
  expect(zip.suggestedFilename()).toMatch(/^documents_\d{4}-\d{2}\.zip$/);
  await expectNoAxeViolations(consolePage);
  await context.close();
});
