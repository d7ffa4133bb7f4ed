import type { Locator, Page } from '@playwright/test';
import { ibanFor } from '../src/server/test-support/iban.js';
import { expect, test } from './fixtures';
import {
  aLease,
  createAccount,
  expectNoAxeViolations,
  randomPhone,
  signIn,
  uniqueName,
} from './support';

/**
 * What users of polished products expect: resend-code with a countdown and a
 * show-password toggle on every code and password step; dense sortable admin tables on desktop
 * (cards stay on phones).
 */

const onPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/** The countdown's text: minutes and two-digit seconds, Arabic-Indic digits only. */
const COUNTING = /^إعادة الإرسال بعد [٠-٩]{1,2}:[٠-٩]{2}$/;

/** A toggle switches its field between hidden and shown, saying so with aria-pressed. */
async function expectPasswordToggle(page: Page, field: Locator, toggle: Locator) {
  await expect(field).toHaveAttribute('type', 'password');
  await expect(toggle).toHaveAccessibleName('إظهار كلمة المرور');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const box = await toggle.boundingBox();
  expect(box && box.width >= 44 && box.height >= 44).toBe(true);
  await toggle.click();
  await expect(field).toHaveAttribute('type', 'text');
  await expect(toggle).toHaveAccessibleName('إخفاء كلمة المرور');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page);
  await toggle.click();
  await expect(field).toHaveAttribute('type', 'password');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
}

/** The toggle inside the same field wrapper as the input. */
const toggleOf = (field: Locator) => field.locator('xpath=..').getByRole('button');

test('the sign-in code step counts down in Arabic-Indic digits before a code can be sent again, honouring the server’s wait', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/login');
  await page.getByLabel('رقم الجوال').fill(randomPhone());
  await page.getByRole('button', { name: 'متابعة' }).click();
  await expect(page.getByText('تم إرسال رمز التحقق إلى الرقم')).toBeVisible();

  const counting = page.getByRole('button', { name: /^إعادة الإرسال بعد/ });
  await expect(counting).toBeDisabled();
  await expect(counting).toHaveText(COUNTING);
  await expect(counting).toHaveText(/[١٠]:[٠-٥][٠-٩]$/);
  await expect(page.getByRole('button', { name: 'إعادة إرسال الرمز' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The password chosen on this step has its toggle too.
  const password = page.getByLabel('كلمة المرور الجديدة');
  await expectPasswordToggle(page, password, toggleOf(password));

  // A minute later the button opens; sending again restarts the countdown.
  await page.clock.fastForward('01:01');
  const resend = page.getByRole('button', { name: 'إعادة إرسال الرمز' });
  await expect(resend).toBeEnabled();
  await resend.click();
  await expect(page.getByText('تحقق من رسائلك النصية').first()).toBeVisible();
  await expect(counting).toBeDisabled();
  await expect(counting).toHaveText(COUNTING);

  // When the server refuses with a wait (429, Retry-After), the countdown is the server's.
  await page.clock.fastForward('01:01');
  await page.route('**/api/auth/send-otp', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'retry-after': '600' },
      contentType: 'application/json',
      body: JSON.stringify({
        message: 'محاولات كثيرة، يرجى المحاولة لاحقاً',
        code: 'TOO_MANY_ATTEMPTS',
        retryAfter: 600,
      }),
    }),
  );
  await resend.click();
  await expect(page.getByText('محاولات كثيرة، يرجى المحاولة لاحقاً')).toBeVisible();
  await expect(counting).toHaveText(/^إعادة الإرسال بعد (١٠:٠٠|٩:٥[٠-٩])$/);
  await expect(counting).toBeDisabled();
});

test('the phone app’s code step and the reset code step count down too', async ({ page }) => {
  await page.clock.install();
  for (const { path, send } of [
    { path: '/mobile', send: 'متابعة' },
    { path: '/reset-password', send: 'إرسال رمز التحقق' },
  ]) {
    await page.goto(path);
    await page.getByLabel('رقم الجوال').fill(randomPhone());
    await page.getByRole('button', { name: send }).click();
    await expect(page.getByLabel('رمز التحقق')).toBeVisible();
    const counting = page.getByRole('button', { name: /^إعادة الإرسال بعد/ });
    await expect(counting).toBeDisabled();
    await expect(counting).toHaveText(COUNTING);
    await page.clock.fastForward('01:01');
    await expect(page.getByRole('button', { name: 'إعادة إرسال الرمز' })).toBeEnabled();
    await expectNoAxeViolations(page);
  }
});

