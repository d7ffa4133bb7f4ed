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

// Decision 079: a broker writes to the program team with a file, an admin finds the message by
// its words and answers it, the broker reads the answer live; a broadcast to the broker's city
// reaches them with its delivery counts, and the broker mutes broadcasts.

const PDF = Buffer.from('%PDF-1.4\n% a contract photo\n%%EOF\n');

test('a broker and the team write to each other, with a file, live; a broadcast reaches the broker’s city', async ({
  page,
  admin,
}) => {
  test.slow(); // Two pages, the console's two views.
  // Each viewport's broker in a city of its own: the two projects run side by side.
  const city = onPhone(page) ? 'khobar' : 'taif';
  const name = uniqueName('فهد القحطاني');
  const phone = randomPhone();
  await createAccount(page.request, phone);
  await signIn(page, phone);
  expect(
    (await page.request.put('/api/broker/profile', { data: { fullName: name, city } })).ok(),
  ).toBe(true);

  // The broker opens «الرسائل» from the app's navigation and writes, with a PDF.
  if (onPhone(page)) {
    await page.goto('/mobile-dashboard');
    await page.getByRole('link', { name: 'الرسائل' }).click();
  } else {
    await page.goto('/dashboard');
    await page.getByRole('banner').getByRole('link', { name: 'الرسائل' }).click();
  }
  await expect(page.getByRole('heading', { name: 'الرسائل', level: 1 })).toBeVisible();
  await expect(page.getByText('لا توجد رسائل بعد')).toBeVisible();
  const composer = page.getByRole('form', { name: 'رسالتك إلى الفريق' });
  await composer.getByRole('button', { name: 'إرسال' }).click();
  await expect(composer.getByRole('alert')).toHaveText('يرجى كتابة الرسالة أو إرفاق ملف');
  const question = uniqueName('هل وصلتكم صورة العقد رقم ٤٥٢؟');
  await composer.getByLabel('رسالتك إلى الفريق').fill(question);
  await composer.locator('input[type="file"]').setInputFiles({
    name: 'عقد.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(composer.getByText('عقد.pdf')).toBeVisible();
  await composer.getByRole('button', { name: 'إرسال' }).click();
  await expectToast(page, 'أُرسلت رسالتك');
  const mine = page.getByRole('article', { name: 'رسالتك' }).filter({ hasText: question });
  await expect(mine).toContainText('لم تُقرأ بعد');
  await expect(mine.getByRole('link', { name: 'فتح المرفق (ملف بي دي إف)' })).toBeVisible();
  await expectNoAxeViolations(page);
  await atPhoneWidth(page);

  // The team finds it by its words, opens it, and answers.
  const team = await adminConsole(page, admin, '/admin?tab=conversations');
  const inbox = team.consolePage;
  await inbox.getByRole('searchbox', { name: /البحث في الرسائل/ }).fill(question);
  await expect(inbox.getByRole('list', { name: 'المحادثات' }).getByRole('listitem')).toHaveCount(1);
  await inbox.getByRole('button', { name: `فتح المحادثة مع ${name}` }).click();
  await expect(inbox.getByRole('heading', { name: `محادثة مع ${name}` })).toBeVisible();
  const received = inbox.getByRole('article', { name: `رسالة من ${name}` });
  await expect(received).toContainText(question);
  await expect(received.getByRole('link', { name: 'فتح المرفق (ملف بي دي إف)' })).toBeVisible();
  const answer = 'وصلت، نراجعها اليوم ونعود إليك';
  const reply = inbox.getByRole('form', { name: 'رسالة إلى الوسيط' });
  await reply.getByLabel('رسالة إلى الوسيط').fill(answer);
  await reply.getByRole('button', { name: 'إرسال' }).click();
  await expect(inbox.getByRole('article', { name: /فريق البرنامج/ })).toContainText(answer);
  await expectNoAxeViolations(inbox);
  await atPhoneWidth(inbox);

  // The broker's page hears both without a reload: the answer, and their message read.
  await expect(page.getByRole('article', { name: /رسالة من فريق/ })).toContainText(answer);
  await expect(mine).toContainText('مقروءة');

  // A broadcast to the broker's city: its audience counted before, its delivery after.
  await inbox.getByRole('tab', { name: 'الرسائل الجماعية' }).click();
  const form = inbox.getByRole('form', { name: 'رسالة جماعية جديدة' });
  await form.getByRole('button', { name: 'مراجعة وإرسال' }).click();
  await expect(form.getByText('يرجى اختيار من تصلهم الرسالة')).toBeVisible();
  await form.getByLabel('من تصلهم الرسالة').selectOption({ label: 'مدينة' });
  await form.getByLabel('المدينة').selectOption(city);
  await expect(form.getByText('تصل إلى وسيط واحد.')).toBeVisible();
  const announcement = uniqueName('عمولة إضافية ٢٠٠ ر.س لكل عقد هذا الشهر');
  await form.getByLabel('نص الرسالة').fill(announcement);
  await form.getByRole('button', { name: 'مراجعة وإرسال' }).click();
  const confirm = inbox.getByRole('dialog', { name: 'تأكيد إرسال الرسالة الجماعية' });
  await expect(confirm).toContainText('ستصل الرسالة إلى وسيط واحد');
  await confirm.getByRole('button', { name: 'إرسال الآن' }).click();
  await expectToast(inbox, 'أُرسلت الرسالة الجماعية إلى وسيط واحد');
  const sent = inbox
    .getByRole('list', { name: 'الرسائل الجماعية المرسلة' })
    .getByRole('listitem')
    .filter({ hasText: announcement });
  await expect(sent.getByRole('definition').first()).toHaveText('١');
  await expectNoAxeViolations(inbox);
  await atPhoneWidth(inbox);
  await team.context.close();

  // The broker reads it live, then mutes broadcasts.
  const broadcast = page.getByRole('article').filter({ hasText: announcement });
  await expect(broadcast).toContainText('رسالة جماعية');
  await page.getByRole('switch', { name: 'كتم الرسائل الجماعية' }).click();
  await expectToast(page, 'كُتمت الرسائل الجماعية');
  await expect(page.getByRole('switch', { name: 'كتم الرسائل الجماعية' })).toBeChecked();
  await expectNoAxeViolations(page);
});
