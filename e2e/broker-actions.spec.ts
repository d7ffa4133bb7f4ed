import type { Locator, Page } from '@playwright/test';
import { ibanFor } from '../src/server/test-support/iban.js';
import { expect, test } from './fixtures';
import { signedReferral } from './money';
import {
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  openSidebar,
  randomPhone,
} from './support';

// Issue 32: everything a broker can do on the desktop pages, the phone app can do too. One
// table lists each action, where the desktop has it and where the phone has it; a journey per
// viewport signs a broker in and finds every one of them, a visible, enabled control with its
// Arabic name. The phone app that could not cash out would have failed here. A broker on a
// phone may open the desktop pages too: at 390 px they are reached through the menu, and every
// action is found there as well.

type App = 'desktop' | 'phone';

/** Where an app has an action: the page, how a broker finds it there, and the control. */
interface Place {
  path: string;
  /** How the broker finds it, in words (for the failure message). */
  how: string;
  /** A step that uncovers the control (a dialog to open, a fold to unfold). */
  reveal?: (page: Page) => Promise<void>;
  control: (page: Page) => Locator;
}

interface BrokerAction {
  name: string;
  desktop: Place;
  phone: Place;
}

const region = (page: Page, name: string) => page.getByRole('region', { name });
const linkCard = (page: Page) => region(page, 'رابطك الخاص');
const openQr = async (page: Page) => {
  await linkCard(page).getByRole('button', { name: 'رمز QR' }).click();
};
const qrDialog = (page: Page) => page.getByRole('dialog', { name: 'رمز رابطك' });
const FUNNEL = 'ما جلبه رابطك خلال آخر ٨ أسابيع';

