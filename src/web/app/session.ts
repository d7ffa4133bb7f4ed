import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../lib/api';
import { queryClient } from '../lib/query-client';

export type Profile = {
  id: string;
  phone: string;
  brokerCode: string;
  fullName: string | null;
  officeName: string | null;
  secondPhone: string | null;
  bio: string | null;
  falLicense: string | null;
  email: string | null;
  city: string | null;
  isActive: boolean;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  activationRequestedAt: string | null;
  createdAt: string;
};

export const PROFILE_KEY = ['/api/broker/profile'] as const;

/** Signed in when the profile read returns data; 401 or any failure means signed out. */
export function useSession(): { profile: Profile | null; isLoading: boolean } {
  const query = useQuery({
    queryKey: PROFILE_KEY,
    queryFn: async () => {
      try {
        return await apiRequest<Profile>('GET', PROFILE_KEY[0]);
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
      await apiRequest('POST', '/api/auth/logout');
    } catch (error) {
      // Spec section 8: a logout failure is only logged; the local session ends anyway.
      console.error('logout failed', error);
    }
    queryClient.clear();
    navigate(to, { replace: true });
  };
}
