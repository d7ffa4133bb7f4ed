import { queryOptions, useMutation } from '@tanstack/react-query';
import { adminMessagingEndpoints } from '#contract/admin/messaging';
import { adminSettingsEndpoints } from '#contract/admin/settings';
import type { ResponseOf } from '#contract/common';
import { type BodyOf, callApi } from '#lib/api';
import { type MutationCallbacks, POLL_MS, refreshAfter } from '#lib/query-keys';
import { adminKeys, type OutboxFilters, type SettingKey } from '../shared';

export type OutboxItem = ResponseOf<typeof adminMessagingEndpoints.outbox>['items'][number];
type CrmTest = BodyOf<typeof adminMessagingEndpoints.testZohoLead>;
export type CrmTestResult = ResponseOf<typeof adminMessagingEndpoints.testZohoLead>;

/** The messages and CRM calls the server sent or will send; polled every 30 s. */
export const outboxQuery = (filters: OutboxFilters) =>
  queryOptions({
    queryKey: adminKeys.outbox(filters),
    queryFn: () => callApi(adminMessagingEndpoints.outbox, { query: filters }),
    staleTime: 0,
    refetchInterval: POLL_MS,
  });

/** Sends a failed message (or CRM call) again; then the outbox is read again. */
export function useRetryOutbox(callbacks: MutationCallbacks<OutboxItem, string> = {}) {
  return useMutation({
    mutationFn: (id: string) => callApi(adminMessagingEndpoints.retry, { params: { id } }),
    ...refreshAfter(callbacks, adminKeys.outboxAll),
  });
}

/** Creates or finds a test lead in the CRM; the answer says what happened. */
export function useTestCrmLead(callbacks: MutationCallbacks<CrmTestResult, CrmTest> = {}) {
  return useMutation({
    mutationFn: (body: CrmTest) => callApi(adminMessagingEndpoints.testZohoLead, { body }),
    ...refreshAfter(callbacks, adminKeys.outboxAll),
  });
}

// The automatic SMS switch of this tab is a console setting (/api/admin/config).

export const settingQuery = (key: SettingKey) =>
  queryOptions({
    queryKey: adminKeys.setting(key),
    queryFn: () => callApi(adminSettingsEndpoints.get, { params: { key } }),
    staleTime: 0,
  });

type SettingChange = BodyOf<typeof adminSettingsEndpoints.set>;

/** Changes a setting; then that setting is read again. */
export function useSaveSetting(
  key: SettingKey,
  callbacks: MutationCallbacks<unknown, SettingChange> = {},
) {
  return useMutation({
    mutationFn: (body: SettingChange) => callApi(adminSettingsEndpoints.set, { body }),
    ...refreshAfter(callbacks, adminKeys.setting(key)),
  });
}
