import { queryOptions, useMutation } from '@tanstack/react-query';
import { adminSignalEndpoints } from '#contract/admin/signals';
import type { ResponseOf } from '#contract/common';
import { callApi } from '#lib/api';
import { type MutationCallbacks, POLL_MS, refreshAfter } from '#lib/query-keys';
import { adminKeys, type SignalFilters } from '../shared';

export type FraudSignal = ResponseOf<typeof adminSignalEndpoints.list>['items'][number];

/** One page of the fraud and duplicate signals, newest first. */
export const signalsQuery = (filters: SignalFilters) =>
  queryOptions({
    queryKey: adminKeys.signals(filters),
    queryFn: () => callApi(adminSignalEndpoints.list, { query: filters }),
    staleTime: 0,
    refetchInterval: POLL_MS,
  });

export type SignalDecision = { id: string; decision: 'resolve' | 'dismiss'; note: string };

/** Resolves or dismisses a signal; then every console list (the money it held moves). */
export function useCloseSignal(callbacks: MutationCallbacks<unknown, SignalDecision> = {}) {
  return useMutation({
    mutationFn: ({ id, decision, note }: SignalDecision) =>
      callApi(adminSignalEndpoints[decision], { params: { id }, body: { note } }),
    ...refreshAfter(callbacks, adminKeys.all),
  });
}
