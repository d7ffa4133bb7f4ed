import { describe, expect, it } from 'vitest';
import {
  formatDateTimeAr,
  formatDayMonthAr,
  formatMonthAr,
  formatNumberAr,
  formatPercentAr,
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
