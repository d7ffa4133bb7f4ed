import type { adminReferralEndpoints } from '#contract/admin/referrals';
import type { authEndpoints } from '#contract/auth';
import type { brokerEndpoints } from '#contract/brokers';
import type { commissionEndpoints } from '#contract/commissions';
import type { ResponseOf } from '#contract/common';
import type { notificationEndpoints } from '#contract/notifications';
import type { referralEndpoints } from '#contract/referrals';

/**
 * The API's answers as the tests read them, for `json<T>()`: inferred from the contract the
 * server serves, so a test reads exactly what a caller receives and a misspelt field is a
 * compile error.
 */

/** Every refusal: an Arabic message for the person, a code for the program. */
export type ApiError = { message: string; code: string };

export type { Page } from '#contract/common';
export type Profile = ResponseOf<typeof brokerEndpoints.profile>;
export type SignedIn = ResponseOf<typeof authEndpoints.login>;
export type CommissionSummary = ResponseOf<typeof commissionEndpoints.summary>;
export type CommissionPage = ResponseOf<typeof commissionEndpoints.list>;
export type Commission = CommissionPage['items'][number];
export type StatusChange = ResponseOf<typeof adminReferralEndpoints.changeStatus>;
export type AdminReferral = ResponseOf<typeof adminReferralEndpoints.list>['items'][number];
export type Notifications = ResponseOf<typeof notificationEndpoints.list>;
export type ReferralDetails = ResponseOf<typeof referralEndpoints.details>;

/** A refused input (400): the refusal, with the Arabic message for each field it refused. */
export type ValidationError = ApiError & { fields: Record<string, string> };

/** A password sign-in refused because the phone must first verify by code (403 OTP_REQUIRED). */
export type CodeRequired = ApiError & { requiresOtp: boolean };
