import { describe, expect, it } from 'vitest';
import { BrandConfigError, brandFromEnv } from './brand.js';
import {
  commissionStatusLabel,
  daysSince,
  estimateCommission,
  formatDateAr,
  formatDateTimeAr,
  formatIban,
  formatSar,
  fromCents,
  generateBrokerCode,
  isBrokerCode,
  normalizeReferralStatus,
  normalizeSaudiIban,
  normalizeSaudiMobile,
  PAYOUT_STATUSES,
  parseAmount,
  parseReferralStatus,
  payoutStatusLabel,
  referralProgress,
  referralStatusLabel,
  referralStatusWithEmoji,
  riyadhDayRange,
  statusTakesContract,
  telHref,
  toCents,
  toLatinDigits,
  toMoneyString,
  whatsappHref,
} from './index.js';

describe('Saudi mobile numbers', () => {
  it.each([
    ['0551234567', '0551234567'],
    ['551234567', '0551234567'],
    ['+966551234567', '0551234567'],
    ['00966551234567', '0551234567'],
    ['966551234567', '0551234567'],
    ['055 123 4567', '0551234567'],
    ['055-123-4567', '0551234567'],
    ['+966 (55) 123.4567', '0551234567'],
    ['٠٥٥١٢٣٤٥٦٧', '0551234567'],
    ['۰۵۵۱۲۳۴۵۶۷', '0551234567'],
    ['+٩٦٦٥٥١٢٣٤٥٦٧', '0551234567'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeSaudiMobile(input)).toBe(expected);
  });

  it.each([
    '',
    '0112345678', // Riyadh landline
    '055123456', // too short
    '05512345678', // too long
    '+201001234567', // Egypt
    '0651234567',
    'abcdefghij',
    '05512x4567',
  ])('refuses %s', (input) => {
    expect(normalizeSaudiMobile(input)).toBeNull();
  });

  it('builds tel and WhatsApp links with 966', () => {
    expect(telHref('0551234567')).toBe('tel:+966551234567');
    expect(whatsappHref('0551234567')).toBe('https://wa.me/966551234567');
    expect(whatsappHref('+966551234567')).toBe('https://wa.me/966551234567');
    expect(whatsappHref('0551234567', 'مرحبا')).toBe(
      `https://wa.me/966551234567?text=${encodeURIComponent('مرحبا')}`,
    );
  });
});

describe('digits and money', () => {
  it.each([
    ['١٢٣', '123'],
    ['۴۵۶', '456'],
    ['١٢٫٥', '12.5'],
    ['١٬٠٠٠', '1000'],
  ])('toLatinDigits(%s) = %s', (input, expected) => {
    expect(toLatinDigits(input)).toBe(expected);
  });

  it.each([
    [1750, '١٬٧٥٠ ر.س'],
    ['500.00', '٥٠٠ ر.س'],
    [1250.5, '١٬٢٥٠٫٥٠ ر.س'],
    [0, '٠ ر.س'],
    [null, '٠ ر.س'],
    ['not a number', '٠ ر.س'],
  ])('formatSar(%s) = %s', (amount, expected) => {
    expect(formatSar(amount)).toBe(expected);
  });

  it.each([
    [500, '500.00'],
    [1234.565, '1234.57'],
    [0.1 + 0.2, '0.30'],
  ])('toMoneyString(%s) = %s', (n, expected) => {
    expect(toMoneyString(n)).toBe(expected);
  });

  it.each([
    [50_000, '500.00'],
    [123_457, '1234.57'],
    [-150, '-1.50'],
    [0, '0.00'],
  ])('fromCents(%s) = %s, and toCents gives it back', (halalas, expected) => {
    expect(fromCents(halalas)).toBe(expected);
    expect(toCents(fromCents(halalas))).toBe(halalas);
  });

  it.each([
    ['1500', 1500],
    ['١٥٠٠٫٥', 1500.5],
    ['1,500', 1500],
    ['', null],
    ['-5', null],
    ['abc', null],
  ])('parseAmount(%s) = %s', (input, expected) => {
    expect(parseAmount(input)).toBe(expected);
  });
});

