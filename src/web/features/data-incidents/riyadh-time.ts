import { riyadhWallClock, toLatinDigits } from '#domain';

/** Riyadh keeps UTC+3 all year. */
const RIYADH_OFFSET = '+03:00';

/**
 * What a `datetime-local` box shows for an instant, on Riyadh's clock (`2026-11-27T14:30`),
 * whatever the browser's own time zone.
 */
export const riyadhDateTimeInput = (at: Date): string =>
  riyadhWallClock(at).toISOString().slice(0, 16);

/**
 * The instant a `datetime-local` value names on Riyadh's clock, as the API takes it (ISO 8601
 * with its offset); empty when nothing was given, and as typed when it is no time (the schema
 * then refuses it with its own message). Arabic-Indic digits are read as digits.
 */
export function instantFromRiyadhInput(value: string): string {
  const text = toLatinDigits(value.trim());
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) ? `${text}:00${RIYADH_OFFSET}` : text;
}
