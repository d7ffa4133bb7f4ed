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
 * How long: the product deletes a request's data by no schedule of its own (only unattached
 * uploads after seven days, codes and rate-limit counters within days), so the notice says so,
 * and how to ask for deletion.
 */
export const KEPT =
  'ما دام طلبك مفتوحاً، ثم ما تقتضيه التزاماتنا النظامية. ولطلب حذفها أو نسخة منها راسلنا على واتساب أو بالبريد الإلكتروني.';

export const PROVIDER_UNAVAILABLE = 'تعذر تحميل بيانات الشركة، يرجى تحديث الصفحة.';
