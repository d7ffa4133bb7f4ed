import { expect, test } from './fixtures';
import { adminConsole } from './money';
import {
  atPhoneWidth,
  createAccount,
  expectNoAxeViolations,
  expectToast,
  onPhone,
  randomPhone,
  signIn,
  uniqueName,
} from './support';

// Decision 076: a super-admin asks questions of every broker requesting activation; the broker
// answers them with the request, and the team reads the answers in the broker's details. It
// runs in the last projects (playwright.config.ts): while a required question is asked, no
// other journey's activation request without answers would pass.

test('a broker answers the activation questions with the request, and an admin reads the answers', async ({
  page,
  superAdmin,
  admin,
}) => {
  test.slow(); // The groups page twice, the broker's dashboard and the console.
  const experience = uniqueName('كم سنة خبرتك في الوساطة العقارية؟');
  const draft = uniqueName('ما الأحياء التي تعمل فيها');
  const areas = uniqueName('ما الأحياء التي تعمل فيها في مدينتك؟');

  // The super-admin asks: one question required, one optional, whose text is then corrected.
  const asking = await adminConsole(page, superAdmin, '/groups');
  const card = asking.consolePage.getByRole('region', { name: 'أسئلة طلب التفعيل' });
  const add = card.getByRole('form', { name: 'إضافة سؤال' });
  await add.getByRole('button', { name: 'إضافة السؤال' }).click();
  await expect(add.getByText('يرجى كتابة نص السؤال')).toBeVisible();
  await add.getByLabel('نص السؤال').fill(experience);
  await add.getByRole('button', { name: 'إضافة السؤال' }).click();
  await expectToast(asking.consolePage, 'أُضيف السؤال');
  await add.getByLabel('نص السؤال').fill(draft);
  await add.getByLabel('الإجابة مطلوبة').uncheck();
  await add.getByRole('button', { name: 'إضافة السؤال' }).click();
  await expect(card.getByRole('listitem').filter({ hasText: draft })).toContainText('اختياري');
  await card.getByRole('button', { name: `تعديل السؤال: ${draft}` }).click();
  const edit = card.getByRole('form', { name: `تعديل السؤال: ${draft}` });
  await edit.getByLabel('نص السؤال').fill(areas);
  await edit.getByRole('button', { name: 'حفظ السؤال' }).click();
  await expectToast(asking.consolePage, 'حُفظ السؤال');
  await expect(card.getByRole('listitem').filter({ hasText: areas })).toBeVisible();
  await expect(
    card.getByRole('listitem').filter({ hasText: experience }).getByText('إجابته مطلوبة'),
  ).toBeVisible();
  await expectNoAxeViolations(asking.consolePage);
  await atPhoneWidth(asking.consolePage);
  await asking.context.close();

  // A new broker requests activation: the questions come first.
  const name = uniqueName('سلمان العنزي');
  const phone = randomPhone();
  await createAccount(page.request, phone);
  await signIn(page, phone);
  expect((await page.request.put('/api/broker/profile', { data: { fullName: name } })).ok()).toBe(
    true,
  );
  await page.goto(onPhone(page) ? '/mobile-dashboard' : '/dashboard');
  await page.getByRole('button', { name: 'طلب تفعيل الحساب' }).click();
  const dialog = page.getByRole('dialog', { name: 'طلب تفعيل الحساب' });
  await expect(dialog.getByLabel(`${areas} (اختياري)`)).toBeVisible();
  await dialog.getByRole('button', { name: 'إرسال طلب التفعيل' }).click();
  await expect(dialog.getByText('يرجى الإجابة عن هذا السؤال')).toBeVisible();
  await expectNoAxeViolations(page);
  await atPhoneWidth(page);
  // A Saudi keyboard's digits, as typed.
  await dialog.getByLabel(experience).fill('٧ سنوات في مكتب بالرياض');
  await dialog.getByRole('button', { name: 'إرسال طلب التفعيل' }).click();
  await expectToast(page, 'تم إرسال طلب التفعيل');
  await expect(
    page.getByText('حسابك غير مفعل بعد، وطلب التفعيل قيد المراجعة لدى الإدارة.'),
  ).toBeVisible();

  // An admin reads the answer under the question, in the broker's details.
  const reading = await adminConsole(page, admin, '/admin?tab=brokers');
  await reading.consolePage
    .getByRole('searchbox', { name: 'البحث بالاسم أو الجوال أو رمز الوسيط' })
    .fill(phone);
  // The search is sent once typing pauses: the filtered list, before any click in it.
  await expect(reading.consolePage.getByText('وسيط واحد', { exact: true })).toBeVisible();
  await reading.consolePage
    .getByRole('listitem')
    .or(reading.consolePage.getByRole('row'))
    .filter({ hasText: name })
    .getByRole('button', { name: 'التفاصيل' })
    .click();
  const answers = reading.consolePage
    .getByRole('dialog', { name })
    .getByRole('region', { name: 'إجابات طلب التفعيل' });
  await expect(answers.getByRole('term')).toHaveText([experience]);
  await expect(answers.getByRole('definition')).toHaveText(['٧ سنوات في مكتب بالرياض']);
  await expectNoAxeViolations(reading.consolePage);
  await atPhoneWidth(reading.consolePage);
  await reading.context.close();

  // The questions deleted: the next request carries no answers, and this one keeps its own.
  const clearing = await adminConsole(page, superAdmin, '/groups');
  const questions = clearing.consolePage.getByRole('region', { name: 'أسئلة طلب التفعيل' });
  await expect(
    questions.getByRole('listitem').filter({ hasText: experience }).getByText('أجاب عنه وسيط واحد'),
  ).toBeVisible();
  for (const prompt of [experience, areas]) {
    await questions.getByRole('button', { name: `حذف السؤال: ${prompt}` }).click();
    await questions.getByRole('button', { name: `تأكيد حذف السؤال: ${prompt}` }).click();
    await expect(questions.getByRole('listitem').filter({ hasText: prompt })).toHaveCount(0);
  }
  await clearing.context.close();
  const after = await page.request.get('/api/broker/activation-questions');
  expect(((await after.json()) as { items: unknown[] }).items).toEqual([]);
  const { id } = (await (await page.request.get('/api/broker/profile')).json()) as { id: string };
  const kept = await admin.get(`/api/admin/brokers/${id}/activation-answers`);
  expect(((await kept.json()) as { items: unknown[] }).items).toEqual([
    { prompt: experience, answer: '٧ سنوات في مكتب بالرياض' },
  ]);
});

// A journey that failed halfway leaves no question behind for the next viewport's run.
test.afterEach(async ({ superAdmin }) => {
  const listed = await superAdmin.get('/api/superadmin/activation-questions');
  const { items } = (await listed.json()) as { items: { id: string }[] };
  for (const question of items) {
    await superAdmin.delete(`/api/superadmin/activation-questions/${question.id}`);
  }
});
