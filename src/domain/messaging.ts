/** Messages to tenants and brokers, and CRM calls: the outbox's vocabulary, shared by all layers. */

/** The channel the admin prefers for messages we start (spec section 3, messaging config). */
export const PREFERRED_CHANNELS = ['sms', 'whatsapp', 'both'] as const;
export type PreferredChannel = (typeof PREFERRED_CHANNELS)[number];

/**
 * One outbox row goes out on one of these; `crm` rows are Zoho calls and `webhook` rows signed
 * calls to a super-admin's endpoint, not messages.
 */
export const OUTBOX_CHANNELS = ['sms', 'whatsapp', 'crm', 'webhook'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/** What a row is for. Codes are never queued (they are sent in the request, never stored). */
export const OUTBOX_KINDS = [
  'tenant_link',
  'status_update',
  'fal_license_reminder',
  'broker_nudge',
  'broker_message',
  'broker_broadcast',
  'office_invitation',
  'security_notice',
  'test',
  'crm_lead',
  'crm_update',
  'webhook_event',
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * What the product's messages are for, each with its text (and WhatsApp template) in
 * src/server/messaging/templates.ts.
 */
export const TEMPLATE_PURPOSES = [
  'tenant_link',
  'status_update',
  'fal_license_reminder',
  'broker_nudge',
  'broker_message',
  'broker_broadcast',
  'office_invitation',
  'otp',
] as const;
export type TemplatePurpose = (typeof TEMPLATE_PURPOSES)[number];

/**
 * A row's life: `queued` (due at next_attempt_at), `sending` (claimed under a lease),
 * `sent` (the provider accepted it), `delivered` and `read` (the provider's webhook said so),
 * `failed` (no retry will help, or retries are spent; an admin may retry it).
 */
export const OUTBOX_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'read',
  'failed',
] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** How far a delivery went, so a later webhook never moves a row backwards. */
export const DELIVERY_RANK: Record<OutboxStatus, number> = {
  queued: 0,
  sending: 1,
  sent: 2,
  delivered: 3,
  read: 4,
  failed: 5,
};

/** Why the last attempt failed (src/server/integrations/delivery.ts explains each). */
export const FAILURE_KINDS = [
  'config',
  'rate',
  'recipient',
  'window',
  'template',
  'content',
  'transient',
] as const;

const STATUS_LABELS: Record<OutboxStatus, string> = {
  queued: 'في الانتظار',
  sending: 'قيد الإرسال',
  sent: 'أُرسلت',
  delivered: 'وصلت',
  read: 'قُرئت',
  failed: 'تعذر الإرسال',
};

export const outboxStatusLabel = (status: OutboxStatus): string => STATUS_LABELS[status];

const CHANNEL_LABELS: Record<OutboxChannel, string> = {
  sms: 'رسالة نصية',
  whatsapp: 'واتساب',
  crm: 'نظام إدارة العملاء',
  webhook: 'ربط الأنظمة',
};

export const outboxChannelLabel = (channel: OutboxChannel): string => CHANNEL_LABELS[channel];

const PREFERRED_LABELS: Record<PreferredChannel, string> = {
  sms: 'رسائل نصية فقط',
  whatsapp: 'واتساب',
  both: 'واتساب ورسالة نصية معاً',
};

export const preferredChannelLabel = (channel: PreferredChannel): string =>
  PREFERRED_LABELS[channel];

const KIND_LABELS: Record<OutboxKind, string> = {
  tenant_link: 'رابط المستأجر',
  status_update: 'تحديث حالة للوسيط',
  fal_license_reminder: 'تذكير بانتهاء رخصة فال',
  broker_nudge: 'تذكير وسيط خامل',
  broker_message: 'إشعار برسالة من الفريق',
  broker_broadcast: 'إشعار برسالة جماعية',
  office_invitation: 'دعوة للانضمام إلى مكتب',
  security_notice: 'تنبيه أمني لصاحب الحساب',
  test: 'رسالة اختبار',
  crm_lead: 'عميل محتمل جديد',
  crm_update: 'تحديث العميل المحتمل',
  webhook_event: 'حدث لنظام خارجي',
};

const FAILURE_LABELS: Record<(typeof FAILURE_KINDS)[number], string> = {
  config: 'إعدادات المزوّد أو بيانات الاعتماد مرفوضة',
  rate: 'المزوّد يطلب التمهل',
  recipient: 'الرقم لا يستقبل عبر هذه القناة',
  window: 'انتهت نافذة ٢٤ ساعة في واتساب',
  template: 'القالب غير معتمد أو غير موجود',
  content: 'المزوّد أو المشغّل رفض نص الرسالة (رابط غير مسجّل أو محتوى محظور)',
  transient: 'تعذر الاتصال بالمزوّد مؤقتاً',
};

/** Why a message failed, in words an admin can act on (the provider's code stays beside it). */
export const failureKindLabel = (kind: (typeof FAILURE_KINDS)[number]): string =>
  FAILURE_LABELS[kind];

export const outboxKindLabel = (kind: OutboxKind): string => KIND_LABELS[kind];

/**
 * The WhatsApp template statuses we show (Meta's, lower-cased), and `missing` before set-up.
 * `flagged`: still sendable, but users' negative feedback puts it at risk of being disabled
 * (Meta's `FLAGGED` event); `REINSTATED` brings a template back to `approved`.
 */
export const TEMPLATE_STATUSES = [
  'approved',
  'flagged',
  'pending',
  'rejected',
  'paused',
  'disabled',
  'missing',
] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

const TEMPLATE_STATUS_LABELS: Record<TemplateStatus, string> = {
  approved: 'معتمد',
  flagged: 'معتمد، معرّض للإيقاف',
  pending: 'قيد المراجعة',
  rejected: 'مرفوض',
  paused: 'موقوف مؤقتاً',
  disabled: 'معطّل',
  missing: 'غير مُرسل',
};

export const templateStatusLabel = (status: TemplateStatus): string =>
  TEMPLATE_STATUS_LABELS[status];
