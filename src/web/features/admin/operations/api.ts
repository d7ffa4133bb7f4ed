import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOperationsEndpoints } from '#contract/admin/operations';
import type { ResponseOf } from '#contract/common';
import { callApi } from '#lib/api';
import { adminKeys } from '../shared';

export type Operations = ResponseOf<typeof adminOperationsEndpoints.dashboard>;

/** The console's cards. */
export const adminSummaryQuery = () =>
  queryOptions({
    queryKey: adminKeys.summary,
    queryFn: () => callApi(adminOperationsEndpoints.summary),
    staleTime: 0,
  });

/** The operations dashboard; polled every 30 s. */
const operationsQuery = () =>
  queryOptions({
    queryKey: adminKeys.operations,
    queryFn: () => callApi(adminOperationsEndpoints.dashboard),
    refetchInterval: 30_000,
  });

export const useOperations = () => useQuery(operationsQuery());
