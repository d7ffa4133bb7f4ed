import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { prepare, ROLES, settle } from './screens';

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

/** How far the page scrolls sideways (0 when it fits). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
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

for (const role of ROLES) {
  test(`every screen: the ${role}'s screens write Arabic-Indic digits outside identifiers, and at 390 px none scrolls sideways or has a target under 44 px`, async ({
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
