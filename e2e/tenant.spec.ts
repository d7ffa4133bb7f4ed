import { expect, test } from './fixtures';
import { expectNoAxeViolations, randomPhone, tenantLink } from './support';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

test('the tenant opens the SMS link, uploads a PDF, types a link, and the data reaches broker and admin', async ({
  page,
  browser,
  admin,
  readyBroker,
}) => {
  await readyBroker(page, 'ريم السبيعي');
  const tenantPhone = randomPhone();
  const created = await page.request.post('/api/referrals', { data: { tenantPhone, rent: 48000 } });
  const { id } = (await created.json()) as { id: string };

  const link = await tenantLink(admin, tenantPhone);

  const tenant = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'ar-SA',
  });
  const form = await tenant.newPage();
  await form.goto(link);
  await expect(form).toHaveURL(/\/tenant-form\/[A-Za-z0-9_-]+$/);
  await expect(form.getByRole('heading', { name: 'إكمال بيانات المستأجر' })).toBeVisible();
  await expect(form.getByLabel('رقم الجوال')).toHaveValue(tenantPhone);
  await expectNoAxeViolations(form);

  await form.getByRole('button', { name: 'إرسال البيانات' }).click();
  await expect(form.getByText('الاسم مطلوب')).toBeVisible();
  await expect(form.getByText('يجب الموافقة على مشاركة البيانات لإرسال الطلب')).toBeVisible();

  await form.getByLabel('الاسم الكامل').fill('سلمان الدوسري');
  await form.getByLabel('الدخل الشهري (ر.س)').fill('١٥٠٠٠');
  await form.getByLabel('الالتزامات الشهرية (ر.س)').fill('3000');
  await form.getByLabel('اختيار ملف تعريف الراتب').setInputFiles({
    name: 'salary.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(form.getByText('تم رفع الملف: salary.pdf')).toBeVisible();
  const credit = form.getByRole('group', { name: 'تقرير سمة الائتماني' });
  await credit.getByRole('button', { name: 'إدخال رابط' }).click();
  await form.getByLabel('رابط تقرير سمة الائتماني').fill('http://insecure.example.sa/report');
  // The consent says who receives what: the provider, and the broker who referred, what the
  // broker sees and that they earn a commission; the credit enquiry is a consent of its own.
  const productName = (await form.getByRole('banner').locator('p').first().textContent()) ?? '';
  const dataSharing = `أوافق على مشاركة بياناتي ومستنداتي مع ${productName} لدراسة طلب دفع إيجاري شهرياً، ومع الوسيط العقاري ريم السبيعي الذي أحالني لمتابعة طلبي: يطّلع على اسمي وعلى مدى تناسب الإيجار مع دخلي دون دخلي أو مستنداتي، ويتقاضى من ${productName} عمولة إذا وُقّع عقدي، ولن تُستخدم بياناتي لأي غرض آخر.`;
  const creditEnquiry = `أوافق على أن تستعلم ${productName} عن سجلي الائتماني لدى الشركة السعودية للمعلومات الائتمانية (سمة) لدراسة هذا الطلب وحده.`;
  const consent = form.getByRole('checkbox', { name: dataSharing, exact: true });
  await expect(consent).toBeVisible();
  await consent.check();
  await form.getByRole('button', { name: 'إرسال البيانات' }).click();
  await expect(form.getByText('يجب الموافقة على الاستعلام الائتماني لدراسة الطلب')).toBeVisible();
  await form.getByRole('checkbox', { name: creditEnquiry, exact: true }).check();
  await form.getByRole('button', { name: 'إرسال البيانات' }).click();
  await expect(form.getByText('يرجى إدخال رابط صحيح يبدأ بـ https')).toBeVisible();
  await form.getByLabel('رابط تقرير سمة الائتماني').fill('https://simah.example.sa/report/77');
  await form.getByRole('button', { name: 'إرسال البيانات' }).click();
  await expect(form.getByRole('heading', { name: 'تم إرسال بياناتك بنجاح' })).toBeVisible();
  await expectNoAxeViolations(form);

  // Opening the link again shows that it was received; nothing can be overwritten.
  await form.reload();
  await expect(form.getByRole('heading', { name: 'تم استلام بياناتك' })).toBeVisible();
  await tenant.close();

  // The broker sees the name, the verdict and which documents came, on the phone and on the
  // desktop page; never the figures or the documents themselves (decision 066).
  for (const path of [`/mobile-referral-details/${id}`, `/referral/${id}`]) {
    await page.goto(path);
    await expect(page.getByText('سلمان الدوسري')).toBeVisible();
    // 48,000 a year is 4,000 a month: a third of the 12,000 left of the salary.
    await expect(page.getByText('في حدود القدرة')).toBeVisible();
    await expect(page.getByText(/^وصل في /)).toHaveCount(2);
    await expect(page.getByText(/١٥٬٠٠٠|١٢٬٠٠٠|٣٬٠٠٠/)).toHaveCount(0);
    for (const name of ['تعريف الراتب', 'تقرير سمة الائتماني']) {
      await expect(page.getByRole('link', { name })).toHaveCount(0);
    }
    await expectNoAxeViolations(page);
  }

  // The admin too: in the console's details dialog, and by download.
  const adminContext = await browser.newContext({ storageState: await admin.storageState() });
  const consolePage = await adminContext.newPage();
  await consolePage.goto('/admin');
  await consolePage
    .getByRole('searchbox', { name: 'البحث بجوال المستأجر أو اسم الوسيط أو رمزه' })
    .fill(tenantPhone);
  await expect(consolePage.getByText('إحالة واحدة', { exact: true })).toBeVisible();
  await consolePage.getByRole('button', { name: 'التفاصيل' }).click();
  const dialog = consolePage.getByRole('dialog');
  await expect(dialog.getByText('سلمان الدوسري')).toBeVisible();
  await expect(dialog.getByRole('definition').filter({ hasText: 'ريم السبيعي' })).toBeVisible();
  await expect(dialog.getByText('في حدود القدرة')).toBeVisible();
  // The consents as the tenant read them, word for word (decision 068).
  const consents = dialog.getByRole('region', { name: 'الموافقات' });
  await expect(consents.getByText(dataSharing, { exact: true })).toBeVisible();
  await expect(consents.getByText(creditEnquiry, { exact: true })).toBeVisible();
  await expectNoAxeViolations(consolePage);
  const downloading = consolePage.waitForEvent('download');
  await dialog.getByRole('link', { name: 'تعريف الراتب' }).click();
  const download = await downloading;
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk));
  expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
  // The typed link opens through the server, which records the opening, then the tenant's link.
  const creditLink = dialog.getByRole('link', { name: 'تقرير سمة الائتماني' });
  await expect(creditLink).toHaveAttribute('href', `/api/files/links/${id}/credit`);
  await expect(creditLink).toHaveAttribute('target', '_blank');
  const opened = await consolePage.request.get(`/api/files/links/${id}/credit`, {
    maxRedirects: 0,
  });
  expect(opened.status()).toBe(303);
  expect(opened.headers().location).toBe('https://simah.example.sa/report/77');
  await adminContext.close();

  const view = (await (await admin.get(`/api/admin/referrals/${id}/tenant-form`)).json()) as {
    fullName: string;
    salaryReportUrl: string;
  };
  expect(view.fullName).toBe('سلمان الدوسري');
  const file = await admin.get(view.salaryReportUrl);
  expect(file.headers()['content-disposition']).toContain('attachment');
  expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);
});

