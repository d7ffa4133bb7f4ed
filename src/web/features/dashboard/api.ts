import { queryOptions, useQuery } from '@tanstack/react-query';
import { referralEndpoints } from '#contract/referrals';
import { callApi } from '#lib/api';
import { POLL_MS, rootKeys } from '#lib/query-keys';

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
