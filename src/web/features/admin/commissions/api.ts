import { queryOptions, useMutation } from '@tanstack/react-query';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import type { ResponseOf } from '#contract/common';
import { callApi } from '#lib/api';
import { type MutationCallbacks, refreshAfter } from '#lib/query-keys';
import { adminKeys, type CommissionFilters } from '../shared';

export type AdminCommission = ResponseOf<typeof adminCommissionEndpoints.list>['items'][number];

export const adminCommissionsQuery = (filters: CommissionFilters) =>
  queryOptions({
    queryKey: adminKeys.commissions(filters),
    queryFn: () => callApi(adminCommissionEndpoints.list, { query: filters }),
    staleTime: 0,
  });

/** A commission's payment confirmed (with the bank's reference) or reversed, with its toast. */
type CommissionAction = (
  | { kind: 'confirm-payment'; id: string; transferReference: string | null; vatAmount: string }
  | { kind: 'reverse'; id: string; reason: string }
) & { success: string };

const commissionCall = (action: CommissionAction) => {
  const params = { id: action.id };
  if (action.kind === 'reverse') {
    return callApi(adminCommissionEndpoints.reverse, { params, body: { reason: action.reason } });
  }
  const body = {
    vatAmount: action.vatAmount,
    ...(action.transferReference ? { transferReference: action.transferReference } : {}),
  };
  return callApi(adminCommissionEndpoints.confirmPayment, { params, body });
};

/** Confirms a commission's payment or reverses it; then the console. */
export function useCommissionAction(callbacks: MutationCallbacks<unknown, CommissionAction> = {}) {
  return useMutation({
    mutationFn: (action: CommissionAction) => commissionCall(action),
    ...refreshAfter(callbacks, adminKeys.all),
  });
}
