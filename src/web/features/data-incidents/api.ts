import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '#contract/common';
import { dataIncidentEndpoints } from '#contract/data-incidents';
import { type BodyOf, callApi, type QueryOf } from '#lib/api';
import { type MutationCallbacks, refreshAfter, rootKeys } from '#lib/query-keys';

export type DataIncident = ResponseOf<typeof dataIncidentEndpoints.list>['items'][number];
export type NewDataIncident = BodyOf<typeof dataIncidentEndpoints.create>;
export type DataIncidentChange = BodyOf<typeof dataIncidentEndpoints.update>;
type Filters = QueryOf<typeof dataIncidentEndpoints.list>;

const all = [...rootKeys.superadmin, 'data-incidents'] as const;

/**
 * The breach register, read fresh and every minute while open: the clocks move with the time,
 * and the server computes them.
 */
export const dataIncidentsQuery = (filters: Filters) =>
  queryOptions({
    queryKey: [...all, filters] as const,
    queryFn: () => callApi(dataIncidentEndpoints.list, { query: filters }),
    staleTime: 0,
    refetchInterval: 60_000,
  });

export function useRecordDataIncident(
  callbacks: MutationCallbacks<DataIncident, NewDataIncident> = {},
) {
  return useMutation({
    mutationFn: (body: NewDataIncident) => callApi(dataIncidentEndpoints.create, { body }),
    ...refreshAfter(callbacks, all),
  });
}

/** A change of one incident: a notice, the measures, closing or reopening. */
export function useChangeDataIncident(
  id: string,
  callbacks: MutationCallbacks<DataIncident, DataIncidentChange> = {},
) {
  return useMutation({
    mutationFn: (change: DataIncidentChange) =>
      callApi(dataIncidentEndpoints.update, { params: { id }, body: change }),
    ...refreshAfter(callbacks, all),
  });
}
