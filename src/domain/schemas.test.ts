import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  brokerNameForTenants,
  brokerRequestBlock,
  changePasswordBodySchema,
  checkedFalLicense,
  checkedPublicText,
  INVALID_CHARACTERS_MESSAGE,
  loginBodySchema,
  loginCodeFormSchema,
  loginPhoneFormSchema,
  mobileCreatePasswordFormSchema,
  mobilePhoneFormSchema,
  newReferralBodySchema,
  PUBLIC_TEXT_MESSAGES,
  payoutRequestFormSchema,
  payoutRequestSchema,
  profilePatchBodySchema,
  profileUpdateBodySchema,
  publicBrokerProfile,
  resetCodeFormSchema,
  resetNewPasswordFormSchema,
  SINGLE_LINE_MESSAGE,
  tenantFormSchema,
  verifyOtpOnlyBodySchema,
} from './index.js';

/** The first Arabic message a schema gives for the input, or 'ok'. */
function firstMessage(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  return result.success ? 'ok' : (result.error.issues[0]?.message ?? '');
}

describe('sign-in schemas', () => {
  /** What both forms that take a password twice say when the two differ. */
  const PASSWORDS_DIFFER = 'كلمة المرور غير متطابقة';
  it.each([
    [loginPhoneFormSchema, { phone: '123' }, 'يرجى إدخال رقم جوال سعودي صحيح'],
    [mobilePhoneFormSchema, { phone: '123' }, 'يرجى إدخال رقم جوال صحيح'],
    [loginCodeFormSchema, { otp: '123', password: 'secret1' }, 'رمز التحقق يجب أن يكون ٤ أرقام'],
    [
      loginCodeFormSchema,
      { otp: '1234', password: '123' },
      'كلمة المرور يجب أن تكون ٦ أحرف على الأقل',
    ],
    [resetCodeFormSchema, { otp: '12a4' }, 'يرجى إدخال رمز التحقق المكون من ٤ أرقام'],
    [loginBodySchema, { phone: '', password: 'x' }, 'يرجى إدخال رقم الجوال'],
    [loginBodySchema, { phone: '0551234567', password: '' }, 'يرجى إدخال كلمة المرور'],
    [
      resetNewPasswordFormSchema,
      { newPassword: '123', confirmPassword: '123' },
      'كلمة المرور الجديدة يجب أن تكون ٦ أحرف على الأقل',
    ],
    [
      resetNewPasswordFormSchema,
      { newPassword: 'secret1', confirmPassword: 'secret2' },
      PASSWORDS_DIFFER,
    ],
    [
      mobileCreatePasswordFormSchema,
      { password: 'secret1', confirmPassword: 'other12' },
      PASSWORDS_DIFFER,
    ],
    [
      changePasswordBodySchema,
      { currentPassword: '', newPassword: 'secret1' },
      'يرجى إدخال كلمة المرور الحالية',
    ],
    [
      changePasswordBodySchema,
      { currentPassword: 'secret1', newPassword: 'secret1' },
      'كلمة المرور الجديدة يجب أن تكون مختلفة عن الحالية',
    ],
  ])('gives the spec message (%#)', (schema, input, message) => {
    expect(firstMessage(schema, input)).toBe(message);
  });

  it('normalises phones and Arabic-Indic codes', () => {
    expect(verifyOtpOnlyBodySchema.parse({ phone: '+966 55 123 4567', otp: '١٢٣٤' })).toEqual({
      phone: '0551234567',
      otp: '1234',
    });
  });
});

