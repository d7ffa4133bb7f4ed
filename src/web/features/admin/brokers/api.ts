import { queryOptions, useMutation } from '@tanstack/react-query';
import { activationQuestionEndpoints } from '#contract/activation-questions';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import type { ResponseOf } from '#contract/common';
import { groupEndpoints } from '#contract/groups';
import { officeEndpoints } from '#contract/offices';
import { type BodyOf, callApi, endpointUrl } from '#lib/api';
import { invalidate, type MutationCallbacks, refreshAfter, rootKeys } from '#lib/query-keys';
import { adminKeys, type BrokerFilters } from '../shared';

export type AdminBroker = ResponseOf<typeof adminBrokerEndpoints.list>['items'][number];

export const adminBrokersQuery = (filters: BrokerFilters) =>
  queryOptions({
    queryKey: adminKeys.brokers(filters),
    queryFn: () => callApi(adminBrokerEndpoints.list, { query: filters }),
    staleTime: 0,
  });

/**
 * An admin's decision on a broker's account: activate it, or deactivate it or refuse its
 * activation request with a reason the broker reads. Then the console and the super-admin lists.
 */
export type BrokerDecision =
  | { id: string; decision: 'activate' }
  | { id: string; decision: 'deactivate' | 'refuse'; reason: string };

export function useBrokerDecision(callbacks: MutationCallbacks<unknown, BrokerDecision> = {}) {
  return useMutation({
    mutationFn: (change: BrokerDecision) =>
      change.decision === 'activate'
        ? callApi(adminBrokerEndpoints.activate, { params: { id: change.id } })
        : callApi(
            change.decision === 'deactivate'
              ? adminBrokerEndpoints.deactivate
              : adminBrokerEndpoints.refuseActivation,
            { params: { id: change.id }, body: { reason: change.reason } },
          ),
    ...refreshAfter(callbacks, adminKeys.all, rootKeys.superadmin),
  });
}

/** Activates a broker from the operations dashboard; then the console's reads. */
export function useActivateBroker(callbacks: MutationCallbacks<unknown, string> = {}) {
  return useMutation({
    mutationFn: (id: string) => callApi(adminBrokerEndpoints.activate, { params: { id } }),
    ...refreshAfter(callbacks, adminKeys.all),
  });
}

type VerifyBody = BodyOf<typeof adminBrokerEndpoints.verifyFalLicense>;
type RefuseBody = BodyOf<typeof adminBrokerEndpoints.refuseFalLicense>;
type VerifyVatBody = BodyOf<typeof adminBrokerEndpoints.verifyVat>;

/**
 * A decision's refresh (a licence, a VAT registration): the console's lists after it, and after
 * a refusal too (the broker may have changed it since the row was read: the details then show
 * it as it is now).
 */
function brokerDecision<TVariables>(callbacks: MutationCallbacks<AdminBroker, TVariables>) {
  return {
    ...refreshAfter(callbacks, adminKeys.all),
    onError: (error: Error, variables: TVariables) => {
      void invalidate(adminKeys.all);
      callbacks.onError?.(error, variables);
    },
  };
}

/**
 * Verifies a broker's FAL licence with the evidence seen and a note, as it was when the row
 * was read (`seenUpdatedAt`); answers the broker's row. The commissions it held are released.
 */
export function useVerifyFalLicense(
  callbacks: MutationCallbacks<AdminBroker, { id: string } & VerifyBody> = {},
) {
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & VerifyBody) =>
      callApi(adminBrokerEndpoints.verifyFalLicense, { params: { id }, body }),
    ...brokerDecision(callbacks),
  });
}

/** Refuses a broker's FAL licence with the reason the broker reads; answers the broker's row. */
export function useRefuseFalLicense(
  callbacks: MutationCallbacks<AdminBroker, { id: string } & RefuseBody> = {},
) {
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & RefuseBody) =>
      callApi(adminBrokerEndpoints.refuseFalLicense, { params: { id }, body }),
    ...brokerDecision(callbacks),
  });
}

/** Where the console opens a broker's licence copy (a new tab; the server audits it). */
export const falLicenseCopyUrl = (id: string) =>
  endpointUrl(adminBrokerEndpoints.falLicenseCopy, { params: { id } });

/**
 * Verifies a broker's VAT registration with a note of what was checked, as it was when the row
 * was read (`seenUpdatedAt`); answers the broker's row. Their unpaid commissions carry VAT.
 */
export function useVerifyVat(
  callbacks: MutationCallbacks<AdminBroker, { id: string } & VerifyVatBody> = {},
) {
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & VerifyVatBody) =>
      callApi(adminBrokerEndpoints.verifyVat, { params: { id }, body }),
    ...brokerDecision(callbacks),
  });
}

/** Where the console opens a broker's VAT registration certificate (a new tab; audited). */
export const vatCertificateUrl = (id: string) =>
  endpointUrl(adminBrokerEndpoints.vatCertificate, { params: { id } });

// ---------- the broker's group and commission override (decision record 072) ----------

export type BrokerTermsView = ResponseOf<typeof groupEndpoints.brokerTerms>;

const termsKey = (id: string) => [...adminKeys.all, 'broker-terms', id] as const;

