import { formatNumberAr } from './money.js';

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

/** The nouns the product counts, in the nominative (a count standing on its own). */
export const NOUNS = {
  referral: { one: 'إحالة واحدة', two: 'إحالتان', few: 'إحالات', many: 'إحالة', other: 'إحالة' },
  request: { one: 'طلب واحد', two: 'طلبان', few: 'طلبات', many: 'طلبًا', other: 'طلب' },
  day: { one: 'يوم واحد', two: 'يومان', few: 'أيام', many: 'يومًا', other: 'يوم' },
  hour: { one: 'ساعة واحدة', two: 'ساعتان', few: 'ساعات', many: 'ساعة', other: 'ساعة' },
  minute: { one: 'دقيقة واحدة', two: 'دقيقتان', few: 'دقائق', many: 'دقيقة', other: 'دقيقة' },
  second: { one: 'ثانية واحدة', two: 'ثانيتان', few: 'ثوانٍ', many: 'ثانية', other: 'ثانية' },
  broker: { one: 'وسيط واحد', two: 'وسيطان', few: 'وسطاء', many: 'وسيطًا', other: 'وسيط' },
  user: { one: 'مستخدم واحد', two: 'مستخدمان', few: 'مستخدمين', many: 'مستخدمًا', other: 'مستخدم' },
  commission: { one: 'عمولة واحدة', two: 'عمولتان', few: 'عمولات', many: 'عمولة', other: 'عمولة' },
  notification: {
    one: 'إشعار واحد',
    two: 'إشعاران',
    few: 'إشعارات',
    many: 'إشعارًا',
    other: 'إشعار',
  },
  message: { one: 'رسالة واحدة', two: 'رسالتان', few: 'رسائل', many: 'رسالة', other: 'رسالة' },
  character: { one: 'حرف واحد', two: 'حرفان', few: 'أحرف', many: 'حرفًا', other: 'حرف' },
  digit: { one: 'رقم واحد', two: 'رقمان', few: 'أرقام', many: 'رقمًا', other: 'رقم' },
  attempt: {
    one: 'محاولة واحدة',
    two: 'محاولتان',
    few: 'محاولات',
    many: 'محاولة',
    other: 'محاولة',
  },
  entry: { one: 'سجل واحد', two: 'سجلان', few: 'سجلات', many: 'سجلًا', other: 'سجل' },
  month: { one: 'شهر واحد', two: 'شهران', few: 'أشهر', many: 'شهرًا', other: 'شهر' },
  payout: { one: 'دفعة واحدة', two: 'دفعتان', few: 'دفعات', many: 'دفعة', other: 'دفعة' },
  signal: { one: 'تنبيه واحد', two: 'تنبيهان', few: 'تنبيهات', many: 'تنبيهًا', other: 'تنبيه' },
} as const satisfies Record<string, CountedNoun>;

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
