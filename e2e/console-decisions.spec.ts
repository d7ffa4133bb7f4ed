import type { Page } from '@playwright/test';
import { ibanFor } from '../src/server/test-support/iban.js';
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

// The console where decisions are made (docs/decisions/061): a flagged referral says so on its
// row or card, in the processing dialog and on the operations dashboard; the payouts card reads
// in the order of the work and cancels a payout no bank has; nothing reads «٠» where there is
// nothing yet; the super-admin's audit log and webhooks page have no English outside
// left-to-right identifiers.

/** A console list's entries: cards on a phone, table rows from 1024 px. */
const entries = (page: Page) => page.getByRole('listitem').or(page.getByRole('row'));

/**
 * The Latin words of the page's main content outside left-to-right identifiers (`dir="ltr"`:
 * phones, codes, addresses, the raw record of a change) and outside what is hidden.
 */
function latinWords(page: Page): Promise<string[]> {
  return page.getByRole('main').evaluate((root) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('[dir="ltr"], [hidden], [aria-hidden="true"], script, style')) {
        continue;
      }
      found.push(...(node.textContent?.match(/[A-Za-z]{2,}/g) ?? []));
    }
    return found;
  });
}

/** A zero standing alone (not a digit of ٢٠٢٠ or ١٠٠٬٠٠٠): «٠ ر.س», «متأخرة: ٠», «٠٪». */
const LONE_ZERO = /(^|[^٠-٩٬٫])٠(?![٠-٩٬٫])/;

