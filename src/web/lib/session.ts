import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { authEndpoints } from '#contract/auth';
import { brokerEndpoints, type profile } from '#contract/brokers';
import { callApi } from './api';
import { dropFirstReads } from './first-reads';
import { queryClient } from './query-client';
import { rootKeys } from './query-keys';

/** The signed-in broker, as the contract declares the profile call's answer. */
export type Profile = z.infer<typeof profile>;

export const PROFILE_KEY = [...rootKeys.broker, 'profile'] as const;

/** Signed in when the profile read returns data; 401 or any failure means signed out. */
export function useSession(): { profile: Profile | null; isLoading: boolean } {
  const query = useQuery({
    queryKey: PROFILE_KEY,
    queryFn: async () => {
      try {
        return await callApi(brokerEndpoints.profile);
      } catch {
        return null;
      }
    },
  });
  return { profile: query.data ?? null, isLoading: query.isLoading };
}

/** After sign-in or account creation: read the profile again before moving on. */
export function refreshSession(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
}

export function useLogout(to: string): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    try {
      await callApi(authEndpoints.logout);
    } catch (error) {
      // A failed logout is only logged; the session ends anyway (docs/product.md#client-behaviour).
      console.error('logout failed', error);
    }
    queryClient.clear();
    dropFirstReads();
    navigate(to, { replace: true });
  };
}
