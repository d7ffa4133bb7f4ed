import { queryOptions, useMutation } from '@tanstack/react-query';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import type { ResponseOf } from '#contract/common';
import { type BodyOf, callApi } from '#lib/api';
import { type MutationCallbacks, refreshAfter, rootKeys } from '#lib/query-keys';
import { adminKeys, type ReferralListFilters } from '../shared';

/** The console's answers: inferred from the contract the server serves, never re-typed. */
export type AdminReferral = ResponseOf<typeof adminReferralEndpoints.list>['items'][number];

export const adminReferralsQuery = (filters: ReferralListFilters) =>
  queryOptions({
    queryKey: adminKeys.referrals(filters),
    queryFn: () => callApi(adminReferralEndpoints.list, { query: filters }),
    staleTime: 0,
  });

/** The tenant's confidential submission behind a referral (audited on the server). */
export const adminTenantFormQuery = (referralId: string) =>
  queryOptions({
    queryKey: adminKeys.tenantForm(referralId),
    queryFn: () => callApi(adminReferralEndpoints.tenantForm, { params: { id: referralId } }),
    staleTime: 0,
  });

/** Each step of the referral, oldest first, naming who acted and the note written with it. */
export const referralHistoryQuery = (referralId: string) =>
  queryOptions({
    queryKey: adminKeys.referralHistory(referralId),
    queryFn: () => callApi(adminReferralEndpoints.history, { params: { id: referralId } }),
    staleTime: 0,
  });

type StatusChange = BodyOf<typeof adminReferralEndpoints.changeStatus>;

/**
 * Moves a referral on; then the console, the brokers' referrals, commissions and dashboard
 * figures are read again (a status change can create a commission).
 */
export function useChangeReferralStatus(
  referralId: string,
  callbacks: MutationCallbacks<unknown, StatusChange> = {},
) {
  return useMutation({
    mutationFn: (body: StatusChange) =>
      callApi(adminReferralEndpoints.changeStatus, { params: { id: referralId }, body }),
    ...refreshAfter(
      callbacks,
      adminKeys.all,
      rootKeys.referrals,
      rootKeys.commissions,
      rootKeys.dashboard,
    ),
  });
}