describe('profile schema', () => {
  it('requires the full name and checks the e-mail', () => {
    expect(firstMessage(profileUpdateBodySchema, { fullName: '  ' })).toBe('الاسم الكامل مطلوب');
    expect(firstMessage(profileUpdateBodySchema, { fullName: 'أحمد', email: 'nope' })).toBe(
      'يرجى إدخال بريد إلكتروني صحيح',
    );
  });

  it('empties become null, the second phone is normalised', () => {
    expect(
      profileUpdateBodySchema.parse({
        fullName: ' أحمد ',
        email: '',
        secondPhone: '٠٥٥١٢٣٤٥٦٧',
        officeName: '',
        city: 'jeddah',
      }),
    ).toEqual({
      fullName: 'أحمد',
      email: null,
      secondPhone: '0551234567',
      officeName: null,
      city: 'jeddah',
    });
  });

  it('refuses a bad second phone, an unknown city and a 10 kB bio', () => {
    expect(firstMessage(profileUpdateBodySchema, { fullName: 'أ', secondPhone: '123' })).toBe(
      'يرجى إدخال رقم جوال سعودي صحيح',
    );
    expect(firstMessage(profileUpdateBodySchema, { fullName: 'أ', city: 'cairo' })).toBe(
      'يرجى اختيار مدينة من القائمة',
    );
    expect(firstMessage(profileUpdateBodySchema, { fullName: 'أ', bio: 'x'.repeat(10_000) })).toBe(
      'النص أطول من المسموح',
    );
  });
});

describe('new referral schema', () => {
  it.each([
    [{ tenantPhone: '0551234567' }, { tenantPhone: '0551234567', rent: null }],
    [
      { tenantPhone: '551234567', rent: '45000' },
      { tenantPhone: '0551234567', rent: 45000 },
    ],
    [
      { tenantPhone: '0551234567', rent: '٤٥٠٠٠' },
      { tenantPhone: '0551234567', rent: 45000 },
    ],
    [
      { tenantPhone: '0551234567', rent: 0 },
      { tenantPhone: '0551234567', rent: null },
    ],
    [
      { tenantPhone: '0551234567', rent: '' },
      { tenantPhone: '0551234567', rent: null },
    ],
  ])('accepts %o', (input, expected) => {
    expect(newReferralBodySchema.parse(input)).toEqual(expected);
  });

  it.each([
    [{ tenantPhone: '123' }, 'يرجى إدخال رقم جوال المستأجر بشكل صحيح'],
    [{ tenantPhone: '0551234567', rent: -5 }, 'يرجى إدخال قيمة إيجار صحيحة بالأرقام'],
    [{ tenantPhone: '0551234567', rent: 1.5 }, 'يرجى إدخال قيمة إيجار صحيحة بالأرقام'],
    [{ tenantPhone: '0551234567', rent: 'ألف' }, 'يرجى إدخال قيمة إيجار صحيحة بالأرقام'],
  ])('refuses %o', (input, message) => {
    expect(firstMessage(newReferralBodySchema, input)).toBe(message);
  });
});

describe('transfer request schema', () => {
  it('accepts an amount and an IBAN as typed', () => {
    expect(
      payoutRequestSchema.parse({
        amount: '١٢٥٠٫٥',
        bankAccount: 'sa03 8000 0000 6080 1016 7519',
      }),
    ).toEqual({ amount: 1250.5, bankAccount: 'SA0380000000608010167519' });
  });

  it.each([
    [{ amount: '', bankAccount: 'SA0380000000608010167519' }, 'يرجى إكمال جميع الحقول المطلوبة'],
    [{ amount: '100' }, 'يرجى إكمال جميع الحقول المطلوبة'],
    [{ amount: '0', bankAccount: 'SA0380000000608010167519' }, 'يرجى إدخال مبلغ صحيح'],
    [{ amount: '10.123', bankAccount: 'SA0380000000608010167519' }, 'يرجى إدخال مبلغ صحيح'],
    [{ amount: '100', bankAccount: 'SA0480000000608010167519' }, 'يرجى إدخال رقم آيبان سعودي صحيح'],
  ])('refuses %o', (input, message) => {
    expect(firstMessage(payoutRequestSchema, input)).toBe(message);
  });

  it('refuses more than what is available', () => {
    expect(
      firstMessage(payoutRequestFormSchema(500), {
        amount: '600',
        bankAccount: 'SA0380000000608010167519',
      }),
    ).toBe('المبلغ المطلوب أكبر من المبلغ المتاح للتحويل');
  });
});

