/**
 * What a one-time code is for. Each code is stored with its purpose, its text
 * says it, and a code is accepted only by the calls of that purpose: a code a tenant asked for
 * through a broker's link never signs anyone in, and a sign-in code never makes a referral.
 */
export const OTP_PURPOSES = ['sign_in', 'reset', 'referral_request', 'data_access'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/** How many digits a one-time code has; the pages say it and size the field by it. */
export const OTP_CODE_LENGTH = 4;
/** How long a one-time code works after it is sent, in minutes. */
export const OTP_VALIDITY_MINUTES = 5;

/** What the purpose is called in the code's message and in the refusal of a wrong one. */
const PURPOSE_PHRASES: Record<OtpPurpose, string> = {
  sign_in: 'لتسجيل الدخول أو إنشاء الحساب',
  reset: 'لإعادة تعيين كلمة المرور',
  referral_request: 'لطلب دفع الإيجار شهرياً',
  data_access: 'للاطلاع على بياناتك',
};
export const otpPurposePhrase = (purpose: OtpPurpose): string => PURPOSE_PHRASES[purpose];

/**
 * What the code's SMS calls it. Short on purpose: Arabic travels as UCS-2, 70 characters to
 * one SMS, and every message is paid per part (the full text stays within one part for a
 * product name of up to 5 letters; codeSmsBody's test checks it).
 */
const SMS_NAMES: Record<OtpPurpose, string> = {
  sign_in: 'رمز الدخول أو التسجيل في',
  reset: 'رمز استعادة كلمة المرور في',
  referral_request: 'رمز طلب الدفع الشهري في',
  data_access: 'رمز الاطلاع على بياناتك في',
};
export const otpSmsName = (purpose: OtpPurpose): string => SMS_NAMES[purpose];

/**
 * Ceilings on one-time codes sent (an SMS is money): across the platform in an
 * hour and in a day, and through one broker's referral link in a day. Super-admins change them
 * (system_config `otp_hourly_ceiling`, `otp_daily_ceiling`, `link_otp_daily_ceiling`).
 */
export const DEFAULT_OTP_HOURLY_CEILING = 300;
export const DEFAULT_OTP_DAILY_CEILING = 2_000;
export const DEFAULT_LINK_OTP_DAILY_CEILING = 100;
