import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { formatDateTimeAr, formatDayAr, formatSar } from '#domain';
import type { PaymentDocumentData } from './document-data.js';
import { printablePaymentDocument } from './printable.js';
import { decodeZatcaQr, encodeZatcaQr } from './zatca-qr.js';

const QR_OPTIONS = { type: 'svg', margin: 2, errorCorrectionLevel: 'M' } as const;
const QR_LABEL = 'رمز الاستجابة السريعة للفاتورة';
const NOT_A_TAX_INVOICE = 'هذا الإشعار ليس فاتورة ضريبية: الوسيط غير مسجّل في ضريبة القيمة المضافة';
const DEDUCTION = 'خصم مقابل عمولات ملغاة سبق دفعها';
const PHYSICAL_SIDES =
  /(?:margin|padding)-(?:left|right)|text-align:\s*(?:left|right)|\b(?:left|right)\s*:/;

const SUPPLIER_NAME = 'مؤسسة نورة العتيبي للوساطة العقارية';
const SUPPLIER_VAT = '310122393500003';
const CUSTOMER_VAT = '300000000000003';

const invoice: PaymentDocumentData = {
  kind: 'tax_invoice',
  number: 'SB-2026-000001',
  uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
  issuedAt: '2026-02-28T21:30:15.250Z',
  supplyDate: '2026-02-25',
  supplier: {
    name: SUPPLIER_NAME,
    entity: 'establishment',
    brokerCode: 'NR7K4M',
    vatNumber: SUPPLIER_VAT,
    crNumber: '7001234567',
    falLicense: '1200012345',
    iban: 'SA0380000000608010167519',
  },
  customer: {
    name: 'شركة شريك للتقنية المالية',
    vatNumber: CUSTOMER_VAT,
    crNumber: '1010123456',
    address: 'طريق الملك فهد، العليا، الرياض ١٢٢١٤',
  },
  lines: [
    {
      description: 'عمولة إحالة مستأجر',
      referralNumber: 'R-2026-000042',
      ejarContractNumber: '20123456789',
      net: '1000.00',
    },
    {
      description: 'عمولة إحالة مستأجر',
      referralNumber: 'R-2026-000043',
      ejarContractNumber: null,
      net: '250.00',
    },
  ],
  deducted: '0.00',
  totals: { net: '1250.00', vat: '187.50', gross: '1437.50' },
  transferReference: 'FT26059XYZ01',
  qr: encodeZatcaQr({
    sellerName: SUPPLIER_NAME,
    vatNumber: SUPPLIER_VAT,
    timestamp: '2026-02-28T21:30:15Z',
    invoiceTotal: '1437.50',
    vatTotal: '187.50',
  }),
};

const statement: PaymentDocumentData = {
  ...invoice,
  kind: 'payment_statement',
  number: 'PS-2026-000007',
  supplier: { ...invoice.supplier, vatNumber: null, crNumber: null },
  totals: { net: '1250.00', vat: '0.00', gross: '1250.00' },
  qr: null,
};

/** The page's first `<svg …>…</svg>`, or null. */
function svgOf(page: string): string | null {
  return /<svg\b[\s\S]*?<\/svg>/.exec(page)?.[0] ?? null;
}

/**
 * What the QR code in an SVG by `qrcode` reads as: its path drawn on a bitmap (each module
 * 8 pixels, a white border around) and read back by jsQR, a decoder written independently.
 */
function decodeQrSvg(svg: string): string | null {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const d = /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1];
  if (!size || !d) throw new Error('not an SVG drawn by qrcode');
  const dark: boolean[][] = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  let x = 0;
  let y = 0;
  for (const [, command, a, b] of d.matchAll(/([MmHh])(-?[\d.]+)(?:[ ,](-?[\d.]+))?/g)) {
    const first = Number(a);
    const second = Number(b ?? 0);
    if (command === 'M') [x, y] = [first, second];
    else if (command === 'm') [x, y] = [x + first, y + second];
    else {
      const row = dark[Math.floor(y)];
      for (let column = x; column < x + first; column++) if (row) row[column] = true;
      x += first;
    }
  }
  const scale = 8;
  const border = 4 * scale;
  const width = size * scale + 2 * border;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let py = 0; py < width; py++) {
    for (let px = 0; px < width; px++) {
      const row = Math.floor((py - border) / scale);
      const column = Math.floor((px - border) / scale);
      if (dark[row]?.[column]) pixels.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3);
    }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}

/** The page's words a person reads: no style, no QR, no identifiers (they are in <bdi>), no tags. */
function readableWords(page: string): string {
  return page
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<svg\b[\s\S]*?<\/svg>/g, '')
    .replace(/<bdi dir="ltr">[^<]*<\/bdi>/g, '')
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<[^>]*>/g, ' ');
}

