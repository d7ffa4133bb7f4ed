import { queryOptions, useMutation } from '@tanstack/react-query';
import { adminSettingsEndpoints } from '#contract/admin/settings';
import type { ResponseOf } from '#contract/common';
import { superadminEndpoints } from '#contract/superadmin';
import { type BodyOf, callApi, type QueryOf } from '#lib/api';
import { type MutationCallbacks, refreshAfter, rootKeys } from '#lib/query-keys';
import { documentRetentionQuery } from '../privacy';

type UserFilters = QueryOf<typeof superadminEndpoints.users>;

const superadminKeys = {
  all: rootKeys.superadmin,
  users: (filters: UserFilters) => [...rootKeys.superadmin, 'users', filters] as const,
  holidays: [...rootKeys.superadmin, 'holidays'] as const,
};

// ---------- users and roles ----------

export type Users = ResponseOf<typeof superadminEndpoints.users>;

export const usersQuery = (filters: UserFilters) =>
  queryOptions({
    queryKey: superadminKeys.users(filters),
    queryFn: () => callApi(superadminEndpoints.users, { query: filters }),
    staleTime: 0,
  });

type RoleChange = { id: string; role: BodyOf<typeof superadminEndpoints.changeRole> };

/** Grants or removes a role; then the super-admin's lists. */
export function useChangeRole(callbacks: MutationCallbacks<unknown, RoleChange> = {}) {
  return useMutation({
    mutationFn: ({ id, role }: RoleChange) =>
      callApi(superadminEndpoints.changeRole, { params: { id }, body: role }),
    ...refreshAfter(callbacks, superadminKeys.all),
  });
}

// ---------- public holidays ----------

type Holiday = ResponseOf<typeof superadminEndpoints.holidays>['items'][number];

/** The public holidays the service clocks skip. */
export const holidaysQuery = () =>
  queryOptions({
    queryKey: superadminKeys.holidays,
    queryFn: () => callApi(superadminEndpoints.holidays),
  });

/** Adds a holiday; then the holidays and every console list whose service clocks it moves. */
export function useAddHoliday(callbacks: MutationCallbacks<Holiday, Holiday> = {}) {
  return useMutation({
    mutationFn: (body: Holiday) => callApi(superadminEndpoints.addHoliday, { body }),
    ...refreshAfter(callbacks, superadminKeys.holidays, rootKeys.admin),
  });
}

export function useRemoveHoliday(callbacks: MutationCallbacks<unknown, string> = {}) {
  return useMutation({
    mutationFn: (day: string) => callApi(superadminEndpoints.removeHoliday, { params: { day } }),
    ...refreshAfter(callbacks, superadminKeys.holidays, rootKeys.admin),
  });
}

// ---------- how long tenants' documents are kept ----------

type SettingSaved = ResponseOf<typeof adminSettingsEndpoints.set>;

/**
 * Sets the days after a referral closes before its tenant's documents are erased (whole days,
 * Latin digits); then the figure in force, which the privacy notice shows too.
 */
export function useSaveDocumentRetention(callbacks: MutationCallbacks<SettingSaved, string> = {}) {
  return useMutation({
    mutationFn: (days: string) =>
      callApi(adminSettingsEndpoints.set, {
        body: {
          key: 'document_retention_days',
          value: days,
          description: 'عدد الأيام بعد إغلاق الإحالة حتى حذف تعريف الراتب وتقرير سمة',
        },
      }),
    ...refreshAfter(callbacks, documentRetentionQuery().queryKey),
  });
}
