import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '#contract/common';
import { dataRequestEndpoints } from '#contract/data-requests';
import type { DataRequestStatus } from '#domain';
import { callApi } from '#lib/api';
import { type MutationCallbacks, POLL_MS, refreshAfter } from '#lib/query-keys';
import { adminKeys } from '../shared';

export type AdminDataRequest = ResponseOf<typeof dataRequestEndpoints.list>['items'][number];

/** Tenants' requests about their data, open first by deadline. */
export const dataRequestsQuery = (status: DataRequestStatus | undefined) =>
  queryOptions({
    queryKey: adminKeys.dataRequests(status),
    queryFn: () => callApi(dataRequestEndpoints.list, { query: status ? { status } : {} }),
    staleTime: 0,
    refetchInterval: POLL_MS,
  });

export type DataRequestAnswer =
  | { id: string; answer: 'correct' | 'erase' }
  | { id: string; answer: 'refuse'; reason: string };

/** Applies, erases or refuses; then every console list (an erasure cancels a referral). */
export function useAnswerDataRequest(
  callbacks: MutationCallbacks<unknown, DataRequestAnswer> = {},
) {
  return useMutation({
    mutationFn: (answer: DataRequestAnswer) =>
      answer.answer === 'refuse'
        ? callApi(dataRequestEndpoints.refuse, {
            params: { id: answer.id },
            body: { reason: answer.reason },
          })
        : callApi(dataRequestEndpoints[answer.answer], { params: { id: answer.id } }),
    ...refreshAfter(callbacks, adminKeys.all),
  });
}
