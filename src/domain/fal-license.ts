/**
 * The broker's FAL licence from the Real Estate General Authority (decision 070): only a
 * broker whose brokerage licence an admin has verified, and which has not expired, earns a
 * commission that can be paid. The Real Estate Brokerage Law (Royal Decree M/130 of
 * 1443/11/30) art. 3 reserves brokerage, and the commission for it, to a licence holder; its
 * Implementing Regulations list the FAL licences by activity. No public REGA verification
 * API exists, so verifying is a human step with the evidence seen.
 */
import { z } from 'zod';
import { boundedDaySchema } from './dates.js';
import { falLicenseText } from './profile.js';
import { multiLineText } from './text.js';

/**
 * The FAL licences a practitioner may hold, as REGA names them: five activities and the
 * advertising licence. Only the brokerage and marketing licence allows brokering a lease for a
 * commission.
 */
export const FAL_LICENSE_TYPES = [
  'brokerage',
  'property_management',
  'facility_management',
  'auctions',
  'consulting',
  'advertising',
] as const;
export type FalLicenseType = (typeof FAL_LICENSE_TYPES)[number];

const TYPE_LABELS: Record<FalLicenseType, string> = {
  brokerage: 'الوساطة والتسويق العقاري',
  property_management: 'إدارة الأملاك',
  facility_management: 'إدارة المرافق',
  auctions: 'المزادات العقارية',
  consulting: 'الاستشارات العقارية',
  advertising: 'الإعلان العقاري',
};
export const falLicenseTypeLabel = (type: FalLicenseType): string => TYPE_LABELS[type];

/** What the admin looked at before verifying: the copy the broker uploaded, or REGA's enquiry. */
export const FAL_LICENSE_EVIDENCE = ['copy', 'rega_enquiry'] as const;
export type FalLicenseEvidence = (typeof FAL_LICENSE_EVIDENCE)[number];

const EVIDENCE_LABELS: Record<FalLicenseEvidence, string> = {
  copy: 'نسخة الرخصة المرفوعة',
  rega_enquiry: 'الاستعلام عن الرخصة في منصة الهيئة العامة للعقار',
};
export const falLicenseEvidenceLabel = (evidence: FalLicenseEvidence): string =>
  EVIDENCE_LABELS[evidence];

/**
 * Where a broker's licence stands, in the order it is checked: nothing entered yet, a licence
 * that does not allow brokerage, past its expiry, refused by an admin, waiting for an admin,
 * verified. Only `verified` earns payable commissions.
 */
export const FAL_LICENSE_STATES = [
  'missing',
  'not_brokerage',
  'expired',
  'refused',
  'unverified',
  'verified',
] as const;
export type FalLicenseState = (typeof FAL_LICENSE_STATES)[number];

const STATE_LABELS: Record<FalLicenseState, string> = {
  missing: 'لم تُضف الرخصة',
  not_brokerage: 'الرخصة لا تشمل الوساطة',
  expired: 'الرخصة منتهية',
  refused: 'لم تُقبل الرخصة',
  unverified: 'بانتظار التحقق',
  verified: 'تم التحقق',
};
export const falLicenseStateLabel = (state: FalLicenseState): string => STATE_LABELS[state];

/** Why a commission of a broker whose licence is in `state` waits, as the broker reads it. */
const HOLD_REASONS: Record<Exclude<FalLicenseState, 'verified'>, string> = {
  missing: 'العمولة موقوفة حتى تضيف رخصة فال في ملفك الشخصي ويتم التحقق منها',
  not_brokerage: 'العمولة موقوفة لأن نوع رخصة فال المسجل لا يشمل الوساطة والتسويق العقاري',
  expired: 'العمولة موقوفة لأن رخصة فال منتهية، يرجى تجديدها وتحديث تاريخ انتهائها',
  refused: 'العمولة موقوفة لأن رخصة فال لم تُقبل، يرجى مراجعة سبب الرفض وتحديث بياناتها',
  unverified: 'العمولة موقوفة حتى تتحقق الإدارة من رخصة فال',
};
export const falLicenseHoldReason = (state: Exclude<FalLicenseState, 'verified'>): string =>
  HOLD_REASONS[state];

