/**
 * Signed outgoing webhooks (issue 16 item 6): the events other systems may subscribe to, and
 * how each request is signed. docs/webhooks.md is the receiver's documentation.
 */

export const WEBHOOK_EVENTS = [
  'referral.created',
  'referral.status_changed',
  'tenant_form.submitted',
  'commission.created',
  'commission.reversed',
  'payout.paid',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

const EVENT_LABELS: Record<WebhookEvent, string> = {
  'referral.created': 'إحالة جديدة',
  'referral.status_changed': 'تغيّر حالة إحالة',
  'tenant_form.submitted': 'إرسال المستأجر بياناته',
  'commission.created': 'إضافة عمولة',
  'commission.reversed': 'إلغاء عمولة',
  'payout.paid': 'تحويل مبلغ للوسيط',
};

export const webhookEventLabel = (event: WebhookEvent): string => EVENT_LABELS[event];

/**
 * The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed
 * with the endpoint's secret. Receivers recompute it and refuse a timestamp older than
 * WEBHOOK_TOLERANCE_SECONDS, so a captured request cannot be replayed later.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'x-shareek-signature';
export const WEBHOOK_EVENT_HEADER = 'x-shareek-event';
export const WEBHOOK_DELIVERY_HEADER = 'x-shareek-delivery';
export const WEBHOOK_TOLERANCE_SECONDS = 300;
