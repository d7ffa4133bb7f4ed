import { formatNumberAr } from './format.js';

/**
 * How one counted noun is written after each Arabic number (CLDR's plural categories, as
 * `Intl.PluralRules('ar')` selects them):
 * - `one`: the noun alone with «واحد/واحدة» (إحالة واحدة),
 * - `two`: the dual, said without the number (إحالتان),
 * - `few` (3–10, 103–110…): the plural (٣ إحالات),
 * - `many` (11–99, 111–199…): the singular in the accusative (١١ يومًا, ١١ إحالة),
 * - `other` (0, 100, 1000…): the singular in the genitive (١٠٠ يوم).
 */
export interface CountedNoun {
  one: string;
  two: string;
  few: string;
  many: string;
  other: string;
}

const pluralRules = new Intl.PluralRules('ar');

/** `n` with its noun by Arabic number agreement: «يوم واحد», «يومان», «٦ أيام», «١١ يومًا». */
export function arabicCount(n: number, noun: CountedNoun): string {
  const category = pluralRules.select(n);
  switch (category) {
    case 'one':
      return noun.one;
    case 'two':
      return noun.two;
    case 'few':
      return `${formatNumberAr(n)} ${noun.few}`;
    case 'many':
      return `${formatNumberAr(n)} ${noun.many}`;
    default:
      return `${formatNumberAr(n)} ${noun.other}`;
  }
}

/**
 * A noun's forms, its `many` made from `other`: the accusative's tanween, written on an alif
 * after every letter but ة, which carries it alone (يومًا, إحالة).
 */
const noun = (one: string, two: string, few: string, other: string): CountedNoun => ({
  one,
  two,
  few,
  many: other.endsWith('ة') ? other : `${other}\u064B\u0627`,
  other,
});

/** The nouns the product counts, in the nominative (a count standing on its own). */
export const NOUNS = {
  referral: noun('إحالة واحدة', 'إحالتان', 'إحالات', 'إحالة'),
  request: noun('طلب واحد', 'طلبان', 'طلبات', 'طلب'),
  day: noun('يوم واحد', 'يومان', 'أيام', 'يوم'),
  hour: noun('ساعة واحدة', 'ساعتان', 'ساعات', 'ساعة'),
  minute: noun('دقيقة واحدة', 'دقيقتان', 'دقائق', 'دقيقة'),
  second: noun('ثانية واحدة', 'ثانيتان', 'ثوانٍ', 'ثانية'),
  broker: noun('وسيط واحد', 'وسيطان', 'وسطاء', 'وسيط'),
  user: noun('مستخدم واحد', 'مستخدمان', 'مستخدمين', 'مستخدم'),
  commission: noun('عمولة واحدة', 'عمولتان', 'عمولات', 'عمولة'),
  contract: noun('عقد واحد', 'عقدان', 'عقود', 'عقد'),
  notification: noun('إشعار واحد', 'إشعاران', 'إشعارات', 'إشعار'),
  message: noun('رسالة واحدة', 'رسالتان', 'رسائل', 'رسالة'),
  conversation: noun('محادثة واحدة', 'محادثتان', 'محادثات', 'محادثة'),
  character: noun('حرف واحد', 'حرفان', 'أحرف', 'حرف'),
  digit: noun('رقم واحد', 'رقمان', 'أرقام', 'رقم'),
  attempt: noun('محاولة واحدة', 'محاولتان', 'محاولات', 'محاولة'),
  entry: noun('سجل واحد', 'سجلان', 'سجلات', 'سجل'),
  week: noun('أسبوع واحد', 'أسبوعان', 'أسابيع', 'أسبوع'),
  month: noun('شهر واحد', 'شهران', 'أشهر', 'شهر'),
  payout: noun('دفعة واحدة', 'دفعتان', 'دفعات', 'دفعة'),
  signal: noun('تنبيه واحد', 'تنبيهان', 'تنبيهات', 'تنبيه'),
  incident: noun('حادثة واحدة', 'حادثتان', 'حوادث', 'حادثة'),
  person: noun('شخص واحد', 'شخصان', 'أشخاص', 'شخص'),
} satisfies Record<string, CountedNoun>;

/**
 * The same nouns after a preposition or an object verb (منذ، خلال، حذف، تفعيل): the dual
 * takes «ين» (منذ يومين، حذف إحالتين); the other forms do not change.
 */
export function inGenitive(noun: CountedNoun): CountedNoun {
  return { ...noun, two: noun.two.replace(/ان$/, 'ين') };
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long ago, in words: «الآن», «منذ ٥ دقائق», «منذ ساعتين», «منذ ٣ أيام»; null past 30
 * days (show the date instead).
 */
export function timeAgoAr(value: string | Date, now: Date = new Date()): string | null {
  const at = value instanceof Date ? value : new Date(value);
  const elapsed = Math.max(0, now.getTime() - at.getTime());
  if (elapsed < MINUTE_MS) return 'الآن';
  if (elapsed < HOUR_MS)
    return `منذ ${arabicCount(Math.floor(elapsed / MINUTE_MS), inGenitive(NOUNS.minute))}`;
  if (elapsed < DAY_MS)
    return `منذ ${arabicCount(Math.floor(elapsed / HOUR_MS), inGenitive(NOUNS.hour))}`;
  const days = Math.floor(elapsed / DAY_MS);
  return days > 30 ? null : `منذ ${arabicCount(days, inGenitive(NOUNS.day))}`;
}
