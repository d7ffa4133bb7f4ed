/**
 * A payment's document as one self-contained, printable Arabic page (A4, and a 360 px phone).
 *
 * Sources:
 * - VAT Implementing Regulations, art. 53: a tax invoice shows the date of issue, a sequential
 *   number, the supplier's and the customer's names and VAT numbers, the supply date, each
 *   good or service's description, the amount before VAT, the VAT rate and amount, and the
 *   total with VAT; para. 2: a self-billed invoice (issued by the customer under a prior
 *   agreement with the supplier) says «فاتورة ذاتية».
 * - ZATCA, «Controls, Requirements, Technical Specifications and Procedural Rules for
 *   Implementing the Provisions of the E-Invoicing Regulation», Annex 2: the QR code of phase
 *   1, the base64 TLV of the seller's name, VAT number, time stamp, total with VAT and VAT
 *   (zatca-qr.ts builds it; this page only draws it).
 *
 * A payment statement is what a broker not registered for VAT receives: no VAT, no QR code,
 * and a sentence saying it is not a tax invoice.
 */

import QRCode from 'qrcode';
import {
  cleanText,
  formatDateTimeAr,
  formatDayAr,
  formatSar,
  type PaymentDocumentKind,
  paymentDocumentLabel,
} from '#domain';
import type { PaymentDocumentData } from './document-data.js';

/** Escapes the five characters HTML gives a meaning to, in text and in quoted attributes. */
function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A stored text as the page shows it: control and bidirectional characters out, then escaped. */
const text = (value: string): string => escapeHtml(cleanText(value));

/** An identifier (a number, a code, an IBAN) in Western digits, laid out left-to-right. */
const id = (value: string): string => `<bdi dir="ltr">${text(value)}</bdi>`;

/** Riyals with two decimals, as a person reads them. */
const sar = (amount: string): string => escapeHtml(formatSar(amount));

const QR_LABEL = 'رمز الاستجابة السريعة للفاتورة';
const NOT_A_TAX_INVOICE = 'هذا الإشعار ليس فاتورة ضريبية: الوسيط غير مسجّل في ضريبة القيمة المضافة';
const DEDUCTION = 'خصم مقابل عمولات ملغاة سبق دفعها';
const NONE = '—';

