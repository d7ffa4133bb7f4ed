import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { commissionTile } from './money';
import { aLease, expectNoAxeViolations, expectNoSidewaysScroll, randomPhone } from './support';

const IBAN = 'SA0380000000608010167519';
const NOTE = 'تواصلنا مع المستأجر وقُبل الطلب، بانتظار عقد المالك';
const phoneWidth = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/** This Riyadh month as the earnings table names it: «نوفمبر ٢٠٢٦». */
const thisMonth = () =>
  new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-arab', {
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Riyadh',
  }).format(new Date());

test('earnings and status history: the month’s commission, what open requests hold, and each step of the referral with the team’s note', async ({
  page,
  admin,
  readyBroker,
}) => {
  await readyBroker(page, 'فهد القحطاني');
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: randomPhone(), rent: 200000 },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  for (const data of [
    { status: 'accepted_awaiting_owner_contract', notes: NOTE },
    { status: 'contract_signed', ...aLease(200000) },
  ]) {
    expect((await admin.put(`/api/admin/referrals/${id}/status`, { data })).ok()).toBe(true);
  }
  // A commission of 2,000 (1% of the rent), 500 of it asked for.
  const transfer = await page.request.post('/api/commissions/request-transfer', {
    // The first IBAN becomes the profile's: the password again (decision record 050).
    data: { amount: 500, bankAccount: IBAN, password: 'secret123' },
  });
  expect(transfer.ok()).toBe(true);

  await page.goto(phoneWidth(page) ? '/mobile-commissions' : '/commissions');
  const earnings = page.getByRole('region', { name: 'أرباحي خلال آخر ١٢ شهرًا' });
  await expect(earnings).toBeVisible();
  // The 500 asked for is in transfer, under the name the tiles give it (money-buckets.ts).
  await expect(commissionTile(page, 'قيد التحويل')).toContainText('٥٠٠ ر.س');
  await expect(earnings.getByText('غير المدفوعة', { exact: true }).locator('..')).toContainText(
    '٢٬٠٠٠ ر.س',
  );
  // Twelve bars, this month's the last; screen readers hear its figures as its name.
  const bars = earnings.getByRole('list', { name: /حسب شهر إضافة العمولة/ }).getByRole('img');
  await expect(bars).toHaveCount(12);
  await expect(bars.last()).toHaveAccessibleName(
    `${thisMonth()}: المدفوعة ٠ ر.س، قيد التحويل ٥٠٠ ر.س، المعلقة ١٬٥٠٠ ر.س`,
  );
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  if (phoneWidth(page)) {
    // The smallest phones too.
    await page.setViewportSize({ width: 360, height: 780 });
    await expect(earnings).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 390, height: 844 });
  }

  await page.goto(phoneWidth(page) ? `/mobile-referral-details/${id}` : `/referral/${id}`);
  const history = page.getByRole('region', { name: 'سجل حالة الطلب' });
  const steps = history.getByRole('listitem');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toContainText('في انتظار إكمال الطلب');
  await expect(steps.nth(0)).toContainText('أُرسل الطلب، أنت');
  await expect(steps.nth(1)).toContainText('تم القبول - بانتظار عقد المالك');
  await expect(steps.nth(1)).toContainText('تغيّرت الحالة، فريق العمليات');
  await expect(steps.nth(1)).toContainText(`ملاحظة: ${NOTE}`);
  await expect(steps.nth(2)).toContainText('تم توقيع العقد');
  // The admin is never named to the broker.
  await expect(history).not.toContainText('خالد العتيبي');
  await expect(history).not.toContainText('0550000002');
  await expect(history.locator('time').first()).toHaveText(/[٠-٩]/);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});

test('status history in the admin’s referral details: each step names who acted, with the note', async ({
  page,
  browser,
  admin,
  readyBroker,
}) => {
  await readyBroker(page, 'نورة السبيعي');
  const tenant = randomPhone();
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: tenant, rent: 90000 },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  const processed = await admin.put(`/api/admin/referrals/${id}/status`, {
    data: { status: 'under_review', notes: NOTE },
  });
  expect(processed.ok()).toBe(true);

  const context = await browser.newContext({
    storageState: await admin.storageState(),
    viewport: page.viewportSize() ?? undefined,
  });
  const consolePage = await context.newPage();
  await consolePage.goto('/admin');
  await consolePage.getByRole('tab', { name: 'الإحالات' }).click();
  await consolePage
    .getByRole('searchbox', { name: 'البحث بجوال المستأجر أو اسم الوسيط أو رمزه' })
    .fill(tenant);
  await expect(consolePage.getByText('إحالة واحدة', { exact: true })).toBeVisible();
  await consolePage.getByRole('button', { name: 'التفاصيل' }).click();
  const dialog = consolePage.getByRole('dialog');
  const steps = dialog.getByRole('list', { name: 'سجل الحالة' }).getByRole('listitem');
  await expect(steps).toHaveCount(2);
  await expect(steps.nth(0)).toContainText('أُرسل الطلب، نورة السبيعي');
  await expect(steps.nth(1)).toContainText('قيد المراجعة');
  await expect(steps.nth(1)).toContainText('تغيّرت الحالة، خالد العتيبي');
  await expect(steps.nth(1)).toContainText(`ملاحظة: ${NOTE}`);
  await expectNoAxeViolations(consolePage);
  await context.close();
});

test('the commission list comes twenty to a page, the potential ones last, with «السابق / التالي»', async ({
  page,
  admin,
  readyBroker,
}) => {
  await readyBroker(page, 'ريم الزهراني');
  // Twenty-one signed contracts (21 commissions of 500–520) and one accepted referral.
  for (let i = 0; i < 22; i++) {
    const created = await page.request.post('/api/referrals', {
      data: { tenantPhone: randomPhone(), rent: 50_000 + i * 100 },
    });
    expect(created.ok()).toBe(true);
    const { id } = (await created.json()) as { id: string };
    const data =
      i === 21
        ? { status: 'accepted_awaiting_owner_contract' }
        : { status: 'contract_signed', ...aLease(50_000 + i * 100) };
    expect((await admin.put(`/api/admin/referrals/${id}/status`, { data })).ok()).toBe(true);
  }

  await page.goto(phoneWidth(page) ? '/mobile-commissions' : '/commissions');
  const pages = page.getByRole('navigation', { name: 'صفحات العمولات' });
  await expect(pages).toContainText('صفحة ١ من ٢');
  const items = page.getByRole('listitem').filter({ hasText: 'المستأجر' });
  await expect(items).toHaveCount(20);
  await expect(pages.getByRole('button', { name: 'السابق' })).toBeDisabled();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  await pages.getByRole('button', { name: 'التالي' }).click();
  await expect(pages).toContainText('صفحة ٢ من ٢');
  // The oldest commission, then the potential one of the accepted referral.
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('٥٠٠ ر.س');
  await expect(items.last()).toContainText('عمولة متوقعة بعد توقيع العقد');
  await expect(pages.getByRole('button', { name: 'التالي' })).toBeDisabled();
  await pages.getByRole('button', { name: 'السابق' }).click();
  await expect(pages).toContainText('صفحة ١ من ٢');
  await expect(items).toHaveCount(20);
});
