import { createHash } from 'node:crypto';

/**
 * A valid Saudi IBAN of its own for each seed (a broker's phone, say), with the ISO 13616
 * check computed: brokers who shared one IBAN would raise the shared-IBAN signal.
 */
export function ibanFor(seed: string): string {
  const digest = createHash('sha256').update(seed).digest();
  const account = Array.from(digest.subarray(0, 18), (byte) => byte % 10).join('');
  const bban = `80${account}`;
  // "SA" is 28 10; the check digits make the whole number 1 modulo 97.
  let remainder = 0;
  for (const digit of `${bban}281000`) remainder = (remainder * 10 + Number(digit)) % 97;
  return `SA${String(98 - remainder).padStart(2, '0')}${bban}`;
}
