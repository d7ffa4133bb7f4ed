import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { prepare, ROLES, settle } from './screens';
import { sidewaysOverflow } from './support';

/**
 * Western digits (0-9) in what a page says, outside identifiers. Identifiers (phones, IBANs,
 * codes, links) are marked `dir="ltr"` wherever they are shown, which also keeps them readable
 * inside right-to-left text; form fields keep what the user typed. In attributes that are read
 * aloud or shown (aria-label, placeholder, title, alt) tokens with Latin letters and phone
 * numbers count as identifiers.
 */
function westernDigitsInArabicText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const skipped = 'script, style, noscript, textarea, [dir="ltr"]';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (/[0-9]/.test(text) && !node.parentElement?.closest(skipped)) found.push(text.trim());
    }
    for (const element of document.querySelectorAll(
      '[aria-label], [placeholder], [title], [alt]',
    )) {
      if (element.closest('[dir="ltr"]')) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name) ?? '';
        const rest = value.replace(/\S*[A-Za-z]\S*/g, '').replace(/\+?\d[\d ]{8,}\d/g, '');
        if (/[0-9]/.test(rest)) found.push(`${name}="${value}"`);
      }
    }
    for (const list of document.querySelectorAll('ol, ul')) {
      if (list.closest('[dir="ltr"]')) continue;
      const marker = getComputedStyle(list).listStyleType;
      if (/decimal/.test(marker)) found.push(`list markers ${marker}`);
    }
    if (/[0-9]/.test(document.title.replace(/\S*[A-Za-z]\S*/g, ''))) found.push(document.title);
    return found;
  });
}

/**
 * Separators that look like a digit beside Arabic-Indic digits (decision 060): «·» reads as
 * «٠» («· ٢٦ نوفمبر» read «٢٦٠»), «.» and «…» as zeros, «|» as «١», the Latin comma as the
 * grouping «٬». Measured where the glyphs are drawn: a separator counts when a digit sits on the
 * same line with at most half an em between them (a space, a flex gap), whichever elements hold
 * the two, so a «·» ending one span beside a date in the next is found as well as one in the
 * same sentence. Identifiers (`dir="ltr"`) and «ر.س»'s own full stop are exempt; text drawn for
 * screen readers only (sr-only) is not seen.
 */
function separatorsBesideDigits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const SEPARATOR = /[·•∙⋅.|‧,…]/;
    const DIGIT = /[٠-٩]/;
    const skipped = 'script, style, noscript, textarea, [dir="ltr"], .sr-only';
    type Glyph = { rect: DOMRect; node: Text; em: number };
    const separators: Glyph[] = [];
    const digits: Glyph[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!/[·•∙⋅.|‧,…٠-٩]/.test(text) || !parent || parent.closest(skipped)) continue;
      const em = Number.parseFloat(getComputedStyle(parent).fontSize) || 16;
      for (let i = 0; i < text.length; i++) {
        const glyph = text.charAt(i);
        const isDigit = DIGIT.test(glyph);
        if (!isDigit && !SEPARATOR.test(glyph)) continue;
        if (glyph === '.' && text.charAt(i - 1) === 'ر' && text.charAt(i + 1) === 'س') continue;
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        (isDigit ? digits : separators).push({ rect, node: node as Text, em });
      }
    }
    const found = new Set<string>();
    for (const separator of separators) {
      const s = separator.rect;
      const digit = digits.find(({ rect: d }) => {
        const overlap = Math.min(s.bottom, d.bottom) - Math.max(s.top, d.top);
        if (overlap < Math.min(s.height, d.height) / 2) return false;
        return Math.max(d.left - s.right, s.left - d.right, 0) <= separator.em / 2;
      });
      if (!digit) continue;
      const texts = [digit.node, separator.node].map((n) => (n.textContent ?? '').trim());
      found.add(texts[0] === texts[1] ? `«${texts[0]}»` : `«${texts[1]}» beside «${texts[0]}»`);
    }
    return [...found];
  });
}

