import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminConsole } from './money';
import {
  aLease,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  randomPhone,
  uniqueName,
} from './support';

// Decision 075: a super-admin publishes the program terms; a broker accepts them before
// referring, and a new version asks again. It runs last of all (playwright.config.ts): from
// here on every broker of the server refers under the terms.

const onPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;

async function publish(page: Page, superAdmin: APIRequestContext, text: string) {
  const { consolePage, context } = await adminConsole(page, superAdmin, '/groups');
  const card = consolePage.getByRole('region', { name: 'شروط البرنامج' });
  const form = card.getByRole('form', { name: 'نشر نسخة جديدة من الشروط' });
  await form.getByLabel('نص الشروط').fill('قصير');
  await form.getByRole('button', { name: 'نشر نسخة جديدة' }).click();
  await expect(form.getByText('يرجى كتابة نص الشروط (٥٠ حرفاً على الأقل)')).toBeVisible();
  await form.getByLabel('نص الشروط').fill(text);
  await form.getByRole('button', { name: 'نشر نسخة جديدة' }).click();
  await expect(consolePage.getByText(/^نُشرت النسخة .+ من الشروط$/).first()).toBeVisible();
  await expect(card.getByText('(السارية)')).toBeVisible();
  await expectNoAxeViolations(consolePage);
  if (onPhone(page)) {
    await consolePage.setViewportSize({ width: 360, height: 780 });
    await expectNoSidewaysScroll(consolePage);
  }
  await context.close();
}

test('a broker accepts the published program terms before referring, and again after a new version', async ({
  page,
  superAdmin,
  admin,
  readyBroker,
}) => {
  test.slow(); // The groups page twice, the new referral page twice and the transfer form.
  const phoneApp = onPhone(page);
  const newReferral = phoneApp ? '/mobile-new-referral' : '/new-referral';
  await readyBroker(page, uniqueName('مها الزهراني'));
  const clause = uniqueName('يلتزم الوسيط بإحالة المستأجر بموافقته');
  await publish(
    page,
    superAdmin,
    `# شروط برنامج الشركاء\n${clause} فقط، ولا يُحيل أحداً دون علمه.\n\n- رخصة فال سارية\n- لا عمولة **دون عقد موثق** في إيجار`,
  );

  await page.goto(newReferral);
  const terms = page.getByRole('region', { name: 'شروط برنامج الشركاء' });
  await expect(terms.getByText('اقرأ شروط البرنامج ووافق عليها لتضيف أول إحالة.')).toBeVisible();
  await expect(terms.getByText(clause, { exact: false })).toBeVisible();
  await expect(terms.getByRole('listitem').filter({ hasText: 'رخصة فال سارية' })).toBeVisible();
  const agree = terms.getByRole('button', { name: 'الموافقة والمتابعة' });
  await expect(agree).toBeDisabled();
  await expectNoAxeViolations(page);
  if (phoneApp) {
    await page.setViewportSize({ width: 360, height: 780 });
    await expectNoSidewaysScroll(page);
  }
  await terms.getByLabel('قرأت شروط البرنامج وأوافق عليها').check();
  await agree.click();
  await page.getByLabel('رقم جوال المستأجر').fill(randomPhone());
  await page.getByRole('button', { name: 'إرسال الطلب' }).click();
  await expectToast(page, 'تم إنشاء الطلب بنجاح');

  // A new version: asked again before the next referral.
  await publish(
    page,
    superAdmin,
    `# شروط برنامج الشركاء (محدّثة)\n${clause} فقط، ويحفظ سرية بياناته.`,
  );
  await page.goto(newReferral);
  await expect(
    page
      .getByRole('region', { name: 'شروط برنامج الشركاء' })
      .getByText(/^نُشرت نسخة جديدة من الشروط في/),
  ).toBeVisible();
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: randomPhone(), rent: 60000 },
  });
  expect(created.status()).toBe(409);

  // A transfer asks the same (decision 076): nobody is paid under terms not accepted.
  const mine = (await (await page.request.get('/api/referrals')).json()) as {
    items: { id: string }[];
  };
  const signed = await admin.put(`/api/admin/referrals/${mine.items[0]?.id}/status`, {
    data: { status: 'contract_signed', ...aLease(30000) },
  });
  expect(signed.ok()).toBe(true);
  await page.goto(phoneApp ? '/mobile-commissions' : '/commissions');
  if (phoneApp) await page.getByRole('button', { name: 'طلب تحويل العمولة' }).click();
  const gate = page.getByRole('region', { name: 'شروط برنامج الشركاء' });
  await expect(gate.getByText(/ووافق عليها لتطلب تحويل عمولتك\.$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await gate.getByLabel('قرأت شروط البرنامج وأوافق عليها').check();
  await gate.getByRole('button', { name: 'الموافقة والمتابعة' }).click();
  await expect(page.getByLabel('المبلغ المطلوب (ر.س)')).toBeVisible();
});
