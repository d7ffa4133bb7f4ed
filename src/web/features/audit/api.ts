import { queryOptions } from '@tanstack/react-query';
import type { ResponseOf } from '#contract/common';
import { superadminEndpoints } from '#contract/superadmin';
import { callApi, type QueryOf } from '#lib/api';
import { rootKeys } from '#lib/query-keys';

export type AuditEntry = ResponseOf<typeof superadminEndpoints.auditLog>['items'][number];

type AuditFilters = QueryOf<typeof superadminEndpoints.auditLog>;

const auditKeys = {
  all: [...rootKeys.superadmin, 'audit-log'] as const,
  list: (filters: AuditFilters) => [...rootKeys.superadmin, 'audit-log', filters] as const,
};

/** One page of the audit log, searched and filtered; always read fresh. */
export const auditLogQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: () => callApi(superadminEndpoints.auditLog, { query: filters }),
    staleTime: 0,
  });
