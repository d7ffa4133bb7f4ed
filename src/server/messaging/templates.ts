import { TEMPLATE_STATUSES, type TemplatePurpose, type TemplateStatus } from '#domain';

/**
 * The product's messages, written once: the same Arabic text goes out as an SMS and, with its
 * parameters, as the approved WhatsApp template of the same name (WhatsApp only delivers
 * templates to someone who has not written to us in the last 24 hours).
 */

export type ProductTemplate = {
  name: string;
  purpose: TemplatePurpose;
  category: 'UTILITY' | 'MARKETING' | 'AUTHENTICATION';
  language: 'ar';
  /**
   * `{{1}}`, `{{2}}` … are the parameters, in order. Meta refuses a body that starts or ends
   * with a parameter.
   */
  body: string;
  /** The SMS, when it says it differently (an SMS may end with the link; a template may not). */
  sms?: string;
  /** Sample parameters Meta's reviewers read. */
  example: string[];
};

export const PRODUCT_TEMPLATES: readonly ProductTemplate[] = [
  {
    name: 'tenant_form_link',
    purpose: 'tenant_link',
    category: 'UTILITY',
    language: 'ar',
    body: 'مرحباً، رشّحك الوسيط العقاري {{1}} لخدمة دفع الإيجار شهرياً. أكمل بياناتك عبر الرابط: {{2}}\nالرابط خاص بك، فلا تشاركه مع أحد.',
    sms: 'مرحباً، رشّحك الوسيط العقاري {{1}} لخدمة دفع الإيجار شهرياً. أكمل بياناتك عبر الرابط: {{2}}',
    example: ['عبدالله الشمري', 'https://example.sa/s/Ab12Cd34'],
  },
  {
    name: 'referral_status_update',
    purpose: 'status_update',
    category: 'UTILITY',
    language: 'ar',
    body: 'تحديث من {{1}}: حالة طلب المستأجر {{2}} أصبحت «{{3}}». تابع التفاصيل من حسابك.',
    example: ['شريك', '0551234567', 'تم توقيع العقد'],
  },
  {
    // The Real Estate Brokerage Law reserves brokerage to a licence holder (decision 070).
    name: 'fal_license_reminder',
    purpose: 'fal_license_reminder',
    category: 'UTILITY',
    language: 'ar',
    body: 'تذكير من {{1}}: رخصة فال رقم {{2}} تنتهي في {{3}}. جدّد الرخصة وحدّث تاريخ انتهائها في ملفك الشخصي حتى لا تتوقف عمولاتك الجديدة.',
    example: ['شريك', '1100012345', '٢٦ ديسمبر ٢٠٢٦'],
  },
  {
    // A dormant broker reminded by the program team, at most once a month (decision 073): an
    // invitation to refer again is marketing in Meta's terms, and says how to stop it.
    name: 'broker_nudge',
    purpose: 'broker_nudge',
    category: 'MARKETING',
    language: 'ar',
    body: 'مرحباً {{1}}، نذكّرك بحسابك في {{2}}: رشّح مستأجراً يريد دفع إيجاره شهرياً، وتابع إحالتك وعمولتك من حسابك. لإيقاف هذه الرسائل عطّل الإشعارات بالرسائل في ملفك الشخصي.',
    example: ['عبدالله الشمري', 'شريك'],
  },
  {
    // A message from the team in the broker's conversation (decision 079): the notice says only
    // that there is one, never its words, which are read signed in.
    name: 'broker_message',
    purpose: 'broker_message',
    category: 'UTILITY',
    language: 'ar',
    body: 'مرحباً {{1}}، وصلتك رسالة جديدة من فريق {{2}}. اقرأها وردّ عليها من صفحة الرسائل في حسابك.',
    example: ['عبدالله الشمري', 'شريك'],
  },
  {
    // A broadcast of the team (decision 079): an announcement to many is marketing in Meta's
    // terms, and says how to stop it.
    name: 'broker_broadcast',
    purpose: 'broker_broadcast',
    category: 'MARKETING',
    language: 'ar',
    body: 'مرحباً {{1}}، نشر فريق {{2}} إعلاناً جديداً للوسطاء. اقرأه من صفحة الرسائل في حسابك، ومنها يمكنك كتم الرسائل الجماعية.',
    example: ['عبدالله الشمري', 'شريك'],
  },
  {
    // An office owner invites an agent by phone (decision 080): the invitee may have no account
    // yet, so it says how to answer either way.
    name: 'office_invitation',
    purpose: 'office_invitation',
    category: 'UTILITY',
    language: 'ar',
    body: 'مرحباً، دعاك {{1}} للانضمام إلى مكتب «{{2}}» في {{3}}. ادخل إلى حسابك أو سجّل برقم جوالك هذا، واقبل الدعوة من صفحة «مكتبي».',
    example: ['عبدالله الشمري', 'مكتب الشمري للعقار', 'شريك'],
  },
  {
    // An AUTHENTICATION template's text is Meta's own; this is what it shows in Arabic.
    name: 'verification_code',
    purpose: 'otp',
    category: 'AUTHENTICATION',
    language: 'ar',
    body: '{{1}} هو رمز التحقق الخاص بك. لأمانك، لا تشارك هذا الرمز.',
    example: ['4821'],
  },
];