describe('issue 26 item 7: what a tenant is shown of a broker is plain text', () => {
  const profileMessage = (fields: Record<string, unknown>) =>
    firstMessage(profileUpdateBodySchema, { fullName: 'سعد', ...fields });

  it.each([
    ['مُحَمَّد بن سَعِيد', 'مُحَمَّد بن سَعِيد'],
    ['  عبدالله   الشمري ', 'عبدالله الشمري'],
    ['د.أحمد (مكتب 24)، الرياض', 'د.أحمد (مكتب 24)، الرياض'],
    ["O'Neil-Smith & Co.", "O'Neil-Smith & Co."],
    ['مـحـمـد', 'مـحـمـد'],
    // e + combining diaeresis composed, no-break space and direction marks normalised.
    ['Zoe\u0308\u00a0\u200FSmith', 'Zoë Smith'],
    ['مكتب ١٢٣٤٥٦', 'مكتب ١٢٣٤٥٦'],
    ['Dr. Ahmed Ali', 'Dr. Ahmed Ali'],
  ])('keeps the name %j as %j', (input, expected) => {
    expect(profileUpdateBodySchema.parse({ fullName: input }).fullName).toBe(expected);
    expect(profileUpdateBodySchema.parse({ fullName: 'سعد', officeName: input }).officeName).toBe(
      expected,
    );
  });

  it.each([
    ['نورة\r\nEVIL,SA0380000000608010167519,99999.00,SAR', SINGLE_LINE_MESSAGE],
    ['محمد\u202Eعلي', INVALID_CHARACTERS_MESSAGE],
    ['محمد\u2067علي', INVALID_CHARACTERS_MESSAGE],
    ['زوروا https://evil.sa', PUBLIC_TEXT_MESSAGES.link],
    ['عروض www.example.sa', PUBLIC_TEXT_MESSAGES.link],
    ['عروض www', PUBLIC_TEXT_MESSAGES.link],
    ['evil.com', PUBLIC_TEXT_MESSAGES.link],
    ['مكتب نورة.sa', PUBLIC_TEXT_MESSAGES.link],
    ['موقعنا.السعودية', PUBLIC_TEXT_MESSAGES.link],
    ['راسلنا a@b', PUBLIC_TEXT_MESSAGES.link],
    ['اتصل 0551234567', PUBLIC_TEXT_MESSAGES.phone],
    ['اتصل ٠٥٥ ١٢٣ ٤٥٦٧', PUBLIC_TEXT_MESSAGES.phone],
    ['اتصل (055) 123-4567', PUBLIC_TEXT_MESSAGES.phone],
    // Dodges an independent review found (issue 26 item 7).
    ['مكتب ٠٥٠،١٢٣،٤٥٦٧', PUBLIC_TEXT_MESSAGES.phone],
    ['050,123,4567', PUBLIC_TEXT_MESSAGES.phone],
    ['966&501&234&567', PUBLIC_TEXT_MESSAGES.phone],
    ['evil .com', PUBLIC_TEXT_MESSAGES.link],
    ['evil(.)com', PUBLIC_TEXT_MESSAGES.link],
    ['evil. com', PUBLIC_TEXT_MESSAGES.link],
    ['1234567', PUBLIC_TEXT_MESSAGES.phone],
    ['+966 عروض', PUBLIC_TEXT_MESSAGES.characters],
    ['محمد/علي', PUBLIC_TEXT_MESSAGES.characters],
    ['خصم 50%', PUBLIC_TEXT_MESSAGES.characters],
    ['Ли Вэй', PUBLIC_TEXT_MESSAGES.characters],
    ['محمد\u200Bعلي', PUBLIC_TEXT_MESSAGES.characters],
    ['=HYPERLINK("x")', PUBLIC_TEXT_MESSAGES.characters],
  ])('refuses the name and the office %j', (input, message) => {
    expect(profileMessage({ fullName: input })).toBe(message);
    expect(profileMessage({ officeName: input })).toBe(message);
    expect(firstMessage(profilePatchBodySchema, { officeName: input })).toBe(message);
  });

  it('takes a FAL licence as 7 to 12 digits, Arabic-Indic ones stored as Latin', () => {
    expect(profileUpdateBodySchema.parse({ fullName: 'سعد', falLicense: ' ١١٠٠٠١٢٣٤٥ ' })).toEqual({
      fullName: 'سعد',
      falLicense: '1100012345',
    });
    expect(
      profileUpdateBodySchema.parse({ fullName: 'سعد', falLicense: '' }).falLicense,
    ).toBeNull();
    for (const licence of ['FAL-123', '123456', '1234567890123', '1100 012345', '١١٠٠-٠١٢٣٤٥']) {
      expect(profileMessage({ falLicense: licence })).toBe(PUBLIC_TEXT_MESSAGES.falLicense);
    }
  });

  it('keeps line feeds in the bio only, as LF', () => {
    expect(profileUpdateBodySchema.parse({ fullName: 'سعد', bio: 'سطر\r\nسطر' }).bio).toBe(
      'سطر\nسطر',
    );
    expect(profileMessage({ bio: 'سطر\tسطر' })).toBe(INVALID_CHARACTERS_MESSAGE);
    expect(profileMessage({ bio: 'سطر\u202Eسطر' })).toBe(INVALID_CHARACTERS_MESSAGE);
  });

  it("refuses a line break in the tenant's name", () => {
    expect(
      firstMessage(tenantFormSchema, {
        name: 'سلمان\nالدوسري',
        income: 10000,
        monthlyObligations: 0,
        consent: true,
        creditConsent: true,
      }),
    ).toBe(SINGLE_LINE_MESSAGE);
  });

  it('checks stored values again when showing them: a refused one is nothing, never the broker code', () => {
    expect(checkedPublicText(' مكتب  الرياض ')).toBe('مكتب الرياض');
    expect(checkedPublicText('مكتب www.evil.sa')).toBeNull();
    expect(checkedPublicText(null)).toBeNull();
    expect(checkedFalLicense('١٢٠٠٠١٢٣٤٥')).toBe('1200012345');
    expect(checkedFalLicense('FAL-123')).toBeNull();
    expect(
      publicBrokerProfile({
        isActive: true,
        fullName: 'نورة\u202E moc.live',
        officeName: 'اتصل 0551234567',
        falLicense: 'FAL-123',
      }),
    ).toEqual({ brokerName: null, officeName: null, falLicense: null });
    const named = {
      isActive: true,
      fullName: 'ريم السبيعي',
      officeName: 'مكتب الرياض العقاري',
      falLicense: '1200012345',
    };
    expect(publicBrokerProfile(named)).toEqual({
      brokerName: 'ريم السبيعي',
      officeName: 'مكتب الرياض العقاري',
      falLicense: '1200012345',
    });
    // A broker who takes no request is named by no link (issue 32).
    expect(publicBrokerProfile({ ...named, isActive: false })).toEqual({
      brokerName: null,
      officeName: null,
      falLicense: null,
    });
  });

  it('one rule decides whether a broker takes a referral: active, with a name a tenant can see', () => {
    expect(brokerRequestBlock({ isActive: true, fullName: ' ريم  السبيعي ' })).toBeNull();
    expect(brokerRequestBlock({ isActive: true, fullName: '   ' })).toBe('broker_unnamed');
    // A name the public rule refuses counts as none, where a trim alone would let it through.
    expect(brokerRequestBlock({ isActive: true, fullName: 'نورة www.evil.sa' })).toBe(
      'broker_unnamed',
    );
    expect(brokerRequestBlock({ isActive: false, fullName: null })).toBe('broker_inactive');
    expect(brokerNameForTenants('نورة www.evil.sa')).toBeNull();
    expect(brokerNameForTenants(' ريم  السبيعي ')).toBe('ريم السبيعي');
  });
});
