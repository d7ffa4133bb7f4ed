import { queryOptions, useMutation } from '@tanstack/react-query';
import { activationQuestionEndpoints } from '#contract/activation-questions';
import type { ResponseOf } from '#contract/common';
import { type BodyOf, callApi } from '#lib/api';
import { type MutationCallbacks, refreshAfter, rootKeys } from '#lib/query-keys';

// ---------- activation questions (decision record 076) ----------

const questionsKey = [...rootKeys.superadmin, 'activation-questions'] as const;

export type ActivationQuestion = ResponseOf<
  typeof activationQuestionEndpoints.list
>['items'][number];
type QuestionBody = BodyOf<typeof activationQuestionEndpoints.create>;

/** The questions asked of brokers requesting activation, in the order asked. */
export const activationQuestionsQuery = () =>
  queryOptions({
    queryKey: questionsKey,
    queryFn: () => callApi(activationQuestionEndpoints.list),
  });

export function useCreateActivationQuestion(
  callbacks: MutationCallbacks<ActivationQuestion, QuestionBody> = {},
) {
  return useMutation({
    mutationFn: (body: QuestionBody) => callApi(activationQuestionEndpoints.create, { body }),
    ...refreshAfter(callbacks, questionsKey),
  });
}

export function useUpdateActivationQuestion(
  callbacks: MutationCallbacks<ActivationQuestion, QuestionBody & { id: string }> = {},
) {
  return useMutation({
    mutationFn: ({ id, ...body }: QuestionBody & { id: string }) =>
      callApi(activationQuestionEndpoints.update, { params: { id }, body }),
    ...refreshAfter(callbacks, questionsKey),
  });
}

/** Stops asking a question; the answers given to it are kept. */
export function useRemoveActivationQuestion(callbacks: MutationCallbacks<unknown, string> = {}) {
  return useMutation({
    mutationFn: (id: string) => callApi(activationQuestionEndpoints.remove, { params: { id } }),
    ...refreshAfter(callbacks, questionsKey),
  });
}
