import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '#contract/common';
import { type ConversationMessage, conversationEndpoints } from '#contract/conversations';
import { type BodyOf, callApi, endpointUrl, type QueryOf, throwIfNotOk } from '#lib/api';
import { type MutationCallbacks, refreshAfter, rootKeys } from '#lib/query-keys';

/**
 * Conversations with the program team (decision 079): the broker's own and the team's. Every
 * key starts with `conversations`, which the notification stream's `message` event reads again
 * (notifications/feed.ts).
 */
const keys = {
  mine: (page: number) => [...rootKeys.conversations, 'mine', page] as const,
  inbox: (query: InboxQuery) => [...rootKeys.conversations, 'inbox', query] as const,
  thread: (brokerId: string, page: number) =>
    [...rootKeys.conversations, 'thread', brokerId, page] as const,
  broadcasts: (page: number) => [...rootKeys.conversations, 'broadcasts', page] as const,
  audience: (query: AudienceQuery) => [...rootKeys.conversations, 'audience', query] as const,
};

export type { ConversationMessage };
export type InboxQuery = QueryOf<typeof conversationEndpoints.list>;
export type AudienceQuery = QueryOf<typeof conversationEndpoints.audience>;
export type Conversation = ResponseOf<typeof conversationEndpoints.list>['items'][number];
export type Broadcast = ResponseOf<typeof conversationEndpoints.broadcasts>['items'][number];
export type BroadcastBody = BodyOf<typeof conversationEndpoints.broadcast>;

export const myConversationQuery = (page: number) =>
  queryOptions({
    queryKey: keys.mine(page),
    queryFn: () => callApi(conversationEndpoints.mine, { query: { page, pageSize: 30 } }),
  });

export const inboxQuery = (query: InboxQuery) =>
  queryOptions({
    queryKey: keys.inbox(query),
    queryFn: () => callApi(conversationEndpoints.list, { query }),
  });

export const threadQuery = (brokerId: string, page: number) =>
  queryOptions({
    queryKey: keys.thread(brokerId, page),
    queryFn: () =>
      callApi(conversationEndpoints.conversation, { params: { id: brokerId }, query: { page } }),
  });

export const broadcastsQuery = (page: number) =>
  queryOptions({
    queryKey: keys.broadcasts(page),
    queryFn: () => callApi(conversationEndpoints.broadcasts, { query: { page } }),
  });

export const broadcastGroupsQuery = () =>
  queryOptions({
    queryKey: [...rootKeys.conversations, 'groups'] as const,
    queryFn: () => callApi(conversationEndpoints.groups),
  });

export const audienceQuery = (query: AudienceQuery) =>
  queryOptions({
    queryKey: keys.audience(query),
    queryFn: () => callApi(conversationEndpoints.audience, { query }),
  });

/** Where a message's attachment opens: the broker's own route, or the team's (audited). */
export const attachmentUrl = (messageId: string, viewer: 'broker' | 'team') =>
  endpointUrl(
    viewer === 'team' ? conversationEndpoints.teamAttachment : conversationEndpoints.attachment,
    { params: { id: messageId } },
  );

/** A message as written: its text, the referral it concerns, and a file. */
export type Draft = { body: string; referralId: string | null; file: File | null };

/** Sends a message (multipart): the broker's to the team, or the team's to `brokerId`. */
async function send(draft: Draft, brokerId: string | null): Promise<ConversationMessage> {
  const endpoint = brokerId ? conversationEndpoints.reply : conversationEndpoints.send;
  const form = new FormData();
  form.set('body', draft.body);
  if (draft.referralId) form.set('referralId', draft.referralId);
  if (draft.file) form.set('file', draft.file);
  const url = brokerId
    ? endpointUrl(conversationEndpoints.reply, { params: { id: brokerId } })
    : endpointUrl(conversationEndpoints.send);
  const response = await fetch(url, {
    method: endpoint.method,
    credentials: 'include',
    body: form,
  });
  await throwIfNotOk(response);
  return (await response.json()) as ConversationMessage;
}

/** Writes in a conversation: the broker's own (`brokerId` null) or a broker's, as the team. */
export function useSendMessage(
  brokerId: string | null,
  callbacks: MutationCallbacks<ConversationMessage, Draft> = {},
) {
  return useMutation({
    mutationFn: (draft: Draft) => send(draft, brokerId),
    ...refreshAfter(callbacks, rootKeys.conversations),
  });
}

/** Marks the other side's messages read: the broker's (no id) or, for the team, a broker's. */
export function useMarkRead(brokerId: string | null) {
  return useMutation({
    mutationFn: () =>
      brokerId
        ? callApi(conversationEndpoints.markRead, { params: { id: brokerId } })
        : callApi(conversationEndpoints.read),
    ...refreshAfter({}, rootKeys.conversations, rootKeys.notifications),
  });
}

export function useMuteBroadcasts(callbacks: MutationCallbacks<unknown, boolean> = {}) {
  return useMutation({
    mutationFn: (muted: boolean) =>
      callApi(conversationEndpoints.muteBroadcasts, { body: { muted } }),
    ...refreshAfter(callbacks, rootKeys.conversations),
  });
}

export function useSendBroadcast(callbacks: MutationCallbacks<Broadcast, BroadcastBody> = {}) {
  return useMutation({
    mutationFn: (body: BroadcastBody) => callApi(conversationEndpoints.broadcast, { body }),
    ...refreshAfter(callbacks, rootKeys.conversations),
  });
}
