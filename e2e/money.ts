import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { ibanFor } from '../src/server/test-support/iban.js';
import { expect } from './fixtures';
import { aLease, expectToast, randomPhone } from './support';

// What the money journeys share: the broker's tiles, the console's commissions tab
// beside the broker's page, and a transfer request from the form paid by the team.

/** A tile of the broker's commission summary. */
export function commissionTile(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'ملخص العمولات' })
    .getByText(label, { exact: true })
    .locator('xpath=../..');
}

/** The admin's console in a context of its own, at the page's viewport. */
export async function adminConsole(
  page: Page,
  admin: APIRequestContext,
  path: string,
): Promise<{ consolePage: Page; context: BrowserContext }> {
  const width = page.viewportSize()?.width ?? 1280;
  const context = await page
    .context()
    .browser()
    ?.newContext({
      storageState: await admin.storageState(),
      viewport: page.viewportSize() ?? undefined,
      isMobile: width < 600,
    });
  if (!context) throw new Error('no browser');
  const consolePage = await context.newPage();
  await consolePage.goto(path);
  return { consolePage, context };
}

/**
 * The admin's commissions tab in a context of its own, at the broker page's viewport,
 * searched for one broker. Close the context when done.
 */
export async function commissionsConsole(
  page: Page,
  admin: APIRequestContext,
  brokerPhone: string,
): Promise<{ consolePage: Page; context: BrowserContext }> {
  const { consolePage, context } = await adminConsole(page, admin, '/admin?tab=commissions');
  await consolePage
    .getByRole('searchbox', { name: 'البحث باسم الوسيط أو جواله' })
    .fill(brokerPhone);
  // The search reaches the address once typing pauses: a filter chosen before then was lost,
  // or chosen on the unsearched list (a flake of the phone journeys).
  await expect(consolePage).toHaveURL(new RegExp(`[?&]commissions\\.search=${brokerPhone}(&|$)`));
  return { consolePage, context };
}

/**
 * On the broker's commissions page, asks for an amount (typed in Arabic-Indic digits) to be
 * transferred to a first IBAN, which asks the password again (decision record 050); the 48 hours
 * the new IBAN holds payouts for pass on the dev clock (moving `referralId` with them), and
 * the team pays the request.
 */
export async function requestAndPay(
  page: Page,
  admin: APIRequestContext,
  brokerPhone: string,
  amount: string,
  referralId: string,
): Promise<void> {
  await page.getByLabel('المبلغ المطلوب (ر.س)').fill(amount);
  // An IBAN of the broker's own: brokers sharing one would raise the shared-IBAN signal.
  await page.getByLabel('رقم الآيبان', { exact: true }).fill(ibanFor(brokerPhone));
  // The password is asked: this request puts the first IBAN on the profile.
  await page.getByRole('button', { name: 'إرسال طلب التحويل' }).click();
  await expect(page.getByText('يرجى إدخال كلمة المرور الحالية')).toBeVisible();
  await page.getByLabel('كلمة المرور الحالية').fill('secret123');
  await page.getByRole('button', { name: 'إرسال طلب التحويل' }).click();
  await expectToast(page, 'تم إرسال طلب التحويل للمراجعة');
  const moved = await admin.post('/api/dev/clock', { data: { referralId, days: 2 } });
  expect(moved.ok()).toBe(true);
  const drafts = (await (await admin.get('/api/admin/payouts?status=draft')).json()) as {
    items: { id: string; brokerPhone: string }[];
  };
  const request = drafts.items.find((r) => r.brokerPhone === brokerPhone);
  expect(request).toBeDefined();
  const paid = await admin.post(`/api/admin/payouts/${request?.id}/pay`, { data: {} });
  expect(paid.ok()).toBe(true);
}

/** A referral of the signed-in broker with a signed contract: a commission of 1% of the rent. */
export async function signedReferral(
  page: Page,
  admin: APIRequestContext,
  rent: number,
): Promise<string> {
  const created = await page.request.post('/api/referrals', {
    data: { tenantPhone: randomPhone(), rent },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  const signed = await admin.put(`/api/admin/referrals/${id}/status`, {
    data: { status: 'contract_signed', ...aLease(rent) },
  });
  expect(signed.ok()).toBe(true);
  return id;
}
