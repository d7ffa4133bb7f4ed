import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { brokerEndpoints } from '#contract/brokers';
import { referralEndpoints } from '#contract/referrals';
import { callApi } from '#lib/api';
import { type MutationCallbacks, POLL_MS, rootKeys } from '#lib/query-keys';
import { refreshSession } from '#lib/session';

export { useReferrals } from '../referrals';

const dashboardKeys = {
  all: rootKeys.dashboard,
  metrics: [...rootKeys.dashboard, 'metrics'] as const,
};

/** The broker's dashboard figures; polled. */
const metricsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.metrics,
    queryFn: () => callApi(referralEndpoints.metrics),
    refetchInterval: POLL_MS,
  });

export const useMetrics = () => useQuery(metricsQuery());

/** An inactive broker asks the team to activate the account; then the profile is read again. */
export function useRequestActivationMutation(callbacks: MutationCallbacks = {}) {
  return useMutation({
    mutationFn: () => callApi(brokerEndpoints.requestActivation),
    onSuccess: async () => {
      callbacks.onSuccess?.(undefined, undefined);
      await refreshSession();
    },
    ...(callbacks.onError ? { onError: callbacks.onError } : {}),
  });
}