/** The ZATCA QR text drawn as an inline SVG with an accessible name. */
async function qrSvg(qr: string): Promise<string> {
  const code = await QRCode.toString(qr, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return code
    .replace(/^<\?xml[^>]*>\s*/, '')
    .replace('<svg ', `<svg class="qr-code" role="img" aria-label="${escapeHtml(QR_LABEL)}" `)
    .trim();
}

/** One labelled row of a description list, skipped when there is no value. */
function field(label: string, value: string | null): string {
  if (value === null) return '';
  return `<div class="field"><dt>${escapeHtml(label)}</dt><dd>${value}</dd></div>`;
}

function supplierSection(document: PaymentDocumentData, taxInvoice: boolean): string {
  const { supplier } = document;
  const optional = (value: string | null) => (value && cleanText(value) ? id(value) : null);
  return `<section class="party" aria-labelledby="supplier-heading">
<h2 id="supplier-heading">${taxInvoice ? 'البائع (الوسيط العقاري)' : 'الوسيط العقاري'}</h2>
<dl>
${field('الاسم', text(supplier.name))}
${taxInvoice ? field('الرقم الضريبي', optional(supplier.vatNumber)) : ''}
${field('السجل التجاري', optional(supplier.crNumber))}
${field('رخصة فال', optional(supplier.falLicense))}
${field('رمز الوسيط', id(supplier.brokerCode))}
</dl>
</section>`;
}

function customerSection(document: PaymentDocumentData, taxInvoice: boolean): string {
  const { customer } = document;
  return `<section class="party" aria-labelledby="customer-heading">
<h2 id="customer-heading">${taxInvoice ? 'المشتري' : 'الجهة الدافعة'}</h2>
<dl>
${field('الاسم', text(customer.name))}
${field('الرقم الضريبي', id(customer.vatNumber))}
${field('السجل التجاري', id(customer.crNumber))}
${field('العنوان', text(customer.address))}
</dl>
</section>`;
}

function linesTable(document: PaymentDocumentData): string {
  const rows = document.lines
    .map((line) => {
      const ejar = line.ejarContractNumber && cleanText(line.ejarContractNumber);
      return `<tr>
<td data-label="الوصف">${text(line.description)}</td>
<td data-label="رقم الإحالة">${line.referralNumber ? id(line.referralNumber) : NONE}</td>
<td data-label="رقم عقد إيجار">${ejar ? id(ejar) : NONE}</td>
<td data-label="المبلغ الصافي" class="amount">${sar(line.net)}</td>
</tr>`;
    })
    .join('\n');
  const deducted = Number(document.deducted);
  const deduction =
    Number.isFinite(deducted) && deducted !== 0
      ? `\n<tr class="deduction">
<td data-label="الوصف" colspan="3">${escapeHtml(document.deductionReason ?? DEDUCTION)}</td>
<td data-label="المبلغ الصافي" class="amount">${escapeHtml(formatSar(-Math.abs(deducted)))}</td>
</tr>`
      : '';
  return `<table class="lines">
<caption>تفاصيل العمولات</caption>
<thead>
<tr><th scope="col">الوصف</th><th scope="col">رقم الإحالة</th><th scope="col">رقم عقد إيجار</th><th scope="col" class="amount">المبلغ الصافي</th></tr>
</thead>
<tbody>
${rows}${deduction}
</tbody>
</table>`;
}

function totalsSection(document: PaymentDocumentData, taxInvoice: boolean): string {
  const { totals } = document;
  const rows = taxInvoice
    ? `${field('المجموع غير شامل الضريبة', sar(totals.net))}
${field('ضريبة القيمة المضافة ١٥٪', sar(totals.vat))}
<div class="field grand"><dt>الإجمالي شامل الضريبة</dt><dd>${sar(totals.gross)}</dd></div>`
    : `<div class="field grand"><dt>المبلغ المدفوع</dt><dd>${sar(totals.net)}</dd></div>`;
  return `<section class="totals" aria-label="المبالغ">
<dl>
${rows}
</dl>
</section>`;
}

function paymentSection(document: PaymentDocumentData): string {
  const reference = document.transferReference && cleanText(document.transferReference);
  const iban = document.supplier.iban && cleanText(document.supplier.iban);
  if (!reference && !iban) return '';
  return `<section class="payment" aria-labelledby="payment-heading">
<h2 id="payment-heading">بيانات التحويل</h2>
<dl>
${field('مرجع التحويل', reference ? id(reference) : null)}
${field('الحساب المحوَّل إليه (آيبان)', iban ? id(iban) : null)}
</dl>
</section>`;
}

const STYLE = `
@page { size: A4; margin: 15mm; }
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0;
  padding-block: 16px;
  padding-inline: 12px;
  font-family: "Noto Sans Arabic", "IBM Plex Sans Arabic", Tahoma, "Segoe UI", sans-serif;
  font-size: 15px;
  line-height: 1.6;
  color: #0f172a;
  background: #f8fafc;
  overflow-wrap: anywhere;
}
.document {
  max-inline-size: 180mm;
  margin-inline: auto;
  padding-block: 20px;
  padding-inline: 20px;
  background: #ffffff;
  border: 1px solid #cbd5e1;
  border-radius: 8px;
}
header { border-block-end: 2px solid #0f172a; padding-block-end: 12px; margin-block-end: 16px; }
h1 { margin: 0; font-size: 1.6rem; }
h2 { margin-block: 0 8px; font-size: 1.05rem; }
.marker {
  display: inline-block;
  margin-block: 8px 4px;
  padding-block: 2px;
  padding-inline: 12px;
  border: 2px solid #0f172a;
  border-radius: 4px;
  font-size: 1.15rem;
  font-weight: 700;
}
.notice { margin-block: 8px 0; font-weight: 700; }
.subtle { margin-block: 4px 0; color: #334155; }
dl { margin: 0; }
.field { display: flex; flex-wrap: wrap; gap: 4px 12px; padding-block: 3px; }
dt { font-weight: 700; color: #334155; }
dt::after { content: ":"; }
dd { margin: 0; min-inline-size: 0; }
.parties { display: flex; flex-wrap: wrap; gap: 16px; margin-block-end: 16px; }
.party {
  flex: 1 1 240px;
  min-inline-size: 0;
  padding-block: 12px;
  padding-inline: 12px;
  border: 1px solid #cbd5e1;
  border-radius: 6px;
}
table { inline-size: 100%; border-collapse: collapse; margin-block-end: 16px; }
caption { text-align: start; font-weight: 700; padding-block-end: 6px; }
th, td {
  padding-block: 6px;
  padding-inline: 8px;
  border-block-end: 1px solid #cbd5e1;
  text-align: start;
  vertical-align: top;
  overflow-wrap: anywhere;
}
thead th { background: #e2e8f0; }
.amount { text-align: end; white-space: nowrap; }
.deduction td { color: #7f1d1d; }
.totals { margin-inline-start: auto; inline-size: min(100%, 340px); margin-block-end: 16px; }
.totals .field { justify-content: space-between; border-block-end: 1px solid #e2e8f0; }
.totals .grand { font-size: 1.15rem; font-weight: 700; border-block-end: 2px solid #0f172a; }
.totals .grand dt { color: #0f172a; }
.payment { margin-block-end: 16px; }
.qr { display: flex; flex-direction: column; align-items: center; gap: 4px; }
.qr-code { display: block; inline-size: 40mm; max-inline-size: 100%; block-size: auto; }
.qr p { margin: 0; color: #334155; font-size: 0.85rem; }
bdi { unicode-bidi: isolate; }
@media (max-width: 480px) {
  body { padding-inline: 0; font-size: 14px; }
  .document { border-radius: 0; border-inline: 0; padding-inline: 12px; }
  table.lines thead { display: none; }
  table.lines, table.lines tbody, table.lines tr, table.lines td { display: block; inline-size: 100%; }
  table.lines tr { border-block-end: 1px solid #94a3b8; padding-block: 6px; }
  table.lines td { border: 0; padding-block: 2px; padding-inline: 0; text-align: start; white-space: normal; }
  table.lines td::before { content: attr(data-label) ": "; font-weight: 700; color: #334155; }
  .totals { inline-size: 100%; }
}
@media print {
  body { background: none; padding: 0; font-size: 11pt; }
  .document { border: 0; border-radius: 0; padding: 0; max-inline-size: none; }
  thead { display: table-header-group; }
  tr, .party, .totals, .qr { break-inside: avoid; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
`;

function titleOf(kind: PaymentDocumentKind, number: string): string {
  return `${paymentDocumentLabel(kind)} رقم ${cleanText(number)}`;
}

/**
 * The document as one HTML page to print or save as PDF: a self-billed tax invoice (with its
 * ZATCA QR code) or, for a broker not registered for VAT, a payment statement. No script, no
 * external resource; every stored text is cleaned and escaped.
 */
export async function printablePaymentDocument(document: PaymentDocumentData): Promise<string> {
  const taxInvoice = document.kind === 'tax_invoice';
  const qr = taxInvoice && document.qr ? await qrSvg(document.qr) : null;

  const header = taxInvoice
    ? `<h1>فاتورة ضريبية</h1>
<p class="marker">فاتورة ذاتية</p>
<p class="subtle">أصدرها المشتري نيابةً عن البائع بموجب اتفاقية الفوترة الذاتية بينهما.</p>`
    : `<h1>إشعار دفع عمولة</h1>
<p class="notice">${escapeHtml(NOT_A_TAX_INVOICE)}</p>`;

  const meta = `<dl class="meta">
${field(taxInvoice ? 'رقم الفاتورة' : 'رقم الإشعار', id(document.number))}
${field('تاريخ الإصدار ووقته (بتوقيت الرياض)', escapeHtml(formatDateTimeAr(document.issuedAt)))}
${field(taxInvoice ? 'تاريخ التوريد' : 'تاريخ الدفع', escapeHtml(formatDayAr(document.supplyDate)))}
</dl>`;

  const qrSection = qr
    ? `<div class="qr">
${qr}
<p>امسح الرمز للتحقق من الفاتورة</p>
</div>`
    : '';

  return `<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(titleOf(document.kind, document.number))}</title>
<style>${STYLE}</style>
</head>
<body>
<main class="document">
<header>
${header}
${meta}
</header>
<div class="parties">
${supplierSection(document, taxInvoice)}
${customerSection(document, taxInvoice)}
</div>
${linesTable(document)}
${totalsSection(document, taxInvoice)}
${paymentSection(document)}
${qrSection}
</main>
</body>
</html>
`;
}
