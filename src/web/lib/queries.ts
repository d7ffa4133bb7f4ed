import { useQuery } from '@tanstack/react-query';
import { queryClient } from './query-client';
import type {
  Commission,
  CommissionSummary,
  Metrics,
  Page,
  Referral,
  ReferralDetails,
  TransferRequest,
} from './types';

/** docs/product.md#client-behaviour: the dashboard, referrals and commissions poll every 30 s. */
const POLL_MS = 30_000;

export type ReferralFilters = {
  status?: string | undefined;
  phone?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page?: number;
  pageSize?: number;
};

export function referralsUrl(filters: ReferralFilters = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `/api/referrals?${query}` : '/api/referrals';
}

export const useMetrics = () =>
  useQuery<Metrics>({ queryKey: ['/api/dashboard/metrics'], refetchInterval: POLL_MS });

export const useReferrals = (filters: ReferralFilters = {}) =>
  useQuery<Page<Referral>>({ queryKey: [referralsUrl(filters)], refetchInterval: POLL_MS });

export const useReferralDetails = (id: string) =>
  useQuery<ReferralDetails>({ queryKey: [`/api/referrals/${id}/details`] });

export const useCommissions = () =>
  useQuery<Commission[]>({ queryKey: ['/api/commissions'], refetchInterval: POLL_MS });

export const useCommissionSummary = () =>
  useQuery<CommissionSummary>({ queryKey: ['/api/commissions/summary'], refetchInterval: POLL_MS });

export const useTransferRequests = () =>
  useQuery<TransferRequest[]>({ queryKey: ['/api/commissions/transfer-requests'] });

/** After a change: every list whose URL starts with one of these prefixes is read again. */
export function refreshQueries(...prefixes: string[]): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => prefixes.some((prefix) => String(query.queryKey[0]).startsWith(prefix)),
  });
}
