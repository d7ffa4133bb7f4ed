import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '#contract/common';
import { officeEndpoints } from '#contract/offices';
import { type BodyOf, callApi } from '#lib/api';
import { type MutationCallbacks, refreshAfter, rootKeys } from '#lib/query-keys';

/** The broker's office (decision 080); every key under `office`, read again after a change. */
const officeKeys = {
  all: rootKeys.office,
  mine: [...rootKeys.office, 'mine'] as const,
  team: (page: number) => [...rootKeys.office, 'team', page] as const,
};

export type MyOffice = ResponseOf<typeof officeEndpoints.mine>;
export type Office = NonNullable<MyOffice['office']>;
export type OfficeTeam = ResponseOf<typeof officeEndpoints.team>;
export type OfficeMember = OfficeTeam['members'][number];

export const myOfficeQuery = () =>
  queryOptions({ queryKey: officeKeys.mine, queryFn: () => callApi(officeEndpoints.mine) });

export const officeTeamQuery = (page: number) =>
  queryOptions({
    queryKey: officeKeys.team(page),
    queryFn: () => callApi(officeEndpoints.team, { query: { page } }),
  });

/** After a change of the office: the office, and where payouts go (the commissions page). */
const after = <T, V>(callbacks: MutationCallbacks<T, V>) =>
  refreshAfter(callbacks, officeKeys.all, rootKeys.commissions, rootKeys.broker);

export function useCreateOffice(
  callbacks: MutationCallbacks<Office, BodyOf<typeof officeEndpoints.create>> = {},
) {
  return useMutation({
    mutationFn: (body: BodyOf<typeof officeEndpoints.create>) =>
      callApi(officeEndpoints.create, { body }),
    ...after(callbacks),
  });
}

export function useSetOfficePayout(
  callbacks: MutationCallbacks<Office, BodyOf<typeof officeEndpoints.setPayout>> = {},
) {
  return useMutation({
    mutationFn: (body: BodyOf<typeof officeEndpoints.setPayout>) =>
      callApi(officeEndpoints.setPayout, { body }),
    ...after(callbacks),
  });
}

export function useInviteAgent(callbacks: MutationCallbacks<unknown, string> = {}) {
  return useMutation({
    mutationFn: (phone: string) => callApi(officeEndpoints.invite, { body: { phone } }),
    ...after(callbacks),
  });
}

export function useEndMembership(callbacks: MutationCallbacks<unknown, string> = {}) {
  return useMutation({
    mutationFn: (id: string) => callApi(officeEndpoints.endMembership, { params: { id } }),
    ...after(callbacks),
  });
}

export function useAnswerInvitation(
  callbacks: MutationCallbacks<unknown, { id: string; accept: boolean }> = {},
) {
  return useMutation({
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) =>
      callApi(accept ? officeEndpoints.accept : officeEndpoints.decline, { params: { id } }),
    ...after(callbacks),
  });
}

export function useLeaveOffice(callbacks: MutationCallbacks = {}) {
  return useMutation({
    mutationFn: () => callApi(officeEndpoints.leave),
    ...after(callbacks),
  });
}
