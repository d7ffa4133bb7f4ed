import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminConsole, signedReferral } from './money';
import {
  createAccount,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  randomPhone,
  signIn,
  uniqueName,
} from './support';

// Decision 070: only a broker whose FAL brokerage licence an admin verified, and which has not
// expired, earns payable commissions; until then each new commission waits, and says why.

const onPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;
const entries = (page: Page) => page.getByRole('listitem').or(page.getByRole('row'));
/** The commission of 960 SAR in the broker's «سجل العمولات». */
const commissionItem = (page: Page) =>
  page
    .getByRole('region', { name: 'سجل العمولات' })
    .getByRole('listitem')
    .filter({ hasText: '٩٦٠ ر.س' });

const HELD = 'موقوفة حتى التحقق من رخصة فال';
const MISSING = 'العمولة موقوفة حتى تضيف رخصة فال في ملفك الشخصي ويتم التحقق منها';
const UNVERIFIED = 'العمولة موقوفة حتى تتحقق الإدارة من رخصة فال';

/** A licence number no other journey uses, as the broker types it: in Arabic-Indic digits. */
function aLicence(): { latin: string; arabic: string } {
  const latin = `11${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  return { latin, arabic: latin.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] ?? d) };
}

test('a broker without a FAL licence sees the commission held, enters the licence and its copy, an admin verifies it and the hold ends', async ({
  page,
  admin,
}) => {
  test.slow(); // The broker's pages and the console, in two contexts.
  const phoneApp = onPhone(page);
  const name = uniqueName('فيصل العتيبي');

  // A broker activated without any licence (not the fixture's, which verifies one).
  const phone = randomPhone();
  await createAccount(page.request, phone);
  await signIn(page, phone);
  const saved = await page.request.put('/api/broker/profile', { data: { fullName: name } });
  expect(saved.ok()).toBe(true);
  const { id } = (await saved.json()) as { id: string };
  expect((await admin.post(`/api/admin/brokers/${id}/activate`)).ok()).toBe(true);

  // A contract signed: its commission waits for the licence.
  await signedReferral(page, admin, 96000);
  const held = (await (await page.request.get('/api/commissions')).json()) as {
    items: { licenseHold: boolean; status: string }[];
  };
  expect(held.items[0]).toMatchObject({ licenseHold: true, status: 'on_hold' });

  // The commissions page says why, above the money and on the commission.
  await page.goto(phoneApp ? '/mobile-commissions' : '/commissions');
  const banner = page.getByRole('status').filter({ hasText: 'عمولاتك الجديدة موقوفة' });
  await expect(banner).toContainText(MISSING);
  const item = commissionItem(page);
  await expect(item.getByText(HELD, { exact: true })).toBeVisible();
  await expect(item.getByText(MISSING)).toBeVisible();
  await expectNoAxeViolations(page);

  // The commission leads to the licence on the profile.
  await item.getByRole('link', { name: 'رخصة فال في ملفك الشخصي' }).click();
  await expect(page).toHaveURL(
    phoneApp ? /\/mobile-profile#fal-license$/ : /\/profile#fal-license$/,
  );
  const card = page.getByRole('region', { name: 'رخصة فال' });
  await expect(card.getByText('لم تُضف الرخصة', { exact: true })).toBeVisible();
  // The number has one place: the licence's card, not the profile's form.
  await expect(page.getByLabel('رقم رخصة فال')).toHaveCount(1);

  // Nothing entered: each field says what it needs.
  await card.getByRole('button', { name: 'حفظ بيانات الرخصة' }).click();
  await expect(card.getByText('يرجى إدخال رقم رخصة فال')).toBeVisible();
  await expect(card.getByText('يرجى اختيار نوع الرخصة')).toBeVisible();
  await expect(card.getByText('يرجى إدخال تاريخ انتهاء الرخصة')).toBeVisible();

  // The number typed in Arabic-Indic digits, the brokerage licence, a year ahead.
  const licence = aLicence();
  const expiresOn = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await card.getByLabel('رقم رخصة فال').fill(licence.arabic);
  await card.getByLabel('نوع الرخصة').selectOption({ label: 'الوساطة والتسويق العقاري' });
  await card.getByLabel('تاريخ انتهاء الرخصة').fill(expiresOn);
  await card.getByRole('button', { name: 'حفظ بيانات الرخصة' }).click();
  await expectToast(page, 'تم حفظ رخصة فال');
  await expect(card.getByText('بانتظار التحقق', { exact: true })).toBeVisible();
  await expect(card.getByText(UNVERIFIED)).toBeVisible();
  await expect(card.getByLabel('رقم رخصة فال')).toHaveValue(licence.latin);

  // Its copy, a PDF, sent as soon as it is chosen; then the broker can open it.
  await card.getByLabel('رفع نسخة الرخصة').setInputFiles({
    name: 'fal-licence.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n'),
  });
  await expectToast(page, 'تم رفع نسخة الرخصة');
  const ownCopy = card.getByRole('link', { name: 'فتح نسخة الرخصة' });
  await expect(ownCopy).toHaveAttribute('target', '_blank');
  const copy = await page.request.get((await ownCopy.getAttribute('href')) ?? '');
  expect(copy.ok()).toBe(true);
  expect((await copy.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expectNoAxeViolations(page);
  if (phoneApp) {
    await page.setViewportSize({ width: 360, height: 780 });
    await expectNoSidewaysScroll(page);
  }

  // The QR card names the licence, as the link's page does.
  await page.goto(phoneApp ? '/mobile-dashboard' : '/dashboard');
  await page
    .getByRole('region', { name: 'رابطك الخاص' })
    .getByRole('button', { name: 'رمز QR' })
    .click();
  const qr = page.getByRole('dialog', { name: 'رمز رابطك' });
  const qrImage = qr.getByRole('img', { name: /رمز رابطك الخاص/ });
  await expect(qrImage).toBeVisible();
  const svg = await page.request.get((await qrImage.getAttribute('src')) ?? '');
  expect(await svg.text()).toContain(`رخصة فال رقم ${licence.latin}</text>`);
  await qr.getByRole('button', { name: 'إغلاق' }).click();

  // The console's commissions tab says why the commission waits.
  const { consolePage, context } = await adminConsole(page, admin, '/admin?tab=commissions');
  await consolePage.getByRole('searchbox', { name: 'البحث باسم الوسيط أو جواله' }).fill(phone);
  await expect(consolePage.getByText('موقوفة: رخصة فال غير موثقة').first()).toBeVisible();

  // The admin opens the broker, sees the licence and its copy, and verifies it.
  await consolePage.goto('/admin?tab=brokers');
  await consolePage
    .getByRole('searchbox', { name: 'البحث بالاسم أو الجوال أو رمز الوسيط' })
    .fill(phone);
  const row = entries(consolePage).filter({ hasText: phone });
  await expect(row.getByText('رخصة فال: بانتظار التحقق')).toBeVisible();
  await row.getByRole('button', { name: 'التفاصيل' }).click();
  const details = consolePage.getByRole('dialog', { name });
  const section = details.getByRole('region', { name: 'رخصة فال' });
  await expect(section.getByText(licence.latin)).toBeVisible();
  await expect(section.getByText('الوساطة والتسويق العقاري')).toBeVisible();
  const adminCopy = section.getByRole('link', { name: 'فتح نسخة الرخصة' });
  await expect(adminCopy).toHaveAttribute('href', `/api/admin/brokers/${id}/fal-license/copy`);
  await expect(adminCopy).toHaveAttribute('target', '_blank');
  await section.getByRole('button', { name: 'التحقق من الرخصة' }).click();
  const verify = section.getByRole('form', { name: 'التحقق من الرخصة' });
  await verify.getByRole('radio', { name: 'نسخة الرخصة المرفوعة' }).check();
  await verify.getByRole('button', { name: 'تأكيد التحقق' }).click();
  await expect(verify.getByText('يرجى كتابة ملاحظة التحقق')).toBeVisible();
  await verify
    .getByLabel('ملاحظة التحقق')
    .fill('طابق الاسم ورقم الرخصة ونوعها وتاريخ انتهائها في النسخة المرفوعة');
  await expectNoAxeViolations(consolePage);
  if (phoneApp) await expectNoSidewaysScroll(consolePage);
  await verify.getByRole('button', { name: 'تأكيد التحقق' }).click();
  await expectToast(consolePage, 'تم التحقق من رخصة فال');
  await expect(section.getByText('رخصة فال: تم التحقق')).toBeVisible();
  await expect(section.getByText('نسخة الرخصة المرفوعة')).toBeVisible();
  await expect(section.getByRole('button', { name: 'التحقق من الرخصة' })).toHaveCount(0);
  await context.close();

  // The broker's commission no longer waits for the licence.
  const released = (await (await page.request.get('/api/commissions')).json()) as {
    items: { licenseHold: boolean; status: string }[];
  };
  expect(released.items[0]?.licenseHold).toBe(false);
  expect(['on_hold', 'pending']).toContain(released.items[0]?.status);
  await page.goto(phoneApp ? '/mobile-commissions' : '/commissions');
  await expect(
    commissionItem(page).getByText(
      released.items[0]?.status === 'pending' ? 'معلقة' : 'في فترة الانتظار',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(page.getByText(HELD)).toHaveCount(0);
  await expect(page.getByText('عمولاتك الجديدة موقوفة')).toHaveCount(0);
  await page.goto(phoneApp ? '/mobile-profile' : '/profile');
  await expect(
    page.getByRole('region', { name: 'رخصة فال' }).getByText(/^تم التحقق في /),
  ).toBeVisible();
});

test('an admin refuses a licence with a reason; the broker reads it on the profile', async ({
  page,
  admin,
}) => {
  const phoneApp = onPhone(page);
  const name = uniqueName('ريم الدوسري');
  const phone = randomPhone();
  await createAccount(page.request, phone);
  await signIn(page, phone);
  expect((await page.request.put('/api/broker/profile', { data: { fullName: name } })).ok()).toBe(
    true,
  );
  const expiresOn = new Date(Date.now() + 200 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const entered = await page.request.put('/api/broker/fal-license', {
    data: {
      falLicense: aLicence().latin,
      falLicenseType: 'brokerage',
      falLicenseExpiresOn: expiresOn,
    },
  });
  expect(entered.ok()).toBe(true);

  // The console: no copy to open, so the uploaded copy is not offered as evidence.
  const { consolePage, context } = await adminConsole(page, admin, '/admin?tab=brokers');
  await consolePage
    .getByRole('searchbox', { name: 'البحث بالاسم أو الجوال أو رمز الوسيط' })
    .fill(phone);
  await entries(consolePage)
    .filter({ hasText: phone })
    .getByRole('button', { name: 'التفاصيل' })
    .click();
  const section = consolePage
    .getByRole('dialog', { name })
    .getByRole('region', { name: 'رخصة فال' });
  await expect(section.getByText('لم يرفع الوسيط نسخة من الرخصة.')).toBeVisible();
  await section.getByRole('button', { name: 'التحقق من الرخصة' }).click();
  await expect(section.getByRole('radio', { name: /^نسخة الرخصة المرفوعة/ })).toBeDisabled();
  await section.getByRole('button', { name: 'إلغاء' }).click();

  // Refused with the reason the broker reads.
  await section.getByRole('button', { name: 'رفض الرخصة' }).click();
  const refuse = section.getByRole('form', { name: 'رفض الرخصة' });
  await refuse.getByRole('button', { name: 'تأكيد رفض الرخصة' }).click();
  await expect(refuse.getByText('يرجى كتابة سبب عدم قبول الرخصة')).toBeVisible();
  const reason = 'رقم الرخصة لا يطابق ما في منصة الهيئة العامة للعقار';
  await refuse.getByLabel('سبب عدم قبول الرخصة كما سيقرؤه الوسيط').fill(reason);
  await expectNoAxeViolations(consolePage);
  await refuse.getByRole('button', { name: 'تأكيد رفض الرخصة' }).click();
  await expectToast(consolePage, 'تم رفض رخصة فال');
  await expect(section.getByText('رخصة فال: لم تُقبل الرخصة')).toBeVisible();
  await expect(section.getByText(reason)).toBeVisible();
  await context.close();

  // The broker reads why, and what it means for the commissions.
  await page.goto(phoneApp ? '/mobile-profile' : '/profile');
  const card = page.getByRole('region', { name: 'رخصة فال' });
  await expect(card.getByText('لم تُقبل الرخصة', { exact: true })).toBeVisible();
  await expect(card.getByText(reason)).toBeVisible();
  await expect(
    card.getByText('العمولة موقوفة لأن رخصة فال لم تُقبل، يرجى مراجعة سبب الرفض وتحديث بياناتها'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
