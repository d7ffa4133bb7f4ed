import { z } from 'zod';
import { MESSAGES } from './messages.js';

/** What a user is told when a text holds a NUL or another control character. */
export const INVALID_CHARACTERS_MESSAGE = 'النص يحتوي على رموز غير مسموح بها';
/** What a user is told when a one-line field (a name, a reason, a reference) holds a line break. */
export const SINGLE_LINE_MESSAGE = 'يرجى كتابة النص في سطر واحد';

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const LINE_SEPARATOR = 0x2028;
const PARAGRAPH_SEPARATOR = 0x2029;

/**
 * True when the text holds a control character: C0 (U+0000–U+001F), DEL (U+007F) or C1
 * (U+0080–U+009F). PostgreSQL refuses NUL in text outright, and the others are never typed by
 * a person: they only hide content or break logs and exports. Multi-line text (a body field
 * typed in a textarea) may keep tab, line feed and carriage return. This is the request-wide
 * first filter (plugins/input-guard.ts); each field's own rule is `singleLineText` or
 * `multiLineText` below, which is stricter.
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

/** Why a text is refused: a line break where one line is expected, or another character. */
type Refusal = 'lineBreak' | 'character';

const isControl = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f);
const isLineBreak = (code: number) =>
  code === LINE_FEED ||
  code === CARRIAGE_RETURN ||
  code === LINE_SEPARATOR ||
  code === PARAGRAPH_SEPARATOR;
/**
 * Bidirectional embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069): each
 * opens a run laid out against the text's own order («moc.live» after U+202E is shown as
 * «evil.com», an IBAN or an amount reversed). Nobody needs them in a form field. The marks LRM
 * (U+200E), RLM (U+200F) and ALM (U+061C) are kept: Arabic keyboards and editors insert them
 * around Latin words and digits, and a mark only acts as one strong letter of its direction on
 * the neutral characters beside it; it cannot reverse a run.
 */
const isBidiControl = (code: number) =>
  (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
/** U+FFFE and U+FFFF are no characters at all, and XML 1.0 (an .xlsx cell) forbids them. */
const isNoncharacter = (code: number) => code === 0xfffe || code === 0xffff;
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * What a stored text may never hold, judged one UTF-16 unit at a time: control characters,
 * bidirectional controls, non-characters and a half of a surrogate pair. Line breaks (LF, CR,
 * U+2028, U+2029) are their own case: multi-line text keeps LF once `normaliseLineBreaks` ran.
 */
function refusalOf(text: string, multiline: boolean): Refusal | null {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isLineBreak(code)) {
      if (multiline && code === LINE_FEED) continue;
      return multiline ? 'character' : 'lineBreak';
    }
    if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(i + 1))) {
      i += 1;
      continue;
    }
    if (
      isControl(code) ||
      isBidiControl(code) ||
      isNoncharacter(code) ||
      isHighSurrogate(code) ||
      isLowSurrogate(code)
    ) {
      return 'character';
    }
  }
  return null;
}

/** CRLF, a lone CR and the Unicode line and paragraph separators, each as one LF. */
const normaliseLineBreaks = (text: string) => text.replace(/\r\n?|[\u2028\u2029]/g, '\n');

/**
 * The text with everything the input rule refuses taken out, for a file or a page showing a
 * value stored before the rule existed (or written by a path that bypassed it). Line breaks
 * and control characters become a space, so the words either side stay apart; bidirectional
 * controls, non-characters and broken surrogates go. The result is trimmed; one-line text also
 * has its runs of spaces folded, multi-line text keeps its line feeds.
 */
export function cleanText(text: string, options: { multiline?: boolean } = {}): string {
  const multiline = options.multiline ?? false;
  const source = multiline ? normaliseLineBreaks(text) : text;
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const code = source.charCodeAt(i);
    if (isHighSurrogate(code) && isLowSurrogate(source.charCodeAt(i + 1))) {
      out += source.slice(i, i + 2);
      i += 1;
    } else if (multiline && code === LINE_FEED) {
      out += '\n';
    } else if (isLineBreak(code) || isControl(code)) {
      out += ' ';
    } else if (
      !isBidiControl(code) &&
      !isNoncharacter(code) &&
      !isHighSurrogate(code) &&
      !isLowSurrogate(code)
    ) {
      out += source[i];
    }
  }
  return (multiline ? out : out.replace(/ {2,}/g, ' ')).trim();
}

export type TextOptions = {
  /** The most characters, after trimming. */
  max: number;
  /** The fewest characters after trimming; below it `required` is the message. 0 unless told. */
  min?: number;
  /** Said when the value is missing, not a string, or shorter than `min`. */
  required?: string;
  /** Said when the value is longer than `max`; «النص أطول من المسموح» unless told. */
  tooLong?: string;
  /** Applied before trimming and every check, e.g. digits or spaces brought to one form. */
  normalise?: (text: string) => string;
};

function textField(options: TextOptions, multiline: boolean) {
  const { max, min = 0, required, tooLong = MESSAGES.tooLong, normalise } = options;
  const base = z.string(required ? { error: required } : undefined);
  const lines = multiline ? base.overwrite(normaliseLineBreaks) : base;
  const normalised = normalise ? lines.overwrite(normalise) : lines;
  const checked = normalised
    .trim()
    .refine((text) => refusalOf(text, multiline) !== 'lineBreak', { error: SINGLE_LINE_MESSAGE })
    .refine((text) => refusalOf(text, multiline) !== 'character', {
      error: INVALID_CHARACTERS_MESSAGE,
    });
  const atLeast = min > 0 ? checked.min(min, required ? { error: required } : undefined) : checked;
  return atLeast.max(max, { error: tooLong });
}

/**
 * A one-line text a person types (a name, an office, a reason, a reference, a description):
 * trimmed, at most `max` characters, refused with an Arabic message when it holds a line
 * break, a control character or a bidirectional control. Every such field of the domain
 * schemas and the contract is built here, so the rule lives in one place.
 */
export const singleLineText = (options: TextOptions) => textField(options, false);

/**
 * A text typed in a textarea (a bio, notes): as `singleLineText`, except that it keeps line
 * feeds; a CRLF, a lone CR or a Unicode line separator is stored as one LF.
 */
export const multiLineText = (options: TextOptions) => textField(options, true);