/** The licence as stored on the broker's row. */
export type FalLicenseRecord = {
  falLicense: string | null;
  falLicenseType: FalLicenseType | null;
  /** `YYYY-MM-DD`, the last day the licence is valid. */
  falLicenseExpiresOn: string | null;
  falLicenseVerifiedAt: Date | string | null;
  falLicenseRefusal: string | null;
};

/** Where the licence stands on the Riyadh day `today` (`YYYY-MM-DD`). */
export function falLicenseState(licence: FalLicenseRecord, today: string): FalLicenseState {
  if (!licence.falLicense || !licence.falLicenseType || !licence.falLicenseExpiresOn) {
    return 'missing';
  }
  if (licence.falLicenseType !== 'brokerage') return 'not_brokerage';
  if (licence.falLicenseExpiresOn < today) return 'expired';
  if (licence.falLicenseRefusal) return 'refused';
  return licence.falLicenseVerifiedAt ? 'verified' : 'unverified';
}

/**
 * How the licence is written where a tenant meets the broker (the link page, the QR card): the
 * Implementing Regulations require the number on every advertisement.
 */
export const FAL_LICENSE_PREFIX = 'رخصة فال رقم';

/** The furthest expiry taken, in years: a FAL licence is issued for a shorter term. */
export const FAL_LICENSE_MAX_YEARS = 5;

/** Days before expiry a broker is reminded, on the messaging channel and in the app. */
export const FAL_LICENSE_REMINDER_DAYS = [30, 7] as const;

export const FAL_LICENSE_MESSAGES = {
  number: 'يرجى إدخال رقم رخصة فال',
  type: 'يرجى اختيار نوع الرخصة',
  expiresOn: 'يرجى إدخال تاريخ انتهاء الرخصة',
  expired: 'تاريخ انتهاء الرخصة مضى، يرجى إدخال رخصة سارية',
  tooFar: 'تاريخ انتهاء الرخصة أبعد من خمس سنوات، يرجى التأكد منه',
  note: 'يرجى كتابة ملاحظة التحقق',
  reason: 'يرجى كتابة سبب عدم قبول الرخصة',
  seen: 'يرجى إعادة فتح بيانات الوسيط ثم المحاولة',
  copy: 'يرجى اختيار ملف بي دي إف أو صورة للرخصة',
} as const;

/** The licence as the broker enters it: every field required, and not already expired. */
export const falLicenseBodySchema = z.object({
  falLicense: falLicenseText.refine((text) => text !== '', { error: FAL_LICENSE_MESSAGES.number }),
  falLicenseType: z.enum(FAL_LICENSE_TYPES, { error: FAL_LICENSE_MESSAGES.type }),
  falLicenseExpiresOn: z.string({ error: FAL_LICENSE_MESSAGES.expiresOn }).pipe(boundedDaySchema),
});
export type FalLicenseBody = z.infer<typeof falLicenseBodySchema>;

/** An admin's verification: what they looked at, and a note of what they saw. */
export const falLicenseVerifyBodySchema = z.object({
  evidence: z.enum(FAL_LICENSE_EVIDENCE, { error: 'يرجى اختيار ما تم التحقق منه' }),
  note: multiLineText({ max: 500, min: 3, required: FAL_LICENSE_MESSAGES.note }),
  /**
   * The broker's `updatedAt` as the admin was shown it: a licence changed since is not the one
   * they checked, and is refused.
   */
  seenUpdatedAt: z.string({ error: FAL_LICENSE_MESSAGES.seen }).max(40, {
    error: FAL_LICENSE_MESSAGES.seen,
  }),
});

/** An admin's refusal: the reason the broker reads. */
export const falLicenseRefuseBodySchema = z.object({
  reason: multiLineText({ max: 500, min: 5, required: FAL_LICENSE_MESSAGES.reason }),
});
