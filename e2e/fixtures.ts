import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { createAccount, randomPhone, signIn, verifiedLicence } from './support';

type Journey = {
  /**
   * A broker ready to refer and earn, signed in on `page`: account, full name, activation and a
   * verified FAL licence by the admin (unless `licensed: false`: its notice is one more).
   */
  readyBroker: (page: Page, fullName?: string, options?: { licensed?: boolean }) => Promise<string>;
};
type Worker = {
  /** The demo admin, signed in once per worker (sign-in attempts per phone are rate-limited). */
  admin: APIRequestContext;
  /** The demo super-admin, signed in once per worker. */
  superAdmin: APIRequestContext;
};

/** One demo account's API session for the worker's lifetime, disposed when the worker ends. */
function demoAccount(phone: string) {
  return [
    async ({ playwright }, use) => {
      const api = await playwright.request.newContext({
        baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`,
      });
      const login = await api.post('/api/auth/login', { data: { phone, password: 'demo1234' } });
      expect(login.ok()).toBe(true);
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ] satisfies Parameters<typeof base.extend<Journey, Worker>>[0]['admin'];
}

/** The journeys' test: Playwright's, with the accounts and set-ups they share as fixtures. */
export const test = base.extend<Journey, Worker>({
  admin: demoAccount('0550000002'),
  superAdmin: demoAccount('0550000001'),
  readyBroker: async ({ admin }, use) => {
    await use(async (page, fullName = 'عبدالله الشمري', { licensed = true } = {}) => {
      const phone = randomPhone();
      await createAccount(page.request, phone);
      await signIn(page, phone);
      const profile = await page.request.put('/api/broker/profile', { data: { fullName } });
      expect(profile.ok()).toBe(true);
      const { id } = (await profile.json()) as { id: string };
      expect((await admin.post(`/api/admin/brokers/${id}/activate`)).ok()).toBe(true);
      if (licensed) await verifiedLicence(page.request, admin);
      return phone;
    });
  },
});

export { expect };
