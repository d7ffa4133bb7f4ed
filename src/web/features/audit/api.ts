import { queryOptions } from '@tanstack/react-query';
import type { ResponseOf } from '#contract/common';
import { superadminEndpoints } from '#contract/superadmin';
import { callApi } from '#lib/api';
import { rootKeys } from '#lib/query-keys';

export type AuditEntry = ResponseOf<typeof superadminEndpoints.auditLog>['items'][number];

export type AuditFilters = {
  search?: string | undefined;
  action?: string | undefined;
  page: number;
};

export const auditKeys = {
  all: [...rootKeys.superadmin, 'audit-log'] as const,
  list: (filters: AuditFilters) => [...rootKeys.superadmin, 'audit-log', filters] as const,
};

/** One page of the audit log, searched and filtered; always read fresh. */
export const auditLogQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: () =>
      callApi(superadminEndpoints.auditLog, {
        query: { page: filters.page, search: filters.search, action: filters.action },
      }),
    staleTime: 0,
  });
