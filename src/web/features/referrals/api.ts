import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '#contract/common';
import { referralEndpoints } from '#contract/referrals';
import { tenantFormEndpoints } from '#contract/tenant-forms';
import { type BodyOf, callApi, type QueryOf } from '#lib/api';
import { type MutationCallbacks, POLL_MS, refreshAfter, rootKeys } from '#lib/query-keys';
import type { Referral } from '#lib/types';

type ReferralFilters = QueryOf<typeof referralEndpoints.list>;

const referralKeys = {
  all: rootKeys.referrals,
  list: (filters: ReferralFilters) => [...rootKeys.referrals, 'list', filters] as const,
  details: (id: string) => [...rootKeys.referrals, 'details', id] as const,
};

/** The broker's referrals, filtered and paged; polled. */
const referralListQuery = (filters: ReferralFilters = {}) =>
  queryOptions({
    queryKey: referralKeys.list(filters),
    queryFn: () => callApi(referralEndpoints.list, { query: filters }),
    refetchInterval: POLL_MS,
  });

/** One referral with the tenant's submitted data. */
const referralDetailsQuery = (id: string) =>
  queryOptions({
    queryKey: referralKeys.details(id),
    queryFn: () => callApi(referralEndpoints.details, { params: { id } }),
  });

export const useReferrals = (filters: ReferralFilters = {}) => useQuery(referralListQuery(filters));

/** One referral's details; none asked while `id` is empty. */
export const useReferralDetails = (id: string) =>
  useQuery({ ...referralDetailsQuery(id), enabled: id !== '' });

type NewReferral = BodyOf<typeof referralEndpoints.create>;

/** Refers a tenant; then the referrals and the dashboard figures are read again. */
export function useCreateReferral(callbacks: MutationCallbacks<Referral, NewReferral> = {}) {
  return useMutation({
    mutationFn: (body: NewReferral) => callApi(referralEndpoints.create, { body }),
    ...refreshAfter(callbacks, referralKeys.all, rootKeys.dashboard),
  });
}

type LinkDelivery = ResponseOf<typeof referralEndpoints.resendLink>;

/** Sends the tenant's form link again after it failed; then the referral is read again. */
export function useResendLink(id: string, callbacks: MutationCallbacks<LinkDelivery> = {}) {
  return useMutation({
    mutationFn: () => callApi(referralEndpoints.resendLink, { params: { id } }),
    ...refreshAfter(callbacks, referralKeys.details(id)),
  });
}

const FILES_PREFIX = tenantFormEndpoints.download.path.replace(':key', '');
const LINKS_PREFIX = tenantFormEndpoints.openLink.path.replace(':id/:kind', '');

/** A document the server keeps privately (downloaded from it), not a link the tenant typed. */
export const isPrivateFile = (href: string) =>
  href.startsWith(FILES_PREFIX) && !href.startsWith(LINKS_PREFIX);
