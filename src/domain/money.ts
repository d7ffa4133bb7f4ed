import { toLatinDigits } from './digits.js';

/** A money amount (riyals, as the database's numeric text or a number) in whole halalas. */
export function toCents(amount: string | number): number {
  return Math.round(Number(amount) * 100);
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
