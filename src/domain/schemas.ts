import { z } from 'zod';
import { CITY_KEYS } from './catalogues.js';
import { CONSENT_VERSIONS } from './consent.js';
import { toLatinDigits } from './digits.js';
import { normalizeSaudiIban } from './iban.js';
import { MESSAGES } from './messages.js';
import { OTP_CODE_LENGTH } from './otp.js';
import { normalizeSaudiMobile } from './phone.js';
import { falLicenseText, PUBLIC_TEXT_MAX_LENGTH, publicProfileText } from './profile.js';
import { multiLineText, singleLineText } from './text.js';

// ---------- building blocks ----------

/** A Saudi mobile in any typed form, normalised to 05XXXXXXXX. */
export const saudiMobile = (message: string) =>
  z
    .string({ error: message })
    .max(40, { error: message })
    .transform((value, ctx) => {
      const phone = normalizeSaudiMobile(value);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return phone;
    });

/** Exactly OTP_CODE_LENGTH (four) digits; Arabic-Indic digits are accepted and converted. */
export const fourDigitCode = (message: string) =>
  z
    .string({ error: message })
    .transform((value) => toLatinDigits(value.trim()))
    .pipe(z.string().regex(new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`), { error: message }));

const password = (minMessage: string) =>
  z
    .string({ error: minMessage })
    .min(6, { error: minMessage })
    .max(128, { error: MESSAGES.passwordTooLong });

/** An optional field of the profile: empty or blank is stored as null. */
const optional = (text: z.ZodType<string, string>) =>
  text.transform((value) => value || null).nullish();

const optionalEmail = z
  .string({ error: MESSAGES.email })
  .max(254, { error: MESSAGES.email })
  .transform((value) => value.trim())
  .pipe(z.union([z.literal(''), z.email({ error: MESSAGES.email })]))
  .transform((value) => value || null)
  .nullish();

const optionalSecondPhone = z
  .string({ error: MESSAGES.saudiPhone })
  .max(40, { error: MESSAGES.saudiPhone })
  .transform((value, ctx) => {
    if (value.trim() === '') return null;
    const phone = normalizeSaudiMobile(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.saudiPhone });
      return z.NEVER;
    }
    return phone;
  })
  .nullish();

const optionalCity = z
  .union([z.enum(CITY_KEYS as [string, ...string[]]), z.literal('')], {
    error: MESSAGES.invalidCity,
  })
  .transform((value) => value || null)
  .nullish();

const fullName = publicProfileText({
  max: PUBLIC_TEXT_MAX_LENGTH,
  min: 1,
  required: MESSAGES.fullNameRequired,
});

/**
 * The highest annual rent a referral or a signed contract may state, in riyals: well above
 * any Saudi residential lease, low enough that a typo cannot become a six-figure commission.
 * MESSAGES.rentTooHigh spells it out.
 */
export const MAX_ANNUAL_RENT = 2_000_000;

/** A whole number of riyals ≥ 0 typed as digits (Arabic-Indic accepted); 0 or empty → null. */
const optionalRent = z
  .union([z.number(), z.string()], { error: MESSAGES.rent })
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return null;
    const text = typeof value === 'number' ? String(value) : toLatinDigits(value.trim());
    if (text === '') return null;
    if (!/^\d+$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.rent });
      return z.NEVER;
    }
    if (Number(text) > MAX_ANNUAL_RENT) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.rentTooHigh });
      return z.NEVER;
    }
    return Number(text) > 0 ? Number(text) : null;
  });

/**
 * The annual rent of the signed contract as the admin confirms it: whole riyals from 1 to
 * MAX_ANNUAL_RENT, Latin or Arabic-Indic digits, grouping separators allowed.
 */
export const contractRentSchema = z
  .union([z.number(), z.string()], { error: MESSAGES.contractRent })
  .transform((value, ctx) => {
    const text =
      typeof value === 'number' ? String(value) : toLatinDigits(value).replace(/[,\s]/g, '');
    if (!/^\d+$/.test(text) || Number(text) < 1) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.contractRent });
      return z.NEVER;
    }
    if (Number(text) > MAX_ANNUAL_RENT) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.rentTooHigh });
      return z.NEVER;
    }
    return Number(text);
  });

// ---------- API bodies ----------

export const phoneBodySchema = z.object({ phone: saudiMobile(MESSAGES.saudiPhone) });

export const verifyOtpBodySchema = z.object({
  phone: saudiMobile(MESSAGES.saudiPhone),
  otp: fourDigitCode(MESSAGES.loginCode),
  password: password(MESSAGES.passwordMin),
});

export const verifyOtpOnlyBodySchema = z.object({
  phone: saudiMobile(MESSAGES.saudiPhone),
  otp: fourDigitCode(MESSAGES.fourDigitCode),
});

/** The tenant's own request through a broker's link: the phone, checked by a code. */
export const linkRequestCodeBodySchema = z.object({ phone: saudiMobile(MESSAGES.mobilePhone) });
export const linkRequestBodySchema = z.object({
  phone: saudiMobile(MESSAGES.mobilePhone),
  otp: fourDigitCode(MESSAGES.fourDigitCode),
  rent: optionalRent,
  city: optionalCity,
  /** Opened from the QR code rather than the link itself. */
  viaQr: z.boolean({ error: 'قيمة غير صحيحة' }).optional(),
});

export const createPasswordBodySchema = z.object({
  phone: saudiMobile(MESSAGES.saudiPhone),
  password: password(MESSAGES.passwordMin),
});

export const registerBodySchema = createPasswordBodySchema;

export const loginBodySchema = z.object({
  phone: z
    .string({ error: MESSAGES.phoneRequired })
    .min(1, { error: MESSAGES.phoneRequired })
    .pipe(saudiMobile(MESSAGES.saudiPhone)),
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, { error: MESSAGES.passwordRequired })
    .max(128, { error: MESSAGES.passwordTooLong }),
});

export const resetPasswordBodySchema = z.object({
  phone: saudiMobile(MESSAGES.mobilePhone),
  newPassword: password(MESSAGES.newPasswordMin),
});

export const changePasswordBodySchema = z
  .object({
    currentPassword: z
      .string({ error: MESSAGES.currentPasswordRequired })
      .min(1, { error: MESSAGES.currentPasswordRequired })
      .max(128, { error: MESSAGES.passwordTooLong }),
    newPassword: password(MESSAGES.newPasswordMin),
  })
  .refine((body) => body.newPassword !== body.currentPassword, {
    path: ['newPassword'],
    error: MESSAGES.newPasswordSameAsCurrent,
  });

const profileFields = {
  email: optionalEmail,
  officeName: optional(publicProfileText({ max: PUBLIC_TEXT_MAX_LENGTH })),
  secondPhone: optionalSecondPhone,
  bio: optional(multiLineText({ max: 1000 })),
  falLicense: optional(falLicenseText),
  city: optionalCity,
};

/** PUT: the whole profile; the phone is not a field and cannot change. */
export const profileUpdateBodySchema = z.object({ fullName, ...profileFields });
/** PATCH: whatever is present is validated by the same rules. */
export const profilePatchBodySchema = z.object({
  fullName: fullName.optional(),
  ...profileFields,
  notifyByMessage: z.boolean({ error: 'قيمة غير صحيحة' }).optional(),
});

export const newReferralBodySchema = z.object({
  tenantPhone: saudiMobile(MESSAGES.tenantPhone),
  rent: optionalRent,
});

const positiveAmount = z
  .union([z.number(), z.string()], { error: MESSAGES.requiredFields })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : toLatinDigits(value.trim());
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: MESSAGES.requiredFields });
      return z.NEVER;
    }
    if (!/^\d+(\.\d{1,2})?$/.test(text) || Number(text) <= 0 || Number(text) > 99_999_999) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.amount });
      return z.NEVER;
    }
    return Number(text);
  });

export const saudiIban = z
  .string({ error: MESSAGES.requiredFields })
  .max(60, { error: MESSAGES.iban })
  .transform((value, ctx) => {
    if (value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: MESSAGES.requiredFields });
      return z.NEVER;
    }
    const iban = normalizeSaudiIban(value);
    if (!iban) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.iban });
      return z.NEVER;
    }
    return iban;
  });

/** The account's password, asked again before money can go somewhere new. */
/** The account's password again, before a change a stolen session must not make alone. */
export const currentPassword = z
  .string({ error: MESSAGES.currentPasswordRequired })
  .min(1, { error: MESSAGES.currentPasswordRequired })
  .max(200, { error: MESSAGES.currentPasswordRequired });

/**
 * A transfer request: the amount and the IBAN. Where the profile has none yet it becomes the
 * profile's, as guarded as on the profile: the password is then required;
 * with one on the profile, a different IBAN is refused and no password is needed.
 */
export const payoutRequestSchema = z.object({
  amount: positiveAmount,
  bankAccount: saudiIban,
  password: currentPassword.optional(),
});

/** Setting or replacing the IBAN on the profile: the password again, as for a new password. */
export const bankAccountBodySchema = z.object({
  iban: saudiIban,
  password: currentPassword,
});

// ---------- web forms (values as typed) ----------

export const loginPhoneFormSchema = z.object({ phone: saudiMobile(MESSAGES.saudiPhone) });
export const mobilePhoneFormSchema = z.object({ phone: saudiMobile(MESSAGES.mobilePhone) });
export const resetPhoneFormSchema = z.object({ phone: saudiMobile(MESSAGES.mobilePhone) });

export const loginCodeFormSchema = z.object({
  otp: fourDigitCode(MESSAGES.loginCode),
  password: password(MESSAGES.passwordMin),
});

export const loginPasswordFormSchema = z.object({
  password: z.string().min(1, { error: MESSAGES.passwordRequired }),
});

export const resetCodeFormSchema = z.object({ otp: fourDigitCode(MESSAGES.fourDigitCode) });
export const mobileCodeFormSchema = resetCodeFormSchema;

export const resetNewPasswordFormSchema = z
  .object({ newPassword: password(MESSAGES.newPasswordMin), confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    error: MESSAGES.passwordMismatch,
  });

export const mobileCreatePasswordFormSchema = z
  .object({ password: password(MESSAGES.passwordMin), confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    error: MESSAGES.passwordMismatch,
  });

export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, { error: MESSAGES.currentPasswordRequired }),
    newPassword: password(MESSAGES.newPasswordMin),
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    error: MESSAGES.newPasswordConfirmMismatch,
  })
  .refine((form) => form.newPassword !== form.currentPassword, {
    path: ['newPassword'],
    error: MESSAGES.newPasswordSameAsCurrent,
  });

export const profileFormSchema = profileUpdateBodySchema;

export const newReferralFormSchema = newReferralBodySchema;

export const payoutRequestFormSchema = (maxAvailable: number) =>
  payoutRequestSchema.refine((form) => form.amount <= maxAvailable, {
    path: ['amount'],
    error: MESSAGES.amountAboveAvailable,
  });

export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;
export type NewReferralBody = z.infer<typeof newReferralBodySchema>;
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;

// ---------- tenant form ----------

/** A document is either an uploaded file's reference or an https link; nothing else. */
export const UPLOAD_REFERENCE = /^upload:[a-f0-9]{32}\.pdf$/;

const documentRef = singleLineText({ max: 2000, required: MESSAGES.documentLink })
  .transform((value, ctx) => {
    if (value === '') return null;
    if (UPLOAD_REFERENCE.test(value)) return value;
    try {
      if (new URL(value).protocol === 'https:') return value;
    } catch {
      // not a URL at all
    }
    ctx.addIssue({ code: 'custom', message: MESSAGES.documentLink });
    return z.NEVER;
  })
  .nullish();

export const monthlyAmount = (requiredMessage: string) =>
  z.union([z.number(), z.string()], { error: requiredMessage }).transform((value, ctx) => {
    const text =
      typeof value === 'number' ? String(value) : toLatinDigits(value.trim()).replace(/,/g, '');
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: requiredMessage });
      return z.NEVER;
    }
    if (!/^\d+(\.\d{1,2})?$/.test(text) || Number(text) > 10_000_000) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.amount });
      return z.NEVER;
    }
    return Number(text);
  });

/**
 * What a tenant-form link token can look like: URL-safe base64 (the links carry 32 such
 * characters). Anything else, a NUL byte or a control character included, is refused before
 * the database is asked.
 */
export const FORM_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

export const tenantFormBodySchema = z.object({
  token: z
    .string({ error: MESSAGES.invalidLink })
    .regex(FORM_TOKEN_PATTERN, { error: MESSAGES.invalidLink }),
  referralId: z.string({ error: MESSAGES.invalidLink }).max(100, { error: MESSAGES.invalidLink }),
  name: singleLineText({ max: 100, min: 2, required: MESSAGES.tenantName }),
  income: monthlyAmount(MESSAGES.income),
  monthlyObligations: monthlyAmount(MESSAGES.obligations),
  salaryDefinitionUrl: documentRef,
  creditReportUrl: documentRef,
  consent: z.literal(true, { error: MESSAGES.consent }),
  /** Its own checkbox: the credit bureau's rules ask for this consent apart (decision 068). */
  creditConsent: z.literal(true, { error: MESSAGES.creditConsent }),
  /** The consent wording the form showed; the server records that text. */
  consentVersion: z.enum(CONSENT_VERSIONS, { error: MESSAGES.consentVersion }),
});

export const tenantFormSchema = tenantFormBodySchema.omit({
  token: true,
  referralId: true,
  consentVersion: true,
});
export type TenantFormBody = z.infer<typeof tenantFormBodySchema>;
