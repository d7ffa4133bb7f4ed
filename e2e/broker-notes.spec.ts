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

// Decision 073: the program team's notes and tags on brokers, and a reminder to a dormant broker
// through the outbox, once a month.

const onPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;
const entries = (page: Page) => page.getByRole('listitem').or(page.getByRole('row'));

test('the team finds a dormant broker, reminds them once, tags them and keeps a note', async ({
  page,
  admin,
  superAdmin,
  readyBroker,
}) => {
  test.slow(); // The setting, the console and the broker's SMS, in three contexts.
  const phoneApp = onPhone(page);
  const name = uniqueName('سلطان العتيبي');
  const phone = await readyBroker(page, name);
  // The broker's last referral, 40 days ago.
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: randomPhone(), rent: 60000 },
  });
  expect(created.status()).toBe(201);
  const { id: referralId } = (await created.json()) as { id: string };
  expect((await admin.post('/api/dev/clock', { data: { referralId, days: 40 } })).ok()).toBe(true);

  // The super-admin sets the dormancy period, in Arabic-Indic digits.
  const { consolePage: root, context: rootContext } = await adminConsole(
    page,
    superAdmin,
    '/groups',
  );
  const dormancy = root.getByLabel('مدة الخمول (يوم)');
  await dormancy.fill('٤٠٠');
  await root.getByRole('button', { name: 'حفظ مدة الخمول' }).click();
  await expect(root.getByText('يرجى إدخال عدد أيام بين ٧ و٣٦٥').first()).toBeVisible();
  await dormancy.fill('٣٠');
  await root.getByRole('button', { name: 'حفظ مدة الخمول' }).click();
  await expectToast(root, 'حُفظت مدة الخمول');
  await rootContext.close();

  // The admin lists the dormant brokers and reminds this one.
  const { consolePage, context } = await adminConsole(page, admin, '/admin?tab=brokers');
  await consolePage.getByRole('combobox', { name: 'تصفية الوسطاء' }).click();
  await consolePage.getByRole('option', { name: 'خاملون' }).click();
  await consolePage
    .getByRole('searchbox', { name: 'البحث بالاسم أو الجوال أو رمز الوسيط' })
    .fill(name);
  const row = entries(consolePage).filter({ hasText: name });
  await expect(row.getByText('آخر إحالة: منذ ٤٠ يومًا')).toBeVisible();
  await row.getByRole('button', { name: `إرسال تذكير إلى ${name}` }).click();
  await expectToast(consolePage, 'أُرسل التذكير');
  await expect(row.getByText('ذُكّر الآن')).toBeVisible();
  await expect(row.getByRole('button', { name: `إرسال تذكير إلى ${name}` })).toHaveCount(0);
  await expectNoAxeViolations(consolePage);
  if (phoneApp) {
    await consolePage.setViewportSize({ width: 360, height: 780 });
    await expectNoSidewaysScroll(consolePage);
  }

  // The reminder reaches the broker's phone through the outbox.
  await expect
    .poll(async () => {
      const inbox = (await (await admin.get(`/api/dev/inbox?phone=${phone}`)).json()) as {
        body: string;
      }[];
      return inbox.map((message) => message.body).join('\n');
    })
    .toContain(`مرحباً ${name}، نذكّرك بحسابك في`);

  // A tag and a note in the broker's details.
  const tag = uniqueName('مكتب كبير').slice(0, 30);
  await row.getByRole('button', { name: 'التفاصيل' }).click();
  const details = consolePage.getByRole('dialog', { name });
  const tags = details.getByRole('region', { name: 'الوسوم' });
  await tags.getByLabel('وسم جديد').fill(tag);
  await tags.getByRole('button', { name: 'إضافة الوسم' }).click();
  await expect(tags.getByRole('button', { name: `إزالة الوسم ${tag}` })).toBeVisible();
  const notes = details.getByRole('region', { name: 'ملاحظات الفريق' });
  await notes.getByRole('button', { name: 'إضافة الملاحظة' }).click();
  await expect(notes.getByText('يرجى كتابة الملاحظة')).toBeVisible();
  await notes.getByLabel('ملاحظة جديدة').fill('اتصلنا به: ينتظر موسم الإيجارات في شوال');
  await notes.getByRole('button', { name: 'إضافة الملاحظة' }).click();
  await expectToast(consolePage, 'أُضيفت الملاحظة');
  await expect(notes.getByText('اتصلنا به: ينتظر موسم الإيجارات في شوال')).toBeVisible();
  await expectNoAxeViolations(consolePage);
  await details.getByRole('button', { name: 'إغلاق' }).click();

  // The tag filters the brokers, and the search finds the note's words.
  await consolePage.getByRole('combobox', { name: 'تصفية الوسطاء' }).click();
  await consolePage.getByRole('option', { name: 'جميع الوسطاء' }).click();
  await consolePage
    .getByRole('searchbox', { name: 'البحث بالاسم أو الجوال أو رمز الوسيط' })
    .fill('');
  await consolePage.getByLabel('الوسم', { exact: true }).selectOption(tag);
  await expect(consolePage.getByText('وسيط واحد', { exact: true })).toBeVisible();
  await expect(entries(consolePage).filter({ hasText: name })).toHaveCount(1);
  await context.close();
});
