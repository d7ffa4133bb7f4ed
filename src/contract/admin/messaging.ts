import { z } from 'zod';
import { contractRentSchema, FAILURE_KINDS, OUTBOX_KINDS } from '../../domain/index.js';
import { endpoint, idParams, isoDateTime, outboxStatus, pageOf } from '../common.js';
import { outboxChannel } from '../messaging.js';
import { adminPage } from './lists.js';

/** A message in the console's outbox: an SMS, a WhatsApp message or a CRM call. */
const outboxItem = z.object({
  id: z.string(),
  channel: outboxChannel,
  kind: z.enum(OUTBOX_KINDS),
  recipient: z.string(),
  status: outboxStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  errorKind: z.enum(FAILURE_KINDS).nullable(),
  referralId: z.string().nullable(),
  createdAt: isoDateTime,
  nextAttemptAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
  deliveredAt: isoDateTime.nullable(),
  readAt: isoDateTime.nullable(),
});

/** The outbox list's status filter, phone search and page. */
export const outboxListQuery = z.object({
  status: outboxStatus.optional(),
  phone: z.string().trim().max(20, { error: 'النص أطول من المسموح' }).optional(),
  page: adminPage,
});

/** The Zoho CRM test's lead: a tenant's phone and a rent. */
export const zohoTestLeadBody = z.object({
  tenantPhone: z
    .string({ error: 'يرجى إدخال رقم الجوال' })
    .max(20, { error: 'رقم الجوال غير صحيح' }),
  // Digits as a Saudi keyboard types them (٥٠٠٠٠), at most the rent cap.
  rentAmount: contractRentSchema,
});

/** The console's messages: the outbox, a retry, and the Zoho CRM test. */
export const adminMessagingEndpoints = {
  outbox: endpoint({
    method: 'GET',
    path: '/api/admin/outbox',
    access: 'admin',
    summary: 'queued, sent, delivered, read and failed messages and CRM calls',
    query: outboxListQuery,
    response: pageOf(outboxItem),
  }),
  retry: endpoint({
    method: 'POST',
    path: '/api/admin/outbox/:id/retry',
    access: 'admin',
    summary: 'send a failed message again (audited)',
    params: idParams,
    notFound: 'الرسالة غير موجودة',
    response: outboxItem,
  }),
  testZohoLead: endpoint({
    method: 'POST',
    path: '/api/admin/test-zoho-lead',
    access: 'admin',
    summary: 'create or find a test lead in Zoho CRM and say what happened',
    body: zohoTestLeadBody,
    response: z.object({
      success: z.boolean(),
      message: z.string(),
      error: z.string().nullable(),
      leadId: z.string().nullable(),
      testData: z.object({ tenantPhone: z.string(), rent: z.number().int() }),
      instructions: z.array(z.string()),
      searchResults: z.array(z.object({ id: z.string() })),
    }),
  }),
};