test('every password field of sign-in and change password shows and hides its password', async ({
  page,
}) => {
  const phone = randomPhone();
  await createAccount(page.request, phone);
  await page.goto('/login');
  await page.getByLabel('رقم الجوال').fill(phone);
  await page.getByRole('button', { name: 'متابعة' }).click();
  const password = page.getByLabel('كلمة المرور', { exact: true });
  await expectPasswordToggle(page, password, toggleOf(password));

  await signIn(page, phone);
  await page.goto('/mobile-change-password');
  await expect(page.getByRole('heading', { name: 'تغيير كلمة المرور' })).toBeVisible();
  const fields = ['كلمة المرور الحالية', 'كلمة المرور الجديدة', 'تأكيد كلمة المرور الجديدة'];
  await expect(page.getByRole('button', { name: 'إظهار كلمة المرور' })).toHaveCount(3);
  for (const label of fields) {
    const field = page.getByLabel(label, { exact: true });
    await field.fill('secret123');
    await expectPasswordToggle(page, field, toggleOf(field));
    await expect(field).toHaveValue('secret123');
  }
});

/** The texts of one column of a table, top to bottom, found by its header. */
async function columnTexts(table: Locator, header: string): Promise<string[]> {
  return table.evaluate((element, name) => {
    const tableElement = element as HTMLTableElement;
    const headers = [...(tableElement.tHead?.rows[0]?.cells ?? [])];
    const index = headers.findIndex((cell) => cell.textContent?.trim() === name);
    return [...(tableElement.tBodies[0]?.rows ?? [])].map(
      (row) => row.cells[index]?.textContent?.trim() ?? '',
    );
  }, header);
}

const sorted = (values: string[]) => [...values].sort();

test('admin referrals: a table sorted by its headers on desktop, cards on a phone', async ({
  page,
  browser,
  admin,
  readyBroker,
}) => {
  const marker = uniqueName('ترتيب الإحالات');
  const brokerPage = await browser.newPage();
  await readyBroker(brokerPage, marker);
  const tenants = [randomPhone(), randomPhone(), randomPhone()];
  for (const tenantPhone of tenants) {
    const created = await brokerPage.request.post('/api/referrals', {
      data: { tenantPhone, rent: 60000 },
    });
    expect(created.status()).toBe(201);
  }
  await brokerPage.close();

  await page.context().addCookies((await admin.storageState()).cookies);
  await page.goto('/admin?tab=referrals');
  await page
    .getByRole('searchbox', { name: 'البحث بجوال المستأجر أو اسم الوسيط أو رمزه' })
    .fill(marker);

  if (onPhone(page)) {
    await expect(page.getByRole('listitem').filter({ hasText: marker })).toHaveCount(3);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoAxeViolations(page);
    return;
  }

  const table = page.getByRole('table', { name: 'الإحالات' });
  await expect(table.locator('tbody tr')).toHaveCount(3);
  const submitted = table.getByRole('columnheader', { name: 'تاريخ التقديم' });
  const phone = table.getByRole('columnheader', { name: 'جوال المستأجر' });
  const number = table.getByRole('columnheader', { name: 'الرقم' });
  // Newest submission first, as the server lists them unless asked.
  await expect(submitted).toHaveAttribute('aria-sort', 'descending');
  await expect(phone).not.toHaveAttribute('aria-sort');
  expect(await columnTexts(table, 'جوال المستأجر')).toEqual([...tenants].reverse());
  await expectNoAxeViolations(page);

  await phone.getByRole('button', { name: 'جوال المستأجر' }).click();
  await expect(phone).toHaveAttribute('aria-sort', 'ascending');
  await expect(submitted).not.toHaveAttribute('aria-sort');
  await expect.poll(() => columnTexts(table, 'جوال المستأجر')).toEqual(sorted(tenants));
  await phone.getByRole('button', { name: 'جوال المستأجر' }).click();
  await expect(phone).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => columnTexts(table, 'جوال المستأجر')).toEqual(sorted(tenants).reverse());

  await number.getByRole('button', { name: 'الرقم' }).click();
  await expect(number).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => columnTexts(table, 'جوال المستأجر')).toEqual([...tenants].reverse());
  await number.getByRole('button', { name: 'الرقم' }).click();
  await expect(number).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => columnTexts(table, 'جوال المستأجر')).toEqual(tenants);
  // Numbers in Arabic-Indic digits.
  for (const text of await columnTexts(table, 'الرقم')) expect(text).toMatch(/^[٠-٩]+$/);

  // A row's actions are reached and used from the keyboard.
  const firstRow = table.locator('tbody tr').first();
  await firstRow.getByRole('button', { name: 'معالجة' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('admin brokers: a table sorted by its headers on desktop, cards on a phone', async ({
  page,
  admin,
}) => {
  const marker = uniqueName('ترتيب الوسطاء');
  const phones = [randomPhone(), randomPhone(), randomPhone()];
  for (const phone of phones) {
    await createAccount(page.request, phone);
    await signIn(page, phone);
    await page.request.put('/api/broker/profile', { data: { fullName: marker } });
    await page.request.post('/api/auth/logout');
  }
  await page.context().addCookies((await admin.storageState()).cookies);
  await page.goto('/admin?tab=brokers');
  await page.getByRole('searchbox', { name: 'البحث بالاسم أو الجوال أو رمز الوسيط' }).fill(marker);

  if (onPhone(page)) {
    await expect(page.getByRole('listitem').filter({ hasText: marker })).toHaveCount(3);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoAxeViolations(page);
    return;
  }

  const table = page.getByRole('table', { name: 'الوسطاء' });
  await expect(table.locator('tbody tr')).toHaveCount(3);
  const registered = table.getByRole('columnheader', { name: 'تاريخ التسجيل' });
  const phone = table.getByRole('columnheader', { name: 'الجوال' });
  await expect(registered).toHaveAttribute('aria-sort', 'descending');
  expect(await columnTexts(table, 'الجوال')).toEqual([...phones].reverse());
  await expectNoAxeViolations(page);

  await phone.getByRole('button', { name: 'الجوال' }).click();
  await expect(phone).toHaveAttribute('aria-sort', 'ascending');
  await expect(registered).not.toHaveAttribute('aria-sort');
  await expect.poll(() => columnTexts(table, 'الجوال')).toEqual(sorted(phones));
  await phone.getByRole('button', { name: 'الجوال' }).click();
  await expect(phone).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => columnTexts(table, 'الجوال')).toEqual(sorted(phones).reverse());

  await registered.getByRole('button', { name: 'تاريخ التسجيل' }).click();
  await expect(registered).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => columnTexts(table, 'الجوال')).toEqual([...phones].reverse());
  await registered.getByRole('button', { name: 'تاريخ التسجيل' }).click();
  await expect(registered).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => columnTexts(table, 'الجوال')).toEqual(phones);

  // Details open from the keyboard.
  await table.locator('tbody tr').first().getByRole('button', { name: 'التفاصيل' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: marker })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectNoAxeViolations(page);
});

