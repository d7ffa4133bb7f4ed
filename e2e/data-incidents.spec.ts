import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, expectNoSidewaysScroll, expectToast, uniqueName } from './support';

// The breach register (decision record 067): a super-admin records a personal-data incident, sees
// its 72-hour clock to SDAIA (an overdue one in red), and records SDAIA's notice. At the phone
// size the page is also checked at 360 px, the narrowest phone it serves.

const HOUR = 3_600_000;

/** What a `datetime-local` box takes for the instant `hours` ago, on Riyadh's clock (UTC+3). */
const riyadhInputHoursAgo = (hours: number) =>
  new Date(Date.now() - hours * HOUR + 3 * HOUR).toISOString().slice(0, 16);

/** Every button and field of `scope` is at least 44 px each way. */
async function expectTouchTargets(scope: Locator): Promise<void> {
  const small = await scope.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea')]
      .map((element) => {
        const target =
          element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type)
            ? (element.closest('label') ?? element)
            : element;
        const box = target.getBoundingClientRect();
        return { name: element.textContent?.trim() || element.id, box };
      })
      .filter(({ box }) => box.width > 1 && (box.width < 44 || box.height < 44))
      .map(({ name, box }) => `${name} ${Math.round(box.width)}×${Math.round(box.height)}`),
  );
  expect(small).toEqual([]);
}

async function narrowToSmallestPhone(page: Page): Promise<void> {
  if ((page.viewportSize()?.width ?? 1280) < 1024) {
    await page.setViewportSize({ width: 360, height: 780 });
  }
}

