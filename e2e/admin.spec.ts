import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';
import {
  aLease,
  anEjarNumber,
  createAccount,
  expectNoAxeViolations,
  expectToast,
  openInLibreOffice,
  randomPhone,
  signIn,
  submitTenantForm,
  uniqueName,
  verifiedLicence,
} from './support';

/** A console list's entries: cards on a phone, table rows from 1024 px. */
const entries = (page: Page) => page.getByRole('listitem').or(page.getByRole('row'));

/** The first sheet of a downloaded workbook, row by row. */
async function readSheet(path: string): Promise<ExcelJS.CellValue[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  const rows: ExcelJS.CellValue[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return rows;
}

test('an admin activates a broker, processes a referral to contract signed and confirms the payment', async ({
  page,
  browser,
  admin,
}) => {
  // The whole money path in one journey, with the export opened in LibreOffice: on a 2-core
  // machine running two workers it can pass the default 30 s.
  test.slow();
  // A broker waiting for activation, with a full name.
  const phone = randomPhone();
  await createAccount(page.request, phone);
  await signIn(page, phone);
  await page.request.put('/api/broker/profile', { data: { fullName: 'تركي العمري' } });

  const context = await browser.newContext({
    storageState: await admin.storageState(),
    viewport: page.viewportSize() ?? undefined,
  });
  const consolePage = await context.newPage();
  await consolePage.goto('/admin');
  await expect(consolePage.getByRole('heading', { name: 'لوحة الإدارة' })).toBeVisible();
  await expect(consolePage.getByText('إجمالي الوسطاء')).toBeVisible();
  await expectNoAxeViolations(consolePage);

  await consolePage.getByRole('tab', { name: 'الوسطاء' }).click();
  await consolePage
    .getByRole('searchbox', { name: 'البحث بالاسم أو الجوال أو رمز الوسيط' })
    .fill(phone);
  // The search is sent once typing pauses: wait for the filtered list.
  await expect(consolePage.getByText('وسيط واحد', { exact: true })).toBeVisible();
  await expect(consolePage.getByText('تركي العمري')).toBeVisible();
  await consolePage.getByRole('button', { name: 'تفعيل', exact: true }).click();
  await expectToast(consolePage, 'تم تفعيل الحساب');
  await expect(consolePage.getByRole('button', { name: 'إلغاء التفعيل' })).toBeVisible();

  // The broker can refer now, and earn once an admin has verified their FAL licence (decision
  // 070; the console's check has its own journey, fal-license.spec.ts).
  await verifiedLicence(page.request, admin);
  const tenant = randomPhone();
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: tenant, rent: 96000 },
  });
  expect(created.status()).toBe(201);

  await consolePage.getByRole('tab', { name: 'الإحالات' }).click();
  await consolePage
    .getByRole('searchbox', { name: 'البحث بجوال المستأجر أو اسم الوسيط أو رمزه' })
    .fill(tenant);
  await expect(consolePage.getByText('إحالة واحدة', { exact: true })).toBeVisible();
  await consolePage.getByRole('button', { name: 'معالجة' }).click();
  const dialog = consolePage.getByRole('dialog');
  await dialog.getByLabel('الحالة').click();
  await consolePage.getByRole('option', { name: /تم توقيع العقد/ }).click();
  await expect(dialog.getByLabel('رقم عقد إيجار')).toBeVisible();
  // The contract's annual rent, prefilled with the declared one, prices the commission.
  const contractRent = dialog.getByLabel('الإيجار السنوي في العقد');
  await expect(contractRent).toHaveValue('96000');
  await expect(dialog.getByText('سيتم إنشاء عمولة للوسيط تلقائياً بقيمة ٩٦٠ ر.س.')).toBeVisible();
  // The lease as Ejar records it: its number and its first and last days (decision 069).
  const ejar = anEjarNumber();
  await dialog.getByLabel('رقم عقد إيجار').fill(ejar);
  await dialog.getByLabel('تاريخ بداية العقد').fill('2026-12-01');
  await dialog.getByLabel('تاريخ نهاية العقد').fill('2027-11-30');
  await contractRent.fill('٣٠٠٠٠٠٠');
  await expect(dialog.getByText('الإيجار السنوي يجب ألا يتجاوز ٢٬٠٠٠٬٠٠٠ ر.س')).toBeVisible();
  await contractRent.fill('');
  await dialog.getByRole('button', { name: 'حفظ التغييرات' }).click();
  await expect(dialog.getByText('يرجى إدخال الإيجار السنوي في العقد بالأرقام')).toBeVisible();
  await contractRent.fill('١٢٠٠٠٠');
  await expect(dialog.getByText('سيتم إنشاء عمولة للوسيط تلقائياً بقيمة ١٬٢٠٠ ر.س.')).toBeVisible();
  await expectNoAxeViolations(consolePage);
  await dialog.getByRole('button', { name: 'حفظ التغييرات' }).click();
  await expectToast(consolePage, 'تم تحديث حالة الإحالة');

  await consolePage.getByRole('tab', { name: 'العمولات' }).click();
  await consolePage.getByRole('searchbox', { name: 'البحث باسم الوسيط أو جواله' }).fill(phone);
  await expect(consolePage.getByText('عمولة واحدة', { exact: true })).toBeVisible();
  const card = entries(consolePage).filter({ hasText: 'تركي العمري' });
  await expect(card.getByText('١٬٢٠٠ ر.س')).toBeVisible();
  await card.getByRole('button', { name: 'تأكيد الدفع' }).click();
  const payment = consolePage.getByRole('dialog', { name: 'تأكيد دفع العمولة' });
  await payment.getByLabel('مرجع التحويل (اختياري)').fill('TRX-55120');
  await payment.getByRole('button', { name: 'تأكيد الدفع' }).click();
  await expectToast(consolePage, 'تم تأكيد الدفع');
  await expect(card.getByText('مدفوعة', { exact: true })).toBeVisible();
  await expectNoAxeViolations(consolePage);
  await context.close();

  // Exactly one commission, paid, on the broker's side.
  const list = (
    (await (await page.request.get('/api/commissions')).json()) as {
      items: { amount: string; status: string }[];
    }
  ).items;
  expect(list).toEqual([expect.objectContaining({ amount: '1200.00', status: 'paid' })]);

  // The operations team exports each list, filtered as on screen, and opens the files.
  const exportPage = await (
    await browser.newContext({
      storageState: await admin.storageState(),
      viewport: page.viewportSize() ?? undefined,
    })
  ).newPage();
  await exportPage.goto('/admin');
  const tabs = [
    {
      tab: 'الوسطاء',
      search: 'البحث بالاسم أو الجوال أو رمز الوسيط',
      value: phone,
      file: 'brokers',
    },
    {
      tab: 'الإحالات',
      search: 'البحث بجوال المستأجر أو اسم الوسيط أو رمزه',
      value: tenant,
      file: 'referrals',
    },
    { tab: 'العمولات', search: 'البحث باسم الوسيط أو جواله', value: phone, file: 'commissions' },
  ];
  const sheets: Record<string, ExcelJS.CellValue[][]> = {};
  const calc: Record<string, string[][]> = {};
  for (const { tab, search, value, file } of tabs) {
    await exportPage.getByRole('tab', { name: tab }).click();
    await exportPage.getByRole('searchbox', { name: search }).fill(value);
    // One match: «وسيط واحد», «إحالة واحدة», «عمولة واحدة».
    await expect(exportPage.getByText(/^(وسيط|إحالة|عمولة) واحدة?$/)).toBeVisible();
    const [download] = await Promise.all([
      exportPage.waitForEvent('download'),
      exportPage.getByRole('button', { name: 'تصدير ملف إكسل' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^${file}_\\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
    );
    sheets[file] = await readSheet(await download.path());
    calc[file] = await openInLibreOffice(await download.path());
  }
  expect(sheets.brokers?.[1]?.slice(0, 2)).toEqual(['تركي العمري', phone]);
  expect(sheets.referrals).toHaveLength(2);
  expect(sheets.referrals?.[1]?.[2]).toBe(tenant);
  expect(sheets.referrals?.[0]?.slice(9, 12)).toEqual([
    'رقم عقد إيجار',
    'بداية العقد',
    'نهاية العقد',
  ]);
  expect(sheets.referrals?.[1]?.[9]).toBe(ejar);
  expect(sheets.commissions?.[1]?.slice(0, 3)).toEqual([1200, 1200, 'مدفوعة']);
  expect(sheets.commissions?.[1]?.[9]).toBe('TRX-55120');
  // LibreOffice opens each file and shows the same rows: Arabic headers, phones kept as text
  // with their leading zero, the amounts and dates as Calc formats them.
  expect(calc.brokers?.[0]?.slice(0, 3)).toEqual(['الاسم', 'الجوال', 'رمز الوسيط']);
  expect(calc.brokers?.[1]?.slice(0, 2)).toEqual(['تركي العمري', phone]);
  expect(calc.referrals).toHaveLength(2);
  expect(calc.referrals?.[1]?.slice(1, 3)).toEqual(['تم توقيع العقد', tenant]);
  expect(calc.referrals?.[1]?.[6]).toBe('96,000.00');
  expect(calc.commissions?.[1]?.slice(0, 3)).toEqual(['1,200.00', '1,200.00', 'مدفوعة']);
  expect(calc.commissions?.[1]?.[10]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await exportPage.context().close();
});

test('a failed export says so', async ({ page, admin }) => {
  await page.context().addCookies((await admin.storageState()).cookies);
  await page.route('**/api/admin/export/**', (route) => route.fulfill({ status: 500 }));
  await page.goto('/admin');
  await page.getByRole('button', { name: 'تصدير ملف إكسل' }).click();
  await expectToast(page, 'فشل في تصدير البيانات');
  await expectToast(page, 'حدث خطأ أثناء تصدير البيانات');
  await expectNoAxeViolations(page);
});

test('the messaging tab switches the tenant SMS off with a warning, and on again', async ({
  page,
  admin,
}) => {
  await page.context().addCookies((await admin.storageState()).cookies);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'إعدادات الرسائل' }).click();
  const toggle = page.getByRole('switch', { name: 'الرسائل النصية التلقائية للمستأجرين' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByText(/الرسائل متوقفة/)).toBeVisible();
  await expectNoAxeViolations(page);
  await toggle.click();
  await expect(toggle).toBeChecked();
});

test('a super-admin grants and removes the admin and super-admin roles; the protected account stays', async ({
  page,
  browser,
  superAdmin: root,
  readyBroker,
}) => {
  const brokerPage = await browser.newPage();
  const phone = await readyBroker(brokerPage, 'ماجد الغامدي');
  await brokerPage.close();
  await page.context().addCookies((await root.storageState()).cookies);
  await page.goto('/user-management');
  await expect(page.getByRole('heading', { name: 'إدارة المستخدمين' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'البحث بالجوال أو الاسم أو رمز الوسيط' }).fill(phone);
  const adminSwitch = page.getByRole('switch', { name: 'صلاحية المشرف: ماجد الغامدي' });
  await expect(adminSwitch).toHaveCount(1);
  await expect(adminSwitch).not.toBeChecked();
  // Each switch asks first: the dialog names the person and the role.
  const confirmRole = async (title: string, button: string) => {
    await page.getByRole('dialog', { name: title }).getByRole('button', { name: button }).click();
  };
  await adminSwitch.click();
  await confirmRole('منح صلاحية المشرف', 'تأكيد المنح');
  await expectToast(page, 'تم تحديث الصلاحيات');
  await expect(adminSwitch).toBeChecked();
  await expectNoAxeViolations(page);
  await adminSwitch.click();
  await confirmRole('سحب صلاحية المشرف', 'تأكيد السحب');
  await expect(adminSwitch).not.toBeChecked();
  const superSwitch = page.getByRole('switch', { name: 'صلاحية المشرف العام: ماجد الغامدي' });
  await superSwitch.click();
  await confirmRole('منح صلاحية المشرف العام', 'تأكيد المنح');
  await expectToast(page, 'تم تحديث الصلاحيات');
  await expect(superSwitch).toBeChecked();
  await superSwitch.click();
  await confirmRole('سحب صلاحية المشرف العام', 'تأكيد السحب');
  await expect(superSwitch).not.toBeChecked();

  // The protected account's rights cannot be touched, nor the account deleted.
  const search = page.getByRole('searchbox', { name: 'البحث بالجوال أو الاسم أو رمز الوسيط' });
  await search.fill('0550000009');
  await expect(
    page.getByRole('switch', { name: 'صلاحية المشرف العام: المشرف العام' }),
  ).toBeDisabled();
  await expect(page.getByRole('switch', { name: 'صلاحية المشرف: المشرف العام' })).toBeDisabled();
  await page.goto('/admin?tab=brokers');
  await page
    .getByRole('searchbox', { name: 'البحث بالاسم أو الجوال أو رمز الوسيط' })
    .fill('0550000009');
  const protectedCard = entries(page).filter({ hasText: '0550000009' });
  await expect(protectedCard.getByRole('button', { name: 'التفاصيل' })).toBeVisible();
  await expect(protectedCard.getByRole('button', { name: 'حذف' })).toHaveCount(0);
  await page.goto('/user-management');

  await page.getByRole('link', { name: 'سجل التدقيق' }).click();
  await expect(page.getByRole('heading', { name: 'سجل التدقيق' })).toBeVisible();
  await expect(page.getByText('تغيير الصلاحيات').first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a super-admin selects several brokers and deletes them at once', async ({
  page,
  superAdmin: root,
}) => {
  const marker = uniqueName('حذف جماعي');
  const phones = [randomPhone(), randomPhone(), randomPhone()];
  for (const phone of phones) {
    await createAccount(page.request, phone);
    await signIn(page, phone);
    await page.request.put('/api/broker/profile', { data: { fullName: marker } });
    await page.request.post('/api/auth/logout');
  }
  await page.context().addCookies((await root.storageState()).cookies);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'الوسطاء' }).click();
  await page.getByRole('searchbox', { name: 'البحث بالاسم أو الجوال أو رمز الوسيط' }).fill(marker);
  await expect(page.getByText('٣ وسطاء', { exact: true })).toBeVisible();
  await entries(page)
    .filter({ hasText: marker })
    .first()
    .getByRole('button', { name: 'التفاصيل' })
    .click();
  const details = page.getByRole('dialog', { name: marker });
  await expect(details.getByText('عدد الإحالات')).toBeVisible();
  await details.getByRole('button', { name: 'إغلاق' }).click();

  await page.getByRole('checkbox', { name: 'تحديد الكل في هذه الصفحة' }).check();
  await page.getByRole('button', { name: 'حذف المحدد (٣)' }).click();
  const confirm = page.getByRole('dialog', { name: 'حذف ٣ وسطاء' });
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'تأكيد الحذف' }).click();
  await expectToast(page, 'تم حذف ٣ من ٣');
  await expect(page.getByText('لا يوجد وسطاء مطابقون')).toBeVisible();
  const left = await root.get(`/api/superadmin/users?search=${encodeURIComponent(marker)}`);
  expect(((await left.json()) as { total: number }).total).toBe(0);
});

