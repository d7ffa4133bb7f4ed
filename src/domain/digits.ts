const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
const PERSIAN = '۰۱۲۳۴۵۶۷۸۹';

/** Arabic-Indic and Persian digits to Latin; Arabic decimal separator to '.', grouping dropped. */
export function toLatinDigits(s: string): string {
  return s.replace(/[٠-٩۰-۹٫٬]/g, (ch) => {
    if (ch === '٫') return '.';
    if (ch === '٬') return '';
    const arabic = ARABIC_INDIC.indexOf(ch);
    return String(arabic >= 0 ? arabic : PERSIAN.indexOf(ch));
  });
}