export function templateFor(purpose: TemplatePurpose): ProductTemplate {
  const template = PRODUCT_TEMPLATES.find((t) => t.purpose === purpose);
  if (!template) throw new Error(`no template for ${purpose}`);
  return template;
}

/** The SMS that says what the template says, with its parameters in place. */
export function renderTemplate(template: ProductTemplate, parameters: readonly string[]): string {
  return (template.sms ?? template.body).replace(/\{\{(\d+)\}\}/g, (_, index: string) => {
    return parameters[Number(index) - 1] ?? '';
  });
}

type ShownStatus = Exclude<TemplateStatus, 'missing'>;

/**
 * Meta's template statuses (the template list) and template events (the
 * message_template_status_update webhook,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/message_template_status_update)
 * in ours:
 * - `REINSTATED` ("no longer flagged or disabled and can be sent … again") is approved: a
 *   template paused, flagged or disabled before shows as approved again.
 * - `FLAGGED` ("received negative feedback and is at risk of being disabled") is `flagged`:
 *   still sent, shown as «معتمد، معرّض للإيقاف».
 * - `IN_APPEAL` is under review again: pending.
 * - `ARCHIVED` (archived for inactivity, "scheduled for deletion after 28 days unless
 *   unarchived"), `PENDING_DELETION` ("deleted via WhatsApp Manager") and `DELETED` cannot be
 *   sent: disabled, not missing. `missing` means "never submitted", and the set-up action
 *   decides what to submit from Meta's list, not from this status; the template list
 *   (whatsapp.ts) folds the same states into DISABLED, so the webhook and the list agree.
 * Anything else is null (not stored): `UNARCHIVED` ("restored to its previous status", which
 * the event does not say), `LOCKED`/`UNLOCKED` (editing only), `LIMIT_EXCEEDED` (the account's
 * template count) and unknown events. The console's next read of Meta's list says the rest.
 */
const META_TEMPLATE_STATUSES: Record<string, ShownStatus> = {
  APPROVED: 'approved',
  REINSTATED: 'approved',
  FLAGGED: 'flagged',
  PENDING: 'pending',
  IN_APPEAL: 'pending',
  REJECTED: 'rejected',
  PAUSED: 'paused',
  DISABLED: 'disabled',
  ARCHIVED: 'disabled',
  PENDING_DELETION: 'disabled',
  DELETED: 'disabled',
};

/** Meta's status or event of a template (APPROVED…), as stored and shown; null for one we do not store. */
export function templateStatusOf(metaStatus: string): ShownStatus | null {
  const status = META_TEMPLATE_STATUSES[metaStatus.trim().toUpperCase()];
  return status && TEMPLATE_STATUSES.includes(status) ? status : null;
}

/**
 * The status to store when Meta's template list says `listed` and we had `stored`. Meta's list
 * knows no "flagged" (FLAGGED is documented as an event only), so a flagged template it lists
 * as APPROVED stays flagged until an event (REINSTATED, APPROVED, PAUSED, DISABLED…) or a listed
 * status other than APPROVED ends it; otherwise the list's word wins.
 */
export function listedTemplateStatus(
  stored: TemplateStatus | null | undefined,
  listed: string,
): ShownStatus | null {
  const status = templateStatusOf(listed);
  return stored === 'flagged' && status === 'approved' ? 'flagged' : status;
}
