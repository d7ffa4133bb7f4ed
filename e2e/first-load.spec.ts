import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccount, expectNoAxeViolations, randomPhone, signIn } from './support';

/**
 * A page never stays blank (docs/decisions/062-a-phone-sized-first-load.md): when the app's
 * scripts do not arrive (a dropped connection, a deploy that replaced them), the page says so in
 * Arabic and loads again on request.
 */
test('a lost app script shows an Arabic retry, and the retry loads the page', async ({ page }) => {
  // Every script of the app is lost on the way, as on a connection that dropped.
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort('connectionreset'));
  await page.goto('/mobile');
  const failed = page.getByRole('alert');
  await expect(failed.getByRole('heading', { name: 'تعذّر تحميل الصفحة' })).toBeVisible();
  await expect(failed).toContainText('تحقّق من اتصالك ثم أعد المحاولة');
  await expect(page.getByText('جاري التحميل...')).toBeHidden();
  await expectNoAxeViolations(page);

  // The connection is back: the retry loads the sign-in page itself.
  await page.unroute(/\/assets\/.+\.js$/);
  await failed.getByRole('button', { name: 'إعادة المحاولة' }).click();
  await expect(page.getByLabel('رقم الجوال')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'تعذّر تحميل الصفحة' })).toBeHidden();
});

test('a page that loads normally never shows the retry', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The safety net is written into the page (build/inline-boot.ts): the page's policy allows
  // it by its hash, so the browser reports no script it refused.
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      errors.push(message.text());
    }
  });
  await page.goto('/login');
  await expect(page.getByLabel('رقم الجوال')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'تعذّر تحميل الصفحة' })).toBeHidden();
  expect(errors).toEqual([]);
  await expect(page.locator('head > script:not([src]):not([type])')).toHaveCount(1);
});

/** The requests a page makes while it loads: API reads (path and query) and app scripts. */
function recordRequests(page: Page) {
  const reads: string[] = [];
  const scripts: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith('/api/')) reads.push(url.pathname + url.search);
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) {
      scripts.push(url.pathname);
    }
  });
  return { reads, scripts };
}

/** What a page's HTML names: its scripts (module and modulepreload) and its preloaded reads. */
function namedIn(html: string) {
  const links = (rel: string) =>
    [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]* href="([^"]+)"`, 'g'))].map(
      ([, href]) => href,
    );
  return {
    scripts: [
      ...[...html.matchAll(/<script type="module" crossorigin src="([^"]+)"/g)].map(
        ([, src]) => src,
      ),
      ...links('modulepreload'),
    ],
    reads: links('preload'),
    answered: Object.keys(
      JSON.parse(
        html.match(/<script type="application\/json" id="first-reads">(.*?)<\/script>/)?.[1] ??
          '{}',
      ),
    ),
  };
}

/** A new broker, signed in on this page. */
async function signUpAndIn(page: Page, request: APIRequestContext): Promise<void> {
  const phone = randomPhone();
  await createAccount(request, phone);
  await signIn(page, phone);
}

/**
 * A page a visit starts on asks for all it needs in one round trip (build/first-load.ts): its
 * HTML names every script the page runs, and a signed-in page holds its first reads' answers,
 * so the app asks for none of them again.
 */
