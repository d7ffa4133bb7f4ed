import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordBodySchema,
  loginBodySchema,
  loginCodeFormSchema,
  loginPhoneFormSchema,
  mobileCreatePasswordFormSchema,
  mobilePhoneFormSchema,
  newReferralBodySchema,
  profileUpdateBodySchema,
  resetCodeFormSchema,
  resetNewPasswordFormSchema,
  transferRequestBodySchema,
  transferRequestFormSchema,
  verifyOtpOnlyBodySchema,
} from './index.js';

/** The first Arabic message a schema gives for the input, or 'ok'. */
function firstMessage(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  return result.success ? 'ok' : (result.error.issues[0]?.message ?? '');
}

describe('sign-in schemas', () => {
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
      'كلمة المرور غير متطابقة',
    ],
    [
      mobileCreatePasswordFormSchema,
      { password: 'secret1', confirmPassword: 'other12' },
      'كلمة المرور غير متطابقة',
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
      transferRequestBodySchema.parse({
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
    expect(firstMessage(transferRequestBodySchema, input)).toBe(message);
  });

  it('refuses more than what is available', () => {
    expect(
      firstMessage(transferRequestFormSchema(500), {
        amount: '600',
        bankAccount: 'SA0380000000608010167519',
      }),
    ).toBe('المبلغ المطلوب أكبر من المبلغ المتاح للتحويل');
  });
});
