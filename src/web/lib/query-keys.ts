import { queryClient } from './query-client';

/**
 * The roots of the query keys, one per area of the API. Every key a feature's `api.ts` builds
 * starts with its area's root (`['referrals', 'list', filters]`), so a change refreshes an area
 * — or one part of it — by key prefix.
 */
export const rootKeys = {
  referrals: ['referrals'],
  dashboard: ['dashboard'],
  commissions: ['commissions'],
  broker: ['broker'],
  notifications: ['notifications'],
  conversations: ['conversations'],
  office: ['office'],
  tenantForm: ['tenant-form'],
  admin: ['admin'],
  superadmin: ['superadmin'],
  messaging: ['messaging'],
} as const;

/** docs/product.md#client-behaviour: the dashboard, referrals and commissions poll every 30 s. */
export const POLL_MS = 30_000;

/** After a change: every query whose key starts with one of these prefixes is read again. */
export async function invalidate(...prefixes: readonly (readonly unknown[])[]): Promise<void> {
  await Promise.all(prefixes.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * What a screen adds to a feature's mutation hook: `onSuccess` runs before the refresh (a toast,
 * closing a dialog), `onRefreshed` once the affected queries were read again (navigation).
 */
export type MutationCallbacks<TData = unknown, TVariables = void> = {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onRefreshed?: (data: TData, variables: TVariables) => void;
  onError?: (error: Error, variables: TVariables) => void;
};

/** A mutation's onSuccess/onError: the screen's callbacks around the refresh by key. */
export function refreshAfter<TData, TVariables>(
  callbacks: MutationCallbacks<TData, TVariables>,
  ...prefixes: readonly (readonly unknown[])[]
) {
  return {
    onSuccess: async (data: TData, variables: TVariables) => {
      callbacks.onSuccess?.(data, variables);
      await invalidate(...prefixes);
      callbacks.onRefreshed?.(data, variables);
    },
    ...(callbacks.onError ? { onError: callbacks.onError } : {}),
  };
}
