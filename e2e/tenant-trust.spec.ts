import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  createAccount,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  randomPhone,
  signIn,
  uniqueName,
} from './support';

// Issue 32 (items 3–5): a tenant's first screen worth trusting, dead ends that say why and what
// next, a code step that keeps a wrong code in place and offers resend and another number, and
// the phone sign-in showing its number and the forgotten-password path. The server runs in
// development: the provider's identity is the demo defaults (src/domain/brand.ts), which say so.

const IDENTITY =
  'شركة شريك التجريبية (بيانات للعرض)، سجل تجاري رقم 1010987654، مرخّصة من البنك المركزي السعودي (بيانات للعرض) بترخيص رقم 0000000.';
const CODE_EXPLAINED =
  'سنرسل رمزاً من ٤ أرقام إلى جوالك للتأكد أنه رقمك؛ لا تشاركه مع أحد، ولن يطلبه منك الوسيط.';
const REQUEST_CONSENT =
  'حين تضغط «تأكيد الرقم والمتابعة» نفتح طلبك لدى الوسيط ونبلغه برقمك، وبذلك توافق على معالجة بياناتك كما يبيّن قسم «من يطلب بياناتك؟» أسفل هذه الصفحة.';
const KEPT =
  'ما دام طلبك مفتوحاً، ثم ما تقتضيه التزاماتنا النظامية. ولطلب حذفها أو نسخة منها راسلنا على واتساب أو بالبريد الإلكتروني.';
const PROVIDER_WHATSAPP = /^https:\/\/wa\.me\/966550001234/;
/** «إعادة الإرسال بعد ٠:٥٩» */
const COUNTDOWN = /^إعادة الإرسال بعد [٠-٩]:[٠-٩]{2}$/;
/** «إعادة الإرسال بعد ٠:٥٩:٥٩»: a wait of an hour or more, hours first. */
const HOURS_COUNTDOWN = /^إعادة الإرسال بعد [٠-٩]+:[٠-٩]{2}:[٠-٩]{2}$/;

async function expectTouchTarget(target: Locator): Promise<void> {
  const box = await target.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
}

/** The development code the page shows (the console SMS adapter's). */
async function devCode(page: Page): Promise<string> {
  const banner = page.getByRole('status').filter({ hasText: 'بيئة التطوير' });
  await expect(banner).toBeVisible();
  const code = (await banner.locator('bdi').textContent()) ?? '';
  expect(code).toMatch(/^\d{4}$/);
  return code;
}

/**
 * The brand, the licence and the provider's identity with the short privacy notice: what is
 * collected (the device's address too), why, on what basis, who receives it (the broker, the
 * providers and the connected systems named), and for how long.
 */
async function expectProviderShown(
  page: Page,
  summary: { collected: string; basis: string; sharedWith: string[] },
): Promise<void> {
  const banner = page.getByRole('banner');
  await expect(banner).toContainText('شريك');
  // The demo licence says it is demo data: no claim production did not make.
  await expect(banner).toContainText('خدمة مرخّصة من البنك المركزي السعودي (بيانات للعرض)');
  const notice = page.getByRole('region', { name: 'من يطلب بياناتك؟' });
  await expect(notice).toContainText(IDENTITY);
  await expect(notice.getByRole('term')).toHaveText([
    'ما نجمعه',
    'لماذا',
    'على أي أساس',
    'من يطّلع عليها',
    'مدة الحفظ',
  ]);
  const said = notice.getByRole('definition');
  await expect(said.nth(0)).toHaveText(summary.collected);
  await expect(said.nth(2)).toHaveText(summary.basis);
  for (const recipient of summary.sharedWith) await expect(said.nth(3)).toContainText(recipient);
  await expect(said.nth(4)).toHaveText(KEPT);
  await expect(notice).toContainText('لا نبيع بياناتك ولا نشاركها لأغراض تسويقية.');
  await expect(notice.getByRole('link', { name: 'إشعار الخصوصية كاملاً' })).toHaveAttribute(
    'href',
    '/privacy',
  );
  await expect(notice.getByRole('link', { name: 'سياسة الخصوصية' })).toHaveAttribute(
    'href',
    'https://shareek.sa/privacy',
  );
  const whatsapp = notice.getByRole('link', { name: 'واتساب 0550001234' });
  await expect(whatsapp).toHaveAttribute('href', PROVIDER_WHATSAPP);
  await expectTouchTarget(whatsapp);
}

