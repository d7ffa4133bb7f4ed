import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminConsole } from './money';
import {
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  randomPhone,
  uniqueName,
} from './support';

// Decision 074: an admin adds to a broker's money or deducts from it, with a reason the broker
// reads; a super-admin defines a bonus, and a broker sees their progress toward it.

const onPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;
const entries = (page: Page) => page.getByRole('listitem').or(page.getByRole('row'));

test('an admin adds an adjustment and a deduction with their reasons; the broker sees both', async ({
  page,
  admin,
  readyBroker,
}) => {
  test.slow(); // The console's details and the broker's commissions, in two contexts.
  const phoneApp = onPhone(page);
  const name = uniqueName('نواف الشهري');
  await readyBroker(page, name);

  const { consolePage, context } = await adminConsole(page, admin, '/admin?tab=brokers');
  await consolePage
    .getByRole('searchbox', { name: 'البحث بالاسم أو الجوال أو رمز الوسيط' })
    .fill(name);
  // The search is sent once typing pauses: the filtered list, before any click in it.
  await expect(consolePage.getByText('وسيط واحد', { exact: true })).toBeVisible();
  await entries(consolePage)
    .filter({ hasText: name })
    .getByRole('button', { name: 'التفاصيل' })
    .click();
  const details = consolePage.getByRole('dialog', { name });
  const section = details.getByRole('region', { name: 'التسويات المالية' });
  const form = section.getByRole('form', { name: 'تسوية مالية' });
  // A reason is asked; the amount is typed in Arabic-Indic digits.
  await form.getByLabel('المبلغ (ر.س)').fill('٢٥٠');
  await form.getByRole('button', { name: 'حفظ التسوية' }).click();
  await expect(form.getByText('يرجى كتابة السبب (٣ أحرف على الأقل)')).toBeVisible();
  await form.getByLabel('السبب').fill('فرق الحد الأدنى لعقد سابق');
  await form.getByRole('button', { name: 'حفظ التسوية' }).click();
  await expectToast(consolePage, 'أُضيف ٢٥٠ ر.س إلى مستحقات الوسيط');
  await form.getByLabel('نوع التسوية').selectOption({ label: 'خصم من مستحقاته' });
  await form.getByLabel('المبلغ (ر.س)').fill('١٠٠');
  await form.getByLabel('السبب').fill('استرداد رسوم تحويل');
  await form.getByRole('button', { name: 'حفظ التسوية' }).click();
  await expectToast(consolePage, 'خُصم ١٠٠ ر.س من مستحقات الوسيط');
  const listed = section.getByRole('list', { name: 'التسويات' });
  await expect(listed.getByText('خصم ١٠٠ ر.س')).toBeVisible();
  await expect(listed.getByText('إضافة ٢٥٠ ر.س')).toBeVisible();
  await expectNoAxeViolations(consolePage);
  if (phoneApp) {
    await consolePage.setViewportSize({ width: 360, height: 780 });
    await expectNoSidewaysScroll(consolePage);
  }
  await context.close();

  // The broker's commissions: the adjustment with its reason, the deduction with its own, and a
  // total of 150.
  await page.goto(phoneApp ? '/mobile-commissions' : '/commissions');
  const tiles = page.getByRole('region', { name: 'ملخص العمولات' });
  await expect(tiles.getByText('١٥٠ ر.س').first()).toBeVisible();
  await expect(page.getByText('تسوية: فرق الحد الأدنى لعقد سابق')).toBeVisible();
  const deductions = page.getByRole('region', { name: 'الخصومات' });
  await expect(deductions.getByText('استرداد رسوم تحويل')).toBeVisible();
  await expect(deductions.getByText('يُخصم ما بقي منه (١٠٠ ر.س) من دفعاتك القادمة')).toBeVisible();
  await expectNoAxeViolations(page);
  if (phoneApp) {
    await page.setViewportSize({ width: 360, height: 780 });
    await expectNoSidewaysScroll(page);
  }
});

test('a super-admin defines a bonus; a broker sees their progress toward it; one nobody reached is deleted', async ({
  page,
  superAdmin,
  readyBroker,
}) => {
  test.slow(); // The groups page and the broker's dashboard, in two contexts.
  const phoneApp = onPhone(page);
  await readyBroker(page, uniqueName('هند القرني'));
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: randomPhone(), rent: 60000 },
  });
  expect(created.status()).toBe(201);

  // Out of every journey's reach: a thousand contracts, so nobody is paid it while it runs.
  const bonusName = uniqueName('تحدي الألف عقد').slice(0, 60);
  const { consolePage: root, context } = await adminConsole(page, superAdmin, '/groups');
  const bonuses = root.getByRole('region', { name: 'المكافآت' });
  const form = bonuses.getByRole('form', { name: 'إضافة مكافأة' });
  await form.getByLabel('اسم المكافأة').fill(bonusName);
  await form.getByLabel('عدد العقود الموقعة').fill('١٠٠٠');
  await form.getByLabel('المبلغ (ر.س)').fill('٥٠٠٠');
  await form.getByLabel('من تاريخ').fill('2026-01-10');
  await form.getByLabel('إلى تاريخ').fill('2026-01-01');
  await form.getByRole('button', { name: 'إضافة المكافأة' }).click();
  await expect(form.getByText('يجب ألا يسبق تاريخ النهاية تاريخ البداية')).toBeVisible();
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Riyadh' });
  await form.getByLabel('من تاريخ').fill(today);
  await form.getByLabel('إلى تاريخ').fill(today);
  await form.getByRole('button', { name: 'إضافة المكافأة' }).click();
  await expectToast(root, 'أُضيفت المكافأة');
  const row = bonuses.getByRole('listitem').filter({ hasText: bonusName });
  await expect(row.getByText('٥٬٠٠٠ ر.س عند توقيع ١٬٠٠٠ عقد')).toBeVisible();
  await expect(row.getByText('لم يحققها أحد بعد')).toBeVisible();
  await expectNoAxeViolations(root);
  if (phoneApp) {
    await root.setViewportSize({ width: 360, height: 780 });
    await expectNoSidewaysScroll(root);
  }

  // The broker's dashboard shows the bonus and their progress.
  await page.goto(phoneApp ? '/mobile-dashboard' : '/dashboard');
  const standing = page.getByRole('region', { name: 'مكانك في البرنامج' });
  await expect(standing.getByText(`مكافأة «${bonusName}»`)).toBeVisible();
  await expect(
    standing.getByRole('progressbar', { name: `التقدم نحو مكافأة ${bonusName}` }),
  ).toHaveAttribute('aria-valuemax', '1000');
  await expectNoAxeViolations(page);
  if (phoneApp) {
    await page.setViewportSize({ width: 360, height: 780 });
    await expectNoSidewaysScroll(page);
  }

  // Nobody reached it: it is deleted, after a confirmation.
  await row.getByRole('button', { name: `حذف مكافأة ${bonusName}` }).click();
  await row.getByRole('button', { name: 'تأكيد الحذف' }).click();
  await expectToast(root, 'حُذفت المكافأة');
  await expect(bonuses.getByText(bonusName)).toHaveCount(0);
  await context.close();
});
