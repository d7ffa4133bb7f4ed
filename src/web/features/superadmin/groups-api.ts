import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '#contract/common';
import { groupEndpoints } from '#contract/groups';
import { type BodyOf, callApi } from '#lib/api';
import { type MutationCallbacks, refreshAfter, rootKeys } from '#lib/query-keys';

// ---------- broker groups and their promotion rules (decision record 072) ----------

/** The groups' list: the same key as the console's choice of group (admin/brokers/api.ts). */
const groupsKey = [...rootKeys.superadmin, 'groups'] as const;

export type Groups = ResponseOf<typeof groupEndpoints.list>;
export type Group = Groups['items'][number];
export type ProgramTerms = Groups['program'];
export type PromotionRule = Group['rules'][number];

/** A group as the server takes it: its rate as a percentage, each empty term the program's. */
export type GroupBody = BodyOf<typeof groupEndpoints.create>;
type RuleBody = BodyOf<typeof groupEndpoints.addRule>;

/** The groups by level, with their terms, brokers and rules, and the program's settings. */
export const groupsQuery = () =>
  queryOptions({
    queryKey: groupsKey,
    queryFn: () => callApi(groupEndpoints.list),
  });

/** After a change: the groups, and the console that shows each broker's group. */
const afterChange = <TData, TVariables>(callbacks: MutationCallbacks<TData, TVariables>) =>
  refreshAfter(callbacks, groupsKey, rootKeys.admin);

export function useCreateGroup(callbacks: MutationCallbacks<Group, GroupBody> = {}) {
  return useMutation({
    mutationFn: (body: GroupBody) => callApi(groupEndpoints.create, { body }),
    ...afterChange(callbacks),
  });
}

type GroupChange = { id: string; body: GroupBody };

/** Changes a group; commissions already made keep their terms. */
export function useUpdateGroup(callbacks: MutationCallbacks<Group, GroupChange> = {}) {
  return useMutation({
    mutationFn: ({ id, body }: GroupChange) =>
      callApi(groupEndpoints.update, { params: { id }, body }),
    ...afterChange(callbacks),
  });
}

/** Deletes a group without brokers that is not the default (the server refuses it otherwise). */
export function useRemoveGroup(callbacks: MutationCallbacks<unknown, string> = {}) {
  return useMutation({
    mutationFn: (id: string) => callApi(groupEndpoints.remove, { params: { id } }),
    ...afterChange(callbacks),
  });
}

/** Makes the group the one new brokers join. */
export function useMakeDefaultGroup(callbacks: MutationCallbacks<Group, string> = {}) {
  return useMutation({
    mutationFn: (id: string) => callApi(groupEndpoints.makeDefault, { params: { id } }),
    ...afterChange(callbacks),
  });
}

export function useAddPromotionRule(callbacks: MutationCallbacks<PromotionRule, RuleBody> = {}) {
  return useMutation({
    mutationFn: (body: RuleBody) => callApi(groupEndpoints.addRule, { body }),
    ...afterChange(callbacks),
  });
}

export function useRemovePromotionRule(callbacks: MutationCallbacks<unknown, string> = {}) {
  return useMutation({
    mutationFn: (id: string) => callApi(groupEndpoints.removeRule, { params: { id } }),
    ...afterChange(callbacks),
  });
}
