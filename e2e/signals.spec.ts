import { expect, test } from './fixtures';
import { commissionsConsole } from './money';
import { aLease, expectNoAxeViolations, expectToast } from './support';

// A broker refers their own phone; the contract is signed; the commission
// waits on hold («قيد المراجعة» to the broker) until an admin resolves the signal with a note.

test('a referral of the broker’s own phone is signalled, its commission held until an admin resolves it', async ({
  page,
  admin,
  readyBroker,
}) => {
  const phone = await readyBroker(page);
  const lease = aLease(60000);
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: phone, rent: 60000 },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const signed = await admin.put(`/api/admin/referrals/${id}/status`, {
    data: { status: 'contract_signed', ...lease },
  });
  expect(signed.ok()).toBe(true);

  // The broker sees the money under review, without a word about why.
  const wide = (page.viewportSize()?.width ?? 1280) >= 1024;
  await page.goto(wide ? '/commissions' : '/mobile-commissions');
  const item = page.getByRole('listitem').filter({ hasText: lease.contractId });
  await expect(item.getByText('قيد المراجعة لدى فريق العمليات')).toBeVisible();
  await expectNoAxeViolations(page);

  // The team finds the commission held, and the signal in its own tab.
  const { consolePage, context } = await commissionsConsole(page, admin, phone);
  // The search has applied: this broker's one commission.
  await expect(consolePage.getByText('عمولة واحدة', { exact: true })).toBeVisible();
  await expect(consolePage.getByText('موقوفة بسبب تنبيه مفتوح في تبويب التنبيهات')).toBeVisible();
  await consolePage.getByRole('tab', { name: 'التنبيهات' }).click();
  const card = consolePage
    .getByRole('listitem')
    .filter({ hasText: 'جوال المستأجر هو جوال الوسيط' })
    .filter({ hasText: phone });
  await expect(card.getByText('عمولة هذه الإحالة موقوفة حتى المعالجة')).toBeVisible();
  await expectNoAxeViolations(consolePage);
  await card.getByRole('button', { name: 'معالجة' }).click();
  const dialog = consolePage.getByRole('dialog', { name: 'معالجة التنبيه' });
  await dialog.getByLabel('الملاحظة').fill('الوسيط يستأجر لنفسه، تحققنا من العقد');
  await expectNoAxeViolations(consolePage);
  await dialog.getByRole('button', { name: 'تأكيد المعالجة' }).click();
  await expectToast(consolePage, 'تمت معالجة التنبيه');
  await expect(card).toHaveCount(0);

  // Released: payable again, and paid (the tab is searched anew for this broker).
  await consolePage.getByRole('tab', { name: 'العمولات' }).click();
  await consolePage.getByRole('searchbox', { name: 'البحث باسم الوسيط أو جواله' }).fill(phone);
  await expect(consolePage.getByText('عمولة واحدة', { exact: true })).toBeVisible();
  await expect(consolePage.getByText('موقوفة بسبب تنبيه مفتوح في تبويب التنبيهات')).toHaveCount(0);
  await consolePage.getByRole('button', { name: 'تأكيد الدفع' }).first().click();
  await consolePage
    .getByRole('dialog', { name: 'تأكيد دفع العمولة' })
    .getByRole('button', { name: 'تأكيد الدفع' })
    .click();
  await expectToast(consolePage, 'تم تأكيد الدفع');
  await context.close();
  await page.reload();
  await expect(item.getByText('مدفوعة', { exact: true })).toBeVisible();
});
