import { z } from 'zod';
import {
  FAILURE_KINDS,
  OUTBOX_CHANNELS,
  PREFERRED_CHANNELS,
  singleLineText,
  TEMPLATE_PURPOSES,
  TEMPLATE_STATUSES,
} from '../domain/index.js';
import { endpoint, ok } from './common.js';

export const preferredChannel = z.enum(PREFERRED_CHANNELS, { error: 'قناة غير معروفة' });
export const outboxChannel = z.enum(OUTBOX_CHANNELS);

/**
 * A provider's set-up as an admin may see it: configured or not, and when not, exactly which
 * environment variables to set. Never a secret.
 */
const providerStatus = z.object({
  configured: z.boolean(),
  /** The environment variables still to set (empty when configured). */
  missing: z.array(z.string()),
});

export const messagingConfig = z.object({
  preferredChannel,
  fallbackEnabled: z.boolean(),
  sms: providerStatus.extend({ provider: z.enum(['console', 'unifonic', 'taqnyat']) }),
  /** Spec section 3: phoneNumberId and accessToken reported only as configured or not. */
  whatsapp: providerStatus.extend({
    phoneNumberId: z.boolean(),
    accessToken: z.boolean(),
    /** Webhook secrets (app secret and verify token) set: delivery statuses can arrive. */
    webhook: z.boolean(),
  }),
  crm: providerStatus,
});

export const whatsappTemplate = z.object({
  name: z.string(),
  language: z.string(),
  status: z.enum(TEMPLATE_STATUSES),
  category: z.enum(['utility', 'marketing', 'authentication']),
  content: z.string(),
  /** What the product sends with it. */
  purpose: z.enum(TEMPLATE_PURPOSES),
  /** Why Meta refused or paused it, when it said. */
  reason: z.string().nullable(),
});

/** The providers whose connection an admin can test from /messaging-config. */
export const TESTED_PROVIDERS = ['sms', 'whatsapp', 'crm'] as const;

/**
 * One harmless real call to a provider and what came of it: `message` in Arabic (what works, or
 * what failed and what to do), `detail` what the provider answered that an admin may see (a
 * sender, a display name, an organisation), and on failure its class and the provider's code.
 */
export const connectionTest = z.object({
  ok: z.boolean(),
  message: z.string(),
  detail: z.string().nullable(),
  errorKind: z.enum(FAILURE_KINDS).nullable(),
  errorCode: z.string().nullable(),
});

/** A test message: the phone it goes to and its one-line text. */
export const testWhatsappBody = z.object({
  phone: z.string({ error: 'يرجى إدخال رقم الجوال' }).max(20, { error: 'رقم الجوال غير صحيح' }),
  // A template parameter is one line (Meta refuses line breaks and tabs in it).
  message: singleLineText({ max: 300, min: 1, required: 'يرجى إدخال نص الرسالة' }),
});

export const messagingEndpoints = {
  config: endpoint({
    method: 'GET',
    path: '/api/messaging/config',
    access: 'admin',
    summary: 'preferred channel, fallback, and which providers are configured (never a secret)',
    response: messagingConfig,
  }),
  saveConfig: endpoint({
    method: 'POST',
    path: '/api/messaging/config',
    access: 'admin',
    summary: 'change the preferred channel and the fallback (audited)',
    body: z.object({
      preferredChannel,
      fallbackEnabled: z.boolean({ error: 'يرجى تحديد خيار التحويل التلقائي' }),
    }),
    response: messagingConfig,
  }),
  templates: endpoint({
    method: 'GET',
    path: '/api/whatsapp/templates',
    access: 'admin',
    summary: "the product's WhatsApp templates with Meta's status",
    response: z.object({ configured: z.boolean(), templates: z.array(whatsappTemplate) }),
  }),
  setupTemplates: endpoint({
    method: 'POST',
    path: '/api/whatsapp/templates/setup',
    access: 'admin',
    summary: 'submit the missing Arabic templates for approval (audited)',
    response: z.object({
      submitted: z.array(z.string()),
      existing: z.array(z.string()),
      templates: z.array(whatsappTemplate),
    }),
  }),
  testWhatsapp: endpoint({
    method: 'POST',
    path: '/api/messaging/test-whatsapp',
    access: 'admin',
    summary: 'send a test message through the status-update template',
    body: testWhatsappBody,
    response: z.object({
      success: z.boolean(),
      message: z.string(),
      errorCode: z.string().nullable(),
    }),
  }),
  testConnection: endpoint({
    method: 'POST',
    path: '/api/messaging/test-connection',
    access: 'admin',
    summary: 'make one harmless real call to a provider (nothing is sent) and explain its answer',
    body: z.object({ provider: z.enum(TESTED_PROVIDERS, { error: 'مزوّد غير معروف' }) }),
    response: connectionTest,
  }),
  smsReport: endpoint({
    method: 'POST',
    path: '/api/webhooks/sms/unifonic/:secret',
    access: 'public',
    summary:
      "Unifonic's delivery report (statusCallback): confirmed with Unifonic before a message moves",
    params: z.object({ secret: z.string().max(128) }),
    response: ok,
  }),
  webhookHandshake: endpoint({
    method: 'GET',
    path: '/api/webhooks/whatsapp',
    access: 'public',
    summary: "Meta's subscription handshake: echoes hub.challenge when the verify token matches",
    query: z.object({
      'hub.mode': z.string().optional(),
      'hub.verify_token': z.string().optional(),
      'hub.challenge': z.string().max(200).optional(),
    }),
    response: null,
  }),
  webhook: endpoint({
    method: 'POST',
    path: '/api/webhooks/whatsapp',
    access: 'public',
    summary: 'delivery statuses and template reviews, signed with the app secret',
    response: ok,
  }),
};
