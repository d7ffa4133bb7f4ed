import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** A fresh Saudi mobile for each journey, so journeys never share an account. */
export function randomPhone(): string {
  return `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** Creates a verified account through the API (the UI sign-up has its own journey). */
export async function createAccount(
  request: APIRequestContext,
  phone: string,
  password = 'secret123',
): Promise<void> {
  const sent = await request.post('/api/auth/send-otp', { data: { phone } });
  expect(sent.ok()).toBe(true);
  const { otpCode } = (await sent.json()) as { otpCode: string };
  const verified = await request.post('/api/auth/verify-otp', {
    data: { phone, otp: otpCode, password },
  });
  expect(verified.ok()).toBe(true);
  await request.post('/api/auth/logout');
}

/** Below 1024 px the sidebar is closed; the menu button in the header opens it. */
export async function openSidebar(page: Page): Promise<void> {
  if ((page.viewportSize()?.width ?? 1280) < 1024) {
    await page.getByRole('button', { name: 'القائمة' }).click();
  }
  await expect(page.getByRole('navigation', { name: 'القائمة الرئيسية' })).toBeVisible();
}
