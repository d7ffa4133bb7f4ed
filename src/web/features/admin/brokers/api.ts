import { queryOptions, useMutation } from '@tanstack/react-query';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import type { ResponseOf } from '#contract/common';
import { callApi } from '#lib/api';
import { type MutationCallbacks, refreshAfter, rootKeys } from '#lib/query-keys';
import { adminKeys, type BrokerFilters } from '../shared';

export type AdminBroker = ResponseOf<typeof adminBrokerEndpoints.list>['items'][number];

export const adminBrokersQuery = (filters: BrokerFilters) =>
  queryOptions({
    queryKey: adminKeys.brokers(filters),
    queryFn: () => callApi(adminBrokerEndpoints.list, { query: filters }),
    staleTime: 0,
  });

/** Activates or deactivates a broker; then the console and the super-admin lists. */
export function useToggleBroker(
  callbacks: MutationCallbacks<unknown, { id: string; activate: boolean }> = {},
) {
  return useMutation({
    mutationFn: ({ id, activate }: { id: string; activate: boolean }) =>
      callApi(activate ? adminBrokerEndpoints.activate : adminBrokerEndpoints.deactivate, {
        params: { id },
      }),
    ...refreshAfter(callbacks, adminKeys.all, rootKeys.superadmin),
  });
}

/** Activates a broker from the operations dashboard; then the console's reads. */
export function useActivateBroker(callbacks: MutationCallbacks<unknown, string> = {}) {
  return useMutation({
    mutationFn: (id: string) => callApi(adminBrokerEndpoints.activate, { params: { id } }),
    ...refreshAfter(callbacks, adminKeys.all),
  });
}
