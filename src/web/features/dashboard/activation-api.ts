import { queryOptions, useMutation } from '@tanstack/react-query';
import { activationQuestionEndpoints } from '#contract/activation-questions';
import { brokerEndpoints } from '#contract/brokers';
import type { ResponseOf } from '#contract/common';
import type { ActivationRequestInput } from '#domain/activation-questions';
import { callApi } from '#lib/api';
import { type MutationCallbacks, rootKeys } from '#lib/query-keys';
import { refreshSession } from '#lib/session';

// The activation request's calls: loaded with its flow, on the broker's click, never with the
// dashboards (decision record 076).

export type AskedQuestion = ResponseOf<typeof activationQuestionEndpoints.asked>['items'][number];

/** The questions an activation request answers, read afresh when the broker asks. */
export const askedQuestionsQuery = () =>
  queryOptions({
    queryKey: [...rootKeys.broker, 'activation-questions'] as const,
    queryFn: () => callApi(activationQuestionEndpoints.asked),
    staleTime: 0,
    gcTime: 0,
  });

/**
 * An inactive broker asks the team to activate the account, with the answers to the activation
 * questions when there are any; then the profile is read again.
 */
export function useRequestActivationMutation(
  callbacks: MutationCallbacks<unknown, ActivationRequestInput | undefined> = {},
) {
  return useMutation({
    mutationFn: (body: ActivationRequestInput | undefined) =>
      callApi(brokerEndpoints.requestActivation, body ? { body } : {}),
    onSuccess: async (_data: unknown, body: ActivationRequestInput | undefined) => {
      callbacks.onSuccess?.(undefined, body);
      await refreshSession();
    },
    ...(callbacks.onError ? { onError: callbacks.onError } : {}),
  });
}
