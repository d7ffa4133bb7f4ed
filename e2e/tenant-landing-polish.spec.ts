import { crc32, deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, expectNoSidewaysScroll, randomPhone } from './support';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
/** A small PNG (a white 40×30 picture), as a phone camera would hand over an image. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0xff)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = png(40, 30);

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

async function expectTouchTarget(target: Locator): Promise<void> {
  const box = await target.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
}

test.describe('the tenant form', () => {
  test("the tenant's form names the referring broker and the company asking, with an Arabic file picker", async ({
    page,
    admin,
    readyBroker,
  }) => {
    await readyBroker(page, 'ريم السبيعي');
    const created = await page.request.post('/api/referrals', {
      data: { tenantPhone: randomPhone() },
    });
    const { id } = (await created.json()) as { id: string };
    const { formToken } = (await (
      await page.request.get(`/api/referrals/${id}/details`)
    ).json()) as { formToken: string };
    await page.goto(`/tenant-form/${formToken}`);
    await expect(page.getByRole('heading', { name: 'إكمال بيانات المستأجر' })).toBeVisible();

    // Who referred the tenant (the checked display name) and who asks for the documents.
    await expect(page.getByText('أحالك إلينا الوسيط العقاري ريم السبيعي')).toBeVisible();
    const company = page.getByRole('region', { name: 'من يطلب بياناتك؟' });
    await expect(company).toContainText('تعريف الراتب وتقرير سمة الائتماني');
    await expect(company.getByText('سجل تجاري رقم 1010987654', { exact: false })).toBeVisible();
    await expect(company.getByRole('link', { name: 'سياسة الخصوصية' })).toHaveAttribute(
      'href',
      'https://shareek.sa/privacy',
    );
    await expect(company.getByRole('link', { name: 'هاتف الدعم 920012345' })).toHaveAttribute(
      'href',
      'tel:920012345',
    );
    await expect(
      company.getByRole('link', { name: 'بريد الدعم support@shareek.sa' }),
    ).toHaveAttribute('href', 'mailto:support@shareek.sa');

    // The picker speaks Arabic: no browser «Choose File», no second upload toggle.
    const salary = page.getByRole('group', { name: 'تعريف الراتب' });
    const credit = page.getByRole('group', { name: 'تقرير سمة الائتماني' });
    await expect(page.getByText(/Choose File|No file chosen/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'رفع ملف PDF' })).toHaveCount(0);
    await expect(salary.getByText('لم يتم اختيار ملف')).toBeVisible();
    await expect(salary.getByText('ملف بي دي إف حتى ٥ ميجابايت', { exact: false })).toBeVisible();
    await expect(page.getByText(/\b5 ميجابايت/)).toHaveCount(0);
    await expect(page.getByText('أو ٠', { exact: false })).toBeVisible();
    const salaryFile = salary.getByLabel('اختيار ملف تعريف الراتب');
    await expect(salaryFile).toHaveAttribute('type', 'file');
    await expect(page.locator('input[type=file]')).toHaveCount(2);
    await expectTouchTarget(salary.locator('label', { hasText: 'اختيار ملف' }));
    // Reached by the keyboard, with a visible ring on the picker's button.
    await salaryFile.focus();
    await expect(salaryFile).toBeFocused();
    const ring = await salary
      .locator('label', { hasText: 'اختيار ملف' })
      .evaluate((label) => getComputedStyle(label).outlineStyle);
    expect(ring).not.toBe('none');

    await salaryFile.setInputFiles({
      name: 'salary.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expect(salary.getByText('تم رفع الملف: salary.pdf')).toBeVisible();

    const camera = credit.getByRole('button', { name: 'التقاط صورة تقرير سمة الائتماني' });
    const creditFile = credit.getByLabel('اختيار ملف تقرير سمة الائتماني');
    if (isPhone(page)) {
      // On a phone the same input also opens the rear camera; the photo is sent as a PDF.
      await expectTouchTarget(camera);
      const choosing = page.waitForEvent('filechooser');
      await camera.click();
      const chooser = await choosing;
      await expect(creditFile).toHaveAttribute('capture', 'environment');
      await expect(creditFile).toHaveAttribute('accept', 'image/*');
      await chooser.setFiles({ name: 'credit.png', mimeType: 'image/png', buffer: PNG });
    } else {
      await expect(camera).toBeHidden();
      await creditFile.setInputFiles({ name: 'credit.png', mimeType: 'image/png', buffer: PNG });
    }
    await expect(credit.getByText('تم رفع الملف: credit.pdf')).toBeVisible();
    // «اختيار ملف» opens the same input as a picker of PDFs, without the camera.
    const picking = page.waitForEvent('filechooser');
    await credit.locator('label', { hasText: 'اختيار ملف' }).click();
    await picking;
    await expect(creditFile).not.toHaveAttribute('capture', /.*/);
    await expect(creditFile).toHaveAttribute('accept', 'application/pdf,.pdf');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    await page.getByLabel('الاسم الكامل').fill('سلمان الدوسري');
    await page.getByLabel('الدخل الشهري (ر.س)').fill('١٥٠٠٠');
    await page.getByLabel('الالتزامات الشهرية (ر.س)').fill('٠');
    await page.getByRole('checkbox', { name: /أوافق على مشاركة بياناتي/ }).check();
    await page.getByRole('checkbox', { name: /سجلي الائتماني/ }).check();
    await page.getByRole('button', { name: 'إرسال البيانات' }).click();
    await expect(page.getByRole('heading', { name: 'تم إرسال بياناتك بنجاح' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'من يطلب بياناتك؟' })).toBeVisible();

    // The photo reached the private storage as a PDF.
    const view = (await (await admin.get(`/api/admin/referrals/${id}/tenant-form`)).json()) as {
      creditReportUrl: string;
    };
    const stored = Buffer.from(await (await admin.get(view.creditReportUrl)).body());
    expect(stored.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectNoAxeViolations(page);
  });

  test('an invalid link still says which company asks and how to reach it', async ({ page }) => {
    await page.goto('/tenant-form/this-token-does-not-exist-anywhere');
    await expect(page.getByText('الرابط غير صالح أو منتهي الصلاحية')).toBeVisible();
    const company = page.getByRole('region', { name: 'من يطلب بياناتك؟' });
    await expect(company).toContainText('سجل تجاري رقم 1010987654');
    await expect(company.getByRole('link', { name: 'سياسة الخصوصية' })).toBeVisible();
    await expect(company.getByRole('link', { name: /920012345/ })).toBeVisible();
    await expect(company.getByRole('link', { name: /support@shareek\.sa/ })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });
});

