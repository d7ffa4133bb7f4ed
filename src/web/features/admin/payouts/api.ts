import { queryOptions, useMutation } from '@tanstack/react-query';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import type { ResponseOf } from '#contract/common';
import type { PayoutStatus } from '#domain';
import { type BodyOf, callApi, endpointUrl } from '#lib/api';
import { invalidate, type MutationCallbacks, refreshAfter, rootKeys } from '#lib/query-keys';
import { adminKeys } from '../shared';

export type AdminPayout = ResponseOf<typeof adminPayoutEndpoints.list>['items'][number];

/** Payouts of one state, a page at a time (the payouts card; the open transfer requests). */
export const payoutsQuery = (status: PayoutStatus, page: number) =>
  queryOptions({
    queryKey: adminKeys.payouts(status, page),
    queryFn: () => callApi(adminPayoutEndpoints.list, { query: { status, page } }),
    staleTime: 0,
  });

/** How many payouts wait at each step of the work, and their sums. */
export const payoutStepsQuery = () =>
  queryOptions({
    queryKey: adminKeys.payoutSteps,
    queryFn: () => callApi(adminPayoutEndpoints.steps),
    staleTime: 0,
  });

export type PayoutStepTotals = ResponseOf<typeof adminPayoutEndpoints.steps>;

/** A bank file downloaded stamps its payouts: the card is read again. */
export const refreshPayouts = () => invalidate(adminKeys.all);

export type PayoutMarking = BodyOf<typeof adminPayoutEndpoints.mark>;
export type PayoutMarked = ResponseOf<typeof adminPayoutEndpoints.mark>;

/** Approves, sends or marks paid the chosen payouts in one call; then the console. */
export function useMarkPayouts(callbacks: MutationCallbacks<PayoutMarked, PayoutMarking> = {}) {
  return useMutation({
    mutationFn: (body: PayoutMarking) => callApi(adminPayoutEndpoints.mark, { body }),
    ...refreshAfter(callbacks, adminKeys.all),
  });
}

type DueRun = ResponseOf<typeof adminPayoutEndpoints.payDue>;

/** «دفع كل المستحق»: a draft payout per broker with at least the minimum due. */
export function usePayDue(callbacks: MutationCallbacks<DueRun, void> = {}) {
  return useMutation({
    mutationFn: () => callApi(adminPayoutEndpoints.payDue),
    ...refreshAfter(callbacks, adminKeys.all),
  });
}

/** Records that the bank returned a payout, with the reason. */
export function useFailPayout(
  callbacks: MutationCallbacks<unknown, { id: string; reason: string }> = {},
) {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      callApi(adminPayoutEndpoints.fail, { params: { id }, body: { reason } }),
    ...refreshAfter(callbacks, adminKeys.all),
  });
}

type Cancelled = ResponseOf<typeof adminPayoutEndpoints.cancel>;

/** Cancels a payout no bank has been given, with the reason the broker reads. */
export function useCancelPayout(
  callbacks: MutationCallbacks<Cancelled, { id: string; reason: string }> = {},
) {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      callApi(adminPayoutEndpoints.cancel, { params: { id }, body: { reason } }),
    ...refreshAfter(callbacks, adminKeys.all, rootKeys.commissions),
  });
}

/** An open transfer request paid (with the bank's reference) or rejected, with its toast. */
type RequestAction = (
  | { kind: 'pay-request'; id: string; transferReference: string | null }
  | { kind: 'reject-request'; id: string; reason: string }
) & { success: string };

const requestCall = (action: RequestAction) => {
  const params = { id: action.id };
  if (action.kind === 'reject-request') {
    return callApi(adminPayoutEndpoints.reject, { params, body: { reason: action.reason } });
  }
  const body = action.transferReference ? { transferReference: action.transferReference } : {};
  return callApi(adminPayoutEndpoints.pay, { params, body });
};

/** Pays or rejects an open transfer request; then the console. */
export function useRequestAction(callbacks: MutationCallbacks<unknown, RequestAction> = {}) {
  return useMutation({
    mutationFn: (action: RequestAction) => requestCall(action),
    ...refreshAfter(callbacks, adminKeys.all),
  });
}

export const BANK_FILE_URL = endpointUrl(adminPayoutEndpoints.bankFile);
/** A bank file again, for a lost download. */
export const bankFileAgainUrl = (batch: string) =>
  endpointUrl(adminPayoutEndpoints.bankFileAgain, { params: { batch } });

// ---------- the payments' documents (decision 071) ----------

export type PaymentDocument = ResponseOf<typeof adminPayoutEndpoints.documents>[number];

/** A Riyadh month's payment documents (`YYYY-MM`), newest first. */
export const documentsQuery = (month: string) =>
  queryOptions({
    queryKey: adminKeys.documents(month),
    queryFn: () => callApi(adminPayoutEndpoints.documents, { query: { month } }),
    staleTime: 0,
  });

/** A payment document's printable page (a new tab; the server audits it). */
export const documentUrl = (id: string) =>
  endpointUrl(adminPayoutEndpoints.document, { params: { id } });
/** A tax invoice's UBL XML, a download. */
export const documentXmlUrl = (id: string) =>
  endpointUrl(adminPayoutEndpoints.documentXml, { params: { id } });
/** The month's documents as a ZIP for the accountant. */
export const documentsExportUrl = (month: string) =>
  endpointUrl(adminPayoutEndpoints.documentsExport, { query: { month } });
