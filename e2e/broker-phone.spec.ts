import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ibanFor } from '../src/server/test-support/iban.js';
import { expect, test } from './fixtures';
import {
  aLease,
  createAccount,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  randomPhone,
  signIn,
} from './support';

/** A phone number typed on an Arabic keyboard: ٠-٩ instead of 0-9. */
const arabicDigits = (s: string) => s.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] ?? d);
/** The same on a Persian keyboard: ۰-۹. */
const persianDigits = (s: string) => s.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d);

const IBAN = 'SA0380000000608010167519';
const phoneWidth = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/** A referral of the signed-in broker, with its annual rent; its id. */
async function aReferral(page: Page, tenantPhone: string, rent?: number): Promise<string> {
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone, ...(rent ? { rent } : {}) },
  });
  expect(created.ok()).toBe(true);
  return ((await created.json()) as { id: string }).id;
}

/**
 * The admin signs the contract at the declared rent: a commission of 1% of the rent (at least
 * 500) is created.
 */
async function signContract(admin: APIRequestContext, id: string, rent: number): Promise<void> {
  const signed = await admin.put(`/api/admin/referrals/${id}/status`, {
    data: { status: 'contract_signed', ...aLease(rent) },
  });
  expect(signed.ok()).toBe(true);
}

/** The element is shown whole within the screen's width. */
async function expectInsideScreen(page: Page, locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
}

/** Every visible link, button and field inside the page's main area is at least 44 px tall. */
async function expectTouchTargets(page: Page): Promise<void> {
  const small = await page
    .locator('main a, main button, main input, main [role="combobox"]')
    .evaluateAll((elements) =>
      elements
        .filter((e) => (e as HTMLElement).offsetParent !== null)
        .map((e) => ({ text: (e.textContent ?? '').trim(), box: e.getBoundingClientRect() }))
        .filter(({ box }) => box.height > 0 && box.height < 44)
        .map(({ text, box }) => `${text} (${Math.round(box.height)} px)`),
    );
  expect(small).toEqual([]);
}

/** A tile of the commission summary holds this amount under this label. */
async function expectTile(page: Page, label: string, amount: string): Promise<void> {
  const tiles = page.getByRole('region', { name: 'ملخص العمولات' });
  await expect(tiles.getByText(label, { exact: true }).locator('xpath=../..')).toContainText(
    amount,
  );
}

