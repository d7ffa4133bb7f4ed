/**
 * The one formatter of every number a person reads: money, counts, percentages, years, days,
 * months and times, in Arabic-Indic digits and the Gregorian calendar (docs/decisions/060-
 * numbers-nobody-misreads.md). Nothing outside src/domain builds an Intl formatter or calls
 * toLocaleString (scripts/one-formatter.test.ts). It imports nothing, so the landing page's
 * bundle takes it alone. Each formatter is built on first use: building them all when the file
 * loads took about 90 ms of a phone's first load (docs/decisions/064).
 */

const NUMBERS = 'ar-SA-u-nu-arab';
const DATES = 'ar-SA-u-ca-gregory-nu-arab';
const RIYADH = 'Asia/Riyadh';

/** A formatter built the first time it is asked for, then kept. */
function onFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => {
    built ??= build();
    return built;
  };
}

const icuWhole = onFirstUse(() => new Intl.NumberFormat(NUMBERS, { maximumFractionDigits: 0 }));
const cents = onFirstUse(
  () => new Intl.NumberFormat(NUMBERS, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);
const icuUngrouped = onFirstUse(() => new Intl.NumberFormat(NUMBERS, { useGrouping: false }));

const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
/** What ICU writes before a negative number in Arabic: the Arabic letter mark, then «-». */
const MINUS = '\u061c-';

/**
 * A whole number as ICU writes it for ar-SA-u-nu-arab: Arabic-Indic digits, «٬» between
 * thousands when grouped, «؜-» before a negative (and before a negative rounded to zero).
 * Written here because building ICU's first number formatter, whatever the locale, takes about
 * 50 ms of a phone's CPU, a quarter of the dashboard's first draw; null beyond 2^53, for ICU.
 */
function wholeAr(n: number, grouped: boolean): string | null {
  const magnitude = Math.round(Math.abs(n)); // ICU's halfExpand: half away from zero
  if (!Number.isSafeInteger(magnitude)) return null;
  const plain = String(magnitude);
  let digits = '';
  for (let index = 0; index < plain.length; index++) {
    if (grouped && index > 0 && (plain.length - index) % 3 === 0) digits += '٬';
    digits += ARABIC_INDIC[plain.charCodeAt(index) - 48];
  }
  return n < 0 || Object.is(n, -0) ? `${MINUS}${digits}` : digits;
}

/** A figure rounded to a whole number, grouped. */
const whole = (n: number) => wholeAr(n, true) ?? icuWhole().format(n);

/** ١٬٧٥٠ ر.س — whole riyals without decimals, otherwise two decimals. */
export function formatSar(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  const safe = Number.isFinite(value) ? value : 0;
  const figure = Math.round(safe * 100) % 100 === 0 ? whole(safe) : cents().format(safe);
  return `${figure} ر.س`;
}

/** ١٬٢٣٤ — a count or a figure, grouped, up to `maxFractionDigits` decimals («٣٫٥»). */
export function formatNumberAr(n: number, maxFractionDigits = 0): string {
  if (maxFractionDigits === 0) return whole(n);
  return new Intl.NumberFormat(NUMBERS, { maximumFractionDigits: maxFractionDigits }).format(n);
}

/** ٣٣٪ — a whole percentage. */
export function formatPercentAr(n: number): string {
  return `${formatNumberAr(n)}٪`;
}

/** ٢٠٢٦ — a year as written in a date: never grouped («٢٬٠٢٦» reads as a sum of money). */
export function formatYearAr(year: number): string {
  return (Number.isSafeInteger(year) && wholeAr(year, false)) || icuUngrouped().format(year);
}

const DAY = { timeZone: RIYADH, day: 'numeric', month: 'long', year: 'numeric' } as const;
const date = onFirstUse(() => new Intl.DateTimeFormat(DATES, DAY));
const dateTime = onFirstUse(
  () => new Intl.DateTimeFormat(DATES, { ...DAY, hour: 'numeric', minute: '2-digit' }),
);
// Calendar days and months (`YYYY-MM-DD`, `YYYY-MM`) name no instant: read at noon UTC, where
// no time zone can move them to the day before.
const dayMonth = onFirstUse(
  () => new Intl.DateTimeFormat(DATES, { timeZone: 'UTC', day: 'numeric', month: 'long' }),
);
const monthName = onFirstUse(
  () => new Intl.DateTimeFormat(DATES, { timeZone: 'UTC', month: 'long' }),
);
const monthYear = onFirstUse(
  () => new Intl.DateTimeFormat(DATES, { timeZone: 'UTC', month: 'long', year: 'numeric' }),
);

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));
const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);

/** ٢٦ نوفمبر ٢٠٢٥ — the Riyadh day of an instant. */
export function formatDateAr(value: string | Date): string {
  return date().format(toDate(value));
}

/** ٢٦ نوفمبر ٢٠٢٥ — a calendar day written `YYYY-MM-DD` (an expiry, a holiday), as it is. */
export function formatDayAr(day: string): string {
  return date().format(noonOf(day));
}

/** ٢٦ نوفمبر ٢٠٢٥ في ٣:٤٠ م — an instant at Riyadh's clock. */
export function formatDateTimeAr(value: string | Date): string {
  return dateTime().format(toDate(value));
}

/** ٢٦ نوفمبر — a calendar day `YYYY-MM-DD` without its year (a week's first day, a chart's axis). */
export function formatDayMonthAr(day: string): string {
  return dayMonth().format(noonOf(day));
}

/**
 * نوفمبر ٢٠٢٥ — a calendar month `YYYY-MM`; «نوفمبر» alone with `{ year: false }` (a bar under
 * a chart whose months are all in the same twelve).
 */
export function formatMonthAr(month: string, { year = true }: { year?: boolean } = {}): string {
  return (year ? monthYear() : monthName()).format(noonOf(`${month}-15`));
}

/** The twelve Gregorian months' names, January first: a date picker's month list. */
export const monthNamesAr = onFirstUse((): readonly string[] =>
  Array.from({ length: 12 }, (_, i) => monthName().format(new Date(Date.UTC(2026, i, 15, 12)))),
);
