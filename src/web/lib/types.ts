/** Shapes of the API's answers: inferred from the contract the server serves, never re-typed. */
import type { z } from 'zod';
import type { commission, commissionSummary, payout } from '#contract/commissions';
import type { metrics, referral, referralDetails } from '#contract/referrals';

export type { Page } from '#contract/common';
export type Referral = z.infer<typeof referral>;
export type ReferralDetails = z.infer<typeof referralDetails>;
export type Metrics = z.infer<typeof metrics>;
export type Commission = z.infer<typeof commission>;
export type CommissionSummary = z.infer<typeof commissionSummary>;
export type Payout = z.infer<typeof payout>;