test('a super-admin deletes referrals in bulk and singly; one whose commission is paid stays', async ({
  page,
  browser,
  superAdmin: root,
  readyBroker,
}) => {
  const marker = uniqueName('حذف إحالات');
  const brokerPage = await browser.newPage();
  await readyBroker(brokerPage, marker);
  const ids: string[] = [];
  for (const tenantPhone of [randomPhone(), randomPhone(), randomPhone()]) {
    const created = await brokerPage.request.post('/api/referrals', {
      data: { tenantPhone, rent: 50000 },
    });
    ids.push(((await created.json()) as { id: string }).id);
  }
  await brokerPage.close();
  // The oldest is signed and its commission paid: a payment record, never deleted.
  await root.put(`/api/admin/referrals/${ids[0]}/status`, {
    data: { status: 'contract_signed', ...aLease(50000) },
  });
  const commissions = (await (
    await root.get(`/api/admin/commissions?search=${encodeURIComponent(marker)}`)
  ).json()) as { items: { id: string }[] };
  const paid = await root.post(
    `/api/admin/commissions/${commissions.items[0]?.id}/confirm-payment`,
    { data: {} },
  );
  expect(paid.ok()).toBe(true);

  await page.context().addCookies((await root.storageState()).cookies);
  await page.goto('/admin?tab=referrals');
  await page
    .getByRole('searchbox', { name: 'البحث بجوال المستأجر أو اسم الوسيط أو رمزه' })
    .fill(marker);
  await expect(page.getByText('٣ إحالات', { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: 'تحديد الكل في هذه الصفحة' }).check();
  await page.getByRole('button', { name: 'حذف المحدد (٣)' }).click();
  const confirm = page.getByRole('dialog', { name: 'حذف ٣ إحالات' });
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'تأكيد الحذف' }).click();
  await expectToast(page, 'اكتمل الحذف جزئياً');
  await expectToast(page, 'تم حذف ٢ وتعذّر حذف ١');
  await expect(page.getByText('إحالة واحدة', { exact: true })).toBeVisible();

  // Singly: refused with the server's reason, and the referral is still there. Deletion sits
  // behind the card's «…» menu.
  await page.getByRole('button', { name: /^إجراءات أخرى: الإحالة/ }).click();
  await page.getByRole('menuitem', { name: 'حذف' }).click();
  await page
    .getByRole('dialog', { name: 'حذف الإحالة' })
    .getByRole('button', { name: 'تأكيد الحذف' })
    .click();
  await expectToast(page, 'لا يمكن حذف إحالة دُفعت عمولتها أو جزء منها، فهي جزء من سجل المدفوعات');
  await expect(page.getByText('إحالة واحدة', { exact: true })).toBeVisible();
});