describe('dates in the Saudi locale (Gregorian, Riyadh time)', () => {
  it('formats a date and a date-time', () => {
    expect(formatDateAr('2026-11-22T10:00:00Z')).toBe('٢٢ نوفمبر ٢٠٢٦');
    expect(formatDateTimeAr('2026-11-22T10:05:00Z')).toBe('٢٢ نوفمبر ٢٠٢٦ في ١:٠٥ م');
    // 22:30 UTC is already the next day in Riyadh.
    expect(formatDateAr('2026-11-22T22:30:00Z')).toBe('٢٣ نوفمبر ٢٠٢٦');
  });

  it('counts whole days', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(daysSince('2026-11-20T11:00:00Z', now)).toBe(2);
    expect(daysSince('2026-11-23T11:00:00Z', now)).toBe(0);
  });

  it('gives the Riyadh day as a UTC range', () => {
    const { start, end } = riyadhDayRange('2026-11-22');
    expect(start.toISOString()).toBe('2026-11-21T21:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-22T21:00:00.000Z');
  });
});

describe('referral statuses', () => {
  it('labels every key, unknown as the first', () => {
    expect(referralStatusLabel('under_review')).toBe('قيد المراجعة');
    expect(referralStatusLabel('nonsense')).toBe('في انتظار إكمال الطلب');
    expect(referralStatusLabel(null)).toBe('في انتظار إكمال الطلب');
    expect(referralStatusWithEmoji('contract_signed')).toBe('✍️ تم توقيع العقد');
    expect(normalizeReferralStatus('whatever')).toBe('pending_completion');
  });

  it.each([
    ['contract_signed', 'contract_signed'],
    ['تم توقيع العقد', 'contract_signed'],
    ['✍️ تم توقيع العقد', 'contract_signed'],
    ['تم توقيع العقد ✍️', 'contract_signed'],
    ['✍ تم توقيع العقد', 'contract_signed'],
    ['  مرفوض  ', 'rejected'],
    ['تم القبول - بانتظار عقد المالك', 'accepted_awaiting_owner_contract'],
    ['signed', null],
    ['', null],
  ])('parseReferralStatus(%s) = %s', (input, expected) => {
    expect(parseReferralStatus(input)).toBe(expected);
  });

  it('knows which statuses mention a contract', () => {
    expect(statusTakesContract('accepted_awaiting_owner_contract')).toBe(true);
    expect(statusTakesContract('preparing_tenant_contract')).toBe(true);
    expect(statusTakesContract('contract_signed')).toBe(true);
    expect(statusTakesContract('commission_added')).toBe(false);
    expect(statusTakesContract('under_review')).toBe(false);
  });

  it.each([
    ['pending_completion', false, false],
    ['under_review', true, false],
    ['contract_signed', true, true],
    ['commission_added', true, true],
    ['rejected', true, false],
  ])('progress of %s', (status, reviewStarted, contractCompleted) => {
    expect(referralProgress(status)).toEqual({ sent: true, reviewStarted, contractCompleted });
  });
});

describe('commissions', () => {
  it.each([
    [null, 500],
    [0, 500],
    [20000, 500],
    [50000, 500],
    [60000, 600],
    [123456, 1234.56],
  ])('estimate for annual rent %s is %s', (rent, expected) => {
    expect(estimateCommission(rent)).toBe(expected);
  });

  it('uses the configured rule', () => {
    expect(estimateCommission(100000, { minimum: 750, rate: 0.02 })).toBe(2000);
  });

  it.each([
    ['pending', 'معلقة'],
    ['requested', 'مطلوبة'],
    ['paid', 'مدفوعة'],
    ['potential', 'عمولة محتملة'],
    ['odd', 'odd'],
  ])('label of %s', (status, label) => {
    expect(commissionStatusLabel(status)).toBe(label);
  });
});