/** A broker's group, override and the rule a commission would be made by now. */
export const brokerTermsQuery = (id: string) =>
  queryOptions({
    queryKey: termsKey(id),
    queryFn: () => callApi(groupEndpoints.brokerTerms, { params: { id } }),
    staleTime: 0,
  });

/** The groups a super-admin may move a broker to (the super-admins' list). */
export const groupChoicesQuery = () =>
  queryOptions({
    queryKey: [...rootKeys.superadmin, 'groups'] as const,
    queryFn: () => callApi(groupEndpoints.list),
  });

type MoveBody = BodyOf<typeof groupEndpoints.moveBroker>;
type OverrideBody = BodyOf<typeof groupEndpoints.setOverride>;

/** Moves a broker to a group with a reason; then the console and the groups' counts. */
export function useMoveBroker(
  callbacks: MutationCallbacks<BrokerTermsView, MoveBody & { id: string }> = {},
) {
  return useMutation({
    mutationFn: ({ id, ...body }: MoveBody & { id: string }) =>
      callApi(groupEndpoints.moveBroker, { params: { id }, body }),
    ...refreshAfter(callbacks, adminKeys.all, rootKeys.superadmin),
  });
}

/** Sets or clears a broker's own rate and minimum with a reason; then the console. */
export function useSetCommissionOverride(
  callbacks: MutationCallbacks<BrokerTermsView, OverrideBody & { id: string }> = {},
) {
  return useMutation({
    mutationFn: ({ id, ...body }: OverrideBody & { id: string }) =>
      callApi(groupEndpoints.setOverride, { params: { id }, body }),
    ...refreshAfter(callbacks, adminKeys.all),
  });
}

// ---------- the team's notes and tags, and reminders to dormant brokers (decision 073) ----------

export type BrokerNote = ResponseOf<typeof adminBrokerEndpoints.notes>['items'][number];

/** The team's notes on a broker, newest first: under the console's key, read again after any change. */
export const brokerNotesQuery = (id: string) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'broker-notes', id] as const,
    queryFn: () => callApi(adminBrokerEndpoints.notes, { params: { id } }),
    staleTime: 0,
  });

/** The broker's answers with their latest activation request (decision record 076). */
export const activationAnswersQuery = (id: string) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'activation-answers', id] as const,
    queryFn: () => callApi(activationQuestionEndpoints.answers, { params: { id } }),
    staleTime: 0,
  });

/** Every tag on live brokers with how many carry it: the brokers tab's tag filter. */
/** The registered offices, for the brokers tab's filter (decision 080). */
export const officesQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'offices'] as const,
    queryFn: () => callApi(officeEndpoints.adminList),
  });

export const brokerTagsQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'broker-tags'] as const,
    queryFn: () => callApi(adminBrokerEndpoints.tags),
    staleTime: 0,
  });

// ---------- adjustments (decision 074) ----------

/** A broker's adjustments, credits and deductions, newest first; read again after any change. */
export const brokerAdjustmentsQuery = (id: string) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'broker-adjustments', id] as const,
    queryFn: () => callApi(adminBrokerEndpoints.adjustments, { params: { id } }),
    staleTime: 0,
  });

type AdjustmentBody = BodyOf<typeof adminBrokerEndpoints.addAdjustment>;
type MadeAdjustment = ResponseOf<typeof adminBrokerEndpoints.addAdjustment>;

/** Adds to a broker's money or deducts from it, with the reason; then the console. */
export function useAddAdjustment(
  callbacks: MutationCallbacks<MadeAdjustment, AdjustmentBody & { id: string }> = {},
) {
  return useMutation({
    mutationFn: ({ id, ...body }: AdjustmentBody & { id: string }) =>
      callApi(adminBrokerEndpoints.addAdjustment, { params: { id }, body }),
    ...refreshAfter(callbacks, adminKeys.all),
  });
}

type NoteBody = BodyOf<typeof adminBrokerEndpoints.addNote>;
type TagsBody = BodyOf<typeof adminBrokerEndpoints.setTags>;

/** Adds a note of the team on a broker (kept for good, never shown to them); then the console. */
export function useAddBrokerNote(
  callbacks: MutationCallbacks<BrokerNote, NoteBody & { id: string }> = {},
) {
  return useMutation({
    mutationFn: ({ id, ...body }: NoteBody & { id: string }) =>
      callApi(adminBrokerEndpoints.addNote, { params: { id }, body }),
    ...refreshAfter(callbacks, adminKeys.all),
  });
}

/** Replaces a broker's tags with the whole list; answers the broker's row, then the console. */
export function useSetBrokerTags(
  callbacks: MutationCallbacks<AdminBroker, TagsBody & { id: string }> = {},
) {
  return useMutation({
    mutationFn: ({ id, ...body }: TagsBody & { id: string }) =>
      callApi(adminBrokerEndpoints.setTags, { params: { id }, body }),
    ...refreshAfter(callbacks, adminKeys.all),
  });
}

/**
 * Reminds a dormant broker by WhatsApp or SMS (at most once in 30 days each, 500 a day in all);
 * answers the broker's row, then the console.
 */
export function useNudgeBroker(callbacks: MutationCallbacks<AdminBroker, string> = {}) {
  return useMutation({
    mutationFn: (id: string) => callApi(adminBrokerEndpoints.nudge, { params: { id } }),
    ...refreshAfter(callbacks, adminKeys.all),
  });
}