test('the analytics tab charts referrals and commissions right to left with Arabic digits', async ({
  browser,
  page,
  admin,
  readyBroker,
}) => {
  const phone = await readyBroker(page, 'سلمان القحطاني');
  expect(phone).toMatch(/^05/);
  // Six referrals put him among the top ten whatever the other journeys running beside this
  // one create (the demo broker has four; ties fall to the random broker code).
  for (let i = 0; i < 6; i++) {
    const created = await page.request.post('/api/referrals', {
      data: { tenantPhone: randomPhone(), rent: 70000 },
    });
    expect(created.status()).toBe(201);
  }
  const context = await browser.newContext({
    storageState: await admin.storageState(),
    viewport: page.viewportSize() ?? undefined,
  });
  const consolePage = await context.newPage();
  await consolePage.goto('/admin');
  await consolePage.getByRole('tab', { name: 'التحليلات' }).click();
  await expect(
    consolePage.getByRole('heading', { name: 'مسار الإحالات من الإرسال إلى توقيع العقد' }),
  ).toBeVisible();
  const weekly = consolePage.getByRole('figure', { name: 'مخطط الإحالات أسبوعياً حسب الحالة' });
  await expect(weekly.locator('.recharts-wrapper > svg')).toBeVisible();
  // Axis ticks are Arabic-Indic, and the value axis stands on the right.
  const tickValues = weekly.locator(
    '.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value',
  );
  await expect(tickValues.first()).toBeVisible();
  const ticks = await tickValues.allTextContents();
  expect(ticks.length).toBeGreaterThan(1);
  for (const tick of ticks) expect(tick).toMatch(/^[٠-٩٬]+$/);
  const axis = await weekly.locator('.recharts-yAxis-tick-labels').boundingBox();
  const chart = await weekly.locator('.recharts-wrapper > svg').boundingBox();
  expect(axis && chart && axis.x > chart.x + chart.width / 2).toBe(true);
  await expect(consolePage.getByRole('cell', { name: /سلمان القحطاني/ }).first()).toBeVisible();

  // The dates are chosen as day, month and year, no longer typed ISO.
  const from = consolePage.getByRole('group', { name: 'من تاريخ' });
  await from.getByLabel('اليوم').selectOption('1');
  await from.getByLabel('الشهر').selectOption('1');
  await from.getByLabel('السنة').selectOption('2020');
  const to = consolePage.getByRole('group', { name: 'إلى تاريخ' });
  await to.getByLabel('اليوم').selectOption('31');
  await to.getByLabel('الشهر').selectOption('1');
  await to.getByLabel('السنة').selectOption('2020');
  await expect(
    consolePage.getByText('لا توجد إحالات في هذه الفترة.', { exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(consolePage);
  await context.close();
});

test('in the admin view, /dashboard and /referrals show the operations dashboard and the referrals overview', async ({
  page,
  browser,
  admin,
  readyBroker,
}) => {
  // A broker asks for activation; another broker's tenant has sent the data.
  const waiting = randomPhone();
  await createAccount(page.request, waiting);
  await signIn(page, waiting);
  await page.request.put('/api/broker/profile', { data: { fullName: 'فهد الدوسري' } });
  expect((await page.request.post('/api/broker/request-activation')).ok()).toBe(true);
  await page.request.post('/api/auth/logout');
  await readyBroker(page, 'نايف الحربي');
  const tenant = randomPhone();
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: tenant, rent: 84000 },
  });
  const { id } = (await created.json()) as { id: string };
  await submitTenantForm(page.request, admin, id, {
    name: 'ريم السبيعي',
    income: '15000',
    monthlyObligations: '3200',
    creditReportUrl: 'https://reports.example.sa/simah/88',
  });

  const context = await browser.newContext({
    storageState: await admin.storageState(),
    viewport: page.viewportSize() ?? undefined,
  });
  const consolePage = await context.newPage();
  await consolePage.goto('/dashboard');
  await consolePage.getByRole('button', { name: 'عرض المشرف' }).click();
  await expect(consolePage.getByRole('heading', { name: 'لوحة العمليات' })).toBeVisible();
  await expect(consolePage.getByRole('heading', { name: 'إحالات بانتظار المراجعة' })).toBeVisible();
  await expect(consolePage.getByRole('heading', { name: 'طلبات التحويل المفتوحة' })).toBeVisible();
  await expect(consolePage.getByRole('heading', { name: 'الإحالات أسبوعياً' })).toBeVisible();
  await expectNoAxeViolations(consolePage);
  await consolePage.getByRole('button', { name: `تفعيل فهد الدوسري ${waiting}` }).click();
  await expectToast(consolePage, 'تم تفعيل الحساب');
  await expect(
    consolePage.getByRole('button', { name: `تفعيل فهد الدوسري ${waiting}` }),
  ).toHaveCount(0);

  await consolePage.getByRole('link', { name: 'مراجعة الإحالات' }).click();
  await expect(consolePage.getByRole('heading', { name: 'نظرة عامة على الإحالات' })).toBeVisible();
  await consolePage
    .getByRole('searchbox', { name: 'البحث بالجوال أو اسم الوسيط أو رمزه أو رقم الإحالة' })
    .fill(tenant);
  await expect(consolePage.getByText('إحالة واحدة', { exact: true })).toBeVisible();
  await consolePage.getByRole('button', { name: /إحالة رقم/ }).click();
  const chosen = consolePage.getByRole('region', { name: 'الإحالة المختارة' });
  const international = `966${tenant.slice(1)}`;
  await expect(chosen.getByRole('link', { name: 'واتساب المستأجر' })).toHaveAttribute(
    'href',
    `https://wa.me/${international}`,
  );
  await expect(chosen.getByRole('link', { name: 'اتصال بالمستأجر' })).toHaveAttribute(
    'href',
    `tel:+${international}`,
  );
  await expect(chosen.getByRole('link', { name: 'واتساب الوسيط' })).toBeVisible();
  await expect(chosen.getByText('ريم السبيعي')).toBeVisible();
  await expect(chosen.getByText('١٥٬٠٠٠ ر.س')).toBeVisible();
  await expect(chosen.getByText('٣٬٢٠٠ ر.س')).toBeVisible();
  await expectNoAxeViolations(consolePage);

  // Back in the broker view, /referrals is the admin's own list again.
  await consolePage.getByRole('button', { name: 'عرض الوسيط' }).click();
  await expect(consolePage.getByRole('heading', { name: 'نظرة عامة على الإحالات' })).toHaveCount(0);
  await context.close();
});