test('the referral list is cards on a phone, filters behind «تصفية», sign-in lands in the phone app, broker pages fit 360 px', async ({
  page,
  readyBroker,
}) => {
  test.slow(); // Six pages at 360 px and a sign-in through the screens.
  const phone = await readyBroker(page, 'ريم الدوسري');
  const tenant = randomPhone();
  const id = await aReferral(page, tenant, 48000);
  await page.request.post('/api/auth/logout');

  // Signing in from the landing page: the phone app on a phone, the desktop dashboard otherwise.
  await page.goto('/');
  await page.getByRole('link', { name: 'ابدأ الآن مجاناً' }).click();
  await page.getByLabel('رقم الجوال').fill(phone);
  await page.getByRole('button', { name: 'متابعة' }).click();
  await page.getByLabel('كلمة المرور').fill('secret123');
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  if (phoneWidth(page)) {
    await expect(page).toHaveURL(/\/mobile-dashboard$/);
    await expect(page.getByRole('heading', { name: 'أهلاً، ريم الدوسري' })).toBeVisible();
  } else {
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'مرحباً، ريم الدوسري' })).toBeVisible();
  }

  await page.goto('/referrals');
  await expect(page.getByRole('heading', { name: 'إحالاتي' })).toBeVisible();
  if (phoneWidth(page)) {
    // Each referral a card inside the screen, not a row of a 720 px table; the filters folded
    // so the list starts on the first screen.
    await expect(page.getByLabel('رقم الجوال')).toBeHidden();
    const card = page.getByRole('row').filter({ hasText: tenant });
    await expect(card).toContainText('في انتظار إكمال الطلب');
    await expect(card).toContainText('الإيجار السنوي: ٤٨٬٠٠٠ ر.س');
    await expect(card.getByRole('link', { name: `اتصال بالرقم ${tenant}` })).toHaveAttribute(
      'href',
      `tel:+966${tenant.slice(1)}`,
    );
    await expectInsideScreen(page, card.getByRole('link', { name: 'التفاصيل' }));
    await expectInsideScreen(page, card.getByRole('link', { name: `اتصال بالرقم ${tenant}` }));
    await expectInsideScreen(page, card.getByText('في انتظار إكمال الطلب'));
    await expectNoSidewaysScroll(page);
    const toggle = page.getByRole('button', { name: 'تصفية' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel('رقم الجوال')).toBeVisible();
  } else {
    await expect(page.getByRole('button', { name: 'تصفية' })).toBeHidden();
    await expect(page.getByLabel('رقم الجوال')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: tenant })).toBeVisible();
  }
  await expectNoAxeViolations(page);

  // Every desktop page a broker can reach, at 360 px: no sideways scrolling.
  await page.setViewportSize({ width: 360, height: 780 });
  for (const path of [
    '/dashboard',
    '/referrals',
    `/referral/${id}`,
    '/new-referral',
    '/commissions',
    '/profile',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
  await page.goto('/referrals');
  const card = page.getByRole('row').filter({ hasText: tenant });
  await expectInsideScreen(page, card.getByRole('link', { name: 'التفاصيل' }));
  await expectTouchTargets(page);
  await card.getByRole('link', { name: 'التفاصيل' }).click();
  await expect(page).toHaveURL(new RegExp(`/referral/${id}$`));
  await expect(page.getByRole('heading', { name: 'تفاصيل الإحالة' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('Arabic-keyboard digits in the transfer amount, the phone filter and the rent', async ({
  page,
  admin,
  readyBroker,
}) => {
  test.slow(); // Three screens, each with its own referral set-up.
  const brokerPhone = await readyBroker(page);
  // An IBAN of the broker's own: saved before the request, one shared with other journeys'
  // brokers would raise the shared-IBAN signal and hold the money.
  const iban = ibanFor(brokerPhone);
  const tenant = randomPhone();
  await signContract(admin, await aReferral(page, tenant, 84000), 84000);
  const other = randomPhone();
  await aReferral(page, other);

  // The phone filter of /referrals: ٠-٩ and ۰-۹ filter like 0-9.
  await page.goto('/referrals');
  if (phoneWidth(page)) await page.getByRole('button', { name: 'تصفية' }).click();
  const results = page.getByRole('row');
  await expect(results.filter({ hasText: other })).toBeVisible();
  await page.getByLabel('رقم الجوال').pressSequentially(arabicDigits(tenant.slice(0, 4)));
  await expect(page.getByLabel('رقم الجوال')).toHaveValue(tenant.slice(0, 4));
  await page.getByLabel('رقم الجوال').fill(arabicDigits(tenant.slice(-6)));
  await expect(page.getByLabel('رقم الجوال')).toHaveValue(tenant.slice(-6));
  await expect(results.filter({ hasText: tenant })).toBeVisible();
  await expect(results.filter({ hasText: other })).toHaveCount(0);
  await page.getByLabel('رقم الجوال').fill(persianDigits(tenant.slice(-6)));
  await expect(results.filter({ hasText: tenant })).toBeVisible();
  await expect(results.filter({ hasText: other })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The transfer amount: ٥٠٠ typed on an Arabic keyboard is kept and sent as 500. The IBAN is
  // on the profile already, so the request asks no password.
  expect(
    (
      await page.request.put('/api/broker/bank-account', {
        data: { iban, password: 'secret123' },
      })
    ).ok(),
  ).toBe(true);
  await page.goto('/commissions');
  await expect(page.getByText('المتاح للتحويل: ٨٤٠ ر.س')).toBeVisible();
  await page.getByLabel('المبلغ المطلوب (ر.س)').pressSequentially('٥٠٠');
  await expect(page.getByLabel('المبلغ المطلوب (ر.س)')).toHaveValue('٥٠٠');
  await page.getByLabel('رقم الآيبان', { exact: true }).fill(iban);
  const sent = page.waitForRequest(
    (r) => r.url().endsWith('/api/commissions/request-transfer') && r.method() === 'POST',
  );
  await page.getByRole('button', { name: 'إرسال طلب التحويل' }).click();
  expect((await sent).postDataJSON()).toEqual({ amount: 500, bankAccount: iban });
  await expectToast(page, 'تم إرسال طلب التحويل للمراجعة');
  await expect(page.getByText('المتاح للتحويل: ٣٤٠ ر.س')).toBeVisible();

  // The rent of a new referral, on the desktop and the phone form.
  await page.goto('/new-referral');
  const third = randomPhone();
  await page.getByLabel('رقم جوال المستأجر').fill(arabicDigits(third));
  await page.getByLabel('الإيجار السنوي بالريال (اختياري)').pressSequentially('٦٠٠٠٠');
  await page.getByRole('button', { name: 'إرسال الطلب' }).click();
  await expectToast(page, 'تم إنشاء الطلب بنجاح');
  const list = await page.request.get(`/api/referrals?phone=${third}`);
  expect(((await list.json()) as { items: { rentAmount: number }[] }).items).toMatchObject([
    { rentAmount: 60000 },
  ]);
  await expectNoAxeViolations(page);
});

test('the commission tiles add up after a transfer request; the IBAN is masked in the list', async ({
  page,
  admin,
  readyBroker,
}) => {
  await readyBroker(page);
  await signContract(admin, await aReferral(page, randomPhone(), 84000), 84000);

  await page.goto('/commissions');
  await expectTile(page, 'إجمالي العمولات', '٨٤٠ ر.س');
  await expectTile(page, 'قيد التحويل', '٠ ر.س');
  await page.getByLabel('المبلغ المطلوب (ر.س)').fill('300');
  await page.getByLabel('رقم الآيبان', { exact: true }).fill('SA03 8000 0000 6080 1016 7519');
  // The first IBAN becomes the profile's: the password again (decision record 050).
  await page.getByLabel('كلمة المرور الحالية').fill('secret123');
  await page.getByRole('button', { name: 'إرسال طلب التحويل' }).click();
  await expectToast(page, 'تم إرسال طلب التحويل للمراجعة');

  // ٨٤٠ = ٠ paid + ٥٤٠ pending + ٣٠٠ held by the open request.
  await expectTile(page, 'قيد التحويل', '٣٠٠ ر.س');
  await expectTile(page, 'إجمالي العمولات', '٨٤٠ ر.س');
  await expectTile(page, 'المدفوعة', '٠ ر.س');
  await expectTile(page, 'المعلقة', '٥٤٠ ر.س');
  const masked = page.getByText('SA•• •••• •••• 7519', { exact: true });
  await expect(masked).toBeVisible();
  await expect(masked).toHaveAttribute('dir', 'ltr');
  // Nowhere in full: neither spaced nor compact (the field's example hint is another text).
  await expect(page.getByText('SA03 8000 0000 6080 1016 7519', { exact: true })).toHaveCount(0);
  await expect(page.getByText(IBAN)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto('/mobile-commissions');
  await expectTile(page, 'إجمالي العمولات', '٨٤٠ ر.س');
  await expectTile(page, 'المدفوعة', '٠ ر.س');
  await expectTile(page, 'المعلقة', '٥٤٠ ر.س');
  await expectTile(page, 'قيد التحويل', '٣٠٠ ر.س');
  // The phone app lists the request too, the IBAN masked there as well, and can ask for more.
  const requests = page.getByRole('region', { name: 'طلبات التحويل' });
  await expect(requests.getByText('SA•• •••• •••• 7519', { exact: true })).toBeVisible();
  await expect(requests).toContainText('٣٠٠ ر.س');
  await expect(page.getByRole('button', { name: 'طلب تحويل العمولة' })).toBeEnabled();
  await expectNoAxeViolations(page);
});

test('after a phone sign-up the phone dashboard asks for the name, then the activation; «إحالة جديدة» says why until then', async ({
  page,
  admin,
}) => {
  test.slow(); // Four steps across the phone dashboard and profile.
  const phone = randomPhone();
  await createAccount(page.request, phone);
  await signIn(page, phone);

  // The profile points to the dashboard for the activation request, and the link goes there.
  await page.goto('/mobile-profile');
  await page.getByRole('link', { name: 'طلب التفعيل من لوحة التحكم' }).click();
  await expect(page).toHaveURL(/\/mobile-dashboard$/);

  // Nameless and inactive: the name is the first step; «إحالة جديدة» is not a way in.
  await expect(page.getByRole('heading', { name: 'أكمل اسمك الكامل' })).toBeVisible();
  const add = page.getByRole('button', { name: /إحالة جديدة/ });
  await expect(add).toBeDisabled();
  await expect(add).toContainText('بعد إكمال الاسم');
  await expect(page.getByRole('link', { name: 'إحالة جديدة' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'إضافة الاسم الكامل' }).click();
  await expect(page).toHaveURL(/\/mobile-profile\?edit=fullName$/);
  await expect(page.getByLabel('الاسم الكامل')).toBeFocused();
  await page.getByLabel('الاسم الكامل').fill('خالد المطيري');
  await page.getByRole('button', { name: 'حفظ', exact: true }).click();
  await expectToast(page, 'تم حفظ المعلومات بنجاح');

  // Named, still inactive: the activation request is the main action.
  await page
    .getByRole('navigation', { name: 'التنقل السفلي' })
    .getByRole('link', {
      name: 'الرئيسية',
    })
    .click();
  await expect(page.getByRole('heading', { name: 'أهلاً، خالد المطيري' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'أكمل اسمك الكامل' })).toHaveCount(0);
  await expect(add).toContainText('بعد تفعيل الحساب');
  await page.getByRole('button', { name: 'طلب تفعيل الحساب' }).click();
  await expectToast(page, 'تم إرسال طلب التفعيل');
  await expect(
    page.getByText('حسابك غير مفعل بعد، وطلب التفعيل قيد المراجعة لدى الإدارة.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'طلب تفعيل الحساب' })).toHaveCount(0);
  await expect(add).toBeDisabled();

  // Activated: «إحالة جديدة» is the main action again and opens the form.
  const profile = await page.request.get('/api/broker/profile');
  const { id } = (await profile.json()) as { id: string };
  expect((await admin.post(`/api/admin/brokers/${id}/activate`)).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'تفعيل الحساب' })).toHaveCount(0);
  await page.getByRole('link', { name: 'إحالة جديدة' }).click();
  await expect(page).toHaveURL(/\/mobile-new-referral$/);
  await expect(page.getByRole('button', { name: 'إرسال الطلب' })).toBeEnabled();
  await expectNoAxeViolations(page);
});

test('the phone profile signs out too, without waiting for the dashboard', async ({
  page,
  readyBroker,
}) => {
  await readyBroker(page);
  await page.goto('/mobile-profile');
  await page.getByRole('main').getByRole('button', { name: 'تسجيل الخروج' }).click();
  await expect(page).toHaveURL(/\/mobile$/);
  // Signed out: the phone app sends a visitor back to its sign-in.
  await page.goto('/mobile-profile');
  await expect(page).toHaveURL(/\/mobile$/);
});
