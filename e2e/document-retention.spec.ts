import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, expectNoSidewaysScroll, expectToast } from './support';

// The retention schedule (decision record 068): a super-admin changes how many days after a
// referral closes its tenant's documents are erased, and the privacy notice says the new figure.
// The period is one setting for the whole server: this file runs in the server-wide projects,
// after every other journey and one viewport at a time (playwright.config.ts), and puts the
// default back when it is done.

test.describe.configure({ mode: 'serial' });

const onPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;

test.afterEach(async ({ superAdmin }) => {
  const reset = await superAdmin.post('/api/admin/config', {
    data: { key: 'document_retention_days', value: '90' },
  });
  expect(reset.ok()).toBe(true);
});

test('a super-admin changes how long tenants’ documents are kept, and the privacy notice says it', async ({
  page,
  superAdmin,
}) => {
  // Typed as a super-admin would: Arabic-Indic digits on the desktop, Latin on the phone; the
  // figures take the counted noun's right form (١٢٠ يومًا, ٧ أيام).
  const { typed, said } = onPhone(page)
    ? { typed: '7', said: '٧ أيام' }
    : { typed: '١٢٠', said: '١٢٠ يومًا' };

  // Before: the default, as the tenant reads it.
  await page.goto('/privacy');
  const kept = page.getByRole('region', { name: 'مدة الحفظ' });
  await expect(kept).toContainText(
    'تعريف الراتب وتقرير سمة الائتماني (الملف أو الرابط): نحذفهما بعد ٩٠ يومًا من إغلاق طلبك، أي من رفضه أو إلغائه أو توقيع عقد الإيجار.',
  );

  await page.context().addCookies((await superAdmin.storageState()).cookies);
  await page.goto('/user-management');
  const card = page.getByRole('region', { name: 'مدة حفظ مستندات المستأجرين' });
  await expect(card.getByText('المدة الحالية: ٩٠ يومًا')).toBeVisible();
  await expect(card).toContainText('من ٧ أيام إلى ٣٬٦٥٠ يومًا، والمدة الافتراضية ٩٠ يومًا.');
  const days = card.getByRole('textbox', { name: 'المدة الجديدة بالأيام' });

  // Less than a week is refused in Arabic, before anything is sent.
  await days.fill('٥');
  await card.getByRole('button', { name: 'حفظ المدة' }).click();
  await expect(card.getByRole('alert')).toHaveText('يرجى إدخال عدد أيام بين ٧ و٣٦٥٠');
  await expect(days).toHaveAttribute('aria-invalid', 'true');
  await expect(card.getByText('المدة الحالية: ٩٠ يومًا')).toBeVisible();

  await days.fill(typed);
  await card.getByRole('button', { name: 'حفظ المدة' }).click();
  await expectToast(page, 'تم حفظ مدة حفظ المستندات');
  await expect(card.getByText(`المدة الحالية: ${said}`)).toBeVisible();
  await expect(card).toContainText(`نحذفهما بعد ${said} من إغلاق طلبك`);
  await expect(card.getByRole('alert')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // The tenant's notice says the new figure.
  await page.goto('/privacy');
  await expect(kept).toContainText(
    `تعريف الراتب وتقرير سمة الائتماني (الملف أو الرابط): نحذفهما بعد ${said} من إغلاق طلبك، أي من رفضه أو إلغائه أو توقيع عقد الإيجار.`,
  );
  await expect(kept).toContainText('نحذفه بعد سبعة أيام');
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});
