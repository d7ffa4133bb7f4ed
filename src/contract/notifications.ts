import { z } from 'zod';
import { endpoint, isoDateTime, ok } from './common.js';

export const notification = z.object({
  id: z.string(),
  type: z.enum(['success', 'error', 'warning', 'info']),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  timestamp: isoDateTime,
});

export const notificationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/notifications',
    access: 'broker',
    summary: 'the latest 50 notifications and the unread count',
    response: z.object({ unread: z.number().int(), items: z.array(notification) }),
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/api/notifications/read',
    access: 'broker',
    summary: 'mark every notification read',
    response: ok,
  }),
  stream: endpoint({
    method: 'GET',
    path: '/api/notifications/stream',
    access: 'broker',
    summary:
      'server-sent events: a new notification arrived, or a conversation changed (conversation)',
    response: null,
  }),
};