/** Every broker action, desktop and phone. */
const ACTIONS: BrokerAction[] = [
  {
    name: 'إحالة جديدة',
    desktop: {
      path: '/dashboard',
      how: 'the first link under the greeting',
      control: (p) => p.getByRole('main').getByRole('link', { name: 'إحالة جديدة' }),
    },
    phone: {
      path: '/mobile-dashboard',
      how: 'the first action under the greeting',
      control: (p) => p.getByRole('main').getByRole('link', { name: 'إحالة جديدة' }),
    },
  },
  {
    name: 'الإحالات',
    desktop: {
      path: '/dashboard',
      how: 'a link beside «إحالة جديدة»',
      control: (p) => p.getByRole('main').getByRole('link', { name: 'عرض الإحالات' }),
    },
    phone: {
      path: '/mobile-dashboard',
      how: 'a link beside «إحالة جديدة»',
      control: (p) => p.getByRole('main').getByRole('link', { name: 'عرض الإحالات' }),
    },
  },
  {
    name: 'تفاصيل الإحالة',
    desktop: {
      path: '/referrals',
      how: 'the row’s «التفاصيل»',
      control: (p) => p.getByRole('link', { name: 'التفاصيل' }).first(),
    },
    phone: {
      path: '/mobile-referrals',
      how: 'the card’s «التفاصيل»',
      control: (p) => p.getByRole('link', { name: 'التفاصيل' }).first(),
    },
  },
  {
    name: 'طلب تحويل العمولة',
    desktop: {
      path: '/commissions',
      how: 'the form’s «إرسال طلب التحويل»',
      control: (p) => p.getByRole('button', { name: 'إرسال طلب التحويل' }),
    },
    phone: {
      path: '/mobile-commissions',
      how: '«طلب تحويل العمولة» under the money tiles, which opens the form',
      control: (p) => p.getByRole('button', { name: 'طلب تحويل العمولة' }),
    },
  },
  {
    name: 'طلبات التحويل',
    desktop: {
      path: '/commissions',
      how: 'the card «طلبات التحويل»',
      control: (p) => region(p, 'طلبات التحويل'),
    },
    phone: {
      path: '/mobile-commissions',
      how: 'the card «طلبات التحويل»',
      control: (p) => region(p, 'طلبات التحويل'),
    },
  },
  {
    name: 'الحساب البنكي',
    desktop: {
      path: '/commissions',
      how: 'the card «الحساب البنكي»',
      control: (p) => region(p, 'الحساب البنكي').getByRole('button', { name: /الحساب البنكي$/ }),
    },
    phone: {
      path: '/mobile-commissions',
      how: 'the card «الحساب البنكي»',
      control: (p) => region(p, 'الحساب البنكي').getByRole('button', { name: /الحساب البنكي$/ }),
    },
  },
  {
    name: 'سجل العمولات',
    desktop: {
      path: '/commissions',
      how: 'the section «سجل العمولات»',
      control: (p) => region(p, 'سجل العمولات'),
    },
    phone: {
      path: '/mobile-commissions',
      how: 'the section «سجل العمولات»',
      control: (p) => region(p, 'سجل العمولات'),
    },
  },
  {
    name: 'نسخ الرابط',
    desktop: {
      path: '/dashboard',
      how: 'the link card',
      control: (p) => linkCard(p).getByRole('button', { name: 'نسخ الرابط' }),
    },
    phone: {
      path: '/mobile-dashboard',
      how: 'the link card',
      control: (p) => linkCard(p).getByRole('button', { name: 'نسخ الرابط' }),
    },
  },
  {
    name: 'مشاركة الرابط',
    desktop: {
      path: '/dashboard',
      how: 'the link card',
      control: (p) => linkCard(p).getByRole('link', { name: 'مشاركة' }),
    },
    phone: {
      path: '/mobile-dashboard',
      how: 'the link card',
      control: (p) => linkCard(p).getByRole('link', { name: 'مشاركة' }),
    },
  },
  {
    name: 'رمز QR',
    desktop: {
      path: '/dashboard',
      how: 'the link card',
      control: (p) => linkCard(p).getByRole('button', { name: 'رمز QR' }),
    },
    phone: {
      path: '/mobile-dashboard',
      how: 'the link card',
      control: (p) => linkCard(p).getByRole('button', { name: 'رمز QR' }),
    },
  },
  {
    name: 'تنزيل الرمز للطباعة',
    desktop: {
      path: '/dashboard',
      how: 'in the dialog «رمز QR» opens',
      reveal: openQr,
      control: (p) => qrDialog(p).getByRole('link', { name: 'تنزيل الرمز للطباعة' }),
    },
    phone: {
      path: '/mobile-dashboard',
      how: 'in the dialog «رمز QR» opens',
      reveal: openQr,
      control: (p) => qrDialog(p).getByRole('link', { name: 'تنزيل الرمز للطباعة' }),
    },
  },
  {
    name: 'تنزيل صورة الرمز',
    desktop: {
      path: '/dashboard',
      how: 'in the dialog «رمز QR» opens',
      reveal: openQr,
      control: (p) => qrDialog(p).getByRole('button', { name: 'تنزيل صورة الرمز' }),
    },
    phone: {
      path: '/mobile-dashboard',
      how: 'in the dialog «رمز QR» opens',
      reveal: openQr,
      control: (p) => qrDialog(p).getByRole('button', { name: 'تنزيل صورة الرمز' }),
    },
  },
  {
    name: 'رابط جديد',
    desktop: {
      path: '/dashboard',
      how: 'the link card’s title row',
      control: (p) => linkCard(p).getByRole('button', { name: 'رابط جديد' }),
    },
    phone: {
      path: '/mobile-dashboard',
      how: 'the link card’s title row',
      control: (p) => linkCard(p).getByRole('button', { name: 'رابط جديد' }),
    },
  },
  {
    name: 'ما جلبه الرابط',
    desktop: {
      path: '/dashboard',
      how: 'the link card’s fold',
      control: (p) => linkCard(p).getByText(FUNNEL, { exact: true }),
    },
    phone: {
      path: '/mobile-dashboard',
      how: 'the link card’s fold',
      control: (p) => linkCard(p).getByText(FUNNEL, { exact: true }),
    },
  },
  {
    name: 'الإشعارات',
    desktop: {
      path: '/dashboard',
      how: 'the bell in the header',
      control: (p) => p.getByRole('banner').getByRole('button', { name: /^الإشعارات/ }),
    },
    phone: {
      path: '/mobile-dashboard',
      how: 'the bell in the header',
      control: (p) => p.getByRole('banner').getByRole('button', { name: /^الإشعارات/ }),
    },
  },
  {
    name: 'الملف الشخصي',
    desktop: {
      path: '/dashboard',
      how: 'the sidebar’s «إعدادات الحساب» (in the menu below 1024 px)',
      reveal: openSidebar,
      control: (p) =>
        p
          .getByRole('navigation', { name: 'القائمة الرئيسية' })
          .getByRole('link', { name: 'إعدادات الحساب' }),
    },
    phone: {
      path: '/mobile-dashboard',
      how: 'the header’s profile link, on every page',
      control: (p) => p.getByRole('banner').getByRole('link', { name: 'الملف الشخصي' }),
    },
  },
  {
    name: 'تعديل الملف الشخصي',
    desktop: {
      path: '/profile',
      how: 'the form’s «حفظ الملف الشخصي»',
      control: (p) => p.getByRole('button', { name: 'حفظ الملف الشخصي' }),
    },
    phone: {
      path: '/mobile-profile',
      how: '«تعديل» on the basic information',
      control: (p) => p.getByRole('button', { name: 'تعديل', exact: true }),
    },
  },
  {
    name: 'رسالة عند تغيّر حالة الطلب',
    desktop: {
      path: '/profile',
      how: 'the switch on the profile',
      control: (p) => p.getByRole('switch', { name: 'أرسل لي رسالة عند تغيّر حالة طلباتي' }),
    },
    phone: {
      path: '/mobile-profile',
      how: 'the switch on the profile',
      control: (p) => p.getByRole('switch', { name: 'أرسل لي رسالة عند تغيّر حالة طلباتي' }),
    },
  },
  {
    name: 'تغيير كلمة المرور',
    desktop: {
      path: '/profile',
      how: 'the card «كلمة المرور والحساب»',
      control: (p) =>
        region(p, 'كلمة المرور والحساب').getByRole('button', { name: 'تغيير كلمة المرور' }),
    },
    phone: {
      path: '/mobile-profile',
      how: 'a link under the profile',
      control: (p) => p.getByRole('link', { name: 'تغيير كلمة المرور' }),
    },
  },
  {
    name: 'حذف الحساب',
    desktop: {
      path: '/profile',
      how: 'the card «كلمة المرور والحساب»',
      control: (p) => region(p, 'كلمة المرور والحساب').getByRole('button', { name: 'حذف الحساب' }),
    },
    phone: {
      path: '/mobile-profile',
      how: 'the last button of the profile',
      control: (p) => p.getByRole('button', { name: 'حذف الحساب' }),
    },
  },
  {
    name: 'تسجيل الخروج',
    desktop: {
      path: '/dashboard',
      how: 'the sidebar’s last entry (in the menu below 1024 px)',
      reveal: openSidebar,
      control: (p) =>
        p
          .getByRole('navigation', { name: 'القائمة الرئيسية' })
          .getByRole('button', { name: 'تسجيل الخروج' }),
    },
    phone: {
      path: '/mobile-dashboard',
      how: 'the last button of the home page',
      control: (p) => p.getByRole('main').getByRole('button', { name: 'تسجيل الخروج' }),
    },
  },
];

