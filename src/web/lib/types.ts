/** Shapes of the API's answers: inferred from the contract the server serves, never re-typed. */
import type { z } from 'zod';
import type { referral, referralDetails } from '#contract/referrals';

export type Referral = z.infer<typeof referral>;
export type ReferralDetails = z.infer<typeof referralDetails>;
