import { describe, expect, it } from 'vitest';
import { hasControlCharacters, INVALID_CHARACTERS_MESSAGE, MESSAGES, safeText } from './index.js';

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

  it('safeText refuses control characters and length with Arabic messages', () => {
    const name = safeText(5);
    expect(name.safeParse('سارة').success).toBe(true);
    expect(name.safeParse('a\u0000').error?.issues[0]?.message).toBe(INVALID_CHARACTERS_MESSAGE);
    expect(name.safeParse('a\nb').error?.issues[0]?.message).toBe(INVALID_CHARACTERS_MESSAGE);
    expect(name.safeParse('123456').error?.issues[0]?.message).toBe(MESSAGES.tooLong);
    expect(safeText(20, { multiline: true }).safeParse('سطر\nسطر').success).toBe(true);
  });
});
