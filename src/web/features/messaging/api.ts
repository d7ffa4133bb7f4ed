import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '#contract/common';
import { messagingEndpoints } from '#contract/messaging';
import { type BodyOf, callApi } from '#lib/api';
import { type MutationCallbacks, refreshAfter, rootKeys } from '#lib/query-keys';

const messagingKeys = {
  all: rootKeys.messaging,
  config: [...rootKeys.messaging, 'config'] as const,
  templates: [...rootKeys.messaging, 'templates'] as const,
};

export type MessagingConfig = ResponseOf<typeof messagingEndpoints.config>;
export type Templates = ResponseOf<typeof messagingEndpoints.templates>;
export type Template = Templates['templates'][number];
type ConfigChange = BodyOf<typeof messagingEndpoints.saveConfig>;
type TemplateSetup = ResponseOf<typeof messagingEndpoints.setupTemplates>;
type TestMessage = BodyOf<typeof messagingEndpoints.testWhatsapp>;
type TestMessageResult = ResponseOf<typeof messagingEndpoints.testWhatsapp>;
export type ConnectionTest = ResponseOf<typeof messagingEndpoints.testConnection>;
export type TestedProvider = BodyOf<typeof messagingEndpoints.testConnection>['provider'];

/** The preferred channel, the fallback and the providers' set-up; stale after 30 s (spec 7). */
export const messagingConfigQuery = () =>
  queryOptions({
    queryKey: messagingKeys.config,
    queryFn: () => callApi(messagingEndpoints.config),
    staleTime: 30_000,
  });

/** The product's WhatsApp templates with Meta's review status; stale after 60 s (spec 7). */
export const templatesQuery = () =>
  queryOptions({
    queryKey: messagingKeys.templates,
    queryFn: () => callApi(messagingEndpoints.templates),
    staleTime: 60_000,
  });

/** Saves the preferred channel and the fallback; then the configuration is read again. */
export function useSaveMessagingConfig(
  callbacks: MutationCallbacks<MessagingConfig, ConfigChange> = {},
) {
  return useMutation({
    mutationFn: (body: ConfigChange) => callApi(messagingEndpoints.saveConfig, { body }),
    ...refreshAfter(callbacks, messagingKeys.config),
  });
}

/** Submits the missing templates for Meta's approval; then the templates are read again. */
export function useSetupTemplates(callbacks: MutationCallbacks<TemplateSetup> = {}) {
  return useMutation({
    mutationFn: () => callApi(messagingEndpoints.setupTemplates),
    ...refreshAfter(callbacks, messagingKeys.templates),
  });
}

/** Sends a test message through the status-update template; the answer says how it went. */
export function useSendTestMessage(
  callbacks: MutationCallbacks<TestMessageResult, TestMessage> = {},
) {
  return useMutation({
    mutationFn: (body: TestMessage) => callApi(messagingEndpoints.testWhatsapp, { body }),
    ...refreshAfter(callbacks),
  });
}

/** One harmless real call to a provider (nothing is sent); the answer says how it went. */
export function useTestConnection(
  callbacks: MutationCallbacks<ConnectionTest, TestedProvider> = {},
) {
  return useMutation({
    mutationFn: (provider: TestedProvider) =>
      callApi(messagingEndpoints.testConnection, { body: { provider } }),
    ...refreshAfter(callbacks),
  });
}