/** A broker's account and link, as the broker would set them up. */
async function brokerWithLink(
  page: Page,
  admin: APIRequestContext,
  options: { fullName?: string; active: boolean },
): Promise<{ id: string; code: string; brokerCode: string }> {
  const phone = randomPhone();
  await createAccount(page.request, phone);
  await signIn(page, phone);
  if (options.fullName) {
    const saved = await page.request.put('/api/broker/profile', {
      data: { fullName: options.fullName, falLicense: '1100012345' },
    });
    expect(saved.ok()).toBe(true);
  }
  const { id, brokerCode } = (await (await page.request.get('/api/broker/profile')).json()) as {
    id: string;
    brokerCode: string;
  };
  if (options.active) {
    expect((await admin.post(`/api/admin/brokers/${id}/activate`)).ok()).toBe(true);
  }
  const { code } = (await (await page.request.get('/api/broker/referral-link')).json()) as {
    code: string;
  };
  return { id, code, brokerCode };
}

test("the link's first screen shows the provider, the broker's licence, the privacy notice and what the code is for; a wrong code stays in place, resend waits for its countdown, a refusal's wait counts in hours, the number is shown as 05… and can be changed, but not while a code is on its way; the tenant form carries the same trust", async ({
  page,
  readyBroker,
}) => {
  const name = uniqueName('لمى الزهراني');
  await readyBroker(page, name);
  const saved = await page.request.put('/api/broker/profile', {
    data: { fullName: name, falLicense: '1100012345' },
  });
  expect(saved.ok()).toBe(true);
  const { code } = (await (await page.request.get('/api/broker/referral-link')).json()) as {
    code: string;
  };
  // The tenant has no session.
  await page.context().clearCookies();
  await page.clock.install();
  await page.goto(`/r/${code}`);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ادفع إيجارك شهرياً');
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByText('رخصة فال رقم 1100012345')).toBeVisible();
  await expectProviderShown(page, {
    collected:
      'رقم جوالك، والإيجار السنوي والمدينة إن أدخلتهما، وعنوان جهازك على الإنترنت ونوع متصفحك.',
    basis:
      'طلبك أنت: حين تضغط «تأكيد الرقم والمتابعة» نفتح طلبك، وبذلك توافق على معالجة هذه البيانات لهذا الغرض.',
    sharedWith: ['الوسيط صاحب هذا الرابط، ويصله رقمك فور فتح طلبك', 'نظام متابعة العملاء'],
  });
  const phoneField = page.getByLabel('رقم جوالك');
  await expect(phoneField).toHaveAccessibleDescription(CODE_EXPLAINED);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // The code goes to the first number, typed the international way and shown as 05….
  const first = randomPhone();
  await phoneField.fill(`+966 ${first.slice(1)}`);
  await page.getByRole('button', { name: 'إرسال رمز التحقق' }).click();
  await expect(page.getByText(`أرسلنا رمز التحقق إلى الرقم ${first}`)).toBeVisible();
  await expect(page.getByText('الرمز صالح مدة ٥ دقائق. لا تشاركه مع أحد')).toBeVisible();
  const counting = page.getByRole('button', { name: /^إعادة الإرسال بعد/ });
  await expect(counting).toBeDisabled();
  await expect(counting).toHaveText(COUNTDOWN);
  await expect(page.getByRole('button', { name: 'إعادة إرسال الرمز' })).toHaveCount(0);
  // What the button does, and that pressing it is consent, is said before it.
  const confirm = page.getByRole('button', { name: 'تأكيد الرقم والمتابعة' });
  await expect(confirm).toHaveAccessibleDescription(REQUEST_CONSENT);

  // A wrong code: said under the field, which keeps it, and it stays said.
  const sent = await devCode(page);
  const wrong = sent === '0000' ? '1111' : '0000';
  const codeField = page.getByLabel('رمز التحقق');
  await expect(codeField).toHaveAttribute('maxlength', '4');
  await codeField.fill(wrong);
  await confirm.click();
  const refusal = page.getByRole('alert').filter({ hasText: 'رمز التحقق غير صحيح' });
  await expect(refusal).toBeVisible();
  await expect(codeField).toHaveValue(wrong);
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(codeField).toHaveAccessibleDescription('رمز التحقق غير صحيح');
  await page.clock.fastForward('00:10');
  await expect(refusal).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/r/${code}$`));
  await expectNoAxeViolations(page);

  // After its countdown the code can be sent again; while it is on its way the number cannot
  // be changed (its answer belongs to this number); then the countdown starts over.
  await page.clock.fastForward('01:00');
  const resend = page.getByRole('button', { name: 'إعادة إرسال الرمز' });
  await expect(resend).toBeEnabled();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/r/*/send-code', async (route) => {
    await held;
    await route.continue();
  });
  const changeNumber = page.getByRole('button', { name: 'تغيير الرقم' });
  await resend.click();
  await expect(changeNumber).toBeDisabled();
  release();
  await expect(counting).toBeDisabled();
  await expect(changeNumber).toBeEnabled();
  await expect(refusal).toHaveCount(0);
  await page.unroute('**/api/r/*/send-code');

  // A refusal that names a wait (the phone's wrong-code budget, an hour here) is said under
  // the field, and the resend countdown follows it, in hours.
  const budget =
    'أوقفنا التحقق برمز لهذا الرقم مؤقتاً لكثرة المحاولات الخاطئة. حاول مرة أخرى بعد ساعة واحدة، أو راسلنا على واتساب';
  await page.route('**/api/r/*/request', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      headers: { 'retry-after': '3600' },
      body: JSON.stringify({ code: 'OTP_BUDGET_EXHAUSTED', message: budget, retryAfter: 3600 }),
    }),
  );
  await codeField.fill(wrong);
  await confirm.click();
  await expect(page.getByRole('alert').filter({ hasText: budget })).toBeVisible();
  await expect(counting).toHaveText(HOURS_COUNTDOWN);
  await expect(counting).toBeDisabled();
  await page.unroute('**/api/r/*/request');

  // «تغيير الرقم» goes back to the phone, which keeps what was typed.
  await changeNumber.click();
  await expect(phoneField).toHaveValue(`+966 ${first.slice(1)}`);
  await expect(phoneField).toBeEditable();
  const second = randomPhone();
  await phoneField.fill(second);
  await page.getByRole('button', { name: 'إرسال رمز التحقق' }).click();
  await expect(page.getByText(`أرسلنا رمز التحقق إلى الرقم ${second}`)).toBeVisible();
  await expect(counting).toHaveText(COUNTDOWN);
  await codeField.fill(await devCode(page));
  await confirm.click();

  // The tenant form: the same brand, provider and notice, and the broker's licence.
  await expect(page).toHaveURL(/\/tenant-form\/[A-Za-z0-9_-]+$/);
  await expect(page.getByLabel('رقم الجوال')).toHaveValue(second);
  await expect(page.getByText(`أحالك إلينا الوسيط العقاري ${name}`)).toBeVisible();
  await expect(page.getByText('رخصة فال رقم 1100012345')).toBeVisible();
  await expectProviderShown(page, {
    collected:
      'اسمك الكامل، ودخلك الشهري، والتزاماتك الشهرية، وتعريف الراتب، وتقرير سمة الائتماني، وعنوان جهازك على الإنترنت ونوع متصفحك.',
    basis:
      'موافقتك التي تمنحها بالإشارة على خانة الموافقة قبل إرسال النموذج، ولك أن تسحبها متى شئت.',
    sharedWith: ['الوسيط العقاري الذي أحالك', 'خدمة التخزين', 'الأنظمة المرتبطة بنا آلياً'],
  });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});

test('the full privacy notice says who, what (the device’s address too), why, on what basis, who receives it, for how long, how to ask for deletion, and the tenant’s rights', async ({
  page,
}) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('إشعار الخصوصية للمستأجرين');
  for (const part of [
    'من نحن',
    'البيانات التي نجمعها',
    'لماذا نجمعها',
    'على أي أساس نعالجها',
    'من يطّلع عليها',
    'مدة الحفظ',
    'حقوقك',
  ]) {
    await expect(page.getByRole('region', { name: part })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'من نحن' })).toContainText(IDENTITY);
  const collected = page.getByRole('region', { name: 'البيانات التي نجمعها' });
  await expect(collected).toContainText('عنوان جهازك على الإنترنت ونوع متصفحك');
  await expect(collected).toContainText('يُسجَّل العنوان في سجلات الخادم');
  await expect(collected).not.toContainText('دون أن نحفظ');
  await expect(page.getByRole('region', { name: 'على أي أساس نعالجها' })).toContainText('طلبك أنت');
  const shared = page.getByRole('region', { name: 'من يطّلع عليها' });
  for (const recipient of [
    'يصله إشعار برقمك فور فتح طلبك',
    'نظام متابعة العملاء',
    'الأنظمة التي نربطها بالمنصة آلياً',
  ]) {
    await expect(shared).toContainText(recipient);
  }
  const kept = page.getByRole('region', { name: 'مدة الحفظ' });
  await expect(kept).toContainText(KEPT);
  await expect(kept).toContainText('نحذفه بعد سبعة أيام');
  await expect(kept).not.toContainText('المدة التي تفرضها الأنظمة');
  await expect(page.getByRole('region', { name: 'حقوقك' })).toContainText('أن تسحب موافقتك');
  await expect(page.getByRole('link', { name: 'سياسة الخصوصية الكاملة للشركة' })).toHaveAttribute(
    'href',
    'https://shareek.sa/privacy',
  );
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});

test.describe('every dead end of a link says why and offers the provider’s WhatsApp', () => {
  /** The dead end's heading, explanation and next step, without any request form. */
  async function expectDeadEnd(page: Page, code: string, texts: string[]): Promise<void> {
    for (const text of texts) await expect(page.getByText(text, { exact: false })).toBeVisible();
    const whatsapp = page.getByRole('link', { name: 'راسلنا على واتساب' });
    await expect(whatsapp).toHaveAttribute('href', PROVIDER_WHATSAPP);
    expect(decodeURIComponent((await whatsapp.getAttribute('href')) ?? '')).toContain(code);
    await expectTouchTarget(whatsapp);
    await expect(page.getByRole('button', { name: 'إرسال رمز التحقق' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'الصفحة غير موجودة' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  }

  const providerShown = (page: Page) =>
    expect(page.getByRole('region', { name: 'من يطلب بياناتك؟' })).toContainText(IDENTITY);

  test('an unknown code, and one of no link’s form', async ({ page }) => {
    await page.goto('/r/34679ACD');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('لم نجد هذا الرابط');
    await providerShown(page);
    await expectDeadEnd(page, '34679ACD', [
      'تأكد من أنك فتحت الرابط كاملاً كما أرسله إليك الوسيط',
      'فاطلب من الوسيط رابطه من جديد',
    ]);
    // Longer than any code: the server refuses it (400), the page says the same.
    const malformed = 'A'.repeat(41);
    await page.goto(`/r/${malformed}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('لم نجد هذا الرابط');
    await expectDeadEnd(page, malformed, ['فاطلب من الوسيط رابطه من جديد']);
  });

  test('too many opens say so, with a retry; when the provider cannot be read, WhatsApp is still offered', async ({
    page,
  }) => {
    await page.route('**/api/r/TOOMANY1', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'TOO_MANY_ATTEMPTS',
          message: 'محاولات كثيرة، يرجى المحاولة لاحقاً',
        }),
      }),
    );
    await page.route('**/api/provider', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
    );
    await page.goto('/r/TOOMANY1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'محاولات كثيرة على هذا الرابط',
    );
    await expect(page.getByRole('button', { name: 'إعادة المحاولة' })).toBeVisible();
    // Tried three times (about three seconds) before the page says so.
    await expect(page.getByRole('region', { name: 'من يطلب بياناتك؟' })).toContainText(
      'تعذر تحميل بيانات الشركة، يرجى تحديث الصفحة.',
      { timeout: 15_000 },
    );
    await expectDeadEnd(page, 'TOOMANY1', [
      'محاولات كثيرة، يرجى المحاولة لاحقاً، أو راسلنا على واتساب ونساعدك في تقديم طلبك.',
    ]);
  });

  test('a link the broker replaced names the broker while they take requests, and nobody after', async ({
    page,
    admin,
  }) => {
    const name = uniqueName('فيصل العمري');
    const { id, code: old } = await brokerWithLink(page, admin, { fullName: name, active: true });
    expect((await page.request.post('/api/broker/referral-link/regenerate')).ok()).toBe(true);
    await page.goto(`/r/${old}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('لم يعد هذا الرابط مستخدماً');
    await providerShown(page);
    await expectDeadEnd(page, old, [
      `استبدل الوسيط العقاري ${name} هذا الرابط برابط جديد`,
      'اطلب من الوسيط رابطه الجديد',
    ]);

    expect(
      (
        await admin.post(`/api/admin/brokers/${id}/deactivate`, {
          data: { reason: 'مخالفة شروط البرنامج' },
        })
      ).ok(),
    ).toBe(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('لم يعد هذا الرابط مستخدماً');
    await expectDeadEnd(page, old, ['استبدل الوسيط العقاري صاحب هذا الرابط رابطه برابط جديد']);
    await expect(page.getByText(name)).toHaveCount(0);
  });

  test('an inactive broker is not named, and nothing is said about their account', async ({
    page,
    admin,
  }) => {
    const name = uniqueName('عهود الشهراني');
    const { code } = await brokerWithLink(page, admin, { fullName: name, active: false });
    await page.goto(`/r/${code}`);
    await expectDeadEnd(page, code, [
      'لا يستقبل هذا الوسيط طلبات عبر هذا الرابط حالياً.',
      'تواصل مع الوسيط الذي أرسل إليك الرابط',
    ]);
    await providerShown(page);
    await expect(page.getByText(name)).toHaveCount(0);
    await expect(page.getByText('رخصة فال رقم')).toHaveCount(0);
    await expect(page.getByText('قيد المراجعة')).toHaveCount(0);
  });

  test('a broker without a name is never named by the broker code', async ({ page, admin }) => {
    const { code, brokerCode } = await brokerWithLink(page, admin, { active: true });
    await page.goto(`/r/${code}`);
    await expectDeadEnd(page, code, [
      'لا يمكن تقديم طلب عبر هذا الرابط الآن.',
      'لم يُكمل الوسيط صاحب الرابط بياناته لدينا بعد',
    ]);
    await expect(page.getByText(brokerCode)).toHaveCount(0);
    await expect(page.getByText('طلبك مع الوسيط العقاري')).toHaveCount(0);
  });
});

test.describe('/mobile shows the number signing in', () => {
  test('the password step names the number as 05…, changes it, and its forgotten password returns to /mobile', async ({
    page,
  }) => {
    const phone = randomPhone();
    await createAccount(page.request, phone);
    await page.goto('/mobile');
    await page.getByLabel('رقم الجوال').fill(`+966 ${phone.slice(1)}`);
    await page.getByRole('button', { name: 'متابعة' }).click();
    await expect(page.getByText(`تسجيل الدخول بالرقم ${phone}`)).toBeVisible();
    const forgot = page.getByRole('link', { name: 'نسيت كلمة المرور؟' });
    await expectTouchTarget(forgot);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'تغيير الرقم' }).click();
    await expect(page.getByLabel('رقم الجوال')).toHaveValue('');
    await page.getByLabel('رقم الجوال').fill(phone);
    await page.getByRole('button', { name: 'متابعة' }).click();
    await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await page.getByRole('button', { name: 'العودة لتسجيل الدخول' }).click();
    await expect(page).toHaveURL(/\/mobile$/);
  });

  test('the code step of a new number names it, and «تغيير الرقم» returns to the phone', async ({
    page,
  }) => {
    const phone = randomPhone();
    await page.goto('/mobile');
    await page.getByLabel('رقم الجوال').fill(phone);
    await page.getByRole('button', { name: 'متابعة' }).click();
    await expect(page.getByText(`أرسلنا رمز التحقق إلى الرقم ${phone}`)).toBeVisible();
    await expect(page.getByLabel('رمز التحقق')).toHaveAttribute('maxlength', '4');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'تغيير الرقم' }).click();
    await expect(page.getByLabel('رقم الجوال')).toBeVisible();
    await expect(page.getByLabel('رمز التحقق')).toHaveCount(0);
  });
});
