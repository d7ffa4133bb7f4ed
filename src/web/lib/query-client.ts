import { QueryClient } from '@tanstack/react-query';
import { fetchQuery } from './api';

/** docs/product.md#client-behaviour: no retries, no refetch on focus, never stale by default. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: fetchQuery,
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
    },
    mutations: { retry: false },
  },
});
