import { describe, expect, it } from 'vitest';
import {
  formatDateTimeAr,
  formatDayMonthAr,
  formatMonthAr,
  formatNumberAr,
  formatPercentAr,
  formatSar,
  formatYearAr,
  monthNamesAr,
} from './format.js';

describe('the one formatter (decision 060)', () => {
  it('writes counts grouped, with the decimals asked for, and percentages with «٪»', () => {
    expect(formatNumberAr(0)).toBe('٠');
    expect(formatNumberAr(48000)).toBe('٤٨٬٠٠٠');
    expect(formatNumberAr(3.46, 1)).toBe('٣٫٥');
    expect(formatNumberAr(3.46)).toBe('٣');
    expect(formatPercentAr(33)).toBe('٣٣٪');
  });

  it('writes whole numbers exactly as ICU does, without building its formatter', () => {
    // The figures a screen shows and the edges of the hand-written digits: signs, a negative
    // rounded to zero, halves, every group length, 2^53 and beyond, and what is not a number.
    const icu = new Intl.NumberFormat('ar-SA-u-nu-arab', { maximumFractionDigits: 0 });
    const icuYear = new Intl.NumberFormat('ar-SA-u-nu-arab', { useGrouping: false });
    const edges = [0, -0, -0.4, 0.5, -0.5, 1.5, 2.5, -2.5, 12.001, 999, 1000, -1234, 999_999];
    const large = [1_000_000, 123_456_789, 2 ** 53 - 1, 2 ** 53, 2 ** 60, 1e21, NaN, Infinity];
    let seed = 7;
    const random = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    const drawn = Array.from({ length: 2000 }, (_, index) => {
      const size = 10 ** (index % 13);
      const value = (random() - 0.3) * size;
      return index % 2 === 0 ? Math.round(value) : value;
    });
    for (const n of [...edges, ...large, ...drawn]) {
      expect(formatNumberAr(n)).toBe(icu.format(n));
      expect(formatPercentAr(n)).toBe(`${icu.format(n)}٪`);
      // Money up to a trillion riyals, beyond which cents no longer fit a number exactly.
      const riyals = Math.round(n);
      if (Math.abs(riyals) < 1e12) expect(formatSar(riyals)).toBe(`${icu.format(riyals)} ر.س`);
    }
    for (const year of [2026, 1999, -44, 0, 12_345_678, 2026.5]) {
      expect(formatYearAr(year)).toBe(icuYear.format(year));
    }
  });

  it('writes a year as a date does, never grouped', () => {
    expect(formatYearAr(2026)).toBe('٢٠٢٦');
    expect(formatNumberAr(2026)).toBe('٢٬٠٢٦');
  });

  it('writes calendar days and months as they are named, whatever the time zone', () => {
    expect(formatDayMonthAr('2026-11-01')).toBe('١ نوفمبر');
    expect(formatDayMonthAr('2026-12-31')).toBe('٣١ ديسمبر');
    expect(formatMonthAr('2026-01')).toBe('يناير ٢٠٢٦');
    expect(formatMonthAr('2025-12', { year: false })).toBe('ديسمبر');
  });

  it('names the twelve months, January first', () => {
    expect(monthNamesAr()).toHaveLength(12);
    expect(monthNamesAr()[0]).toBe('يناير');
    expect(monthNamesAr()[10]).toBe('نوفمبر');
  });

  it('writes an instant at Riyadh’s clock, with no separator that reads as a digit', () => {
    const text = formatDateTimeAr('2026-11-26T12:40:00Z');
    expect(text).toMatch(/^٢٦ نوفمبر ٢٠٢٦/);
    expect(text).toContain('٣:٤٠');
    expect(text).not.toMatch(/[٠-٩]\s*[.,·•|]|[.,·•|]\s*[٠-٩]/);
  });
});