describe('printablePaymentDocument: a self-billed tax invoice', () => {
  it('is a complete right-to-left Arabic page, with no script and nothing fetched', async () => {
    const page = await printablePaymentDocument(invoice);
    expect(page.startsWith('<!doctype html>\n<html lang="ar" dir="rtl">')).toBe(true);
    expect(page).toContain('<meta charset="utf-8">');
    expect(page).toMatch(/<title>[^<]*فاتورة ضريبية[^<]*SB-2026-000001<\/title>/);
    expect(page).toContain('@page { size: A4; margin: 15mm; }');
    expect(page).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|\shref=|url\(|@import/i);
    expect(page.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('says «فاتورة ذاتية» and shows the parties, their VAT numbers and the dates', async () => {
    const page = await printablePaymentDocument(invoice);
    expect(page).toContain('<h1>فاتورة ضريبية</h1>');
    expect(page).toContain('فاتورة ذاتية');
    expect(page).toContain('<bdi dir="ltr">SB-2026-000001</bdi>');
    expect(page).toContain(`<bdi dir="ltr">${SUPPLIER_VAT}</bdi>`);
    expect(page).toContain(`<bdi dir="ltr">${CUSTOMER_VAT}</bdi>`);
    expect(page).toContain(SUPPLIER_NAME);
    expect(page).toContain('شركة شريك للتقنية المالية');
    expect(page).toContain('<bdi dir="ltr">7001234567</bdi>');
    expect(page).toContain('<bdi dir="ltr">1010123456</bdi>');
    expect(page).toContain('<bdi dir="ltr">1200012345</bdi>');
    expect(page).toContain('<bdi dir="ltr">NR7K4M</bdi>');
    expect(page).toContain('طريق الملك فهد، العليا، الرياض ١٢٢١٤');
    // 21:30 UTC on 28 February is 1 March in Riyadh.
    expect(formatDateTimeAr(invoice.issuedAt)).toContain('مارس');
    expect(page).toContain(formatDateTimeAr(invoice.issuedAt));
    expect(page).toContain(formatDayAr('2026-02-25'));
    expect(page).toContain('<bdi dir="ltr">FT26059XYZ01</bdi>');
  });

  it('lists each commission with its referral and Ejar numbers, and the three totals', async () => {
    const page = await printablePaymentDocument(invoice);
    expect(page).toContain('رقم عقد إيجار');
    expect(page).toContain('<bdi dir="ltr">R-2026-000042</bdi>');
    expect(page).toContain('<bdi dir="ltr">R-2026-000043</bdi>');
    expect(page).toContain('<bdi dir="ltr">20123456789</bdi>');
    expect(page).toContain(formatSar('1000.00'));
    expect(page).toContain(formatSar('250.00'));
    expect(page).toMatch(
      new RegExp(`المجموع غير شامل الضريبة</dt><dd>${formatSar('1250.00')}</dd>`),
    );
    expect(page).toMatch(
      new RegExp(`ضريبة القيمة المضافة ١٥٪</dt><dd>${formatSar('187.50')}</dd>`),
    );
    expect(page).toMatch(new RegExp(`الإجمالي شامل الضريبة</dt><dd>${formatSar('1437.50')}</dd>`));
    expect(formatSar('1437.50')).toBe('١٬٤٣٧٫٥٠ ر.س');
    expect(page).not.toContain('المبلغ المدفوع');
  });

  it('draws the ZATCA QR code as a labelled inline SVG that reads back as the document’s text', async () => {
    const page = await printablePaymentDocument(invoice);
    const svg = svgOf(page);
    expect(svg).not.toBeNull();
    expect(svg).toMatch(new RegExp(`^<svg [^>]*role="img" aria-label="${QR_LABEL}"`));
    // The same drawing `qrcode` makes of the text with these options.
    const reference = await QRCode.toString(invoice.qr ?? '', QR_OPTIONS);
    const body = reference.slice(reference.indexOf('>') + 1).trim();
    expect(body).toMatch(/^<path/);
    expect(svg?.endsWith(body)).toBe(true);
    expect(svg).toContain(/viewBox="[^"]+"/.exec(reference)?.[0]);
    // Read back by a decoder: the base64 TLV text, with the seller and the totals in it.
    const decoded = decodeQrSvg(svg ?? '');
    expect(decoded).toBe(invoice.qr);
    expect(decodeZatcaQr(decoded ?? '')).toMatchObject({
      sellerName: SUPPLIER_NAME,
      vatNumber: SUPPLIER_VAT,
      invoiceTotal: '1437.50',
      vatTotal: '187.50',
    });
  });

  it('draws a different code for a different text', async () => {
    const other = encodeZatcaQr({
      sellerName: SUPPLIER_NAME,
      vatNumber: SUPPLIER_VAT,
      timestamp: '2026-02-28T21:30:15Z',
      invoiceTotal: '1437.51',
      vatTotal: '187.50',
    });
    const page = await printablePaymentDocument({ ...invoice, qr: other });
    expect(svgOf(page)).not.toBe(svgOf(await printablePaymentDocument(invoice)));
    expect(decodeQrSvg(svgOf(page) ?? '')).toBe(other);
  });
});

describe('printablePaymentDocument: a payment statement', () => {
  it('says it is no tax invoice and shows only the amount paid, without VAT or QR', async () => {
    const page = await printablePaymentDocument(statement);
    expect(page.startsWith('<!doctype html>\n<html lang="ar" dir="rtl">')).toBe(true);
    expect(page).toMatch(/<title>[^<]*إشعار دفع عمولة[^<]*PS-2026-000007<\/title>/);
    expect(page).toContain('<h1>إشعار دفع عمولة</h1>');
    expect(page).toContain(NOT_A_TAX_INVOICE);
    expect(page).toContain('<bdi dir="ltr">PS-2026-000007</bdi>');
    expect(page).toMatch(new RegExp(`المبلغ المدفوع</dt><dd>${formatSar('1250.00')}</dd>`));
    expect(page).not.toContain('<svg');
    expect(page).not.toContain('ضريبة القيمة المضافة ١٥٪');
    expect(page).not.toContain('الإجمالي شامل الضريبة');
    expect(page).not.toContain('المجموع غير شامل الضريبة');
    expect(page).not.toContain('فاتورة ذاتية');
    expect(page).not.toContain('<h1>فاتورة ضريبية</h1>');
    // The parties and the lines, as on the invoice.
    expect(page).toContain(SUPPLIER_NAME);
    expect(page).toContain(`<bdi dir="ltr">${CUSTOMER_VAT}</bdi>`);
    expect(page).toContain('<bdi dir="ltr">R-2026-000042</bdi>');
    expect(page).toContain('<bdi dir="ltr">20123456789</bdi>');
  });

  it('shows no VAT number for the broker and no QR, even when the data holds them', async () => {
    const page = await printablePaymentDocument({
      ...statement,
      supplier: { ...statement.supplier, vatNumber: '399999999900003' },
      qr: invoice.qr,
    });
    expect(page).not.toContain('399999999900003');
    expect(page).not.toContain('<svg');
  });
});

describe('printablePaymentDocument: every page', () => {
  it.each([
    ['a tax invoice', invoice],
    ['a payment statement', statement],
  ])('%s uses no left or right in its styles', async (_, document) => {
    const page = await printablePaymentDocument(document);
    expect(page).toContain('<style>');
    expect(page).not.toMatch(PHYSICAL_SIDES);
    expect(page).toContain('overflow-wrap: anywhere');
  });

  it.each([
    ['a tax invoice', invoice],
    ['a payment statement', statement],
  ])('%s has no English word outside its identifiers', async (_, document) => {
    const page = await printablePaymentDocument(document);
    expect(readableWords(page)).not.toMatch(/[A-Za-z]/);
  });

  it('escapes HTML and drops bidirectional overrides from stored texts', async () => {
    const page = await printablePaymentDocument({
      ...invoice,
      supplier: { ...invoice.supplier, name: 'نورة <script>alert(1)</script>\u202Eموح' },
      customer: { ...invoice.customer, address: 'شارع "الأمير" & \'الحي\'\u0007' },
      lines: [
        {
          description: '<b>عمولة</b>',
          referralNumber: 'R-2026-000042',
          ejarContractNumber: null,
          net: '1250.00',
        },
      ],
      transferReference: '<img src=x onerror=alert(1)>',
    });
    expect(page).toContain('نورة &lt;script&gt;alert(1)&lt;/script&gt;موح');
    expect(page).not.toContain('<script');
    expect(page).not.toContain('\u202E');
    expect(page).not.toContain('\u0007');
    expect(page).toContain('شارع &quot;الأمير&quot; &amp; &#39;الحي&#39;');
    expect(page).toContain('&lt;b&gt;عمولة&lt;/b&gt;');
    expect(page).not.toContain('<b>');
    expect(page).toContain('<bdi dir="ltr">&lt;img src=x onerror=alert(1)&gt;</bdi>');
    expect(page).not.toContain('<img');
  });

  it.each([
    ['a tax invoice', invoice],
    ['a payment statement', statement],
  ])('%s shows the deduction line only when something was deducted', async (_, document) => {
    const without = await printablePaymentDocument({ ...document, deducted: '0.00' });
    expect(without).not.toContain(DEDUCTION);
    const withDeduction = await printablePaymentDocument({
      ...document,
      deducted: '300.00',
      totals:
        document.kind === 'tax_invoice'
          ? { net: '950.00', vat: '142.50', gross: '1092.50' }
          : { net: '950.00', vat: '0.00', gross: '950.00' },
    });
    expect(withDeduction).toContain(DEDUCTION);
    expect(withDeduction).toContain(formatSar(-300));
    expect(withDeduction).toContain(formatSar('950.00'));
  });

  it('shows «—» for a commission without an Ejar contract number', async () => {
    const page = await printablePaymentDocument(invoice);
    expect(page).toMatch(/<td data-label="رقم عقد إيجار">—<\/td>/);
  });
});