test('admin commissions, users and the audit log: tables on desktop (commissions sorted by date), cards on a phone', async ({
  page,
  browser,
  admin,
  superAdmin,
  readyBroker,
}) => {
  const marker = uniqueName('ترتيب العمولات');
  const brokerPage = await browser.newPage();
  const brokerPhone = await readyBroker(brokerPage, marker);
  const tenants = [randomPhone(), randomPhone()];
  // The table's tenant column names the lease under the phone: «رقم عقد إيجار …».
  const signedTenants: string[] = [];
  for (const tenantPhone of tenants) {
    const created = await brokerPage.request.post('/api/referrals', {
      data: { tenantPhone, rent: 80000 },
    });
    const { id } = (await created.json()) as { id: string };
    const lease = aLease(80000);
    const signed = await admin.put(`/api/admin/referrals/${id}/status`, {
      data: { status: 'contract_signed', ...lease },
    });
    expect(signed.ok()).toBe(true);
    signedTenants.push(`${tenantPhone}رقم عقد إيجار ${lease.contractId}`);
  }
  const transfer = await brokerPage.request.post('/api/commissions/request-transfer', {
    data: { amount: 500, bankAccount: ibanFor(brokerPhone), password: 'secret123' },
  });
  expect(transfer.ok()).toBe(true);
  await brokerPage.close();

  await page.context().addCookies((await admin.storageState()).cookies);
  await page.goto('/admin?tab=commissions');
  await page.getByRole('searchbox', { name: 'البحث باسم الوسيط أو جواله' }).fill(marker);
  if (onPhone(page)) {
    // The two commissions, and the open transfer request.
    await expect(page.getByRole('listitem').filter({ hasText: marker })).toHaveCount(3);
    await expect(page.getByRole('table')).toHaveCount(0);
  } else {
    const request = page
      .getByRole('table', { name: 'طلبات التحويل المفتوحة' })
      .getByRole('row')
      .filter({ hasText: marker });
    await expect(request.getByRole('button', { name: 'تم التحويل' })).toBeVisible();
    await expect(request.getByRole('button', { name: 'رفض' })).toBeVisible();
    const table = page.getByRole('table', { name: 'العمولات' });
    await expect(table.locator('tbody tr')).toHaveCount(2);
    const created = table.getByRole('columnheader', { name: 'تاريخ الإنشاء' });
    await expect(created).toHaveAttribute('aria-sort', 'descending');
    const tenantColumn = 'المستأجر وعقد إيجار';
    expect(await columnTexts(table, tenantColumn)).toEqual([...signedTenants].reverse());
    await created.getByRole('button', { name: 'تاريخ الإنشاء' }).click();
    await expect(created).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => columnTexts(table, tenantColumn)).toEqual(signedTenants);
  }
  await expectNoAxeViolations(page);

  await page.context().addCookies((await superAdmin.storageState()).cookies);
  for (const { path, table } of [
    { path: '/user-management', table: 'المستخدمون' },
    { path: '/audit-log', table: 'سجل التدقيق' },
  ]) {
    await page.goto(path);
    if (onPhone(page)) {
      await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
    } else {
      await expect(
        page.getByRole('table', { name: table }).locator('tbody tr').first(),
      ).toBeVisible();
    }
    await expectNoAxeViolations(page);
  }
});
