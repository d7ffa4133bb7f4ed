import { TEMPLATE_STATUSES, type TemplateStatus } from '#domain';

/**
 * The product's messages, written once: the same Arabic text goes out as an SMS and, with its
 * parameters, as the approved WhatsApp template of the same name (WhatsApp only delivers
 * templates to someone who has not written to us in the last 24 hours).
 */

export type TemplatePurpose = 'tenant_link' | 'status_update' | 'otp';

export type ProductTemplate = {
  name: string;
  purpose: TemplatePurpose;
  category: 'UTILITY' | 'AUTHENTICATION';
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

/** Meta's status of a template (APPROVED…), as stored and shown; null for one we do not show. */
export function templateStatusOf(metaStatus: string): Exclude<TemplateStatus, 'missing'> | null {
  const lower = metaStatus.toLowerCase();
  const known = TEMPLATE_STATUSES.find((status) => status === lower);
  return known && known !== 'missing' ? known : null;
}