test("a broker's dashboard arrives with its code named and its first reads answered", async ({
  page,
  request,
}) => {
  await signUpAndIn(page, request);
  const html = await (await page.request.get('/dashboard')).text();
  const named = namedIn(html);
  // Its first files fit the six connections a browser opens to one server over HTTP/1.1, so
  // none waits for another's answer (docs/decisions/065).
  const styles = html.match(/<link rel="stylesheet"/g) ?? [];
  expect(named.scripts.length + styles.length).toBeLessThanOrEqual(6);
  expect(named.answered.toSorted()).toEqual([
    '/api/broker/profile',
    '/api/broker/referral-link',
    '/api/dashboard/metrics',
    '/api/notifications',
    '/api/referrals?page=1',
  ]);

  const sent = recordRequests(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.animate-pulse')).toHaveCount(0);

  // Every script of the first draw was named, so none waited for another to arrive first.
  expect(sent.scripts.filter((file) => !named.scripts.includes(file))).toEqual([]);
  // The answered reads were taken from the page: none of those endpoints was asked at all, so
  // the app asked for exactly the URLs the page answered.
  const endpoints = named.answered.map((url) => url.split('?')[0]);
  expect(sent.reads.filter((url) => endpoints.includes(url.split('?')[0]))).toEqual([]);
});

/**
 * The dashboard draws its first screen in one task and what is below it (the link card, the
 * latest referrals) in the next (lib/after-first-draw.ts), so a slow phone shows the figures
 * sooner and answers a tap between the two.
 */
test('the dashboard draws its first screen before the link card below it', async ({
  page,
  request,
}) => {
  await signUpAndIn(page, request);
  // Each state of the page as the DOM changes: the heading, the first screen's answer (a new
  // broker's «لا توجد طلبات بعد»), the link card below it.
  await page.addInitScript(() => {
    const states: string[] = [];
    Object.assign(window, { pageStates: states });
    new MutationObserver(() => {
      const texts = [...document.querySelectorAll('main h1, main h2, main h3, main p')].map(
        (element) => element.textContent?.trim(),
      );
      const state = [
        document.querySelector('main h1') ? 'heading' : '',
        texts.includes('لا توجد طلبات بعد') ? 'answer' : '',
        texts.includes('رابطك الخاص') ? 'card' : '',
      ]
        .filter(Boolean)
        .join('+');
      if (state && states.at(-1) !== state) states.push(state);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto('/mobile-dashboard');
  await expect(page.getByRole('heading', { name: 'رابطك الخاص' })).toBeVisible();
  const states = await page.evaluate(
    () => (window as unknown as { pageStates: string[] }).pageStates,
  );
  // The first screen with its answer was drawn, and shown, before the card came below it.
  expect(states).toContain('heading+answer');
  expect(states.at(-1)).toBe('heading+answer+card');
});

test('a signed-out page preloads its first read and the app takes the preloaded answer', async ({
  page,
}) => {
  const named = namedIn(await (await page.request.get('/mobile')).text());
  expect(named.reads).toEqual(['/api/broker/profile']);
  expect(named.answered).toEqual([]);

  const sent = recordRequests(page);
  await page.goto('/mobile');
  await expect(page.getByLabel('رقم الجوال')).toBeVisible();
  expect(sent.scripts.filter((file) => !named.scripts.includes(file))).toEqual([]);
  // Asked once, by the preload: the app's own read took its answer.
  expect(sent.reads.filter((url) => url === '/api/broker/profile')).toHaveLength(1);
});

/**
 * The sign-in form draws without Zod and its schemas (features/auth/schemas.ts): they are
 * fetched when the form is first touched and awaited on submit. When they cannot be downloaded
 * the form says so in Arabic, and submitting again tries again.
 */
test.describe('the sign-in form', () => {
  // The service worker would fetch the check itself, out of the test's reach (Playwright's
  // routes do not see a worker's requests), and keeps the app's files: not under test here.
  test.use({ serviceWorkers: 'block' });

  test('draws without its check, and says so when the check cannot be downloaded', async ({
    page,
  }) => {
    await page.goto('/mobile');
    const phone = page.getByLabel('رقم الجوال');
    await expect(phone).toBeVisible();
    // The scripts that arrive once the form is drawn (a lost one fails, and is not counted).
    const arrived: string[] = [];
    page.on('requestfinished', (finished) => {
      const { pathname } = new URL(finished.url());
      if (/^\/assets\/.+\.js$/.test(pathname)) arrived.push(pathname);
    });

    // From here on every script is lost on the way, as on a connection that dropped.
    await page.route(/\/assets\/.+\.js$/, (route) => route.abort('connectionreset'));
    await phone.fill(randomPhone());
    await page.getByRole('button', { name: 'متابعة' }).click();
    await expect(
      page.getByText('تعذّر التحقق من البيانات. تحقّق من اتصالك ثم أعد المحاولة.'),
    ).toBeVisible();
    await expect(page.getByLabel('رمز التحقق')).toBeHidden();

    // The connection is back: the same button checks the number and goes on to the code.
    await page.unroute(/\/assets\/.+\.js$/);
    await page.getByRole('button', { name: 'متابعة' }).click();
    await expect(page.getByLabel('رمز التحقق')).toBeVisible();
    await expect(page.getByText('تعذّر التحقق من البيانات', { exact: false })).toBeHidden();
    // The check arrived on demand, after the form was drawn.
    expect(arrived.length).toBeGreaterThan(0);
  });
});
