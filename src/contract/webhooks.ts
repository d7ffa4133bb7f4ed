import { z } from 'zod';
import { OUTBOX_STATUSES, singleLineText, WEBHOOK_EVENTS } from '../domain/index.js';
import { adminPage } from './admin/lists.js';
import { endpoint, idParams, isoDateTime, ok, pageOf } from './common.js';

export const webhookEvent = z.enum(WEBHOOK_EVENTS);

/** An endpoint as super-admins see it: never its secret, only the secret's last four characters. */
export const webhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(webhookEvent),
  active: z.boolean(),
  secretHint: z.string(),
  createdAt: isoDateTime,
});

/** Made or rotated: the secret, this once, for the receiver's set-up. */
const withSecret = z.object({ endpoint: webhookEndpoint, secret: z.string() });

const URL_MESSAGE = 'يرجى إدخال رابط صحيح يبدأ بـ https://';
const url = z
  .string({ error: URL_MESSAGE })
  .trim()
  .min(1, { error: 'يرجى إدخال رابط نقطة الاستقبال' })
  .max(500, { error: 'الرابط أطول من المسموح' })
  .refine((value) => URL.canParse(value), { error: URL_MESSAGE });
const description = singleLineText({
  max: 200,
  required: 'الوصف غير صالح',
  tooLong: 'الوصف أطول من المسموح',
}).nullable();
const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: 'حدث غير معروف' }), { error: 'يرجى اختيار الأحداث' })
  .min(1, { error: 'يرجى اختيار حدث واحد على الأقل' })
  .max(WEBHOOK_EVENTS.length, { error: 'يرجى اختيار الأحداث' });

export const webhookDelivery = z.object({
  id: z.string(),
  endpointId: z.string().nullable(),
  url: z.string(),
  event: webhookEvent,
  /** The event's own id, the same on every resend of it (receivers de-duplicate with it). */
  eventId: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  /** The last failure as the log shows it: in Arabic, its technical code apart (or none). */
  failure: z.object({ explanation: z.string(), code: z.string() }).nullable(),
  nextAttemptAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});

/** A new endpoint: its address, an optional description, the events it receives. */
export const webhookCreateBody = z.object({ url, description: description.optional(), events });

/** The delivery log's endpoint and state filters and page. */
export const webhookDeliveryListQuery = z.object({
  endpointId: z.string().max(100).optional(),
  status: z.enum(OUTBOX_STATUSES).optional(),
  page: adminPage,
});

export const webhookEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/superadmin/webhooks',
    access: 'superadmin',
    summary: 'the webhook endpoints (without their secrets)',
    response: z.object({ items: z.array(webhookEndpoint) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/superadmin/webhooks',
    access: 'superadmin',
    summary: 'add an endpoint; answers its signing secret once (audited)',
    body: webhookCreateBody,
    status: 201,
    response: withSecret,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/superadmin/webhooks/:id',
    access: 'superadmin',
    summary: "change an endpoint's address, description, events or whether it is on (audited)",
    params: idParams,
    notFound: 'نقطة الاستقبال غير موجودة',
    body: z.object({
      url: url.optional(),
      description: description.optional(),
      events: events.optional(),
      active: z.boolean({ error: 'قيمة غير صالحة' }).optional(),
    }),
    response: webhookEndpoint,
  }),
  rotateSecret: endpoint({
    method: 'POST',
    path: '/api/superadmin/webhooks/:id/rotate-secret',
    access: 'superadmin',
    summary: 'replace the signing secret; answers the new one once (audited)',
    params: idParams,
    notFound: 'نقطة الاستقبال غير موجودة',
    response: withSecret,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/superadmin/webhooks/:id',
    access: 'superadmin',
    summary: 'delete an endpoint; its waiting deliveries fail, its log stays (audited)',
    params: idParams,
    notFound: 'نقطة الاستقبال غير موجودة',
    response: ok,
  }),
  deliveries: endpoint({
    method: 'GET',
    path: '/api/superadmin/webhooks/deliveries',
    access: 'superadmin',
    summary: 'the delivery log, newest first, by endpoint and state',
    query: webhookDeliveryListQuery,
    response: pageOf(webhookDelivery),
  }),
  resend: endpoint({
    method: 'POST',
    path: '/api/superadmin/webhooks/deliveries/:id/resend',
    access: 'superadmin',
    summary: 'send a delivered or failed event again, as a new delivery (audited)',
    params: idParams,
    notFound: 'عملية الإرسال غير موجودة',
    status: 201,
    response: webhookDelivery,
  }),
};
