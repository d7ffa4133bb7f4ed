import { z } from 'zod';
import type { WebhookEvent } from '../domain/index.js';
import { isoDateTime, money } from './common.js';

// ---------- what each webhook event says (docs/webhooks.md, decision records 048 and 078) ----------
//
// One declaration: the server queues these (src/server/webhooks/events.ts takes its types from
// here) and the OpenAPI document publishes them under `webhooks`. Ids, states and amounts,
// never a document.

const broker = z.object({ id: z.string() });

export const webhookEventData = {
  'referral.created': z.object({
    referral: z.object({
      id: z.string(),
      number: z.number().int(),
      status: z.string(),
      tenantPhone: z.string(),
      city: z.string().nullable(),
      rentAmount: z.number().int().nullable(),
    }),
    broker,
  }),
  'referral.status_changed': z.object({
    referral: z.object({
      id: z.string(),
      number: z.number().int(),
      tenantPhone: z.string(),
      contractId: z.string().nullable(),
    }),
    previousStatus: z.string(),
    status: z.string(),
    broker,
  }),
  'tenant_form.submitted': z.object({
    referral: z.object({ id: z.string(), number: z.number().int(), tenantPhone: z.string() }),
  }),
  'commission.created': z.object({
    commission: z.object({
      id: z.string(),
      referralId: z.string(),
      amount: money,
      status: z.string(),
    }),
    broker,
  }),
  'commission.reversed': z.object({
    commission: z.object({
      id: z.string(),
      referralId: z.string(),
      amount: money,
      paidAmount: money,
    }),
    reason: z.string(),
    broker,
  }),
  'payout.paid': z.object({
    payout: z.object({
      id: z.string(),
      kind: z.enum(['payout', 'commission']),
      amount: money,
      transferReference: z.string().nullable(),
    }),
    broker,
  }),
} satisfies Record<WebhookEvent, z.ZodType>;

/** The body of every delivery: the event's id (the same on each resend), type, time and data. */
export const webhookEnvelope = <E extends WebhookEvent>(type: E) =>
  z.object({
    id: z.string(),
    type: z.literal(type),
    createdAt: isoDateTime,
    data: webhookEventData[type],
  });
