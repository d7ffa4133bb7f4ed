/**
 * A word is letters of any script, each optionally followed by its combining marks (Arabic
 * harakat, Latin accents written apart). No digits, punctuation, symbols or invisible format
 * characters (a right-to-left override could reorder what the reader sees).
 */
const WORD = String.raw`\p{L}[\p{L}\p{M}]*`;
const DISPLAY_NAME = new RegExp(`^${WORD}(?: ${WORD})*$`, 'u');

export const DISPLAY_NAME_MIN_LENGTH = 2;
export const DISPLAY_NAME_MAX_LENGTH = 40;

/**
 * The broker's full name when it is fit to appear in a message sent under the company's
 * name: letters and single spaces, 2–40 characters. A free-text name could otherwise carry a
 * link, a phone number or a sentence to the tenant. Runs of spaces are folded into one; any
 * other name gives null.
 */
export function checkedDisplayName(fullName: string | null | undefined): string | null {
  if (!fullName) return null;
  const name = fullName.normalize('NFC').trim().replace(/\s+/gu, ' ');
  const length = [...name].length;
  if (length < DISPLAY_NAME_MIN_LENGTH || length > DISPLAY_NAME_MAX_LENGTH) return null;
  return DISPLAY_NAME.test(name) ? name : null;
}

/** How a broker is named to a tenant: the checked name, or else the broker code. */
export function brokerDisplayName(fullName: string | null | undefined, brokerCode: string): string {
  return checkedDisplayName(fullName) ?? brokerCode;
}
