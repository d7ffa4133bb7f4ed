// No 0/O, 1/I/L: a code read over the phone is never ambiguous.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 6;
const PREFIX = 'SH-';

const defaultRandomBytes = (n: number) => globalThis.crypto.getRandomValues(new Uint8Array(n));

/** A random, readable code (SH-7K3M9Q), unrelated to any id so it cannot be guessed from one. */
export function generateBrokerCode(random: (n: number) => Uint8Array = defaultRandomBytes): string {
  // Rejection sampling keeps every character equally likely.
  const limit = 256 - (256 % ALPHABET.length);
  let code = '';
  while (code.length < CODE_LENGTH) {
    for (const byte of random(CODE_LENGTH * 2)) {
      if (byte < limit && code.length < CODE_LENGTH) code += ALPHABET[byte % ALPHABET.length];
    }
  }
  return PREFIX + code;
}

export function isBrokerCode(s: string): boolean {
  return new RegExp(`^${PREFIX}[${ALPHABET}]{${CODE_LENGTH}}$`).test(s);
}
