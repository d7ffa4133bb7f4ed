export const REFERRAL_STATUS_KEYS = [
  'pending_completion',
  'under_review',
  'accepted_awaiting_owner_contract',
  'preparing_tenant_contract',
  'contract_signed',
  'commission_added',
  'rejected',
  'cancelled',
] as const;

export type ReferralStatus = (typeof REFERRAL_STATUS_KEYS)[number];

export const REFERRAL_STATUSES: readonly { key: ReferralStatus; label: string; emoji: string }[] = [
  { key: 'pending_completion', label: 'في انتظار إكمال الطلب', emoji: '⏳' },
  { key: 'under_review', label: 'قيد المراجعة', emoji: '🔍' },
  { key: 'accepted_awaiting_owner_contract', label: 'تم القبول - بانتظار عقد المالك', emoji: '✅' },
  { key: 'preparing_tenant_contract', label: 'جاري إعداد عقد المستأجر', emoji: '📝' },
  { key: 'contract_signed', label: 'تم توقيع العقد', emoji: '✍️' },
  { key: 'commission_added', label: 'تمت إضافة العمولة', emoji: '💰' },
  { key: 'rejected', label: 'مرفوض', emoji: '❌' },
  { key: 'cancelled', label: 'ملغي', emoji: '🚫' },
];

/** Before the contract is signed: the referral is still being worked on. */
export const OPEN_REFERRAL_STATUSES: readonly ReferralStatus[] = REFERRAL_STATUS_KEYS.slice(0, 4);
export const COMPLETED_REFERRAL_STATUSES: readonly ReferralStatus[] = [
  'contract_signed',
  'commission_added',
];
export const TERMINAL_REFERRAL_STATUSES: readonly ReferralStatus[] = ['rejected', 'cancelled'];
/**
 * The statuses that concern a contract (the owner's, the tenant's, the signed one): moving a
 * referral to one of them records the contract's number. Decided by key, never by the wording
 * of a label.
 */
export const REFERRAL_STATUS_TAKES_CONTRACT: ReadonlySet<ReferralStatus> = new Set([
  'accepted_awaiting_owner_contract',
  'preparing_tenant_contract',
  'contract_signed',
]);

/**
 * The referral ownership window (docs/decisions/037-referral-ownership-window.md): a referral
 * whose tenant has sent nothing after REFERRAL_COMPLETION_DAYS is cancelled with
 * EXPIRED_REFERRAL_NOTE, and a tenant's phone stays with the broker who referred it for
 * REFERRAL_OWNERSHIP_DAYS unless the team rejects that referral.
 */
export const REFERRAL_COMPLETION_DAYS = 30;
export const REFERRAL_OWNERSHIP_DAYS = 90;
export const EXPIRED_REFERRAL_NOTE = 'انتهت مهلة إكمال البيانات';
export const TENANT_ALREADY_REFERRED = 'سبق ترشيح هذا المستأجر';

const isKey = (value: string): value is ReferralStatus =>
  (REFERRAL_STATUS_KEYS as readonly string[]).includes(value);

/** Unknown or missing values count as the first status (docs/product.md#referral-statuses). */
export function normalizeReferralStatus(value: string | null | undefined): ReferralStatus {
  return value && isKey(value) ? value : 'pending_completion';
}

const entryOf = (value: string | null | undefined) =>
  REFERRAL_STATUSES.find((s) => s.key === normalizeReferralStatus(value)) ?? REFERRAL_STATUSES[0];

export function referralStatusLabel(value: string | null | undefined): string {
  return entryOf(value)?.label ?? '';
}

export function referralStatusWithEmoji(value: string | null | undefined): string {
  const entry = entryOf(value);
  return entry ? `${entry.emoji} ${entry.label}` : '';
}

/** Accepts the key, the Arabic label, or the label with its emoji on either side. */
export function parseReferralStatus(input: string): ReferralStatus | null {
  // Emoji arrive with or without the variation selector (U+FE0F); compare without it.
  const text = input
    .replace(/\uFE0F/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (isKey(text)) return text;
  for (const status of REFERRAL_STATUSES) {
    const emoji = status.emoji.replace(/\uFE0F/g, '');
    if (text === status.label || text.replace(emoji, '').trim() === status.label) return status.key;
  }
  return null;
}

/** Whether moving a referral to this status records a contract number (unknown: the first). */
export function statusTakesContract(status: string | null | undefined): boolean {
  return REFERRAL_STATUS_TAKES_CONTRACT.has(normalizeReferralStatus(status));
}

export function referralProgress(status: string | null | undefined) {
  const key = normalizeReferralStatus(status);
  return {
    sent: true as const,
    reviewStarted: key !== 'pending_completion',
    contractCompleted: COMPLETED_REFERRAL_STATUSES.includes(key),
  };
}
