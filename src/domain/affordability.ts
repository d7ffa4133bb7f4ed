/**
 * Whether a tenant can carry the rent monthly: the monthly rent (the annual rent ÷ 12) against
 * the net monthly salary (income − monthly obligations), for the reviewers of a referral.
 * The bands follow the one-third cap SAMA sets on a salaried borrower's monthly repayments:
 * up to a third of the net salary is comfortable, up to a half is stretched, beyond that (or no
 * net salary at all) the rent is beyond the tenant's means.
 */
export const AFFORDABLE_SHARE = 1 / 3;
export const STRETCHED_SHARE = 1 / 2;

export const AFFORDABILITY_LEVELS = ['comfortable', 'stretched', 'beyond'] as const;
export type AffordabilityLevel = (typeof AFFORDABILITY_LEVELS)[number];

export const AFFORDABILITY_LABELS: Record<AffordabilityLevel, string> = {
  comfortable: 'في حدود القدرة',
  stretched: 'مرتفع',
  beyond: 'يتجاوز القدرة',
};

export type Affordability = {
  /** Income less obligations, in riyals (may be zero or negative). */
  netMonthly: number;
  /** The annual rent ÷ 12, in riyals. */
  monthlyRent: number;
  /** The monthly rent's share of the net salary, in whole percent; null when nothing is left. */
  percent: number | null;
  level: AffordabilityLevel;
};

const amount = (value: number | string | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'string' ? Number(value) : value;
  return Number.isFinite(number) ? number : null;
};

/** Null when the rent or the tenant's figures are not known yet. */
export function affordability(input: {
  monthlyIncome: number | string | null | undefined;
  monthlyObligations: number | string | null | undefined;
  annualRent: number | string | null | undefined;
}): Affordability | null {
  const income = amount(input.monthlyIncome);
  const obligations = amount(input.monthlyObligations) ?? 0;
  const annualRent = amount(input.annualRent);
  if (income === null || annualRent === null || annualRent <= 0) return null;
  // In cents, so that 36,000 ÷ 12 and 10,000 − 2,500 carry no floating-point residue.
  const netCents = Math.round(income * 100) - Math.round(obligations * 100);
  const rentCents = Math.round((annualRent * 100) / 12);
  if (netCents <= 0) {
    return {
      netMonthly: netCents / 100,
      monthlyRent: rentCents / 100,
      percent: null,
      level: 'beyond',
    };
  }
  const share = rentCents / netCents;
  return {
    netMonthly: netCents / 100,
    monthlyRent: rentCents / 100,
    percent: Math.round(share * 100),
    level:
      share <= AFFORDABLE_SHARE ? 'comfortable' : share <= STRETCHED_SHARE ? 'stretched' : 'beyond',
  };
}
