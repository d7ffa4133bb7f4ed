/**
 * Fraud and duplicate signals (docs/decisions/042-fraud-signals.md): what the
 * product notices, records with its reason and shows to admins, holding the affected money
 * until an admin resolves or dismisses it.
 */
export const SIGNAL_KINDS = [
  'own_phone',
  'multi_broker_tenant',
  'rent_outlier',
  'rent_mismatch',
  'referral_burst',
  'shared_iban',
  'staff_referral',
  'duplicate_contract',
] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

const KIND_LABELS: Record<SignalKind, string> = {
  own_phone: 'جوال المستأجر هو جوال الوسيط',
  multi_broker_tenant: 'مستأجر رشّحه أكثر من وسيط',
  rent_outlier: 'إيجار أعلى بكثير من المعتاد في المدينة',
  rent_mismatch: 'إيجار العقد يختلف عن المُعلن',
  referral_burst: 'إحالات كثيرة في يوم واحد',
  shared_iban: 'آيبان مسجل لأكثر من وسيط',
  staff_referral: 'إحالة من حساب موظف',
  duplicate_contract: 'رقم عقد إيجار مستخدم في إحالة أخرى',
};
export const signalKindLabel = (kind: SignalKind): string => KIND_LABELS[kind];

/**
 * What an open signal holds: its referral's commission, all the broker's payable money and
 * payouts (a shared IBAN), or nothing (a refused attempt, recorded).
 */
export const SIGNAL_SCOPES = ['referral', 'broker', 'none'] as const;
export type SignalScope = (typeof SIGNAL_SCOPES)[number];

export const SIGNAL_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type SignalStatus = (typeof SIGNAL_STATUSES)[number];

const STATUS_LABELS: Record<SignalStatus, string> = {
  open: 'مفتوح',
  resolved: 'تمت المعالجة',
  dismissed: 'تم التجاهل',
};
export const signalStatusLabel = (status: SignalStatus): string => STATUS_LABELS[status];

/** A contract rent further than this from the declared one is a signal (25%). */
export const RENT_MISMATCH_RATIO = 0.25;
/** A declared rent above this many times its city's median is a signal. */
export const RENT_OUTLIER_FACTOR = 5;
/** The fewest referrals with a rent in a city for its median to mean anything. */
export const RENT_MEDIAN_MIN_SAMPLES = 5;
/** Referrals one broker may send in a Riyadh day before each further one is a signal. */
export const DEFAULT_DAILY_REFERRALS = 20;
