export type CommissionRule = { minimum: number; rate: number };

/** 1% of the annual rent, never less than 500 riyals: the landing page's promise. */
export const DEFAULT_COMMISSION_RULE: CommissionRule = { minimum: 500, rate: 0.01 };

export function estimateCommission(
  annualRent: number | null | undefined,
  rule: CommissionRule = DEFAULT_COMMISSION_RULE,
): number {
  const share = Math.round((annualRent ?? 0) * rule.rate * 100) / 100;
  return Math.max(rule.minimum, share);
}
