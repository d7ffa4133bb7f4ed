import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { CONSENT_VERSION } from '../src/domain/consent.js';

/** A fresh Saudi mobile for each journey, so journeys never share an account. */
export function randomPhone(): string {
  return `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/**
 * A fresh Ejar contract number, `2XXXXXXXXXX/1`: the journeys run in parallel on one database,
 * and one number on two referrals raises the duplicate-contract signal (decision 069).
 */
export function anEjarNumber(): string {
  return `2${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}/1`;
}

/**
 * The signed lease as the console records it (decision 069): a fresh Ejar number, the annual
 * rent (the declared one, so no rent signal holds the commission) and a year's dates. Spread
 * into the data of a contract-signing status change.
 */
export function aLease(contractRent: number) {
  return {
    contractId: anEjarNumber(),
    contractRent,
    contractStartsOn: '2026-12-01',
    contractEndsOn: '2027-11-30',
  };
}

/**
 * The signed-in broker (`broker`, their page's request context) enters a brokerage FAL licence
 * valid for a year and the admin verifies it, as the console does (decision 070): without it,
 * new commissions wait for the licence.
 */
export async function verifiedLicence(
  broker: APIRequestContext,
  admin: APIRequestContext,
): Promise<void> {
  const expires = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const entered = await broker.put('/api/broker/fal-license', {
    data: {
      falLicense: `1${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
      falLicenseType: 'brokerage',
      falLicenseExpiresOn: expires,
    },
  });
  expect(entered.ok()).toBe(true);
  const { id, updatedAt } = (await entered.json()) as { id: string; updatedAt: string };
  const verified = await admin.post(`/api/admin/brokers/${id}/fal-license/verify`, {
    data: { evidence: 'rega_enquiry', note: 'مطابقة في منصة فال', seenUpdatedAt: updatedAt },
  });
  expect(verified.ok()).toBe(true);
}

/**
 * axe finds nothing, of any impact. The page's finite animations and transitions end first: a
 * button fading from its disabled colour to its own (a box just ticked) would otherwise be
 * measured halfway, in a contrast it never rests in. Endless ones (a skeleton's pulse) are left.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(
      (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
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

/** Signs the page in through the API (the sign-in screens have their own journeys). */
export async function signIn(page: Page, phone: string, password = 'secret123'): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: { phone, password } });
  expect(response.ok()).toBe(true);
}

/** A toast's text (Radix also announces it to screen readers, hence the first match). */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text).first()).toBeVisible();
}

/**
 * Opens a downloaded workbook or CSV file in LibreOffice (headless Calc, as an operations team
 * would open it) and reads its first sheet back as the values Calc shows, row by row.
 */
export async function openInLibreOffice(
  path: string,
  format: 'xlsx' | 'csv' = 'xlsx',
): Promise<string[][]> {
  const dir = await mkdtemp(join(tmpdir(), 'calc-'));
  try {
    const csv = format === 'csv';
    const book = join(dir, csv ? 'book.csv' : 'book.xlsx');
    const out = join(dir, 'out');
    await copyFile(path, book);
    // Comma-separated, double-quoted, UTF-8 (76), read and written alike; a profile of its own
    // so runs never collide.
    await promisify(execFile)(
      'soffice',
      [
        '--headless',
        `-env:UserInstallation=file://${join(dir, 'profile')}`,
        ...(csv ? ['--infilter=CSV:44,34,76,1'] : []),
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76',
        '--outdir',
        out,
        book,
      ],
      // Calc formats numbers by the locale: pinned, so the values read the same everywhere.
      { timeout: 60_000, env: { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' } },
    );
    return parseCsv(await readFile(join(out, 'book.csv'), 'utf8'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
    } else if (char !== '\r') cell += char;
  }
  if (cell || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/**
 * A name no other journey uses, in Arabic letters only: a name is the user's own text, and
 * digits in it would read as Western digits in Arabic text on every screen that shows it.
 */
export function uniqueName(prefix: string): string {
  const letters = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي';
  const tail = Array.from({ length: 8 }, () => letters[Math.floor(Math.random() * letters.length)]);
  return `${prefix} ${tail.join('')}`;
}

/** The tenant's link the queued SMS carries (development inbox of the console SMS adapter). */
export async function tenantLink(admin: APIRequestContext, tenantPhone: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const inbox = (await (await admin.get(`/api/dev/inbox?phone=${tenantPhone}`)).json()) as {
        body: string;
      }[];
      link = inbox[0]?.body.match(/https?:\/\/\S+\/s\/\S+/)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

/**
 * The tenant of the referral sends the form without an upload (a link to the credit report),
 * with the token the admin's list shows: the state a reviewer finds a submitted referral in.
 */
export async function submitTenantForm(
  request: APIRequestContext,
  admin: APIRequestContext,
  referralId: string,
  tenant: { name: string; income: string; monthlyObligations: string; creditReportUrl: string },
): Promise<void> {
  const listed = (await (
    await admin.get(`/api/admin/referrals?search=${encodeURIComponent(referralId)}`)
  ).json()) as { items: { formToken: string }[] };
  const submitted = await request.post('/api/tenant-form/submit', {
    data: {
      token: listed.items[0]?.formToken,
      referralId,
      ...tenant,
      salaryDefinitionUrl: '',
      consent: true,
      creditConsent: true,
      consentVersion: CONSENT_VERSION,
    },
  });
  expect(submitted.ok()).toBe(true);
}

/** How far the page itself scrolls sideways at its current width, in px (0 when it fits). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** No sideways scrolling of the page itself. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await sidewaysOverflow(page), `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Whether the journey runs at the phone's size (the `mobile` projects). */
export const onPhone = (page: Page): boolean => (page.viewportSize()?.width ?? 1280) < 600;

/** On the phone, the page at the narrowest phone (360 px), where nothing scrolls sideways. */
export async function atPhoneWidth(page: Page): Promise<void> {
  if (!onPhone(page)) return;
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoSidewaysScroll(page);
}