describe('payout statuses', () => {
  it.each([
    ['draft', 'مسودة', 'قيد المراجعة'],
    ['approved', 'معتمدة', 'معتمد للتحويل'],
    ['sent', 'أُرسلت إلى البنك', 'أُرسل إلى البنك'],
    ['paid', 'مدفوعة', 'تم التحويل'],
    ['failed', 'فشل التحويل', 'فشل التحويل'],
    ['rejected', 'مرفوضة', 'مرفوض'],
    ['cancelled', 'ملغاة', 'ملغى'],
  ] as const)('%s: «%s» of a دفعة, «%s» of a طلب تحويل', (status, payout, request) => {
    expect(payoutStatusLabel(status, 'payout')).toBe(payout);
    expect(payoutStatusLabel(status, 'request')).toBe(request);
    // The console's noun unless another is asked for (the server's messages say «دفعة»).
    expect(payoutStatusLabel(status)).toBe(payout);
  });

  it('names every state for both nouns, each state with words of its own', () => {
    for (const noun of ['payout', 'request'] as const) {
      const words = PAYOUT_STATUSES.map((status) => payoutStatusLabel(status, noun));
      expect(words.every((word) => word.length > 0)).toBe(true);
      expect(new Set(words).size).toBe(PAYOUT_STATUSES.length);
    }
  });
});

describe('broker codes', () => {
  it('are readable and unambiguous', () => {
    for (let i = 0; i < 200; i++) {
      const code = generateBrokerCode();
      expect(isBrokerCode(code)).toBe(true);
      expect(code).not.toMatch(/[01OIL]/);
    }
  });

  it('are random, not sequential', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => generateBrokerCode()));
    expect(codes.size).toBe(1000);
  });

  it('come from the random source only', () => {
    const zeros = () => new Uint8Array(12);
    expect(generateBrokerCode(zeros)).toBe('SH-222222');
  });
});

describe('Saudi IBAN', () => {
  it.each([
    ['SA0380000000608010167519', 'SA0380000000608010167519'],
    ['sa03 8000 0000 6080 1016 7519', 'SA0380000000608010167519'],
    ['SA٠٣٨٠٠٠٠٠٠٠٦٠٨٠١٠١٦٧٥١٩', 'SA0380000000608010167519'],
    ['SA0480000000608010167519', null], // checksum off by one
    ['SA038000000060801016751', null], // too short
    ['GB82WEST12345698765432', null], // not Saudi
    ['', null],
  ])('normalizeSaudiIban(%s) = %s', (input, expected) => {
    expect(normalizeSaudiIban(input)).toBe(expected);
  });

  it('groups by four', () => {
    expect(formatIban('SA0380000000608010167519')).toBe('SA03 8000 0000 6080 1016 7519');
  });
});

describe('brand configuration', () => {
  it('has defaults for everything and takes the environment over them', () => {
    const brand = brandFromEnv({});
    expect(brand.productName).toBe('شريك');
    expect(brand.workingHours).toContain('الأحد إلى الخميس');
    expect(Object.values(brand.social)).toHaveLength(4);
    const custom = brandFromEnv({ BRAND_NAME: 'شريك للإيجار', BRAND_CR_NUMBER: '7001234567' });
    expect(custom.productName).toBe('شريك للإيجار');
    expect(custom.commercialRegistration).toBe('7001234567');
  });

  it('refuses a bad value, naming the variable', () => {
    expect(() => brandFromEnv({ BRAND_PRIVACY_URL: 'http://insecure.example' })).toThrow(
      /^BRAND_PRIVACY_URL: /,
    );
    expect(() => brandFromEnv({ BRAND_WHATSAPP: '12345' })).toThrow(/^BRAND_WHATSAPP: /);
    expect(() => brandFromEnv({ BRAND_CR_NUMBER: '12' })).toThrow(BrandConfigError);
  });
});
