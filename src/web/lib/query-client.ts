import { QueryClient } from '@tanstack/react-query';
import { fetchQuery } from './api';

/** Spec section 7: no retries, no refetch on focus, data never stale unless a query says so. */
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
