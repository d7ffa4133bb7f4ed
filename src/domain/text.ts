import { z } from 'zod';
import { MESSAGES } from './messages.js';

/** What a user is told when a text holds a NUL or another control character. */
export const INVALID_CHARACTERS_MESSAGE = 'النص يحتوي على رموز غير مسموح بها';

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * True when the text holds a control character: C0 (U+0000–U+001F), DEL (U+007F) or C1
 * (U+0080–U+009F). PostgreSQL refuses NUL in text outright, and the others are never typed by
 * a person: they only hide content or break logs and exports. Multi-line text (a body field
 * typed in a textarea) may keep tab, line feed and carriage return.
 */
export function hasControlCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  const multiline = options.multiline ?? false;
  for (let i = 0; i < text.length; i++) {
    // Every control character is a single UTF-16 code unit, so code units are enough.
    const code = text.charCodeAt(i);
    if (code > 0x9f || (code > 0x1f && code < 0x7f)) continue;
    if (multiline && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) continue;
    return true;
  }
  return false;
}

/**
 * A text field of at most `max` characters without control characters, for forms that want
 * to show the server's refusal before sending.
 */
export const safeText = (max: number, options: { multiline?: boolean } = {}) =>
  z
    .string()
    .max(max, { error: MESSAGES.tooLong })
    .refine((text) => !hasControlCharacters(text, options), {
      error: INVALID_CHARACTERS_MESSAGE,
    });