const appOf = (page: Page): App =>
  (page.viewportSize()?.width ?? 1280) < 600 ? 'phone' : 'desktop';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'القائمة الرئيسية' });

/** The desktop pages' entries in the sidebar, which is the menu below 1024 px. */
const MENU: Record<string, string> = {
  '/dashboard': 'لوحة التحكم',
  '/referrals': 'إحالاتي',
  '/commissions': 'العمولات',
  '/profile': 'إعدادات الحساب',
};

/**
 * Opens an app's page as a broker would: by its address, except the desktop pages below
 * 1024 px, reached from another page through the menu (which then closes).
 */
async function openPlace(page: Page, app: App, path: string): Promise<void> {
  const narrow = (page.viewportSize()?.width ?? 1280) < 1024;
  if (app === 'phone' || !narrow) {
    await page.goto(path);
    return;
  }
  const entry = MENU[path];
  expect(entry, `the menu entry of ${path}`).toBeDefined();
  await page.goto(path === '/dashboard' ? '/profile' : '/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await openSidebar(page);
  await sidebar(page).getByRole('link', { name: entry, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(sidebar(page)).toBeHidden();
}

test('every broker action is found in this viewport’s apps: the desktop pages at 1280 px; at 390 px the phone app, and the desktop pages through the menu', async ({
  page,
  admin,
  readyBroker,
}) => {
  test.slow(); // Five pages, twenty-one actions (forty-two at 390 px, in both apps).
  await readyBroker(page, 'مشاعل الغامدي');
  await signedReferral(page, admin, 84000);
  const width = page.viewportSize()?.width ?? 1280;
  // A phone opens the phone app, and may open the desktop pages too.
  const apps: App[] = appOf(page) === 'phone' ? ['phone', 'desktop'] : ['desktop'];

  // The table lists each action once, and each app on its own routes.
  expect(new Set(ACTIONS.map((a) => a.name)).size).toBe(ACTIONS.length);
  for (const action of ACTIONS) {
    expect(action.phone.path.startsWith('/mobile')).toBe(true);
    expect(action.desktop.path.startsWith('/mobile')).toBe(false);
  }

  for (const app of apps) {
    const missing: string[] = [];
    for (const action of ACTIONS) {
      const place = action[app];
      await openPlace(page, app, place.path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (place.reveal) await place.reveal(page);
      const control = place.control(page);
      try {
        await expect(control).toBeVisible({ timeout: 5_000 });
        await expect(control).toBeEnabled({ timeout: 1_000 });
      } catch {
        missing.push(`«${action.name}»: ${place.how} on ${place.path}`);
      }
    }
    expect(missing, `actions the ${app} app lacks at ${width} px`).toEqual([]);
  }
});

test('a broker cashes out from the phone: «عمولاتي» at 390 px asks for a transfer to a first IBAN', async ({
  page,
  admin,
  readyBroker,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const phone = await readyBroker(page, 'هيفاء الزهراني');
  await signedReferral(page, admin, 84000);

  await page.goto('/mobile-commissions');
  await expect(page.getByRole('heading', { level: 1, name: 'عمولاتي' })).toBeVisible();
  const tiles = region(page, 'ملخص العمولات');
  const tile = (label: string) => tiles.getByText(label, { exact: true }).locator('xpath=../..');
  await expect(tile('المعلقة')).toContainText('٨٤٠ ر.س');
  await expect(region(page, 'طلبات التحويل')).toContainText('لم ترسل أي طلب تحويل بعد.');

  await page.getByRole('button', { name: 'طلب تحويل العمولة' }).click();
  const dialog = page.getByRole('dialog', { name: 'طلب تحويل العمولة' });
  await expect(dialog.getByText('المتاح للتحويل: ٨٤٠ ر.س')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel('المبلغ المطلوب (ر.س)').pressSequentially('٦٠٠');
  await dialog.getByLabel('رقم الآيبان', { exact: true }).fill(ibanFor(phone));
  // The first IBAN becomes the profile's: the password again (decision record 050).
  await dialog.getByLabel('كلمة المرور الحالية').fill('secret123');
  const box = await dialog.getByRole('button', { name: 'إرسال طلب التحويل' }).boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390 && box.height >= 44).toBe(true);
  await dialog.getByRole('button', { name: 'إرسال طلب التحويل' }).click();
  await expectToast(page, 'تم إرسال طلب التحويل للمراجعة');
  await expect(dialog).toBeHidden();

  // The request is listed under review, and the money moved from «المعلقة» to «قيد التحويل».
  const request = region(page, 'طلبات التحويل').getByRole('listitem');
  await expect(request).toHaveCount(1);
  await expect(request).toContainText('٦٠٠ ر.س');
  await expect(request).toContainText('قيد المراجعة');
  await expect(request.getByText(/^SA•• •••• •••• \d{4}$/)).toBeVisible();
  await expect(tile('قيد التحويل')).toContainText('٦٠٠ ر.س');
  await expect(tile('المعلقة')).toContainText('٢٤٠ ر.س');
  await expect(region(page, 'الحساب البنكي')).toContainText('تُحوَّل عمولاتك إلى الآيبان المنتهي بـ');
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  // Sent as typed: ٦٠٠ on an Arabic keyboard is a draft of 600 for the team to review.
  const mine = (await (await page.request.get('/api/commissions/payouts')).json()) as {
    amount: string;
    status: string;
  }[];
  expect(mine).toMatchObject([{ amount: '600.00', status: 'draft' }]);

  // The team refuses it with a reason: the broker reads why, under the request.
  const [draft] = (await (await page.request.get('/api/commissions/payouts')).json()) as {
    id: string;
  }[];
  const refused = await admin.post(`/api/admin/payouts/${draft?.id}/reject`, {
    data: { reason: 'الآيبان لا يطابق اسم الوسيط' },
  });
  expect(refused.ok()).toBe(true);
  await page.reload();
  await expect(request).toContainText('مرفوض');
  await expect(request.getByText('سبب الرفض: الآيبان لا يطابق اسم الوسيط')).toBeVisible();
  await expectNoAxeViolations(page);
});

/** The sum of the page's layout shifts not caused by input, as the PerformanceObserver saw. */
declare global {
  interface Window {
    layoutShift?: number;
  }
}

test('the link card: the new referral above it, compact at 390 px, no file-format words, the QR fetched on demand; neither dashboard jumps as it loads', async ({
  page,
  admin,
  readyBroker,
}) => {
  test.slow(); // Two dashboards at two widths.
  await readyBroker(page, 'رهف الشهراني');
  await signedReferral(page, admin, 60000);
  await page.addInitScript(() => {
    window.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as unknown as { value: number; hadRecentInput: boolean };
        if (!shift.hadRecentInput) window.layoutShift = (window.layoutShift ?? 0) + shift.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const qrFetches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/referral-link/qr.svg')) qrFetches.push(request.url());
  });

  const dashboards = [
    { path: '/dashboard', newReferral: 'إحالة جديدة' },
    { path: '/mobile-dashboard', newReferral: 'إحالة جديدة' },
  ];
  const width = page.viewportSize()?.width ?? 1280;
  for (const size of width === 390 ? [390] : [width, 390]) {
    await page.setViewportSize({ width: size, height: 844 });
    for (const { path, newReferral } of dashboards) {
      await page.goto(path);
      const card = linkCard(page);
      await expect(card.locator('bdi').first()).toHaveText(/\/r\/[0-9A-Z]{8}$/);
      await expect(region(page, 'ملخص الأداء')).toHaveAttribute('aria-busy', 'false');
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      // A browser that cannot see layout shifts would pass with zero: it must see them.
      expect(
        await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes('layout-shift')),
      ).toBe(true);
      const shift = await page.evaluate(() => window.layoutShift ?? 0);
      expect(shift, `layout shift while ${path} loads at ${size} px`).toBeLessThan(0.05);

      // «إحالة جديدة» first: above the figures and the link card.
      const action = await page
        .getByRole('main')
        .getByRole('link', { name: newReferral })
        .boundingBox();
      const figures = await region(page, 'ملخص الأداء').boundingBox();
      const cardBox = await card.boundingBox();
      expect(action && figures && cardBox).toBeTruthy();
      if (action && figures && cardBox) {
        expect(action.y + action.height).toBeLessThanOrEqual(figures.y);
        expect(action.y + action.height).toBeLessThanOrEqual(cardBox.y);
        if (size === 390) expect(cardBox.height, `the link card on ${path}`).toBeLessThan(260);
      }
      // The link on one line, never broken inside its code.
      const lineHeight = await card
        .locator('bdi')
        .first()
        .evaluate((e) => e.getBoundingClientRect().height);
      expect(lineHeight).toBeLessThan(30);
      await expect(page.locator('body')).not.toContainText(/SVG|PNG/);
      await expect(page.locator('img[src*="qr.svg"]')).toHaveCount(0);
    }
  }
  expect(qrFetches).toEqual([]);

  // The QR code when asked for, with its two downloads in plain words.
  await linkCard(page).getByRole('button', { name: 'رمز QR' }).click();
  const dialog = qrDialog(page);
  const image = dialog.getByRole('img', { name: /^رمز رابطك الخاص/ });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((e) => (e as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await expect(dialog.getByRole('link', { name: 'تنزيل الرمز للطباعة' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'تنزيل صورة الرمز' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/SVG|PNG/);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'إغلاق' }).click();

  // The eight weeks one tap away: nothing brought yet is a sentence, not a row of zeros.
  await linkCard(page).getByText(FUNNEL, { exact: true }).click();
  await expect(
    linkCard(page).getByText('لم يصل أحد من رابطك خلال هذه المدة.', { exact: false }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

/** What a tile says, name then figure, for each tile of a region, in order. */
async function tileTexts(page: Page, name: string): Promise<string[]> {
  const tiles = region(page, name);
  await expect(tiles).not.toHaveAttribute('aria-busy', 'true');
  await expect(tiles.locator(':scope > div').first()).toBeVisible();
  return tiles.locator(':scope > div').evaluateAll((divs) =>
    divs.map((div) =>
      Array.from(div.querySelectorAll('span, p'))
        .map((e) => e.textContent?.trim() ?? '')
        .filter(Boolean)
        .slice(0, 2)
        .join(' '),
    ),
  );
}

test('one vocabulary: both dashboards count the same requests under the same names, both money pages name the same buckets, both profiles the same completion', async ({
  page,
  admin,
  readyBroker,
}) => {
  test.slow(); // Six pages for one broker.
  await readyBroker(page, 'نوف العنزي');
  const more = await page.request.patch('/api/broker/profile', {
    data: { city: 'riyadh', officeName: 'مكتب العنزي للعقار' },
  });
  expect(more.ok()).toBe(true);
  // Four referrals: one signed, one rejected, two open. All four against two open once showed
  // as «٤» on one dashboard and «٢» on the other.
  await signedReferral(page, admin, 60000);
  const rejected = await page.request.post('/api/referrals', {
    data: { tenantPhone: randomPhone() },
  });
  const { id } = (await rejected.json()) as { id: string };
  expect(
    (await admin.put(`/api/admin/referrals/${id}/status`, { data: { status: 'rejected' } })).ok(),
  ).toBe(true);
  for (let i = 0; i < 2; i++) {
    expect(
      (await page.request.post('/api/referrals', { data: { tenantPhone: randomPhone() } })).ok(),
    ).toBe(true);
  }

  await page.goto('/dashboard');
  const desktop = await tileTexts(page, 'ملخص الأداء');
  await page.goto('/mobile-dashboard');
  const phone = await tileTexts(page, 'ملخص الأداء');
  expect(desktop).toEqual([
    'الطلبات النشطة ٢',
    'العقود المكتملة ١',
    'إجمالي العمولات ٦٠٠ ر.س',
    'نسبة النجاح ٢٥٪',
  ]);
  expect(phone).toEqual(desktop);

  await page.goto('/commissions');
  const money = await tileTexts(page, 'ملخص العمولات');
  await page.goto('/mobile-commissions');
  expect(await tileTexts(page, 'ملخص العمولات')).toEqual(money);
  expect(money).toEqual([
    'إجمالي العمولات ٦٠٠ ر.س',
    'المدفوعة ٠ ر.س',
    'المعلقة ٦٠٠ ر.س',
    'قيد التحويل ٠ ر.س',
  ]);
  // The earnings chart names its parts with the tiles' words.
  const bar = page
    .getByRole('list', { name: /حسب شهر إضافة العمولة/ })
    .getByRole('img')
    .last();
  await expect(bar).toHaveAccessibleName(/: المدفوعة ٠ ر.س، قيد التحويل ٠ ر.س، المعلقة ٦٠٠ ر.س$/);
  // The transfer form calls the pending money what the pending tile's line calls it.
  await expect(region(page, 'ملخص العمولات')).toContainText('المتاح للتحويل الآن');

  // The same completion on both profiles: four of the seven fields (name, city, office, and the
  // FAL licence a broker who earns holds: decision 070).
  for (const path of ['/profile', '/mobile-profile']) {
    await page.goto(path);
    await expect(page.getByRole('progressbar', { name: 'اكتمال الملف الشخصي' })).toHaveAttribute(
      'aria-valuenow',
      '57',
    );
    await expect(page.getByRole('main')).toContainText('٥٧٪');
  }
});

/** An Arabic zero standing alone (a «٠ ر.س», a count of «٠»), not inside a larger number. */
const LONE_ZERO = /(^|[^\u0660-\u0669\u066B\u066C])\u0660(?![\u0660-\u0669\u066B\u066C])/;

test('a new broker’s dashboards, referral lists and money pages say what will appear and how, never rows of zeros', async ({
  page,
  readyBroker,
}) => {
  await readyBroker(page, 'لمى الحارثي');
  const newReferral = 'إحالة جديدة';
  for (const [dashboard, referrals, empties, money] of [
    ['/dashboard', '/referrals', 'لا توجد إحالات بعد', '/commissions'],
    ['/mobile-dashboard', '/mobile-referrals', 'لا توجد طلبات', '/mobile-commissions'],
  ] as const) {
    // The list: one sentence and the way to a first referral, no count of zero, no
    // «لا توجد إحالات مطابقة» when nothing was filtered.
    await page.goto(referrals);
    const none = page.getByText(empties, { exact: true }).locator('..');
    await expect(none).toBeVisible();
    await expect(none).toContainText('تظهر هنا كل إحالة ترسلها');
    await expect(page.getByText('لا توجد إحالات مطابقة')).toHaveCount(0);
    await expect(page.getByRole('main')).not.toContainText(LONE_ZERO, { useInnerText: true });
    await expect(none.getByRole('link', { name: newReferral })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(dashboard);
    await expect(page.getByText('لا توجد طلبات بعد', { exact: true })).toBeVisible();
    await expect(linkCard(page)).toBeVisible();
    await expect(region(page, 'ملخص الأداء')).toHaveCount(0);
    await expect(page.getByRole('main')).not.toContainText(LONE_ZERO, { useInnerText: true });
    await expectNoAxeViolations(page);

    await page.goto(money);
    const empty = page.getByText('لا توجد عمولات بعد', { exact: true }).locator('..');
    await expect(empty).toBeVisible();
    await expect(region(page, 'ملخص العمولات')).toHaveCount(0);
    await expect(page.getByRole('img')).toHaveCount(0);
    await expect(region(page, 'الحساب البنكي')).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(LONE_ZERO, { useInnerText: true });
    await expectNoAxeViolations(page);
    await empty.getByRole('link', { name: newReferral }).click();
    await expect(page).toHaveURL(
      dashboard === '/dashboard' ? /\/new-referral$/ : /\/mobile-new-referral$/,
    );
  }
});
