import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
const FAQ = [
  'هل التسجيل في المنصة مجاني؟',
  'من يستطيع التسجيل والاستفادة من البرنامج؟',
  'كم تستغرق مراجعة طلب المستأجر؟',
  'هل يلزم موافقة المالك؟',
  'متى وكيف تُدفع عمولتي؟',
  'هل تؤثر العمولة على أتعاب الوساطة المعتادة؟',
  'ما المدن التي تغطيها الخدمة؟',
];
const HERO = 'عمولة إضافية لك مع كل مستأجر يدفع إيجاره شهرياً';

test('the served landing HTML holds the hero, the FAQ and the commission example before any script runs', async ({
  request,
}) => {
  const response = await request.get('/');
  expect(response.headers()['content-type']).toContain('text/html');
  const html = await response.text();
  expect(html).toContain('<html lang="ar" dir="rtl">');
  expect(html).toContain(HERO);
  for (const question of FAQ) expect(html).toContain(question);
  for (const figure of ['٥٠٬٠٠٠ ر.س', '١٬٢٥٠ ر.س', '٥٠٠ ر.س', '١٬٧٥٠ ر.س', '٤٠٪', '٢٫٥٪']) {
    expect(html).toContain(figure);
  }
  expect(html).toContain('id="faq"');
  // Shareable and discoverable, with the canonical address from PUBLIC_URL.
  expect(html).toContain(`<link rel="canonical" href="${BASE}/" />`);
  expect(html).toContain('<meta property="og:title"');
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  expect(html).toContain(`<meta property="og:image" content="${BASE}/icons/og-image.png" />`);
  expect(html).not.toContain('__PUBLIC_URL__');
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? 'null') as { '@type': string; mainEntity?: unknown[] },
  );
  expect(blocks.map((b) => b['@type'])).toEqual(['Organization', 'FAQPage']);
  expect(blocks[1]?.mainEntity).toHaveLength(7);

  // Only the landing's own bundle: none of the signed-in app, and within the budget.
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.some((src) => /\/assets\/app-/.test(src ?? ''))).toBe(false);
  let gzipped = 0;
  for (const src of scripts) {
    gzipped += gzipSync(await (await request.get(src ?? '')).body()).length;
  }
  expect(gzipped).toBeLessThanOrEqual(90 * 1024);
});

test('without JavaScript the landing page reads in full', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
  await page.getByText(FAQ[3] ?? '').click();
  await expect(page.getByText(/بند التأجير من الباطن/)).toBeVisible();
  await context.close();
});

