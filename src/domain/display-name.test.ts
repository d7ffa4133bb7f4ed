import { describe, expect, it } from 'vitest';
import { brokerDisplayName, checkedDisplayName } from './index.js';

describe('issue 11 item 7: a broker is named to tenants by a checked display name', () => {
  it.each([
    ['محمد العتيبي', 'محمد العتيبي'],
    ['  محمد   العتيبي  ', 'محمد العتيبي'],
    ['مُحَمَّد بن سَعِيد', 'مُحَمَّد بن سَعِيد'],
    ['عبدالرحمن', 'عبدالرحمن'],
    ['José García', 'José García'],
    // e + combining diaeresis, folded to one character.
    ['Zoe\u0308 Smith', 'Zoë Smith'],
    ['Ли Вэй', 'Ли Вэй'],
    ['مع', 'مع'],
    ['م'.repeat(40), 'م'.repeat(40)],
  ])('keeps %j as %j', (input, expected) => {
    expect(checkedDisplayName(input)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['م', 'one letter'],
    ['م'.repeat(41), '41 letters'],
    ['وسيط 2', 'a Latin digit'],
    ['وسيط ٢', 'an Arabic-Indic digit'],
    ['evil.com', 'a dot'],
    ['زوروا https://evil.sa', 'a link'],
    ['محمد/علي', 'a slash'],
    ['اتصل 0551234567', 'a phone number'],
    ['محمد\u202Eعلي', 'a right-to-left override'],
    ['محمد\u200Bعلي', 'a zero-width space'],
    ['محمد!', 'punctuation'],
    ['\u0651محمد', 'a leading combining mark'],
  ])('refuses %j (%s)', (input) => {
    expect(checkedDisplayName(input)).toBeNull();
  });

  it('refuses no name at all', () => {
    expect(checkedDisplayName(null)).toBeNull();
    expect(checkedDisplayName(undefined)).toBeNull();
  });

  it('falls back to the broker code', () => {
    expect(brokerDisplayName('ريم السبيعي', 'SH-ABC234')).toBe('ريم السبيعي');
    expect(brokerDisplayName('ريم www.evil.sa', 'SH-ABC234')).toBe('SH-ABC234');
    expect(brokerDisplayName(null, 'SH-ABC234')).toBe('SH-ABC234');
  });
});
