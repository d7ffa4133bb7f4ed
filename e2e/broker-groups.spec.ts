import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminConsole } from './money';
import {
  anEjarNumber,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  randomPhone,
  uniqueName,
} from './support';

// Decision 072: broker groups with their own commission rules. A super-admin makes a group and a
// promotion rule, moves a broker into it with a reason; the console prices the broker's contract
// by the group's rule and shows the rule with the commission.

const onPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;
const entries = (page: Page) => page.getByRole('listitem').or(page.getByRole('row'));

/**
 * The default group, its terms empty (the program's, as every other journey expects): the first
 * group made is the default one, so it is made before any group with terms of its own. Two
 * journeys making it at once: one is refused the name, and the default exists either way.
 */
async function ensureDefaultGroup(superAdmin: APIRequestContext) {
  const groups = (await (await superAdmin.get('/api/superadmin/groups')).json()) as {
    items: { isDefault: boolean }[];
  };
  if (groups.items.some((group) => group.isDefault)) return;
  const made = await superAdmin.post('/api/superadmin/groups', {
    data: {
      name: 'المجموعة الأساسية',
      level: 0,
      ratePercent: '',
      minimum: '',
      holdingDays: '',
      payoutMinimum: '',
    },
  });
  expect([201, 409]).toContain(made.status());
}

