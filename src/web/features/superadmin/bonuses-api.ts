import { queryOptions, useMutation } from '@tanstack/react-query';
import { bonusEndpoints } from '#contract/bonuses';
import type { ResponseOf } from '#contract/common';
import { type BodyOf, callApi } from '#lib/api';
import { type MutationCallbacks, refreshAfter, rootKeys } from '#lib/query-keys';

// ---------- bonuses (decision record 074) ----------

const bonusesKey = [...rootKeys.superadmin, 'bonuses'] as const;

export type Bonus = ResponseOf<typeof bonusEndpoints.list>['items'][number];
type BonusBody = BodyOf<typeof bonusEndpoints.create>;

/** The bonuses, the latest ending first, with how many brokers were paid each. */
export const bonusesQuery = () =>
  queryOptions({ queryKey: bonusesKey, queryFn: () => callApi(bonusEndpoints.list) });

export function useCreateBonus(callbacks: MutationCallbacks<Bonus, BonusBody> = {}) {
  return useMutation({
    mutationFn: (body: BonusBody) => callApi(bonusEndpoints.create, { body }),
    ...refreshAfter(callbacks, bonusesKey),
  });
}

/** Stops a bonus at once: nobody is paid it from then on. */
export function useCloseBonus(callbacks: MutationCallbacks<Bonus, string> = {}) {
  return useMutation({
    mutationFn: (id: string) => callApi(bonusEndpoints.close, { params: { id } }),
    ...refreshAfter(callbacks, bonusesKey),
  });
}

/** Deletes a bonus nobody has reached (the server refuses one that was paid). */
export function useRemoveBonus(callbacks: MutationCallbacks<unknown, string> = {}) {
  return useMutation({
    mutationFn: (id: string) => callApi(bonusEndpoints.remove, { params: { id } }),
    ...refreshAfter(callbacks, bonusesKey),
  });
}