test('a wrong link shows the invalid-link message; an unknown short code the not-found screen', async ({
  page,
}) => {
  await page.goto('/tenant-form/this-token-does-not-exist-anywhere');
  await expect(page.getByText('الرابط غير صالح أو منتهي الصلاحية')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/s/unknown-short-code');
  await expect(page.getByRole('heading', { name: 'الصفحة غير موجودة' })).toBeVisible();
});

test('the consent names the broker as their link does, never by the broker code', async ({
  page,
  readyBroker,
}) => {
  // Issue 32: one rule for the name a tenant sees (the public-text rule of the broker's link),
  // not the SMS's stricter one with the broker code in its place.
  await readyBroker(page, 'عروض، خصم كبير');
  const { brokerCode } = (await (await page.request.get('/api/broker/profile')).json()) as {
    brokerCode: string;
  };
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: randomPhone() },
  });
  const { id } = (await created.json()) as { id: string };
  const { formToken } = (await (await page.request.get(`/api/referrals/${id}/details`)).json()) as {
    formToken: string;
  };
  await page.goto(`/tenant-form/${formToken}`);
  const consent = page.getByRole('checkbox', { name: /أوافق على مشاركة بياناتي/ });
  await expect(consent).toBeVisible();
  await expect(consent).toHaveAccessibleName(
    /ومع الوسيط العقاري عروض، خصم كبير الذي أحالني لمتابعة طلبي/,
  );
  await expect(page.getByText(brokerCode)).toHaveCount(0);
});
