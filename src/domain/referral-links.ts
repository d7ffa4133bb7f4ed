/**
 * A broker's own referral link and its QR code: where a referral came from, and the
 * link's code, short enough to read aloud yet not guessable.
 */
export const REFERRAL_SOURCES = ['typed', 'link', 'qr'] as const;
export type ReferralSource = (typeof REFERRAL_SOURCES)[number];

const SOURCE_LABELS: Record<ReferralSource, string> = {
  typed: 'أدخله الوسيط',
  link: 'رابط',
  qr: 'رمز QR',
};
export const referralSourceLabel = (source: ReferralSource): string => SOURCE_LABELS[source];

/**
 * What the link brought is counted over this many Riyadh weeks (Sunday first): the week in
 * progress and those before it. The broker's card names the period from it.
 */
export const LINK_FUNNEL_WEEKS = 8;

/** Letters and digits nobody confuses when reading aloud (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V). */
export const LINK_CODE_ALPHABET = '34679ACDEFGHJKMNPQRTWXY';
/** 23⁸ ≈ 78 billion codes; every guess is rate-limited per address. */
export const LINK_CODE_LENGTH = 8;
export const isLinkCode = (value: string): boolean =>
  value.length === LINK_CODE_LENGTH && [...value].every((ch) => LINK_CODE_ALPHABET.includes(ch));
