import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMMERCIAL_REGISTRATION_MESSAGE,
  isCommercialRegistration,
  isVatNumber,
  normalizeCommercialRegistration,
  normalizeVatNumber,
  VAT_NUMBER_MESSAGE,
  VAT_RATE,
  vatSplit,
} from './vat.js';

const registered = { vatRegistered: true };
const unregistered = { vatRegistered: false };

describe('VAT on a commission', () => {
  it('is 15%', () => {
    expect(VAT_RATE).toBe(0.15);
  });

  it.each([
    ['1000', '1000.00', '150.00', '1150.00'],
    ['1000.00', '1000.00', '150.00', '1150.00'],
    [500, '500.00', '75.00', '575.00'],
    ['0', '0.00', '0.00', '0.00'],
    ['0.01', '0.01', '0.00', '0.01'],
    ['1234.56', '1234.56', '185.18', '1419.74'],
    ['99999999.99', '99999999.99', '15000000.00', '114999999.99'],
    ['12.5', '12.50', '1.88', '14.38'],
  ])('splits %s riyals into net %s, VAT %s, gross %s', (net, expectedNet, vat, gross) => {
    expect(vatSplit(net, registered)).toEqual({ net: expectedNet, vat, gross });
  });

  it('rounds the VAT half up to the halala (ZATCA)', () => {
    // 0.10 × 15% = 0.015 → 0.02; 0.03 × 15% = 0.0045 → 0.00; 3.30 × 15% = 0.495 → 0.50.
    expect(vatSplit('0.10', registered).vat).toBe('0.02');
    expect(vatSplit('0.03', registered).vat).toBe('0.00');
    expect(vatSplit('3.30', registered).vat).toBe('0.50');
    expect(vatSplit('0.70', registered).vat).toBe('0.11'); // 0.105, where float arithmetic gives 0.10
  });

  it('charges no VAT for a broker who is not registered', () => {
    expect(vatSplit('1234.56', unregistered)).toEqual({
      net: '1234.56',
      vat: '0.00',
      gross: '1234.56',
    });
  });

  it('reads Arabic-Indic digits and surrounding spaces', () => {
    expect(vatSplit(' ١٠٠٠٫٥٠ ', registered)).toEqual({
      net: '1000.50',
      vat: '150.08',
      gross: '1150.58',
    });
  });

  it.each(['-1', '1.234', '1,000', '', 'abc', '1e3', '1234567890123'])(
    'refuses %j as an amount',
    (bad) => {
      expect(() => vatSplit(bad, registered)).toThrow(RangeError);
    },
  );

  it.each([Number.NaN, -5, 0.1 + 0.2, 1e21, Number.POSITIVE_INFINITY])(
    'refuses the number %s',
    (bad) => {
      expect(() => vatSplit(bad, registered)).toThrow(RangeError);
    },
  );

  it('keeps gross = net + VAT and the VAT within half a halala of 15%, for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (halalas) => {
        const net = (halalas / 100).toFixed(2);
        const split = vatSplit(net, registered);
        const toHalalas = (s: string) => Math.round(Number(s) * 100);
        expect(split.net).toBe(net);
        expect(toHalalas(split.gross)).toBe(toHalalas(split.net) + toHalalas(split.vat));
        // Exact: 15% of n halalas is 3n/20; the rounded VAT is off by at most half a halala,
        // and exactly half only rounds up.
        const exactTimes20 = halalas * 3;
        const diffTimes20 = toHalalas(split.vat) * 20 - exactTimes20;
        expect(diffTimes20).toBeGreaterThan(-10);
        expect(diffTimes20).toBeLessThanOrEqual(10);
      }),
    );
  });
});

describe('VAT registration number', () => {
  it.each([
    ['310122393500003', '310122393500003'],
    ['300000000000003', '300000000000003'],
    ['٣١٠١٢٢٣٩٣٥٠٠٠٠٣', '310122393500003'],
    ['310 1223 9350 0003', '310122393500003'],
    ['310-122393500-003', '310122393500003'],
  ])('accepts %s as %s', (input, stored) => {
    expect(normalizeVatNumber(input)).toBe(stored);
    expect(isVatNumber(input)).toBe(true);
  });

  it.each([
    ['14 digits', '31012239350003'],
    ['16 digits', '3101223935000033'],
    ['does not start with 3', '210122393500003'],
    ['does not end with 3', '310122393500004'],
    ['a letter', '31012239350000A'],
    ['empty', ''],
  ])('refuses %s', (_, input) => {
    expect(normalizeVatNumber(input)).toBeNull();
    expect(isVatNumber(input)).toBe(false);
  });

  it('says so in Arabic, with Arabic-Indic digits', () => {
    expect(VAT_NUMBER_MESSAGE).toBe('رقم التسجيل الضريبي ١٥ رقماً يبدأ وينتهي بالرقم ٣');
    expect(VAT_NUMBER_MESSAGE).not.toMatch(/[0-9]/);
  });
});

describe('commercial registration number', () => {
  it.each([
    ['1010123456', '1010123456'],
    ['7001234567', '7001234567'],
    ['٤٠٣٠١٢٣٤٥٦', '4030123456'],
    ['4030 123 456', '4030123456'],
  ])('accepts %s as %s', (input, stored) => {
    expect(normalizeCommercialRegistration(input)).toBe(stored);
    expect(isCommercialRegistration(input)).toBe(true);
  });

  it.each(['101012345', '10101234567', '10101234x6', ''])('refuses %j', (input) => {
    expect(normalizeCommercialRegistration(input)).toBeNull();
    expect(isCommercialRegistration(input)).toBe(false);
  });

  it('says so in Arabic, with Arabic-Indic digits', () => {
    expect(COMMERCIAL_REGISTRATION_MESSAGE).toContain('١٠');
    expect(COMMERCIAL_REGISTRATION_MESSAGE).not.toMatch(/[0-9]/);
  });
});
