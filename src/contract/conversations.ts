import { z } from 'zod';
import {
  BROADCAST_AUDIENCES,
  broadcastBody,
  broadcastMuteBody,
  CITY_KEYS,
} from '../domain/index.js';
import { adminPage, count, searchTerm } from './admin/lists.js';
import { endpoint, idParams, isoDateTime, ok, pageOf, pageQuery } from './common.js';

// ---------- conversations with brokers (issue 35 item 3, decision record 079) ----------

/** What was attached: its type, and whether the file is still kept (erased with the account). */
const attachment = z.object({ type: z.enum(['pdf', 'jpg', 'png']), available: z.boolean() });

/** A message of a conversation, as either side reads it. */
export const conversationMessage = z.object({
  id: z.string(),
  /** Written by the program team (else by the broker). */
  fromTeam: z.boolean(),
  /** Who wrote it, for the team; null for the broker, who reads the team as one. */
  authorName: z.string().nullable(),
  body: z.string(),
  /** The broker's referral it concerns. */
  referral: z
    .object({ id: z.string(), number: z.number().int(), tenantPhone: z.string() })
    .nullable(),
  /** Sent to many as a broadcast. */
  broadcast: z.boolean(),
  attachment: attachment.nullable(),
  /** When the other side first read it; null while unread. */
  readAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type ConversationMessage = z.output<typeof conversationMessage>;

/** A conversation's messages, newest first, a page at a time. */
const messagePage = pageOf(conversationMessage);

/** A conversation in the team's list: its broker and its latest (or latest matching) message. */
const conversationRow = z.object({
  brokerId: z.string(),
  brokerName: z.string(),
  phone: z.string(),
  brokerCode: z.string(),
  /** The broker's messages the team has not read. */
  unread: count,
  lastMessage: z.object({
    body: z.string(),
    fromTeam: z.boolean(),
    attachment: z.boolean(),
    createdAt: isoDateTime,
  }),
});

/** Who a broadcast reached and what became of its phone notices (each recipient counted once). */
const broadcastRow = z.object({
  id: z.string(),
  audience: z.enum(BROADCAST_AUDIENCES),
  groupName: z.string().nullable(),
  city: z.string().nullable(),
  body: z.string(),
  sentBy: z.string(),
  createdAt: isoDateTime,
  recipients: count,
  /** Brokers of the audience who muted broadcasts: not sent to them. */
  muted: count,
  /** Recipients who read it in their account. */
  read: count,
  notices: z.object({
    pending: count,
    sent: count,
    delivered: count,
    failed: count,
    /** Recipients not told on their phone: messages off, or an earlier message still unread. */
    none: count,
  }),
});

/** The conversations list's search, filter and page. */
export const conversationListQuery = z.object({
  search: searchTerm,
  unread: z.enum(['true', 'false']).optional(),
  page: adminPage,
});

/** Who a broadcast would reach, asked before it is sent. */
const audienceQuery = z.object({
  audience: z.enum(BROADCAST_AUDIENCES, { error: 'يرجى اختيار من تصلهم الرسالة' }),
  groupId: z.string().max(64).optional(),
  city: z.enum(CITY_KEYS as [string, ...string[]], { error: 'يرجى اختيار المدينة' }).optional(),
});

export const conversationEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: '/api/messages',
    access: 'broker',
    summary: "the broker's conversation with the team, newest first, with the unread count",
    query: z.object(pageQuery),
    response: messagePage.extend({ unread: count, broadcastsMuted: z.boolean() }),
  }),
  send: endpoint({
    method: 'POST',
    path: '/api/messages',
    access: 'broker',
    summary:
      'write to the team (multipart: body, referralId of one of your referrals, an optional PDF, JPEG or PNG file)',
    status: 201,
    response: conversationMessage,
  }),
  read: endpoint({
    method: 'POST',
    path: '/api/messages/read',
    access: 'broker',
    summary: "mark the team's messages read",
    response: ok,
  }),
  attachment: endpoint({
    method: 'GET',
    path: '/api/messages/:id/attachment',
    access: 'broker',
    summary: "a message's attachment, from the broker's own conversation",
    params: idParams,
    notFound: 'المرفق غير موجود',
    response: null,
  }),
  muteBroadcasts: endpoint({
    method: 'PUT',
    path: '/api/messages/broadcasts-muted',
    access: 'broker',
    summary: "stop or resume receiving the team's broadcasts (direct messages always arrive)",
    body: broadcastMuteBody,
    response: z.object({ broadcastsMuted: z.boolean() }),
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/admin/conversations',
    access: 'admin',
    summary:
      'conversations with brokers, latest first; a search matches any message, or the broker',
    query: conversationListQuery,
    response: pageOf(conversationRow),
  }),
  conversation: endpoint({
    method: 'GET',
    path: '/api/admin/conversations/:id',
    access: 'admin',
    summary: "one broker's conversation with the team, newest first",
    params: idParams,
    query: z.object({ page: adminPage }),
    notFound: 'الوسيط غير موجود',
    response: messagePage.extend({
      broker: z.object({
        id: z.string(),
        name: z.string(),
        phone: z.string(),
        notifyByMessage: z.boolean(),
        broadcastsMuted: z.boolean(),
        /** The account was retired: its conversation is kept, and nobody writes in it any more. */
        retired: z.boolean(),
      }),
    }),
  }),
  reply: endpoint({
    method: 'POST',
    path: '/api/admin/conversations/:id/messages',
    access: 'admin',
    summary:
      'write to a broker (multipart: body, referralId, an optional file); the broker is told on the phone when it is the first unread (audited)',
    params: idParams,
    notFound: 'الوسيط غير موجود',
    status: 201,
    response: conversationMessage,
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/api/admin/conversations/:id/read',
    access: 'admin',
    summary: "mark the broker's messages read by the team",
    params: idParams,
    notFound: 'الوسيط غير موجود',
    response: ok,
  }),
  teamAttachment: endpoint({
    method: 'GET',
    path: '/api/admin/messages/:id/attachment',
    access: 'admin',
    summary: "a message's attachment (audited)",
    params: idParams,
    notFound: 'المرفق غير موجود',
    response: null,
  }),
  groups: endpoint({
    method: 'GET',
    path: '/api/admin/broadcasts/groups',
    access: 'admin',
    summary: 'the broker groups a broadcast may be sent to, by level',
    response: z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) }),
  }),
  audience: endpoint({
    method: 'GET',
    path: '/api/admin/broadcasts/audience',
    access: 'admin',
    summary: 'how many brokers a broadcast would reach, and how many muted broadcasts',
    query: audienceQuery,
    response: z.object({ recipients: count, muted: count }),
  }),
  broadcast: endpoint({
    method: 'POST',
    path: '/api/admin/broadcasts',
    access: 'admin',
    summary:
      'send a message to every broker of a group, a city or the dormant ones, except those who muted broadcasts (audited)',
    body: broadcastBody,
    status: 201,
    response: broadcastRow,
  }),
  broadcasts: endpoint({
    method: 'GET',
    path: '/api/admin/broadcasts',
    access: 'admin',
    summary: 'the broadcasts sent, newest first, with their delivery counts',
    query: z.object({ page: adminPage }),
    response: pageOf(broadcastRow),
  }),
};
