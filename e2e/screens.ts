import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { aLease, createAccount, randomPhone, signIn, tenantLink, verifiedLicence } from './support';

/**
 * Every screen of the route table (src/web/app/router.tsx), by who can reach it, with the data
 * that makes it look as its users see it. The every-screen journey checks each one; the
 * screenshot catalogue (`npm run screenshots`) photographs each one.
 */
export type Role = 'visitor' | 'tenant' | 'newBroker' | 'broker' | 'admin' | 'superAdmin';

export const ROLES: Role[] = ['visitor', 'tenant', 'newBroker', 'broker', 'admin', 'superAdmin'];

export interface Screen {
  /** A short file-safe name. */
  name: string;
  path: string;
}

const IBAN = 'SA0380000000608010167519';

const adminTabs = [
  'referrals',
  'brokers',
  'commissions',
  'conversations',
  'messaging',
  'analytics',
].map((tab) => ({
  name: `admin-${tab}`,
  path: `/admin?tab=${tab}`,
}));

/** Signs the page in as this role, creates what its screens show, and lists the screens. */
export async function prepare(
  page: Page,
  role: Role,
  accounts: { admin: APIRequestContext; superAdmin: APIRequestContext },
): Promise<Screen[]> {
  const { admin } = accounts;
  switch (role) {
    case 'visitor':
      return [
        { name: 'landing', path: '/' },
        { name: 'login', path: '/login' },
        { name: 'reset-password', path: '/reset-password' },
        { name: 'mobile-login', path: '/mobile' },
        { name: 'mobile-landing', path: '/mobile-landing' },
        { name: 'mobile-demo', path: '/mobile-demo' },
        { name: 'tenant-form-invalid', path: '/tenant-form/no-such-link-anywhere' },
        { name: 'not-found', path: '/no-such-page' },
      ];
    case 'tenant': {
      await activeBroker(page, admin);
      const tenantPhone = randomPhone();
      await referral(page, tenantPhone, 60000);
      const link = await page.request.get('/api/broker/referral-link');
      expect(link.ok()).toBe(true);
      const { code } = (await link.json()) as { code: string };
      await page.request.post('/api/auth/logout');
      return [
        { name: 'referral-link', path: `/r/${code}` },
        { name: 'tenant-form', path: new URL(await tenantLink(admin, tenantPhone)).pathname },
      ];
    }
    case 'newBroker': {
      const phone = randomPhone();
      await createAccount(page.request, phone);
      await signIn(page, phone);
      return [
        { name: 'new-profile-setup', path: '/profile-setup' },
        { name: 'new-dashboard', path: '/dashboard' },
        { name: 'new-new-referral', path: '/new-referral' },
        { name: 'new-mobile-dashboard', path: '/mobile-dashboard' },
        { name: 'new-mobile-new-referral', path: '/mobile-new-referral' },
        { name: 'new-mobile-profile', path: '/mobile-profile' },
      ];
    }
    case 'broker': {
      await activeBroker(page, admin);
      const signedId = await referral(page, randomPhone(), 84000);
      expect(
        (
          await admin.put(`/api/admin/referrals/${signedId}/status`, {
            data: {
              status: 'contract_signed',
              notes: 'وُقّع العقد في المكتب',
              ...aLease(84000),
            },
          })
        ).ok(),
      ).toBe(true);
      await referral(page, randomPhone(), 36000);
      // A message to the team, so «الرسائل» shows a conversation (decision 079).
      const message = { multipart: { body: 'متى يُراجع طلبي؟' } };
      expect((await page.request.post('/api/messages', message)).ok()).toBe(true);
      expect(
        (
          await page.request.post('/api/commissions/request-transfer', {
            data: { amount: '500', bankAccount: IBAN, password: 'secret123' },
          })
        ).ok(),
      ).toBe(true);
      return [
        { name: 'dashboard', path: '/dashboard' },
        { name: 'profile', path: '/profile' },
        { name: 'new-referral', path: '/new-referral' },
        { name: 'referrals', path: '/referrals' },
        { name: 'referral-details', path: `/referral/${signedId}` },
        { name: 'referral-missing', path: '/referral/00000000-0000-4000-8000-000000000000' },
        { name: 'commissions', path: '/commissions' },
        { name: 'messages', path: '/messages' },
        { name: 'office', path: '/office' },
        { name: 'admin-refused', path: '/admin' },
        { name: 'mobile-dashboard', path: '/mobile-dashboard' },
        { name: 'mobile-new-referral', path: '/mobile-new-referral' },
        { name: 'mobile-referrals', path: '/mobile-referrals' },
        { name: 'mobile-referral-details', path: `/mobile-referral-details/${signedId}` },
        { name: 'mobile-commissions', path: '/mobile-commissions' },
        { name: 'mobile-profile', path: '/mobile-profile' },
        { name: 'mobile-messages', path: '/mobile-messages' },
        { name: 'mobile-office', path: '/mobile-office' },
        { name: 'mobile-change-password', path: '/mobile-change-password' },
      ];
    }
    case 'admin':
      await shareSession(page, admin);
      return [
        { name: 'admin-dashboard', path: '/dashboard' },
        { name: 'admin-referrals-overview', path: '/referrals' },
        ...adminTabs,
        { name: 'messaging-config', path: '/messaging-config' },
      ];
    case 'superAdmin':
      await shareSession(page, accounts.superAdmin);
      // The breach register with an incident on it, past its 72 hours (decision record 067).
      expect(
        (
          await accounts.superAdmin.post('/api/superadmin/data-incidents', {
            data: {
              title: 'رابط نموذج فتحه غير المستأجر',
              description: 'أُرسل رابط نموذج إلى رقم خاطئ.',
              dataCategories: ['contact', 'financial'],
              affectedCount: 1,
              discoveredAt: new Date(Date.now() - 80 * 3_600_000).toISOString(),
            },
          })
        ).ok(),
      ).toBe(true);
      return [
        { name: 'audit-log', path: '/audit-log' },
        { name: 'user-management', path: '/user-management' },
        { name: 'webhooks', path: '/webhooks' },
        { name: 'api-reference', path: '/api-reference' },
        { name: 'holidays', path: '/holidays' },
        { name: 'groups', path: '/groups' },
        { name: 'data-incidents', path: '/data-incidents' },
      ];
  }
}

/**
 * The page joins a demo account's worker session: sign-ins per phone are rate-limited, so the
 * demo accounts are signed in once per worker (e2e/fixtures.ts).
 */
async function shareSession(page: Page, account: APIRequestContext): Promise<void> {
  await page.context().addCookies((await account.storageState()).cookies);
}

/** A new broker with a full name, activated and licensed by the admin, signed in on the page. */
async function activeBroker(page: Page, admin: APIRequestContext): Promise<void> {
  const phone = randomPhone();
  await createAccount(page.request, phone);
  await signIn(page, phone);
  const profile = await page.request.put('/api/broker/profile', {
    data: { fullName: 'عبدالله الشمري', officeName: 'مكتب الشمري للعقار' },
  });
  expect(profile.ok()).toBe(true);
  const { id } = (await profile.json()) as { id: string };
  expect((await admin.post(`/api/admin/brokers/${id}/activate`)).ok()).toBe(true);
  await verifiedLicence(page.request, admin);
}

async function referral(page: Page, tenantPhone: string, rent: number): Promise<string> {
  const created = await page.request.post('/api/referrals', { data: { tenantPhone, rent } });
  expect(created.ok()).toBe(true);
  return ((await created.json()) as { id: string }).id;
}

/** Waits until the page has drawn its content (no loading state left). */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('جاري التحميل...')).toHaveCount(0);
}
