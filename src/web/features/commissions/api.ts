import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { brokerEndpoints } from '#contract/brokers';
import { commissionEndpoints } from '#contract/commissions';
import { type BodyOf, callApi, endpointUrl } from '#lib/api';
import { type MutationCallbacks, POLL_MS, refreshAfter, rootKeys } from '#lib/query-keys';

const commissionKeys = {
  all: rootKeys.commissions,
  list: (page: number) => [...rootKeys.commissions, 'list', page] as const,
  summary: [...rootKeys.commissions, 'summary'] as const,
  earnings: [...rootKeys.commissions, 'earnings'] as const,
  payouts: [...rootKeys.commissions, 'transfer-requests'] as const,
  documents: [...rootKeys.commissions, 'documents'] as const,
  deductions: [...rootKeys.commissions, 'deductions'] as const,
};

/** A page of the broker's commissions, then the potential ones; polled. */
const commissionListQuery = (page: number) =>
  queryOptions({
    queryKey: commissionKeys.list(page),
    queryFn: () => callApi(commissionEndpoints.list, { query: { page } }),
    refetchInterval: POLL_MS,
  });

/** Earned, pending and paid totals; polled. */
const commissionSummaryQuery = () =>
  queryOptions({
    queryKey: commissionKeys.summary,
    queryFn: () => callApi(commissionEndpoints.summary),
    refetchInterval: POLL_MS,
  });

/** Paid, held and pending per month over the last twelve; polled with the summary. */
const commissionEarningsQuery = () =>
  queryOptions({
    queryKey: commissionKeys.earnings,
    queryFn: () => callApi(commissionEndpoints.earnings),
    refetchInterval: POLL_MS,
  });

/** The broker's transfer requests; polled with the summary, so a state the team sets shows. */
const payoutsQuery = () =>
  queryOptions({
    queryKey: commissionKeys.payouts,
    queryFn: () => callApi(commissionEndpoints.payouts),
    refetchInterval: POLL_MS,
  });

export const useCommissions = (page: number) => useQuery(commissionListQuery(page));
export const useCommissionSummary = () => useQuery(commissionSummaryQuery());
export const useCommissionEarnings = () => useQuery(commissionEarningsQuery());
export const usePayouts = () => useQuery(payoutsQuery());

/** The deductions from the broker's money, newest first; polled with the summary. */
export const useDeductions = () =>
  useQuery({
    queryKey: commissionKeys.deductions,
    queryFn: () => callApi(commissionEndpoints.deductions),
    refetchInterval: POLL_MS,
  });

/** The broker's payment documents (tax invoices and statements), newest first. */
export const usePaymentDocuments = () =>
  useQuery({
    queryKey: commissionKeys.documents,
    queryFn: () => callApi(commissionEndpoints.documents),
  });

/** Where a document opens to print (a page of the server's) and where its XML downloads. */
export const documentUrl = (id: string) =>
  endpointUrl(commissionEndpoints.document, { params: { id } });
export const documentXmlUrl = (id: string) =>
  endpointUrl(commissionEndpoints.documentXml, { params: { id } });

/** The IBAN on the profile, and until when payouts wait after it was replaced. */
const bankAccountQuery = () =>
  queryOptions({
    queryKey: [...rootKeys.commissions, 'bank-account'] as const,
    queryFn: () => callApi(brokerEndpoints.bankAccount),
  });
export const useBankAccount = () => useQuery(bankAccountQuery());

type BankAccountBody = BodyOf<typeof brokerEndpoints.setBankAccount>;

/** Sets or replaces the IBAN with the password; then every money read is read again. */
export function useSetBankAccount(callbacks: MutationCallbacks<unknown, BankAccountBody> = {}) {
  return useMutation({
    mutationFn: (body: BankAccountBody) => callApi(brokerEndpoints.setBankAccount, { body }),
    ...refreshAfter(callbacks, commissionKeys.all),
  });
}

type PayoutRequest = BodyOf<typeof commissionEndpoints.requestPayout>;

/** Asks for a transfer of pending commissions; then every commission read is read again. */
export function useRequestPayout(callbacks: MutationCallbacks<unknown, PayoutRequest> = {}) {
  return useMutation({
    mutationFn: (body: PayoutRequest) => callApi(commissionEndpoints.requestPayout, { body }),
    ...refreshAfter(callbacks, commissionKeys.all),
  });
}
