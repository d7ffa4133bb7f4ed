import { queryOptions } from '@tanstack/react-query';
import { adminAnalyticsEndpoints } from '#contract/admin/analytics';
import type { ResponseOf } from '#contract/common';
import { callApi } from '#lib/api';
import { type AnalyticsRange, adminKeys } from '../shared';

export type Analytics = ResponseOf<typeof adminAnalyticsEndpoints.analytics>;

export const analyticsQuery = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: adminKeys.analytics(range),
    queryFn: () => callApi(adminAnalyticsEndpoints.analytics, { query: range }),
    staleTime: 0,
  });
