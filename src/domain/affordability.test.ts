import { describe, expect, it } from 'vitest';
import { affordability } from './affordability.js';

describe('affordability', () => {
  it('sets the monthly rent against the net salary, in whole percent', () => {
    expect(
      affordability({
        monthlyIncome: '12000.00',
        monthlyObligations: '2000.00',
        annualRent: 36_000,
      }),
    ).toEqual({ netMonthly: 10_000, monthlyRent: 3_000, percent: 30, level: 'comfortable' });
  });

  it('is comfortable up to a third, stretched up to a half, beyond the means after that', () => {
    const level = (annualRent: number) =>
      affordability({ monthlyIncome: 9_000, monthlyObligations: 0, annualRent })?.level;
    expect(level(36_000)).toBe('comfortable'); // 3,000 of 9,000: exactly a third
    expect(level(36_012)).toBe('stretched'); // 3,001
    expect(level(54_000)).toBe('stretched'); // 4,500: exactly a half
    expect(level(54_012)).toBe('beyond'); // 4,501
  });

  it('is beyond the means when obligations take the whole salary', () => {
    expect(
      affordability({ monthlyIncome: 5_000, monthlyObligations: 6_000, annualRent: 24_000 }),
    ).toEqual({ netMonthly: -1_000, monthlyRent: 2_000, percent: null, level: 'beyond' });
  });

  it('says nothing while the rent or the salary is unknown', () => {
    expect(
      affordability({ monthlyIncome: null, monthlyObligations: 0, annualRent: 40_000 }),
    ).toBeNull();
    expect(
      affordability({ monthlyIncome: 10_000, monthlyObligations: 0, annualRent: null }),
    ).toBeNull();
    expect(
      affordability({ monthlyIncome: 10_000, monthlyObligations: 0, annualRent: 0 }),
    ).toBeNull();
  });

  it('counts no obligations as none', () => {
    expect(
      affordability({ monthlyIncome: 8_000, monthlyObligations: null, annualRent: 30_000 })
        ?.percent,
    ).toBe(31);
  });
});
