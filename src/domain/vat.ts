/**
 * VAT on a broker's commission, and the numbers a tax invoice names its parties by.
 *
 * Sources:
 * - VAT Law (Royal Decree M/113, 1438H); the standard rate is 15% since 1 July 2020.
 * - VAT Implementing Regulations, art. 53 (tax invoices; para. 2: a self-billed tax invoice
 *   issued by the customer on the supplier's behalf under a prior agreement).
 * - ZATCA, "E-Invoicing XML Implementation Standard" and "E-Invoicing Detailed Technical
 *   Guideline" (zatca.gov.sa, E-Invoicing > Systems Developers): amounts in SAR with two
 *   decimals; the VAT of a category is its taxable amount times the rate, rounded to two
 *   decimals (EN 16931 BR-CO-17 as adopted by ZATCA), rounding half up.
 * - The VAT registration number: «must contain 15 digits. The first and the last digits are
 *   "3"» (ZATCA business rule BR-KSA-40, «ZATCA E-invoice Validation Rules», the Schematron
 *   shipped in ZATCA's e-invoicing SDK, file 20210819_ZATCA_E-invoice_Validation_Rules.xsl).
 *   No check digit is published: ZATCA's own samples (300000000000003, 311111111101113) would
 *   fail the Luhn checks some third-party sites describe, so none is applied.
 * - The commercial registration number: 10 digits. Since 3 April 2025 (Commercial Register
 *   Law, Royal Decree M/83 of 19/3/1446H) the establishment's unified national number, 10
 *   digits beginning with 7 (SAMA circulars 42007290 of 28/9/2020 and 106900951 of
 *   28/4/2025), is its only registration number; older 10-digit city-coded numbers (1010…,
 *   4030…, 2050…) stay valid during the five-year transition, so only the length is checked.
 */
import { toLatinDigits } from './digits.js';

/** The standard VAT rate in the Kingdom since 1 July 2020: 15%. */
export const VAT_RATE = 0.15;

/** The rate in hundredths of a percent (1500), so that the arithmetic stays in integers. */
const VAT_BASIS_POINTS = Math.round(VAT_RATE * 10_000);
/** The largest net amount split here: 12 integer digits keep every product a safe integer. */
const AMOUNT = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/** A commission in riyals, each part a two-decimal string as on the wire. */
export type VatSplit = { net: string; vat: string; gross: string };

/** Riyals (a string or a number with at most two decimals, Arabic-Indic digits allowed) in halalas. */
function toHalalas(amount: string | number): number {
  const text = typeof amount === 'number' ? String(amount) : toLatinDigits(amount.trim());
  const match = AMOUNT.exec(text);
  if (!match) {
    throw new RangeError(`Not an amount in riyals with at most two decimals: ${String(amount)}`);
  }
  const [, riyals = '0', fraction = ''] = match;
  return Number(riyals) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Whole halalas as riyals with two decimals, without going through floating point. */
function riyalsText(halalas: number): string {
  const fraction = String(halalas % 100).padStart(2, '0');
  return `${Math.floor(halalas / 100)}.${fraction}`;
}

/**
 * The VAT on a net amount, in halalas: net × 15%, rounded half up to the halala. With the
 * rate in basis points, net × 1500 / 10000 is exact in integers, and adding half the divisor
 * before the integer division is rounding half up.
 */
const vatHalalas = (netHalalas: number) =>
  Math.floor((netHalalas * VAT_BASIS_POINTS + 5000) / 10000);

/**
 * A net commission split into net, VAT and gross. A broker registered for VAT is paid the
 * commission plus 15% VAT, invoiced on their behalf (self-billing); a broker who is not
 * registered charges no VAT, so the VAT is 0.00 and the gross equals the net. Throws a
 * RangeError on a negative amount, more than two decimals or more than 12 integer digits: the
 * amounts come from the database's numeric(10,2), so anything else is a programming error.
 */
export function vatSplit(net: string | number, options: { vatRegistered: boolean }): VatSplit {
  const netHalalas = toHalalas(net);
  const vat = options.vatRegistered ? vatHalalas(netHalalas) : 0;
  return {
    net: riyalsText(netHalalas),
    vat: riyalsText(vat),
    gross: riyalsText(netHalalas + vat),
  };
}

/** What a user is told when a VAT registration number is malformed. */
export const VAT_NUMBER_MESSAGE = 'رقم التسجيل الضريبي ١٥ رقماً يبدأ وينتهي بالرقم ٣';
/** What a user is told when a commercial registration number is malformed. */
export const COMMERCIAL_REGISTRATION_MESSAGE = 'رقم السجل التجاري يتكون من ١٠ أرقام';

/** Arabic-Indic and Persian digits as Latin ones; spaces and dashes typed between groups dropped. */
const compactDigits = (input: string) => toLatinDigits(input).replace(/[\s-]/g, '');

const VAT_NUMBER = /^3\d{13}3$/;
const COMMERCIAL_REGISTRATION = /^\d{10}$/;

/** A Saudi VAT registration number in its stored form (15 Latin digits), or null. */
export function normalizeVatNumber(input: string): string | null {
  const compact = compactDigits(input);
  return VAT_NUMBER.test(compact) ? compact : null;
}

/** True for a Saudi VAT registration number: 15 digits, the first and the last 3. */
export const isVatNumber = (input: string): boolean => normalizeVatNumber(input) !== null;

/** A commercial registration (or unified national) number as 10 Latin digits, or null. */
export function normalizeCommercialRegistration(input: string): string | null {
  const compact = compactDigits(input);
  return COMMERCIAL_REGISTRATION.test(compact) ? compact : null;
}

/** True for a commercial registration number: 10 digits. */
export const isCommercialRegistration = (input: string): boolean =>
  normalizeCommercialRegistration(input) !== null;

/** What is paid for a commission or a payout: its net and its VAT, added in halalas. */
export const grossOf = (net: string, vat: string): string =>
  riyalsText(toHalalas(net) + toHalalas(vat));
