/**
 * The consents a tenant gives with their form, each its own checkbox and its own record: the
 * exact text shown, its version, when, from which address and through which channel
 * (decision 068). The server stores the text it builds itself from the version the form
 * declares, never a text sent by the browser.
 *
 * - `data_sharing`: PDPL art. 5 and 6 (processing on consent; consent for a stated purpose),
 *   naming who receives what and the broker's commission (SAMA's consumer-protection principle
 *   of disclosure).
 * - `credit_enquiry`: the Credit Information Law's Implementing Regulations, art. 39: no credit
 *   record is created or exchanged without the consumer's written consent.
 *
 * A new wording is a new version: add it, keep the old ones (submissions name theirs).
 */
export const CONSENT_PURPOSES = ['data_sharing', 'credit_enquiry'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** Where a consent was given: the form reached by the SMS link. */
export const CONSENT_CHANNELS = ['tenant_form'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

export const CONSENT_PURPOSE_LABELS: Record<ConsentPurpose, string> = {
  data_sharing: 'مشاركة البيانات',
  credit_enquiry: 'الاستعلام الائتماني',
};

export const CONSENT_CHANNEL_LABELS: Record<ConsentChannel, string> = {
  tenant_form: 'نموذج المستأجر عبر الرابط المرسل إلى جواله',
};

/** The wording a form shows, by version; the broker's name stands apart so pages can isolate it. */
export type ConsentSegments = { before: string; broker: string | null; after: string };

type Wording = (names: {
  productName: string;
  brokerName: string | null;
}) => Record<ConsentPurpose, ConsentSegments>;

const WORDINGS = {
  '2026-11-27': ({ productName, brokerName }) => ({
    data_sharing: {
      before: `أوافق على مشاركة بياناتي ومستنداتي مع ${productName} لدراسة طلب دفع إيجاري شهرياً، ومع الوسيط العقاري`,
      broker: brokerName,
      after: `الذي أحالني لمتابعة طلبي: يطّلع على اسمي وعلى مدى تناسب الإيجار مع دخلي دون دخلي أو مستنداتي، ويتقاضى من ${productName} عمولة إذا وُقّع عقدي، ولن تُستخدم بياناتي لأي غرض آخر.`,
    },
    credit_enquiry: {
      before: `أوافق على أن تستعلم ${productName} عن سجلي الائتماني لدى الشركة السعودية للمعلومات الائتمانية (سمة) لدراسة هذا الطلب وحده.`,
      broker: null,
      after: '',
    },
  }),
} as const satisfies Record<string, Wording>;

export type ConsentVersion = keyof typeof WORDINGS;
/** The wording new forms show. */
export const CONSENT_VERSION: ConsentVersion = '2026-11-27';
export const CONSENT_VERSIONS = Object.keys(WORDINGS) as ConsentVersion[];

export function consentSegments(
  version: ConsentVersion,
  names: { productName: string; brokerName: string | null },
): Record<ConsentPurpose, ConsentSegments> {
  return WORDINGS[version](names);
}

/** One consent's text as the tenant read it, for the record. */
export function consentText(segments: ConsentSegments): string {
  return [segments.before, segments.broker, segments.after].filter(Boolean).join(' ');
}
