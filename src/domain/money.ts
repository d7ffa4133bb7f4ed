import { toLatinDigits } from './digits.js';

const LOCALE = 'ar-SA-u-nu-arab';
const whole = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A money amount (riyals, as the database's numeric text or a number) in whole halalas. */
export function toCents(amount: string | number): number {
  return Math.round(Number(amount) * 100);
}

/** ١٬٧٥٠ ر.س — whole riyals without decimals, otherwise two decimals. */
export function formatSar(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  const safe = Number.isFinite(value) ? value : 0;
  const formatter = Math.round(safe * 100) % 100 === 0 ? whole : cents;
  return `${formatter.format(safe)} ر.س`;
}

export function formatNumberAr(n: number, maxFractionDigits = 0): string {
  return new Intl.NumberFormat(LOCALE, { maximumFractionDigits: maxFractionDigits }).format(n);
}

export function formatPercentAr(n: number): string {
  return `${formatNumberAr(n)}٪`;
}

/** Two-decimal string for the wire and the database (numeric(10,2)). */
export function toMoneyString(n: number): string {
  const centsValue = Math.sign(n) * Math.round(Math.abs(n) * 100 + Number.EPSILON);
  return (centsValue / 100).toFixed(2);
}

/** Whole halalas back to the wire's two-decimal string: the inverse of toCents. */
export function fromCents(halalas: number): string {
  return toMoneyString(halalas / 100);
}

/** Parses a typed amount (Latin or Arabic-Indic digits, optional grouping); null if invalid. */
export function parseAmount(input: string): number | null {
  const compact = toLatinDigits(input).replace(/[,\s]/g, '');
  if (!/^\d+(\.\d+)?$/.test(compact)) return null;
  const value = Number(compact);
  return Number.isFinite(value) ? value : null;
}