test.describe('the landing page', () => {
  test('«احسب عمولتك» opens a commission calculator that takes Arabic-Indic digits', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const hydration = page.waitForResponse((r) =>
      /\/assets\/landing-hydrate-[^/]+\.js$/.test(r.url()),
    );
    await page.goto('/');
    await hydration;
    await page.getByRole('link', { name: 'احسب عمولتك' }).click();
    await expect(page).toHaveURL(/#calculator$/);
    const calculator = page.getByRole('region', { name: 'احسب عمولتك' });
    await expect(calculator).toBeInViewport();
    const rent = calculator.getByLabel('الإيجار السنوي للعقار (ر.س)');
    await expect(rent).toHaveValue('٥٠٠٠٠');
    await expect(calculator).toContainText('بالقاعدة المعلنة: الأعلى بين ٥٠٠ ر.س و١٪');
    const figure = (term: RegExp) =>
      calculator.locator('dl > div', { has: page.locator('dt', { hasText: term }) }).locator('dd');
    await expect(figure(/أتعاب الوساطة المعتادة \(٢٫٥٪\)/)).toHaveText('١٬٢٥٠ ر.س');
    await expect(figure(/الإضافية/)).toHaveText('+ ٥٠٠ ر.س');
    await expect(figure(/دخلك من الصفقة/)).toHaveText('١٬٧٥٠ ر.س');
    await expect(figure(/نسبة الزيادة/)).toHaveText('٤٠٪');

    // Arabic-keyboard digits: the minimum applies below 50,000.
    await rent.fill('٣٠٠٠٠');
    await expect(figure(/أتعاب الوساطة/)).toHaveText('٧٥٠ ر.س');
    await expect(figure(/الإضافية/)).toHaveText('+ ٥٠٠ ر.س');
    await expect(figure(/دخلك من الصفقة/)).toHaveText('١٬٢٥٠ ر.س');
    await expect(figure(/نسبة الزيادة/)).toHaveText('٦٦٫٧٪');
    // Latin digits with grouping: 1% above the minimum.
    await rent.fill('120,000');
    await expect(figure(/أتعاب الوساطة/)).toHaveText('٣٬٠٠٠ ر.س');
    await expect(figure(/الإضافية/)).toHaveText('+ ١٬٢٠٠ ر.س');
    await expect(figure(/دخلك من الصفقة/)).toHaveText('٤٬٢٠٠ ر.س');
    await expect(calculator.locator('dl')).not.toContainText(/[0-9]/);
    await rent.fill('خمسون ألف');
    await expect(calculator.getByRole('alert')).toHaveText(
      'أدخل الإيجار السنوي بالأرقام، مثل ٥٠٬٠٠٠',
    );
    await expect(rent).toHaveAttribute('aria-invalid', 'true');
    await rent.fill('٨٠٠٠٠');
    await expect(figure(/دخلك من الصفقة/)).toHaveText('٢٬٨٠٠ ر.س');
    await expectNoSidewaysScroll(page);
    expect(errors).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test('a rent typed before React has loaded is calculated once it has', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/landing-hydrate-/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/#calculator');
    const calculator = page.getByRole('region', { name: 'احسب عمولتك' });
    await calculator.getByLabel('الإيجار السنوي للعقار (ر.س)').fill('٣٠٠٠٠');
    release();
    await expect(calculator.getByText('٦٦٫٧٪')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('social links are named icons, no line looks like a dead button, and the hero has a picture', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const name of [
      'شريك على إكس (تويتر)',
      'شريك على إنستغرام',
      'شريك على لينكدإن',
      'شريك على تيك توك',
      'شريك على واتساب',
    ]) {
      const link = footer.getByRole('link', { name, exact: true });
      await expect(link.locator('svg')).toHaveCount(1);
      // Nothing but the icon is shown (the name is for screen readers).
      const shown = await link.evaluate(
        (el) =>
          [...el.childNodes].filter(
            (node) =>
              !(node instanceof SVGElement) &&
              !(node instanceof HTMLElement && node.classList.contains('sr-only')),
          ).length,
      );
      expect(shown).toBe(0);
      const box = await link.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    // The increase is a statement, not a button that does nothing.
    const increase = page
      .getByRole('region', { name: 'كم تكسب؟' })
      .getByText('زيادة ٤٠٪ في دخلك من الصفقة نفسها');
    expect(await increase.evaluate((el) => el.tagName)).toBe('P');
    expect(await increase.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgba(0, 0, 0, 0)',
    );
    // A drawn picture in the hero: inline, decorative, within the screen.
    const hero = page.locator('section[aria-labelledby="hero-title"] svg[aria-hidden="true"]');
    await expect(hero.last()).toBeVisible();
    const box = await hero.last().boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });
});
