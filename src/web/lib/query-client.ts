import { QueryClient } from '@tanstack/react-query';

/**
 * docs/product.md#client-behaviour: no retries, no refetch on focus, never stale by default.
 * No default reader: every query comes from a feature's `api.ts` (or lib/session.ts) with its
 * own structured key and `queryFn`.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
    },
    mutations: { retry: false },
  },
});
