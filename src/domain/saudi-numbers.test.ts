import { describe, expect, it } from 'vitest';
import { EJAR_CONTRACT_MESSAGE, normalizeEjarContractNumber } from './saudi-numbers.js';

describe('Ejar contract number', () => {
  it.each([
    ['20127868659', '20127868659'],
    ['20127868659/1', '20127868659/1'],
    ['20127868659 / 1', '20127868659/1'],
    ['10291773282/12', '10291773282/12'],
    ['٢٠١٢٧٨٦٨٦٥٩ / ١', '20127868659/1'],
    ['\u200F20127868659\u200E', '20127868659'],
    [' 2012 7868 659 ', '20127868659'],
  ])('accepts %j as %s', (input, stored) => {
    expect(normalizeEjarContractNumber(input)).toBe(stored);
  });

  it.each([
    ['10 digits', '2012786865'],
    ['12 digits', '201278686591'],
    ['a version of 0', '20127868659/0'],
    ['a version with a leading zero', '20127868659/01'],
    ['a version of 4 digits', '20127868659/1234'],
    ['an empty version', '20127868659/'],
    ['a dash instead of a slash', '20127868659-1'],
    ['a letter', '2012786865A'],
    ['nothing', ''],
  ])('refuses %s', (_, input) => {
    expect(normalizeEjarContractNumber(input)).toBeNull();
  });

  it('says so in Arabic, with Arabic-Indic digits', () => {
    expect(EJAR_CONTRACT_MESSAGE).toContain('١١');
    expect(EJAR_CONTRACT_MESSAGE).not.toMatch(/[0-9]/);
  });
});
