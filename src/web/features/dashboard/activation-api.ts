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

/**
 * The questions an activation request answers: read once each time the broker asks, and not
 * again behind the dialog's back (a reconnection would move the answers under other questions);
 * read again only when the server says they changed.
 */
export const askedQuestionsQuery = () =>
  queryOptions({
    queryKey: [...rootKeys.broker, 'activation-questions'] as const,
    queryFn: () => callApi(activationQuestionEndpoints.asked),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });

/**
 * An inactive broker asks the team to activate the account, with the answers to the activation
 * questions when there are any; then the profile is read again, and `onRefreshed` runs once it
 * says the request waits (so the button cannot send it twice).
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
      callbacks.onRefreshed?.(undefined, body);
    },
    ...(callbacks.onError ? { onError: callbacks.onError } : {}),
  });
}
