import { cleanText } from '#domain';

/**
 * A CSV cell by RFC 4180: in double quotes, inner quotes doubled. Bank portals read a payout per
 * line, and some split a line on commas or semicolons without reading quotes, so a cell never
 * holds a line break or another control or direction character (each becomes a space, or goes:
 * `cleanText`), a name typed before the input rule included; a comma or a semicolon becomes the
 * Arabic one, which reads the same in a name. A cell that would start with =, +, - or @ starts
 * with an apostrophe, so no spreadsheet runs a name as a formula.
 */
export function csvCell(value: string): string {
  const text = cleanText(value).replaceAll(',', '،').replaceAll(';', '؛');
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}
