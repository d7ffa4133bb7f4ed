import { formatNumberAr } from '#domain';
import { PROVIDER_TIMEOUT_MS } from '../integrations/delivery.js';

/**
 * Why a webhook delivery failed, in the words a super-admin reads in the delivery log. The
 * outbox stores `<code>: <message>` (src/server/messaging/outbox.ts); the code (`HTTP 500`,
 * `timeout`, `internal_address`) is the technical detail, shown apart, left to right.
 */
export const DELIVERY_FAILURES = {
  timeout: `لم يردّ الخادم المستقبِل خلال ${formatNumberAr(PROVIDER_TIMEOUT_MS / 1000)} ثوانٍ`,
  network: 'تعذّر الاتصال بالخادم المستقبِل أو انقطع الاتصال قبل الرد',
  rate: 'طلب الخادم المستقبِل التمهّل، فتُعاد المحاولة بعد المدة التي طلبها',
  redirect:
    'ردّ الخادم المستقبِل بتحويل إلى عنوان آخر، والأحداث لا تتبع التحويلات: حدّث رابط نقطة الاستقبال',
  refused: 'ردّ الخادم المستقبِل بخطأ ولم يقبل الحدث',
} as const;

/** The explanation of each code, for rows stored before their message was Arabic. */
const BY_CODE: Record<string, string> = {
  timeout: DELIVERY_FAILURES.timeout,
  network: DELIVERY_FAILURES.network,
  'HTTP 429': DELIVERY_FAILURES.rate,
  endpoint_off: 'نقطة الاستقبال معطلة أو محذوفة',
  insecure_url: 'لا تُرسل الأحداث إلا إلى رابط آمن مشفّر',
  internal_address: 'العنوان داخلي في الشبكة وغير مسموح به، فلم يُرسل إليه شيء',
  metadata_address: 'عنوان خدمة بيانات الخادم السحابي، لا تُرسل إليه الأحداث أبداً',
  internal: 'خطأ غير متوقع أثناء الإرسال',
};

const ARABIC = /[\u0600-\u06ff]/;
/** What a code looks like: `HTTP 500`, or one lower-case word such as `internal_address`. */
const CODE = /^(?:HTTP \d{3}|[a-z][a-z0-9_]{0,39})$/;
const LATIN = /[A-Za-z]/;
const UNCONFIRMED = /^unconfirmed: (.*?)(?:; not sent again, it may have arrived)?$/s;

/**
 * A failure's code, and its Arabic explanation (never English text to read). The code is only
 * ever a code: a stored text that starts with none has an empty one.
 */
type DeliveryFailure = { explanation: string; code: string };

export function deliveryFailure(lastError: string | null): DeliveryFailure | null {
  if (!lastError) return null;
  const unconfirmed = UNCONFIRMED.exec(lastError);
  const stored = unconfirmed?.[1] ?? lastError;
  const at = stored.indexOf(': ');
  const head = at < 0 ? stored : stored.slice(0, at);
  const code = CODE.test(head) ? head : '';
  const message = code === '' ? stored : at < 0 ? '' : stored.slice(at + 2);
  const http = /^HTTP (\d{3})$/.exec(code);
  const status = http ? Number(http[1]) : null;
  // The stored message when it is Arabic without English in it; else the code's own words.
  const explanation =
    ARABIC.test(message) && !LATIN.test(message)
      ? message
      : (BY_CODE[code] ??
        (status === null
          ? 'تعذّر تسليم الحدث'
          : status < 400
            ? DELIVERY_FAILURES.redirect
            : DELIVERY_FAILURES.refused));
  return {
    explanation: unconfirmed
      ? `${explanation}؛ وقد يكون وصل رغم ذلك، فلم يُرسل مرة أخرى`
      : explanation,
    code,
  };
}