test('a super-admin makes a group with its own rule and moves a broker into it; the console prices and shows the commission by it', async ({
  page,
  admin,
  superAdmin,
  readyBroker,
}) => {
  test.slow(); // The group page, the broker's details and the referral, in two contexts.
  const phoneApp = onPhone(page);
  const name = uniqueName('فيصل الدوسري');
  const phone = await readyBroker(page, name);
  await ensureDefaultGroup(superAdmin);
  const groupName = uniqueName('الذهبية');

  // The group, its terms typed in Arabic-Indic digits.
  const { consolePage: root, context: rootContext } = await adminConsole(
    page,
    superAdmin,
    '/groups',
  );
  await expect(root.getByRole('heading', { name: 'مجموعات الوسطاء' })).toBeVisible();
  const add = root.getByRole('form', { name: 'إضافة مجموعة' });
  await add.getByLabel('اسم المجموعة').fill(groupName);
  await add.getByLabel('المستوى').fill('٥');
  await add.getByLabel('نسبة العمولة (٪)').fill('٢٥');
  await add.getByRole('button', { name: 'إضافة المجموعة' }).click();
  await expect(add.getByText('يرجى إدخال نسبة بين ٠ و٢٠ بحد أقصى منزلتين عشريتين')).toBeVisible();
  await add.getByLabel('نسبة العمولة (٪)').fill('٢');
  await add.getByLabel('الحد الأدنى للعمولة (ر.س)').fill('٨٠٠');
  await add.getByRole('button', { name: 'إضافة المجموعة' }).click();
  await expectToast(root, 'أُضيفت المجموعة');
  const card = root.getByRole('region', { name: groupName });
  await expect(card.getByText('٢٪')).toBeVisible();
  await expect(card.getByText('٨٠٠ ر.س')).toBeVisible();

  // A promotion rule into it (out of any journey's reach: it never moves another broker).
  const rule = root.getByRole('form', { name: 'إضافة قاعدة ترقية' });
  await rule.getByLabel('المجموعة', { exact: true }).selectOption({ label: groupName });
  await rule.getByLabel('عدد العقود الموقعة').fill('٥٠٠');
  await rule.getByLabel('خلال (يوم)').fill('٣٠');
  await rule.getByRole('button', { name: 'إضافة القاعدة' }).click();
  await expectToast(root, 'أُضيفت قاعدة الترقية');
  await expect(card.getByText('ترقية عند توقيع ٥٠٠ عقد خلال ٣٠ يومًا')).toBeVisible();
  await expectNoAxeViolations(root);
  if (phoneApp) {
    await root.setViewportSize({ width: 360, height: 780 });
    await expectNoSidewaysScroll(root);
  }

  // The broker moved into it from their details in the console, with a reason.
  await root.goto('/admin?tab=brokers');
  await root.getByRole('searchbox', { name: 'البحث بالاسم أو الجوال أو رمز الوسيط' }).fill(name);
  await entries(root).filter({ hasText: name }).getByRole('button', { name: 'التفاصيل' }).click();
  const details = root.getByRole('dialog', { name });
  const section = details.getByRole('region', { name: 'المجموعة والعمولة' });
  await expect(section.getByText('١٪ من الإيجار السنوي، وبحد أدنى ٥٠٠ ر.س')).toBeVisible();
  await section.getByRole('button', { name: 'نقل إلى مجموعة' }).click();
  const move = section.getByRole('form', { name: 'نقل إلى مجموعة' });
  await move.getByLabel('المجموعة الجديدة').selectOption({ label: groupName });
  await move.getByRole('button', { name: 'تأكيد النقل' }).click();
  await expect(move.getByText('يرجى كتابة السبب (٣ أحرف على الأقل)')).toBeVisible();
  await move.getByLabel('السبب').fill('أداء ممتاز في الربع الأخير');
  await move.getByRole('button', { name: 'تأكيد النقل' }).click();
  await expectToast(root, `نُقل الوسيط إلى مجموعة «${groupName}»`);
  await expect(section.getByText('٢٪ من الإيجار السنوي، وبحد أدنى ٨٠٠ ر.س')).toBeVisible();
  await expectNoAxeViolations(root);
  await rootContext.close();

  // The broker is told.
  const notices = (await (await page.request.get('/api/notifications')).json()) as {
    items: { title: string }[];
  };
  expect(notices.items.map((notice) => notice.title)).toContain(`انتقلت إلى مجموعة «${groupName}»`);

  // The admin signs the broker's lease: the preview is the group's rule.
  const tenant = randomPhone();
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: tenant, rent: 60000 },
  });
  expect(created.status()).toBe(201);
  const { consolePage, context } = await adminConsole(page, admin, '/admin?tab=referrals');
  await consolePage
    .getByRole('searchbox', { name: 'البحث بجوال المستأجر أو اسم الوسيط أو رمزه' })
    .fill(tenant);
  await expect(consolePage.getByText('إحالة واحدة', { exact: true })).toBeVisible();
  await consolePage.getByRole('button', { name: 'معالجة' }).click();
  const dialog = consolePage.getByRole('dialog');
  await dialog.getByLabel('الحالة').click();
  await consolePage.getByRole('option', { name: /تم توقيع العقد/ }).click();
  await expect(dialog.getByText('سيتم إنشاء عمولة للوسيط تلقائياً بقيمة ١٬٢٠٠ ر.س.')).toBeVisible();
  await expect(
    dialog.getByText(`حسب مجموعة «${groupName}»: ٢٪ من الإيجار السنوي، وبحد أدنى ٨٠٠ ر.س`),
  ).toBeVisible();
  await dialog.getByLabel('رقم عقد إيجار').fill(anEjarNumber());
  await dialog.getByLabel('تاريخ بداية العقد').fill('2026-12-01');
  await dialog.getByLabel('تاريخ نهاية العقد').fill('2027-11-30');
  await dialog.getByRole('button', { name: 'حفظ التغييرات' }).click();
  await expectToast(consolePage, 'تم تحديث حالة الإحالة');

  // The commission in the console, with the rule that made it.
  await consolePage.getByRole('tab', { name: 'العمولات' }).click();
  await consolePage.getByRole('searchbox', { name: 'البحث باسم الوسيط أو جواله' }).fill(phone);
  await expect(consolePage.getByText('عمولة واحدة', { exact: true })).toBeVisible();
  const commission = entries(consolePage).filter({ hasText: name });
  await expect(commission.getByText('١٬٢٠٠ ر.س', { exact: true })).toBeVisible();
  await expect(
    commission.getByText(`مجموعة «${groupName}»: ٢٪ من الإيجار السنوي، وبحد أدنى ٨٠٠ ر.س`),
  ).toBeVisible();
  await expectNoAxeViolations(consolePage);
  if (phoneApp) {
    await consolePage.setViewportSize({ width: 360, height: 780 });
    await expectNoSidewaysScroll(consolePage);
  }
  await context.close();

  // The broker sees where they stand on their dashboard.
  await page.goto(phoneApp ? '/mobile-dashboard' : '/dashboard');
  const standing = page.getByRole('region', { name: 'مكانك في البرنامج' });
  await expect(standing.getByText(groupName)).toBeVisible();
  await expect(standing.getByText('عمولتك: ٢٪ من الإيجار السنوي، وبحد أدنى ٨٠٠ ر.س')).toBeVisible();
  await expect(standing.getByRole('link', { name: 'أضف مدينتك في ملفك الشخصي' })).toBeVisible();
  await expectNoAxeViolations(page);
  if (phoneApp) {
    await page.setViewportSize({ width: 360, height: 780 });
    await expectNoSidewaysScroll(page);
  }
});
