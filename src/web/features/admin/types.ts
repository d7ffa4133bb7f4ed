/** The console's answers: inferred from the contract the server serves, never re-typed. */
import type { adminReferralEndpoints } from '#contract/admin/referrals';
import type { ResponseOf } from '#contract/common';

export type AdminReferral = ResponseOf<typeof adminReferralEndpoints.list>['items'][number];
export type AdminTenantForm = ResponseOf<typeof adminReferralEndpoints.tenantForm>;
