import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminConsole } from './money';
import {
  createAccount,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  randomPhone,
  signIn,
  uniqueName,
} from './support';

// Issue 34 item 3: an admin refuses an activation request, or deactivates an account, with a
// reason; the broker reads it on their dashboard.

const onPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;
const entries = (page: Page) => page.getByRole('listitem').or(page.getByRole('row'));

test('an activation request refused with a reason: the broker reads why, and asks again', async ({
  page,
  admin,
}) => {
  test.slow(); // The console and the broker's dashboard, in two contexts.
  const phoneApp = onPhone(page);
  const name = uniqueName('ريم الحربي');
  const phone = randomPhone();
  await createAccount(page.request, phone);
  await signIn(page, phone);
  await page.request.put('/api/broker/profile', { data: { fullName: name } });
  expect((await page.request.post('/api/broker/request-activation')).ok()).toBe(true);

  const { consolePage, context } = await adminConsole(page, admin, '/admin?tab=brokers');
  await consolePage
    .getByRole('searchbox', { name: 'البحث بالاسم أو الجوال أو رمز الوسيط' })
    .fill(phone);
  // The search is sent once typing pauses: the filtered list, before any click in it.
  await expect(consolePage.getByText('وسيط واحد', { exact: true })).toBeVisible();
  const row = entries(consolePage).filter({ hasText: name });
  await row.getByRole('button', { name: `رفض طلب تفعيل ${name}` }).click();
  const dialog = consolePage.getByRole('dialog', { name: `رفض طلب تفعيل ${name}` });
  await dialog.getByRole('button', { name: 'رفض الطلب' }).click();
  await expect(dialog.getByText('يرجى كتابة سبب رفض الطلب')).toBeVisible();
  await dialog.getByLabel('السبب (يقرؤه الوسيط)').fill('رقم رخصة فال لا يطابق الاسم');
  await expectNoAxeViolations(consolePage);
  await dialog.getByRole('button', { name: 'رفض الطلب' }).click();
  await expectToast(consolePage, 'رُفض طلب التفعيل');
  await expect(row.getByRole('button', { name: `رفض طلب تفعيل ${name}` })).toHaveCount(0);
  if (phoneApp) {
    await consolePage.setViewportSize({ width: 360, height: 780 });
    await expectNoSidewaysScroll(consolePage);
  }
  await context.close();

  await page.goto(phoneApp ? '/mobile-dashboard' : '/dashboard');
  await expect(page.getByText('سبب الإدارة: رقم رخصة فال لا يطابق الاسم')).toBeVisible();
  await expectNoAxeViolations(page);
  if (phoneApp) {
    await page.setViewportSize({ width: 360, height: 780 });
    await expectNoSidewaysScroll(page);
  }
  await page.getByRole('button', { name: 'طلب تفعيل الحساب' }).click();
  await expect(
    page.getByText('حسابك غير مفعل بعد، وطلب التفعيل قيد المراجعة لدى الإدارة.'),
  ).toBeVisible();
});

test('an account deactivated with a reason: the broker reads why', async ({
  page,
  admin,
  readyBroker,
}) => {
  test.slow();
  const phoneApp = onPhone(page);
  const name = uniqueName('خالد البقمي');
  await readyBroker(page, name);
  const { consolePage, context } = await adminConsole(page, admin, '/admin?tab=brokers');
  await consolePage
    .getByRole('searchbox', { name: 'البحث بالاسم أو الجوال أو رمز الوسيط' })
    .fill(name);
  // The search is sent once typing pauses: the filtered list, before any click in it.
  await expect(consolePage.getByText('وسيط واحد', { exact: true })).toBeVisible();
  const row = entries(consolePage).filter({ hasText: name });
  await row.getByRole('button', { name: 'إلغاء التفعيل' }).click();
  const dialog = consolePage.getByRole('dialog', { name: `إلغاء تفعيل ${name}` });
  await dialog.getByLabel('السبب (يقرؤه الوسيط)').fill('إحالات متكررة دون موافقة المستأجرين');
  await dialog.getByRole('button', { name: 'إلغاء التفعيل' }).click();
  await expectToast(consolePage, 'تم إلغاء تفعيل الحساب');
  await expect(row.getByRole('button', { name: 'تفعيل', exact: true })).toBeVisible();
  await context.close();

  await page.goto(phoneApp ? '/mobile-dashboard' : '/dashboard');
  await expect(page.getByText('سبب الإدارة: إحالات متكررة دون موافقة المستأجرين')).toBeVisible();
  await expectNoAxeViolations(page);
});