test('a flagged referral shows its signal on its row or card, in the processing dialog and on the dashboard', async ({
  page,
  admin,
  readyBroker,
}) => {
  const name = uniqueName('سلمان الدوسري');
  const phone = await readyBroker(page, name);
  // The broker refers their own phone (a signal), and a tenant of their own (none).
  const own = await page.request.post('/api/referrals', {
    data: { tenantPhone: phone, rent: 60000 },
  });
  expect(own.status()).toBe(201);
  const tenant = randomPhone();
  expect(
    (
      await page.request.post('/api/referrals', { data: { tenantPhone: tenant, rent: 60000 } })
    ).status(),
  ).toBe(201);

  const { consolePage, context } = await adminConsole(page, admin, '/admin?tab=referrals');
  await consolePage
    .getByRole('searchbox', { name: 'البحث بجوال المستأجر أو اسم الوسيط أو رمزه' })
    .fill(name);
  await expect(consolePage.getByText('إحالتان', { exact: true })).toBeVisible();
  const flagged = entries(consolePage).filter({ hasText: phone }).filter({ hasText: name });
  await expect(flagged.getByText('تنبيه مفتوح')).toBeVisible();
  await expect(flagged.getByText('جوال المستأجر هو جوال الوسيط')).toBeVisible();
  const clean = entries(consolePage).filter({ hasText: tenant });
  await expect(clean).toBeVisible();
  await expect(clean.getByText('تنبيه مفتوح')).toHaveCount(0);
  await expectNoSidewaysScroll(consolePage);
  await expectNoAxeViolations(consolePage);

  // The processing dialog says it first, in full, and warns before the contract is signed.
  await flagged.getByRole('button', { name: 'معالجة' }).click();
  const dialog = consolePage.getByRole('dialog');
  await expect(dialog.getByText('على هذه الإحالة تنبيه مفتوح')).toBeVisible();
  await expect(
    dialog.getByText('جوال المستأجر في هذه الإحالة هو أحد أرقام الوسيط نفسه'),
  ).toBeVisible();
  await expect(dialog.getByText(/^تحقّق قبل تسجيل توقيع العقد/)).toHaveCount(0);
  await dialog.getByLabel('الحالة').click();
  await consolePage.getByRole('option', { name: /تم توقيع العقد/ }).click();
  await expect(
    dialog.getByText(
      'تحقّق قبل تسجيل توقيع العقد: ستُنشأ العمولة موقوفة، ولا تُصرف حتى يُعالَج التنبيه.',
    ),
  ).toBeVisible();
  await expectNoAxeViolations(consolePage);
  await dialog.getByRole('button', { name: 'إلغاء', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  // The operations dashboard counts the open signals, one tap from their tab.
  await consolePage.goto('/dashboard');
  await consolePage.getByRole('button', { name: 'عرض المشرف' }).click();
  const signals = consolePage.getByRole('heading', { name: 'التنبيهات المفتوحة' }).locator('..');
  await expect(signals.locator('..').getByText('بانتظار قرار')).toBeVisible();
  await expectNoAxeViolations(consolePage);
  await signals.locator('..').getByRole('link', { name: 'تبويب التنبيهات' }).click();
  await expect(consolePage.getByRole('tab', { name: 'التنبيهات' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(
    consolePage
      .getByRole('listitem')
      .filter({ hasText: 'جوال المستأجر هو جوال الوسيط' })
      .filter({ hasText: phone }),
  ).toBeVisible();
  await context.close();
});

test('the payouts card reads in the order of the work, and a payout no bank has is cancelled', async ({
  page,
  admin,
  readyBroker,
}) => {
  const name = uniqueName('هند الحربي');
  const phone = await readyBroker(page, name);
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: randomPhone(), rent: 90000 },
  });
  const { id: referralId } = (await created.json()) as { id: string };
  expect(
    (
      await admin.put(`/api/admin/referrals/${referralId}/status`, {
        data: { status: 'contract_signed', ...aLease(90000) },
      })
    ).ok(),
  ).toBe(true);
  // The first IBAN comes with the request (the password again); its 48 hours pass.
  const asked = await page.request.post('/api/commissions/request-transfer', {
    data: { amount: 900, bankAccount: ibanFor(phone), password: 'secret123' },
  });
  expect(asked.ok()).toBe(true);
  const { id: payoutId } = (await asked.json()) as { id: string };
  expect((await admin.post('/api/dev/clock', { data: { referralId, days: 2 } })).ok()).toBe(true);
  const approved = await admin.post('/api/admin/payouts/mark', {
    data: { ids: [payoutId], status: 'approved' },
  });
  expect(((await approved.json()) as { changed: number }).changed).toBe(1);

  const { consolePage, context } = await adminConsole(page, admin, '/admin?tab=commissions');
  const card = consolePage.getByRole('region', { name: 'الدفعات' });
  // The steps, top to bottom in the order of the work.
  const steps = card.getByRole('list', { name: 'خطوات الدفع' }).getByRole('listitem');
  await expect(steps).toHaveCount(4);
  const titles = await steps.evaluateAll((items) =>
    items.map((item) => item.querySelector('p')?.textContent ?? ''),
  );
  expect(titles).toEqual([
    'اعتماد المسودات',
    'تنزيل ملف البنك',
    'التعليم كمُرسَلة',
    'التعليم كمدفوعة أو فاشلة',
  ]);
  // This approved payout waits for the file: the step says how many, with its action.
  await expect(steps.nth(1).getByText(/بإجمالي/)).toBeVisible();
  await expect(steps.nth(1).getByRole('button', { name: 'تنزيل ملف البنك' })).toBeVisible();

  // The payout itself reads top to bottom: what it is, where it goes, what comes next, the action.
  const item = card.getByRole('listitem').filter({ hasText: name });
  await expect(item).toBeVisible();
  const text = (await item.textContent()) ?? '';
  const order = ['٩٠٠ ر.س', 'معتمدة', 'الآيبان', 'مرجع الدفعة', 'تدخل ملف البنك التالي'].map(
    (words) => text.indexOf(words),
  );
  expect(order.every((at) => at >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  // Only the note of the step it is at: not the bank's, not a hold that no longer applies.
  await expect(item.getByText('في ملف بنك نُزّل')).toHaveCount(0);
  await expect(item.getByText(/موقوفة/)).toHaveCount(0);
  await expect(item.getByRole('button', { name: /^تسجيل فشل/ })).toHaveCount(0);
  // The payout's reference is one unbroken left-to-right token.
  const reference = item.locator('bdi', { hasText: /^SHR-[0-9A-F]{10}$/ });
  expect(await reference.evaluate((el) => el.getClientRects().length)).toBe(1);
  expect(await reference.getAttribute('dir')).toBe('ltr');
  await expectNoSidewaysScroll(consolePage);
  await expectNoAxeViolations(consolePage);

  // Cancelled, with the reason the broker reads: asked first, said plainly.
  await item.getByRole('button', { name: `إلغاء دفعة ٩٠٠ ر.س للوسيط ${name}` }).click();
  const dialog = consolePage.getByRole('dialog', { name: 'إلغاء الدفعة' });
  await expect(dialog.getByText(/ويعود مبلغها إلى رصيده المتاح للتحويل/)).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'تأكيد إلغاء الدفعة' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('سبب الإلغاء كما سيقرؤه الوسيط').fill('الآيبان يحتاج إلى تحقق');
  await expectNoAxeViolations(consolePage);
  await confirm.click();
  await expectToast(consolePage, 'أُلغيت الدفعة وعاد المبلغ إلى رصيد الوسيط');
  await expect(item).toHaveCount(0);

  // Among the cancelled ones, with its reason; the broker may ask for the money again.
  await card.getByRole('combobox', { name: 'حالة الدفعات' }).click();
  await consolePage.getByRole('option', { name: 'ملغاة' }).click();
  const cancelled = card.getByRole('listitem').filter({ hasText: name });
  await expect(cancelled.getByText('ملغاة', { exact: true })).toBeVisible();
  await expect(cancelled.getByText('سبب الإلغاء: الآيبان يحتاج إلى تحقق')).toBeVisible();
  await context.close();
  const summary = (await (await page.request.get('/api/commissions/summary')).json()) as {
    requested: string;
    pending: string;
  };
  expect(summary).toMatchObject({ requested: '0.00', pending: '900.00' });

  // The broker reads it cancelled, with the reason, among their transfer requests.
  await page.goto('/commissions');
  const requests = page.getByRole('region', { name: 'طلبات التحويل' });
  const withdrawn = requests.getByRole('listitem').filter({ hasText: '٩٠٠ ر.س' });
  await expect(withdrawn.getByText('ملغى', { exact: true })).toBeVisible();
  await expect(withdrawn.getByText('سبب الإلغاء: الآيبان يحتاج إلى تحقق')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('where there is nothing yet, the console says so in words, never «٠»', async ({
  page,
  admin,
}) => {
  const { consolePage, context } = await adminConsole(page, admin, '/admin?tab=analytics');
  // A month before the product existed: nothing at all.
  const from = consolePage.getByRole('group', { name: 'من تاريخ' });
  await from.getByLabel('اليوم').selectOption('1');
  await from.getByLabel('الشهر').selectOption('3');
  await from.getByLabel('السنة').selectOption('2020');
  const to = consolePage.getByRole('group', { name: 'إلى تاريخ' });
  await to.getByLabel('اليوم').selectOption('31');
  await to.getByLabel('الشهر').selectOption('3');
  await to.getByLabel('السنة').selectOption('2020');
  const panel = consolePage.getByRole('tabpanel');
  await expect(panel.getByText(/^لا توجد إحالات في هذه الفترة\. حين تصل إحالات/)).toBeVisible();
  await expect(panel.getByText(/تظهر هنا المدن/)).toBeVisible();
  await expect(panel.getByText(/يظهر هنا الوسطاء الأكثر إحالةً/)).toBeVisible();
  await expect(panel.getByRole('table')).toHaveCount(0);
  // Dates keep their digits (٢٠٢٠); no figure is a lone zero.
  const analytics = (await panel.textContent()) ?? '';
  expect(analytics).not.toMatch(LONE_ZERO);
  await expectNoAxeViolations(consolePage);

  // The operations dashboard: no «متأخرة: ٠», no «٠ طلب بإجمالي ٠ ر.س», no zero badge.
  await consolePage.goto('/dashboard');
  await consolePage.getByRole('button', { name: 'عرض المشرف' }).click();
  await expect(consolePage.getByRole('heading', { name: 'مهلة الخدمة' })).toBeVisible();
  await expect(consolePage.getByRole('heading', { name: 'التنبيهات المفتوحة' })).toBeVisible();
  const dashboard = (await consolePage.getByRole('main').textContent()) ?? '';
  expect(dashboard).not.toMatch(LONE_ZERO);
  await expectNoSidewaysScroll(consolePage);
  await context.close();
});

test('the audit log and the webhooks page read in Arabic, identifiers left to right', async ({
  page,
  superAdmin: root,
  readyBroker,
}) => {
  // An endpoint no delivery reaches: its failures are explained in the log.
  const url = `https://shareek-e2e-${randomPhone()}.invalid/hooks`;
  const made = await root.post('/api/superadmin/webhooks', {
    data: { url, events: ['referral.created'] },
  });
  expect(made.status()).toBe(201);
  const { endpoint } = (await made.json()) as { endpoint: { id: string } };
  try {
    const brokerPage = await page.context().browser()?.newPage();
    if (!brokerPage) throw new Error('no browser');
    const brokerPhone = await readyBroker(brokerPage);
    await brokerPage.request.post('/api/referrals', {
      data: { tenantPhone: randomPhone(), rent: 50000 },
    });
    // A first IBAN: an action the log once showed by its key (`broker.iban_set`).
    const iban = await brokerPage.request.put('/api/broker/bank-account', {
      data: { iban: ibanFor(brokerPhone), password: 'secret123' },
    });
    expect(iban.ok()).toBe(true);
    await brokerPage.close();
    await expect
      .poll(
        async () => {
          const log = (await (
            await root.get(`/api/superadmin/webhooks/deliveries?endpointId=${endpoint.id}`)
          ).json()) as { items: { failure: { explanation: string } | null }[] };
          return log.items[0]?.failure?.explanation ?? '';
        },
        { timeout: 30_000 },
      )
      .not.toBe('');

    await page.context().addCookies((await root.storageState()).cookies);
    await page.goto('/webhooks');
    // A delivery of the log (the endpoint's own card names the address and the event too).
    const delivery = page
      .getByRole('listitem')
      .filter({ hasText: url })
      .filter({ hasText: 'المحاولات' });
    await expect(delivery.first()).toBeVisible();
    await expect(delivery.first().locator('code[dir="ltr"]')).toBeVisible();
    expect(await latinWords(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // The audit log: every action in Arabic, the endpoint just added among them.
    await page.goto('/audit-log');
    await expect(page.getByText('إضافة نقطة استقبال').first()).toBeVisible();
    await expect(page.getByText('تسجيل الآيبان لأول مرة').first()).toBeVisible();
    expect(await latinWords(page)).toEqual([]);
    await page.getByRole('combobox', { name: 'تصفية حسب العملية' }).click();
    const options = await page.getByRole('option').allInnerTexts();
    expect(options).toContain('اعتماد دفعة');
    expect(options.filter((option) => /[A-Za-z]/.test(option))).toEqual([]);
    await page.keyboard.press('Escape');
    await expectNoSidewaysScroll(page);
  } finally {
    await root.delete(`/api/superadmin/webhooks/${endpoint.id}`);
  }
});