/**
 * English in what a page says or reads aloud: Latin letters in its text, and in the attributes
 * a screen reader speaks or a sighted user sees (aria-label, title, placeholder, alt…), and in
 * its title. What must stay Latin — a link, an IBAN, a code, an address — is marked
 * `dir="ltr"` and exempt; form fields keep what the user typed.
 */
function englishOutsideIdentifiers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const latin = /[A-Za-z]/;
    const skipped = 'script, style, noscript, textarea, [dir="ltr"]';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (latin.test(text) && !node.parentElement?.closest(skipped)) found.push(`«${text.trim()}»`);
    }
    const names = [
      'aria-label',
      'aria-description',
      'aria-roledescription',
      'aria-valuetext',
      'title',
      'placeholder',
      'alt',
    ];
    for (const element of document.querySelectorAll(names.map((name) => `[${name}]`).join(', '))) {
      if (element.closest('[dir="ltr"]')) continue;
      for (const name of names) {
        const value = element.getAttribute(name) ?? '';
        if (latin.test(value)) found.push(`${name}="${value}"`);
      }
    }
    if (latin.test(document.title)) found.push(`title «${document.title}»`);
    return found;
  });
}

/**
 * How tall «٠» is drawn, in ems, beside the full stop of the same font: in every font and
 * weight the page writes Arabic-Indic digits in, and in its body font at the regular and bold
 * weights. IBM Plex Sans Arabic's zero alone was 0.125 em, the size of its full stop (0.13):
 * «٠ ر.س» read «. ر.س».
 */
function zeroInk(page: Page): Promise<{ font: string; zero: number; stop: number }[]> {
  return page.evaluate(async () => {
    const body = getComputedStyle(document.body).fontFamily;
    const fonts = new Set([`400 ${body}`, `700 ${body}`]);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!/[٠-٩]/.test(node.textContent ?? '') || !parent || parent.closest('[dir="ltr"]'))
        continue;
      const style = getComputedStyle(parent);
      fonts.add(`${style.fontWeight} ${style.fontFamily}`);
    }
    const size = 200;
    const canvas = document.createElement('canvas');
    canvas.width = 2 * size;
    canvas.height = 2 * size;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no canvas');
    const inkHeight = (glyph: string) => {
      context.clearRect(0, 0, canvas.width, canvas.height);
      context.fillText(glyph, size / 2, 1.5 * size);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let top = canvas.height;
      let bottom = -1;
      for (let i = 3; i < data.length; i += 4) {
        if ((data[i] ?? 0) < 128) continue;
        const y = Math.floor((i - 3) / 4 / canvas.width);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
      return bottom < top ? 0 : (bottom - top + 1) / size;
    };
    const measured: { font: string; zero: number; stop: number }[] = [];
    for (const font of fonts) {
      const [weight, ...family] = font.split(' ');
      context.font = `${weight} ${size}px ${family.join(' ')}`;
      // A face that fails to load (refused by the page's policy, say) is measured as drawn:
      // the fallback's zero.
      await document.fonts.load(context.font, '٠.').catch(() => []);
      measured.push({ font, zero: inkHeight('٠'), stop: inkHeight('.') });
    }
    return measured;
  });
}

/**
 * The zero reads as a digit: at least a fifth of an em tall (2.8 px at 14 px, the smallest
 * size numbers take) and half as tall again as the full stop beside it in «ر.س».
 */
const LEGIBLE_ZERO = { em: 0.2, overStop: 1.5 };

/** The fonts whose «٠» is not legible, with what was measured. */
async function illegibleZeros(page: Page): Promise<string[]> {
  return (await zeroInk(page))
    .filter(({ zero, stop }) => zero < LEGIBLE_ZERO.em || zero < LEGIBLE_ZERO.overStop * stop)
    .map(
      ({ font, zero, stop }) =>
        `«٠» is ${zero.toFixed(3)} em tall, the full stop ${stop.toFixed(3)}, in ${font}`,
    );
}

