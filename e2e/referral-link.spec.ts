import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, expectToast, randomPhone, uniqueName } from './support';

// The broker's own link. A tenant opens it on a phone, verifies the phone with the
// development code, completes the form with a PDF, and the broker sees the referral marked
// «رابط» and the link's numbers move; the QR card's PNG decodes to the link.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

test('a tenant asks through the broker’s link, verifies the phone and sends the form; the QR decodes to the link', async ({
  page,
  browser,
  readyBroker,
}) => {
  const name = uniqueName('منيرة الشهري');
  await readyBroker(page, name);
  const phoneWidth = (page.viewportSize()?.width ?? 1280) < 600;
  await page.goto(phoneWidth ? '/mobile-dashboard' : '/dashboard');
  const card = page.getByRole('region', { name: 'رابطك الخاص' });
  const url = (await card.locator('bdi').first().textContent()) ?? '';
  expect(url).toMatch(/\/r\/[34679ACDEFGHJKMNPQRTWXY]{8}$/);
  // Copied as the broker would, to paste in a chat.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await card.getByRole('button', { name: 'نسخ الرابط' }).click();
  await expectToast(page, 'تم النسخ');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  // «مشاركة»: the phone's share sheet where the browser has one, else this WhatsApp link.
  const share = card.getByRole('link', { name: 'مشاركة' });
  expect(decodeURIComponent((await share.getAttribute('href')) ?? '')).toContain(url);
  await expectNoAxeViolations(page);

  // The QR card as a PNG decodes to the link (marked as scanned); it opens in a dialog.
  await card.getByRole('button', { name: 'رمز QR' }).click();
  const qr = page.getByRole('dialog', { name: 'رمز رابطك' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    qr.getByRole('button', { name: 'تنزيل صورة الرمز' }).click(),
  ]);
  await qr.getByRole('button', { name: 'إغلاق' }).click();
  const png = PNG.sync.read(await readFile(await download.path()));
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded?.data).toBe(`${url}?s=qr`);

  // The tenant, on a phone.
  const tenant = await browser.newContext({
    viewport: { width: 360, height: 780 },
    locale: 'ar-SA',
  });
  const form = await tenant.newPage();
  await form.goto(new URL(url).pathname);
  await expect(form.getByText(name)).toBeVisible();
  await expectNoAxeViolations(form);
  const tenantPhone = randomPhone();
  await form.getByLabel('رقم جوالك').fill(tenantPhone);
  await form.getByLabel('الإيجار السنوي بالريال (اختياري)').fill('٧٢٠٠٠');
  // The city from the phone's own picker (a native list), named in Arabic.
  const city = form.getByLabel('المدينة (اختياري)');
  await expect(city.locator('option:checked')).toHaveText('اختر المدينة');
  await city.selectOption({ label: 'جدة' });
  await expect(city).toHaveValue('jeddah');
  await form.getByRole('button', { name: 'إرسال رمز التحقق' }).click();
  const devCode =
    (await form
      .getByRole('status')
      .filter({ hasText: 'بيئة التطوير' })
      .locator('bdi')
      .textContent()) ?? '';
  expect(devCode).toMatch(/^\d{4}$/);
  await form.getByLabel('رمز التحقق').fill(devCode);
  await form.getByRole('button', { name: 'تأكيد الرقم والمتابعة' }).click();
  await expect(form).toHaveURL(/\/tenant-form\/[A-Za-z0-9_-]+$/);
  await expect(form.getByLabel('رقم الجوال')).toHaveValue(tenantPhone);
  await form.getByLabel('الاسم الكامل').fill('فهد القرني');
  await form.getByLabel('الدخل الشهري (ر.س)').fill('١٤٠٠٠');
  await form.getByLabel('الالتزامات الشهرية (ر.س)').fill('2000');
  await form.getByLabel('اختيار ملف تعريف الراتب').setInputFiles({
    name: 'salary.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(form.getByText('تم رفع الملف: salary.pdf')).toBeVisible();
  const credit = form.getByRole('group', { name: 'تقرير سمة الائتماني' });
  await credit.getByRole('button', { name: 'إدخال رابط' }).click();
  await form.getByLabel('رابط تقرير سمة الائتماني').fill('https://simah.example.sa/report/17');
  await form.getByRole('checkbox', { name: /أوافق على مشاركة بياناتي/ }).check();
  await form.getByRole('checkbox', { name: /سجلي الائتماني/ }).check();
  await form.getByRole('button', { name: 'إرسال البيانات' }).click();
  await expect(form.getByRole('heading', { name: 'تم إرسال بياناتك بنجاح' })).toBeVisible();
  await tenant.close();

  // The broker sees it, marked «رابط», and the link's numbers moved.
  await page.goto(phoneWidth ? '/mobile-referrals' : '/referrals');
  const item = page.getByRole(phoneWidth ? 'listitem' : 'row').filter({ hasText: tenantPhone });
  await expect(item).toContainText('المصدر: رابط');
  // The city the tenant chose came with the request (the wide list shows it).
  if (!phoneWidth) await expect(item).toContainText('جدة');
  await page.goto(phoneWidth ? '/mobile-dashboard' : '/dashboard');
  // One tap away, folded in the link card.
  await card.getByText('ما جلبه رابطك خلال آخر ٨ أسابيع', { exact: true }).click();
  const numbers = page.getByRole('region', { name: 'ما جلبه رابطك خلال آخر ٨ أسابيع' });
  for (const label of ['زيارات الرابط', 'طلبات بدأت', 'نماذج اكتملت']) {
    await expect(numbers.getByText(label).locator('xpath=..')).toContainText('١');
  }
  await expectNoAxeViolations(page);
});
