import { queryOptions, useMutation } from '@tanstack/react-query';
import { adminSettingsEndpoints } from '#contract/admin/settings';
import type { ResponseOf } from '#contract/common';
import { webhookEndpoints } from '#contract/webhooks';
import { type BodyOf, callApi, type QueryOf } from '#lib/api';
import { type MutationCallbacks, refreshAfter, rootKeys } from '#lib/query-keys';

export type WebhookEndpoint = ResponseOf<typeof webhookEndpoints.list>['items'][number];
export type WebhookDelivery = ResponseOf<typeof webhookEndpoints.deliveries>['items'][number];
export type EndpointWithSecret = ResponseOf<typeof webhookEndpoints.create>;
type NewEndpoint = BodyOf<typeof webhookEndpoints.create>;
type EndpointChange = { id: string; change: BodyOf<typeof webhookEndpoints.update> };
type DeliveryFilters = QueryOf<typeof webhookEndpoints.deliveries>;

const all = [...rootKeys.superadmin, 'webhooks'] as const;
const webhookKeys = {
  all,
  endpoints: [...all, 'endpoints'] as const,
  deliveries: (filters: DeliveryFilters) => [...all, 'deliveries', filters] as const,
  privateRanges: [...all, 'private-ranges'] as const,
};

export const endpointsQuery = () =>
  queryOptions({
    queryKey: webhookKeys.endpoints,
    queryFn: () => callApi(webhookEndpoints.list),
  });

/**
 * The private ranges a super-admin allowed webhooks to reach (`webhook_private_ranges`; null
 * when never set): shown beside the endpoints, changed through the settings call.
 */
export const privateRangesQuery = () =>
  queryOptions({
    queryKey: webhookKeys.privateRanges,
    queryFn: () =>
      callApi(adminSettingsEndpoints.get, { params: { key: 'webhook_private_ranges' } }),
  });

/** The delivery log, read fresh and every 5 s while open (deliveries move on their own). */
export const deliveriesQuery = (filters: DeliveryFilters) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(filters),
    queryFn: () => callApi(webhookEndpoints.deliveries, { query: filters }),
    staleTime: 0,
    refetchInterval: 5_000,
  });

export function useCreateEndpoint(
  callbacks: MutationCallbacks<EndpointWithSecret, NewEndpoint> = {},
) {
  return useMutation({
    mutationFn: (body: NewEndpoint) => callApi(webhookEndpoints.create, { body }),
    ...refreshAfter(callbacks, webhookKeys.all),
  });
}

export function useUpdateEndpoint(
  callbacks: MutationCallbacks<WebhookEndpoint, EndpointChange> = {},
) {
  return useMutation({
    mutationFn: ({ id, change }: EndpointChange) =>
      callApi(webhookEndpoints.update, { params: { id }, body: change }),
    ...refreshAfter(callbacks, webhookKeys.all),
  });
}

export function useRotateSecret(callbacks: MutationCallbacks<EndpointWithSecret, string> = {}) {
  return useMutation({
    mutationFn: (id: string) => callApi(webhookEndpoints.rotateSecret, { params: { id } }),
    ...refreshAfter(callbacks, webhookKeys.all),
  });
}

export function useDeleteEndpoint(callbacks: MutationCallbacks<unknown, string> = {}) {
  return useMutation({
    mutationFn: (id: string) => callApi(webhookEndpoints.remove, { params: { id } }),
    ...refreshAfter(callbacks, webhookKeys.all),
  });
}

export function useResendDelivery(callbacks: MutationCallbacks<WebhookDelivery, string> = {}) {
  return useMutation({
    mutationFn: (id: string) => callApi(webhookEndpoints.resend, { params: { id } }),
    ...refreshAfter(callbacks, webhookKeys.all),
  });
}