test('every section, anchor and link of the landing page, with no layout shift', async ({
  page,
}) => {
  // A hydration mismatch is logged to the console in development and reported as an uncaught
  // error in production: either fails the journey.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  // React hydrates the prerendered header once the page has loaded.
  const hydration = page.waitForResponse((r) =>
    /\/assets\/landing-hydrate-[^/]+\.js$/.test(r.url()),
  );
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
  await hydration;
  await page.evaluate(() => document.fonts.ready);
  // Loading, the font swap and hydration moved nothing: the shifts add up to (almost) zero,
  // and React found the HTML it would have rendered (a mismatch is logged as an error).
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const shiftEntry = entry as PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
            };
            if (!shiftEntry.hadRecentInput) total += shiftEntry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 200);
      }),
  );
  expect(shift).toBeLessThanOrEqual(0.02);
  expect(errors).toEqual([]);
  // Every script the page loaded, React included: within the budget, and none of the app.
  expect(scripts.some((url) => /\/assets\/app-/.test(url))).toBe(false);
  let gzipped = 0;
  for (const url of scripts) gzipped += gzipSync(await (await page.request.get(url)).body()).length;
  expect(gzipped).toBeLessThanOrEqual(90 * 1024);
  const wide = (page.viewportSize()?.width ?? 1280) >= 768;
  const nav = page.getByRole('navigation', { name: 'التنقل الرئيسي' });
  if (!wide) {
    const toggle = nav.getByRole('button', { name: 'فتح القائمة' });
    await expect(nav.getByRole('link', { name: 'من نحن' })).toBeHidden();
    await toggle.click();
    await expect(nav.getByRole('button', { name: 'إغلاق القائمة' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  }
  await expect(nav.getByRole('link', { name: 'للمستأجرين' })).toHaveAttribute(
    'href',
    'https://tenants.shareek.sa',
  );
  await expect(nav.getByRole('link', { name: 'للمستأجرين' })).toHaveAttribute('target', '_blank');
  await expect(nav.getByRole('link', { name: 'دخول الوسطاء' })).toHaveAttribute('href', '/login');
  await nav.getByRole('link', { name: 'الأسئلة الشائعة' }).click();
  await expect(page).toHaveURL(/#faq$/);
  await expect(page.getByRole('heading', { name: 'الأسئلة الشائعة', level: 2 })).toBeInViewport();
  if (!wide) {
    // Following a link closed the menu; Escape closes it too, focus back on its button.
    await expect(nav.getByRole('link', { name: 'من نحن' })).toBeHidden();
    await nav.getByRole('button', { name: 'فتح القائمة' }).click();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'من نحن' })).toBeHidden();
    await expect(nav.getByRole('button', { name: 'فتح القائمة' })).toBeFocused();
    await nav.getByRole('button', { name: 'فتح القائمة' }).click();
  }
  await nav.getByRole('link', { name: 'من نحن' }).click();
  await expect(page).toHaveURL(/#about$/);
  const about = page.getByRole('region', { name: 'من نحن' });
  await expect(about).toBeInViewport();
  await expect(about.getByText('سجل تجاري رقم 1010987654')).toBeVisible();

  await expect(page.getByRole('link', { name: 'ابدأ الآن مجاناً' })).toHaveAttribute(
    'href',
    '/login',
  );
  const benefits = page.getByRole('region', { name: 'لماذا يختار الوسطاء المنصة؟' });
  await expect(benefits.getByRole('listitem')).toHaveCount(5);
  const steps = page.getByRole('region', { name: 'ما المطلوب منك؟' });
  await expect(steps.getByRole('heading', { level: 3 })).toHaveCount(6); // five steps, one example
  await expect(steps.getByText(/مثال عملي/)).toBeVisible();
  const commission = page.getByRole('region', { name: 'كم تكسب؟' });
  await expect(commission.getByRole('row', { name: /الإيجار السنوي/ })).toContainText('٥٠٬٠٠٠ ر.س');
  await expect(commission.getByRole('row', { name: /أتعاب الوساطة/ })).toContainText('١٬٢٥٠ ر.س');
  await expect(commission.getByRole('row', { name: /الإضافية/ })).toContainText('٥٠٠ ر.س');
  await expect(commission.getByRole('row', { name: /إجمالي/ })).toContainText('١٬٧٥٠ ر.س');
  await expect(commission.getByText('زيادة ٤٠٪ في دخلك من الصفقة نفسها')).toBeVisible();
  await expect(commission.getByText(/٥٠٠ ر.س أو ١٪ من قيمة العقد، أيهما أعلى/)).toBeVisible();

  const faq = page.locator('#faq');
  for (const question of FAQ) await expect(faq.getByText(question)).toBeVisible();
  await faq.getByText(FAQ[2] ?? '').click();
  await expect(faq.getByText(/خلال ٢٤ إلى ٤٨ ساعة/)).toBeVisible();

  const contact = page.getByRole('region', { name: 'تواصل معنا' });
  await expect(contact.getByRole('link', { name: 'سجّل الآن' })).toHaveAttribute('href', '/login');
  await expect(contact.getByRole('link', { name: '920012345' })).toHaveAttribute(
    'href',
    'tel:920012345',
  );
  await expect(contact.getByRole('link', { name: 'support@shareek.sa' })).toHaveAttribute(
    'href',
    'mailto:support@shareek.sa',
  );
  await expect(contact.getByText('الأحد إلى الخميس، من ٨ صباحاً حتى ٥ مساءً')).toBeVisible();

  const footer = page.getByRole('contentinfo');
  const quick = footer.getByRole('navigation', { name: 'روابط سريعة' });
  await expect(quick.getByRole('link', { name: 'إنشاء حساب' })).toHaveAttribute('href', '/login');
  await expect(quick.getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/login');
  for (const [name, href] of [
    ['شريك على إكس (تويتر)', 'https://x.com/shareek_sa'],
    ['شريك على إنستغرام', 'https://www.instagram.com/shareek_sa'],
    ['شريك على لينكدإن', 'https://www.linkedin.com/company/shareek-sa'],
    ['شريك على تيك توك', 'https://www.tiktok.com/@shareek_sa'],
    ['شريك على واتساب', 'https://wa.me/966550001234'],
    ['سياسة الخصوصية', 'https://shareek.sa/privacy'],
    ['الشروط والأحكام', 'https://shareek.sa/terms'],
  ] as const) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
  }
  await expectNoAxeViolations(page);

  await quick.getByRole('link', { name: 'تسجيل الدخول' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('رقم الجوال')).toBeVisible();
});

test.describe('on a phone', () => {
  // No service worker: once it controls the page it fetches the header's code itself, out of
  // the route that holds it back (Playwright's routes do not see a worker's requests).
  test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });

  test('a tap on the menu before React has loaded is not lost', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/landing-hydrate-/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'التنقل الرئيسي' });
    // Tapped twice while nothing seemed to happen: the menu still opens, once.
    await nav.getByRole('button', { name: 'فتح القائمة' }).click();
    await nav.getByRole('button', { name: 'فتح القائمة' }).click();
    await expect(nav.getByRole('link', { name: 'من نحن' })).toBeHidden();
    release();
    await expect(nav.getByRole('button', { name: 'إغلاق القائمة' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(nav.getByRole('link', { name: 'من نحن' })).toBeVisible();
  });
});

