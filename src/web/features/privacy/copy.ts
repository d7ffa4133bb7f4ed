import { arabicCount, inGenitive, NOUNS } from '#domain';
import { BRAND } from '#lib/brand';

/**
 * What the tenant's notices say in more than one place (the short notices on /r/{code} and the
 * tenant form, and /privacy), written once. Each is true of the code: decision record 059.
 */

/** Who studies the request on the provider's side. */
export const REVIEW_TEAM = `فريق ${BRAND.productName} المختص بدراسة الطلبات`;

/** Under every notice. */
export const NOT_SOLD = 'لا نبيع بياناتك ولا نشاركها لأغراض تسويقية.';

/**
 * What every request from the tenant's device carries: the request logs and the audit log keep
 * the address, the rate limits count by it, and a link's visits by a digest of it.
 */
export const DEVICE_DATA = 'عنوان جهازك على الإنترنت ونوع متصفحك';

/**
 * How long a request's data is kept, in general, and how to ask for deletion. The documents
 * have a schedule of their own (documentsKept, on /privacy with its number of days), as do
 * unattached uploads (seven days), codes and rate-limit counters (within days).
 */
export const KEPT =
  'ما دام طلبك مفتوحاً، ثم ما تقتضيه التزاماتنا النظامية. ولطلب حذفها أو نسخة منها راسلنا على واتساب أو بالبريد الإلكتروني.';

/**
 * The retention schedule (decision record 068): the documents go `days` after the referral
 * closes, as the server's sweep erases them (src/server/files/retention.ts).
 */
export const documentsKept = (days: number): string =>
  `تعريف الراتب وتقرير سمة الائتماني (الملف أو الرابط): نحذفهما بعد ${arabicCount(days, inGenitive(NOUNS.day))} من إغلاق طلبك، أي من رفضه أو إلغائه أو توقيع عقد الإيجار.`;

/** While the number of days cannot be read: the schedule without its figure. */
export const DOCUMENTS_KEPT_UNAVAILABLE =
  'تعريف الراتب وتقرير سمة الائتماني: نحذفهما بعد مدة محددة من إغلاق طلبك، وتعذر تحميل هذه المدة، يرجى تحديث الصفحة.';

export const PROVIDER_UNAVAILABLE = 'تعذر تحميل بيانات الشركة، يرجى تحديث الصفحة.';
