import { toLatinDigits } from './digits.js';

/** A Saudi IBAN (SA + 22 digits) with a valid ISO 13616 check, compacted; null otherwise. */
export function normalizeSaudiIban(input: string): string | null {
  const compact = toLatinDigits(input).replace(/[\s-]/g, '').toUpperCase();
  if (!/^SA\d{22}$/.test(compact)) return null;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  const numeric = rearranged.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1 ? compact : null;
}

export function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}
