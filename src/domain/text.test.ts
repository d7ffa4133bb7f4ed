import { describe, expect, it } from 'vitest';
import {
  cleanText,
  hasControlCharacters,
  INVALID_CHARACTERS_MESSAGE,
  MESSAGES,
  multiLineText,
  SINGLE_LINE_MESSAGE,
  singleLineText,
} from './index.js';

describe('issue 11 item 6: control characters in text', () => {
  it.each([
    ['NUL', '\u0000'],
    ['bell', 'a\u0007b'],
    ['escape', 'x\u001b[31m'],
    ['unit separator', '\u001f'],
    ['DEL', 'abc\u007f'],
    ['C1 start', '\u0080'],
    ['C1 next line', 'a\u0085b'],
    ['C1 end', '\u009f'],
  ])('refuses %s everywhere', (_name, text) => {
    expect(hasControlCharacters(text)).toBe(true);
    expect(hasControlCharacters(text, { multiline: true })).toBe(true);
  });

  it.each([
    ['tab', 'a\tb'],
    ['line feed', 'a\nb'],
    ['carriage return', 'a\r\nb'],
  ])('allows %s only in multi-line text', (_name, text) => {
    expect(hasControlCharacters(text)).toBe(true);
    expect(hasControlCharacters(text, { multiline: true })).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['Arabic with Arabic-Indic digits', 'شقة في الرياض ١٢٣'],
    ['Latin-1 letters just past C1', '\u00a0é ü'],
    ['marks and emoji', 'تم القبول ✅ \u200f'],
    ['printable ASCII edges', ' ~'],
  ])('accepts %s', (_name, text) => {
    expect(hasControlCharacters(text)).toBe(false);
  });

  it('words the refusal in Arabic', () => {
    expect(INVALID_CHARACTERS_MESSAGE).toBe('النص يحتوي على رموز غير مسموح بها');
  });

  it('the text builders refuse control characters and length with Arabic messages', () => {
    const name = singleLineText({ max: 5 });
    expect(name.safeParse('سارة').success).toBe(true);
    expect(name.safeParse('a\u0000').error?.issues[0]?.message).toBe(INVALID_CHARACTERS_MESSAGE);
    expect(name.safeParse('a\nb').error?.issues[0]?.message).toBe(SINGLE_LINE_MESSAGE);
    expect(name.safeParse('123456').error?.issues[0]?.message).toBe(MESSAGES.tooLong);
    expect(multiLineText({ max: 20 }).safeParse('سطر\nسطر').success).toBe(true);
  });
});

describe('issue 26 item 3: no text field carries control, line-break or direction characters', () => {
  const oneLine = singleLineText({ max: 100, min: 1, required: 'مطلوب' });
  const lines = multiLineText({ max: 100 });
  const messageOf = (schema: typeof oneLine, text: unknown) =>
    schema.safeParse(text).error?.issues[0]?.message;

  it.each([
    ['CRLF', 'نورة\r\nEVIL'],
    ['LF', 'نورة\nEVIL'],
    ['CR', 'نورة\rEVIL'],
    ['a line separator', 'نورة\u2028EVIL'],
    ['a paragraph separator', 'نورة\u2029EVIL'],
  ])('a one-line field refuses %s as a line break', (_name, text) => {
    expect(messageOf(oneLine, text)).toBe(SINGLE_LINE_MESSAGE);
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['a tab', 'a\tb'],
    ['escape', 'a\u001b[2Jb'],
    ['DEL', 'a\u007fb'],
    ['C1 next line', 'a\u0085b'],
    ['C1 end', 'a\u009fb'],
    ['left-to-right embedding', 'a\u202Ab'],
    ['right-to-left embedding', 'a\u202Bb'],
    ['pop directional formatting', 'a\u202Cb'],
    ['left-to-right override', 'a\u202Db'],
    ['right-to-left override', 'a\u202Eb'],
    ['left-to-right isolate', 'a\u2066b'],
    ['right-to-left isolate', 'a\u2067b'],
    ['first strong isolate', 'a\u2068b'],
    ['pop directional isolate', 'a\u2069b'],
    ['a non-character', 'a\uFFFEb'],
    ['a lone surrogate', 'a\uD800b'],
  ])('both kinds refuse %s', (_name, text) => {
    expect(messageOf(oneLine, text)).toBe(INVALID_CHARACTERS_MESSAGE);
    expect(messageOf(lines, text)).toBe(INVALID_CHARACTERS_MESSAGE);
  });

  it.each([
    ['Arabic with harakat and Arabic-Indic digits', 'مُحَمَّد ١٢٣'],
    ['the direction marks an Arabic keyboard types', 'رقم \u200Fالعقد\u200E C-77 \u061C'],
    ['an emoji (a surrogate pair)', 'تم ✅ 👍'],
    ['zero-width joiner and non-joiner', 'می\u200Cخواهم 👩\u200D💻'],
  ])('both kinds accept %s', (_name, text) => {
    expect(oneLine.safeParse(text).success).toBe(true);
    expect(lines.safeParse(text).success).toBe(true);
  });

  it('multi-line text keeps LF, storing every other line break as one', () => {
    expect(lines.parse('أ\r\nب\rج\u2028د\nهـ')).toBe('أ\nب\nج\nد\nهـ');
  });

  it('trims, then counts and requires', () => {
    expect(oneLine.parse('  سارة  ')).toBe('سارة');
    expect(messageOf(oneLine, '   ')).toBe('مطلوب');
    expect(messageOf(oneLine, 7)).toBe('مطلوب');
    expect(messageOf(oneLine, 'م'.repeat(101))).toBe(MESSAGES.tooLong);
  });

  it('cleans a stored text for a file: breaks and controls become a space, direction controls go', () => {
    expect(cleanText('نورة\r\nEVIL,SA99,99999.00')).toBe('نورة EVIL,SA99,99999.00');
    expect(cleanText(' a\u0000\u0007b\u202Ec\u2066d\uFFFF\uD800 ')).toBe('a bcd');
    expect(cleanText('سطر\r\nسطر\u2029سطر\tمسافة', { multiline: true })).toBe(
      'سطر\nسطر\nسطر مسافة',
    );
    expect(cleanText('تم ✅ \u200Fالعقد')).toBe('تم ✅ \u200Fالعقد');
  });
});
