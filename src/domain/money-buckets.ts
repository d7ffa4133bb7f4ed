/**
 * The broker's money in buckets, named once for every screen (issue 32): the commission
 * summary's tiles, the earnings chart's parts, the dashboards' total and the transfer form all
 * take their words from here. The buckets are the server's summary
 * (`commissionSummary` in src/server/ledger/balances.ts): total = paid + pending + requested +
 * onHold (the total net of deductions, decision 074), and toRecover beside them; pending is net
 * of toRecover, so screens show it split by
 * `pendingToShow`. The words are the product description's where it gives
 * them (a commission «معلقة», «مدفوعة»); a single commission's badge says the same word
 * without the article (`commissionStatusLabel`).
 */
const MONEY_BUCKET_KEYS = ['total', 'paid', 'pending', 'requested', 'onHold', 'toRecover'] as const;
type MoneyBucket = (typeof MONEY_BUCKET_KEYS)[number];

/**
 * What the transfer form calls the pending bucket, the amount a request may ask for: the
 * first words of the bucket's own explanation, so the two read as one thing.
 */
export const AVAILABLE_TO_TRANSFER = 'المتاح للتحويل';

interface BucketWords {
  /** The bucket's name on a tile, a chart's legend, a figure. */
  label: string;
  /** One line that says what is in it, under its tile. */
  explanation: string;
}

export const MONEY_BUCKETS: Record<MoneyBucket, BucketWords> = {
  total: { label: 'إجمالي العمولات', explanation: 'كل عمولاتك ما عدا الملغاة، بعد الخصومات' },
  paid: { label: 'المدفوعة', explanation: 'حُوِّلت إلى حسابك البنكي' },
  pending: {
    label: 'المعلقة',
    explanation: `${AVAILABLE_TO_TRANSFER} الآن: استحققتها ولم تطلب تحويلها بعد`,
  },
  requested: { label: 'قيد التحويل', explanation: 'في طلبات تحويل أرسلتها ولم تُدفع بعد' },
  onHold: {
    label: 'في فترة الانتظار',
    explanation: 'وُقّع عقدها وتنتظر انقضاء المدة قبل أن يُطلب تحويلها',
  },
  toRecover: {
    label: 'يُخصم من عمولاتك القادمة',
    explanation: 'ما بقي مما دُفع لك من عمولات أُلغيت، ومن الخصومات، بعد خصم ما استحققته منذ ذلك',
  },
};

/** The earnings chart's sum of everything not yet paid: pending, requested and on hold. */
export const UNPAID: BucketWords = {
  label: 'غير المدفوعة',
  explanation: 'المعلقة وقيد التحويل وفي فترة الانتظار معاً',
};

/** The summary as the server sends it: money as two-decimal strings. */
type Summary = Readonly<Record<MoneyBucket | 'reversed', string>>;

/**
 * A broker who has never earned anything: no commission, paid, held or reversed. Screens then
 * show one empty state, not a row of zeros.
 */
export const hasNoMoney = (summary: Summary): boolean =>
  [...MONEY_BUCKET_KEYS, 'reversed' as const].every((key) => Number(summary[key]) === 0);

/**
 * The pending bucket as a broker reads it. The server's pending is net of what reversed paid
 * commissions still owe, so it is negative while that exceeds what is payable: the broker then
 * sees nothing available and, apart, what is left to deduct from commissions to come (never the
 * whole reversed amount beside a pending already reduced by it, which would read as taken twice).
 */
export function pendingToShow(summary: Pick<Summary, 'pending'>): {
  available: number;
  toDeduct: number;
} {
  const pending = Number(summary.pending);
  return { available: Math.max(0, pending), toDeduct: Math.max(0, -pending) };
}