/**
 * Links, buttons and fields smaller than 44 × 44 px. A link inside a sentence is exempt (WCAG
 * 2.5.8's inline exception); a check box or radio is measured by the label around it; what is
 * visually hidden (1 px, for screen readers) is not a target.
 */
function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="combobox"], [role="menuitem"], [role="link"]';
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.offsetParent === null && getComputedStyle(element).position !== 'fixed') continue;
      if (element.closest('[aria-hidden="true"], [inert]')) continue;
      let target: HTMLElement = element;
      if (
        element instanceof HTMLInputElement &&
        ['checkbox', 'radio', 'file'].includes(element.type)
      ) {
        target = element.closest('label') ?? element;
      }
      const box = target.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.width >= 44 && box.height >= 44) continue;
      if (element.tagName === 'A') {
        const sentence = element.parentElement?.textContent?.trim() ?? '';
        if (sentence.length > (element.textContent?.trim().length ?? 0) + 10) continue;
      }
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
      small.push(
        `${element.tagName.toLowerCase()} «${name.slice(0, 40)}» ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
    }
    return small;
  });
}

test('the checks find what issue 32 saw: a «·» beside a date, in its text or the next element’s; English; a zero the size of a full stop', async ({
  page,
}) => {
  await page.goto('/no-such-page');
  await settle(page);
  await page.evaluate(() => {
    const probe = document.createElement('div');
    // As LinkDeliveryCard and StatusTimeline wrote them, an amount and an IBAN that are fine,
    // a button named in English, and a number in IBM Plex Sans Arabic alone.
    probe.innerHTML = `
      <p>عبر واتساب <span>· ٢٦ نوفمبر ٢٠٢٦</span></p>
      <p>أُرسل الطلب · أنت ·<time> ٢٦ نوفمبر ٢٠٢٦</time></p>
      <p>المستحق ٥٠٠ ر.س، و<bdi dir="ltr">SA03 8000 •••• 1234</bdi></p>
      <button type="button" aria-label="Close">×</button>
      <p style="font-family: 'IBM Plex Sans Arabic'">٠ ر.س</p>`;
    (document.querySelector('main') ?? document.body).append(probe);
  });
  expect(await separatorsBesideDigits(page)).toEqual([
    '«· ٢٦ نوفمبر ٢٠٢٦»',
    '«أُرسل الطلب · أنت ·» beside «٢٦ نوفمبر ٢٠٢٦»',
  ]);
  expect(await englishOutsideIdentifiers(page)).toEqual(['aria-label="Close"']);
  expect(await illegibleZeros(page)).toEqual([
    expect.stringMatching(/^«٠» is 0\.1\d\d em tall, .* in 400 "IBM Plex Sans Arabic"$/),
  ]);
});

for (const role of ROLES) {
  test(`every screen: the ${role}'s screens write Arabic-Indic digits outside identifiers, no look-alike separator beside them, a legible zero, no English, and at 390 px none scrolls sideways or has a target under 44 px`, async ({
    page,
    admin,
    superAdmin,
  }) => {
    test.slow();
    const screens = await prepare(page, role, { admin, superAdmin });
    const phone = (page.viewportSize()?.width ?? 1280) < 1024;
    const problems: string[] = [];
    for (const screen of screens) {
      await page.goto(screen.path);
      await settle(page);
      for (const text of await westernDigitsInArabicText(page)) {
        problems.push(`${screen.path}: Western digits in «${text}»`);
      }
      for (const text of await separatorsBesideDigits(page)) {
        problems.push(`${screen.path}: a separator that reads as a digit in ${text}`);
      }
      for (const text of await englishOutsideIdentifiers(page)) {
        problems.push(`${screen.path}: English in ${text}`);
      }
      for (const text of await illegibleZeros(page)) problems.push(`${screen.path}: ${text}`);
      if (phone) {
        const overflow = await sidewaysOverflow(page);
        if (overflow > 0) problems.push(`${screen.path}: scrolls sideways by ${overflow} px`);
        for (const target of await smallTouchTargets(page)) {
          problems.push(`${screen.path}: small target ${target}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
}