test('the phone landing and the demo, marked as such, whose login mock does nothing', async ({
  page,
}) => {
  await page.goto('/mobile-landing');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('عمولة إضافية');
  await expect(page.getByRole('link', { name: 'ابدأ الآن مجاناً' })).toHaveAttribute(
    'href',
    '/mobile',
  );
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'شاهد عرضاً تجريبياً للتطبيق' }).click();
  await expect(page).toHaveURL(/\/mobile-demo$/);
  await expect(page.getByRole('note')).toHaveText(
    'عرض تجريبي بأرقام توضيحية ثابتة، وليست بيانات حقيقية',
  );
  await expect(page.getByText('١٢', { exact: true })).toBeVisible();
  await expect(page.getByText('١٥٬٠٠٠ ر.س', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'تبويبات العرض التجريبي' })).toBeVisible();
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) calls.push(request.url());
  });
  await page.getByLabel('رقم الجوال').fill('0551234567');
  await page.getByRole('button', { name: 'متابعة (نموذج لا يعمل)' }).click();
  await expect(page).toHaveURL(/\/mobile-demo$/);
  expect(calls).toEqual([]);
  await expectNoAxeViolations(page);
});

test('an unknown address gets the Arabic not-found screen with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'الصفحة غير موجودة' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'العودة للرئيسية' }).click();
  await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
});

test('robots.txt, sitemap.xml, the manifest and the service worker', async ({ page, request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  for (const path of ['/api/', '/admin', '/mobile-referrals', '/mobile-profile', '/new-referral']) {
    expect(robots).toContain(`Disallow: ${path}`);
  }
  // The raw prerender is not a second copy of the landing page.
  const raw = await request.get('/landing.html', { maxRedirects: 0 });
  expect(raw.status()).toBe(301);
  expect(raw.headers().location).toBe('/');
  expect(robots).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of ['/', '/login', '/mobile-landing', '/mobile-demo', '/privacy']) {
    expect(sitemap).toContain(`<loc>${BASE}${path}</loc>`);
  }
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  expect(await manifest.json()).toMatchObject({
    short_name: 'شريك',
    lang: 'ar',
    dir: 'rtl',
    start_url: '/mobile-dashboard',
    display: 'standalone',
    icons: expect.arrayContaining([expect.objectContaining({ sizes: '512x512' })]),
  });
  for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/og-image.png']) {
    expect((await request.get(icon)).headers()['content-type']).toBe('image/png');
  }

  // The service worker takes over and caches the shell and assets, never an API response.
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await page.evaluate(() => fetch('/api/auth/profile').then((r) => r.status));
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const key of await caches.keys()) {
      for (const request of await (await caches.open(key)).keys()) urls.push(request.url);
    }
    return urls.map((url) => new URL(url).pathname);
  });
  expect(cached).toEqual(expect.arrayContaining(['/', '/mobile', '/icons/icon-192.png']));
  expect(cached.some((path) => path.startsWith('/assets/'))).toBe(true);
  expect(cached.some((path) => path.startsWith('/api/'))).toBe(false);
  // One cache, named after this build (the previous build's is dropped on activation).
  expect(await page.evaluate(() => caches.keys())).toEqual([
    expect.stringMatching(/^shareek-[0-9a-f]{12}$/),
  ]);

  // Once opened, the installed app still opens offline on the phone sign-in.
  await page.goto('/mobile');
  await expect(page.getByLabel('رقم الجوال')).toBeVisible();
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByLabel('رقم الجوال')).toBeVisible();
  await page.context().setOffline(false);
});