test('a super-admin records an incident, sees its 72-hour clock and records the notice to SDAIA', async ({
  page,
  superAdmin,
}) => {
  await narrowToSmallestPhone(page);
  await page.context().addCookies((await superAdmin.storageState()).cookies);

  // An incident found 80 hours ago and never notified: overdue, in red.
  const late = uniqueName('بريد أُرسل إلى غير صاحبه');
  const created = await superAdmin.post('/api/superadmin/data-incidents', {
    data: {
      title: late,
      description: 'أُرسل كشف إلى بريد خاطئ.',
      dataCategories: ['contact'],
      affectedCount: 3,
      discoveredAt: new Date(Date.now() - 80 * HOUR).toISOString(),
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/user-management');
  await page.getByRole('link', { name: 'سجل حوادث البيانات' }).click();
  await expect(page.getByRole('heading', { name: 'سجل حوادث البيانات', level: 1 })).toBeVisible();
  await expect(page.getByText('خلال ٧٢ ساعة من اكتشافها')).toBeVisible();

  const overdue = page.getByRole('article', { name: late });
  const overdueClock = overdue.getByText('تجاوزت مهلة إبلاغ سدايا منذ ٨ ساعات');
  await expect(overdueClock).toBeVisible();
  await expect(overdueClock.locator('xpath=../..')).toHaveClass(/bg-red-50/);
  await expect(overdue.getByText('٣ أشخاص')).toBeVisible();
  await expect(overdue.getByText('لم تُبلَّغ بعد')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // Recording a new one: refused in Arabic until it is right.
  await page.getByRole('button', { name: 'تسجيل حادثة' }).click();
  const form = page.getByRole('dialog', { name: 'تسجيل حادثة' });
  await form.getByRole('button', { name: 'حفظ الحادثة' }).click();
  await expect(form.getByText('يرجى كتابة عنوان الحادثة')).toBeVisible();
  await expect(form.getByText('يرجى وصف ما حدث')).toBeVisible();
  await expect(form.getByText('يرجى اختيار فئة بيانات واحدة على الأقل')).toBeVisible();

  const title = uniqueName('رابط نموذج فتحه غير المستأجر');
  await form.getByLabel('عنوان الحادثة').fill(`${title}\u202E`);
  await form.getByLabel('ماذا حدث؟').fill('أُرسل رابط نموذج إلى رقم خاطئ.\nفتحه شخص آخر.');
  await form.getByRole('checkbox', { name: 'بيانات التواصل (الجوال والبريد الإلكتروني)' }).check();
  await form
    .getByRole('checkbox', { name: 'البيانات المالية (الآيبان والدخل والالتزامات)' })
    .check();
  await form.getByLabel('العدد التقريبي للأشخاص المتأثرين').fill('١٢');
  await form.getByLabel('وقت اكتشاف الحادثة').fill(riyadhInputHoursAgo(70));
  await form.getByRole('button', { name: 'حفظ الحادثة' }).click();
  await expect(form.getByText('النص يحتوي على رموز غير مسموح بها')).toBeVisible();
  await form.getByLabel('عنوان الحادثة').fill(title);
  await form.getByLabel('إجراءات الاحتواء المتخذة (اختياري)').fill('أُبطل الرابط.');
  await expectTouchTargets(form);
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'حفظ الحادثة' }).click();
  await expectToast(page, 'سُجّلت الحادثة');

  // Found 70 hours ago: two hours left, due soon.
  const incident = page.getByRole('article', { name: title });
  await expect(incident.getByText('يجب إبلاغ سدايا خلال ساعتين')).toBeVisible();
  await expect(incident.getByText('١٢ شخصًا')).toBeVisible();
  await expect(
    incident.getByText(
      'بيانات التواصل (الجوال والبريد الإلكتروني)، البيانات المالية (الآيبان والدخل والالتزامات)',
    ),
  ).toBeVisible();
  await expectTouchTargets(incident);
  await expectNoSidewaysScroll(page);

  // SDAIA notified now, within its 72 hours, with the platform's reference.
  await incident.getByRole('button', { name: 'تسجيل إبلاغ سدايا' }).click();
  const notice = page.getByRole('dialog', { name: 'تسجيل إبلاغ سدايا' });
  await expect(notice.getByRole('radio', { name: 'أُبلغت سدايا' })).toBeChecked();
  const reference = `NDGP-${Math.floor(Math.random() * 1e6)}`;
  await notice.getByLabel('رقم المرجع في المنصة الوطنية لحوكمة البيانات (اختياري)').fill(reference);
  await expectNoAxeViolations(page);
  await notice.getByRole('button', { name: 'حفظ الإبلاغ' }).click();
  await expectToast(page, 'سُجّل إبلاغ سدايا');
  await expect(incident.getByText('أُبلغت سدايا ضمن المهلة')).toBeVisible();
  await expect(incident.getByText(reference)).toBeVisible();
  await expect(incident.getByRole('button', { name: 'تسجيل إبلاغ سدايا' })).toHaveCount(0);

  // It cannot be closed before the data subjects' notice is settled.
  await incident.getByRole('button', { name: 'إغلاق الحادثة' }).click();
  await page
    .getByRole('dialog', { name: 'إغلاق الحادثة' })
    .getByRole('button', { name: 'إغلاق الحادثة' })
    .click();
  await expectToast(
    page,
    'لا تُغلق الحادثة قبل حسم إبلاغ سدايا وإبلاغ أصحاب البيانات وكتابة الإجراءات المتخذة',
  );
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // Each step is in the audit log.
  const audit = await superAdmin.get('/api/superadmin/audit-log?action=data_incident.sdaia_notice');
  const { items } = (await audit.json()) as { items: { after: { sdaiaReference?: string } }[] };
  expect(items.some((entry) => entry.after.sdaiaReference === reference)).toBe(true);
});

test('the register is not for an admin: the page sends them to the dashboard', async ({
  page,
  admin,
}) => {
  await page.context().addCookies((await admin.storageState()).cookies);
  await page.goto('/data-incidents');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'سجل حوادث البيانات' })).toHaveCount(0);
  expect((await admin.get('/api/superadmin/data-incidents')).status()).toBe(403);
});
