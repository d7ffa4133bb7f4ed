/**
 * Payouts (docs/decisions/043-payouts-and-the-bank-file.md): one broker's payable money at the
 * moment it is asked for, from the broker's own «طلب تحويل» or from an admin's «دفع كل المستحق».
 * A `draft` waits for approval; `approved`, `sent` and `paid` follow; the bank may return a sent
 * one (`failed`); a draft or an approved one may be `rejected` (the broker's request refused) or
 * `cancelled` (withdrawn by the team before any bank had it: docs/decisions/061).
 */
export const PAYOUT_STATUSES = [
  'draft',
  'approved',
  'sent',
  'paid',
  'failed',
  'rejected',
  'cancelled',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** The states whose amount the broker's money counts as requested: not yet settled. */
export const UNSETTLED_PAYOUT_STATUSES = ['draft', 'approved', 'sent'] as const;

/**
 * How a payout is named: the console's «دفعة» (feminine) or the broker's «طلب تحويل»
 * (masculine). A state's word agrees with the noun it describes.
 */
export type PayoutNoun = 'payout' | 'request';

/**
 * Each state once, in the words of both screens. The console follows the work (a draft, one
 * approved, sent, paid); the broker follows the request: a draft is simply under review, and a
 * paid one is a transfer made.
 */
const PAYOUT_STATUS_WORDS: Record<PayoutStatus, Record<PayoutNoun, string>> = {
  draft: { payout: 'مسودة', request: 'قيد المراجعة' },
  approved: { payout: 'معتمدة', request: 'معتمد للتحويل' },
  sent: { payout: 'أُرسلت إلى البنك', request: 'أُرسل إلى البنك' },
  paid: { payout: 'مدفوعة', request: 'تم التحويل' },
  failed: { payout: 'فشل التحويل', request: 'فشل التحويل' },
  rejected: { payout: 'مرفوضة', request: 'مرفوض' },
  cancelled: { payout: 'ملغاة', request: 'ملغى' },
};

/** A payout's state in words: «معتمدة» of a «دفعة» (the default), «معتمد للتحويل» of a «طلب تحويل». */
export const payoutStatusLabel = (status: PayoutStatus, noun: PayoutNoun = 'payout'): string =>
  PAYOUT_STATUS_WORDS[status][noun];

export const PAYOUT_SOURCES = ['request', 'bulk'] as const;
export type PayoutSource = (typeof PAYOUT_SOURCES)[number];

/** After a broker replaces the IBAN on the profile, no payout moves for this long. */
export const IBAN_CHANGE_HOLD_HOURS = 48;

/** "Pay everything due" leaves out brokers with less than this payable (riyals). */
export const DEFAULT_PAYOUT_MINIMUM = 500;

/**
 * A payout of at least this many riyals must be marked sent and paid by someone other than the
 * admin who approved it (decision 047). Super-admins change it; 0 puts every payout
 * under two people.
 */
export const DEFAULT_PAYOUT_DUAL_CONTROL_AMOUNT = 10_000;

/** The reference a payout carries in the bank file and on the bank statement. */
export const payoutReference = (id: string): string =>
  `SHR-${id.replaceAll('-', '').slice(0, 10).toUpperCase()}`;
