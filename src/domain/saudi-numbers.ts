/**
 * The numbers of the Saudi real-estate registers a commission document quotes: the lease
 * contract on the Ejar network and the broker's FAL licence from the Real Estate General
 * Authority (REGA).
 *
 * Ejar contract number. Neither Ejar nor REGA publishes its format. What the contracts
 * themselves print, on the first page of the unified lease contract («رقم سجل العقد /
 * Contract No.»), is an 11-digit register number, a slash and the contract's version, e.g.
 * «20127868659 / 1» and «10291773282 / 1» (two Ejar contracts published on scribd.com,
 * documents 672819818 and 673302421). So this accepts 11 digits, optionally followed by the
 * version (1 to 3 digits) after a slash, with spaces around the slash and Arabic-Indic digits
 * allowed; it is kept as `20127868659/1`, or as the 11 digits when no version was typed. The
 * first digit is not checked: both 1 and 2 occur and what they mean is not published.
 *
 * The FAL licence number has no published format either (rega.gov.sa, the FAL platform's help
 * pages and the Real Estate Brokerage Law say what the licence allows, not how it is numbered):
 * its rule is the profile's (profile.ts), 7 to 12 digits.
 */
import { toLatinDigits } from './digits.js';

/** What a user is told when an Ejar contract number is malformed. */
export const EJAR_CONTRACT_MESSAGE =
  'رقم عقد إيجار يتكون من ١١ رقماً، ويمكن أن يليه رقم النسخة بعد شرطة مائلة، مثل ٢٠١٢٧٨٦٨٦٥٩/١';

const EJAR_CONTRACT = /^(\d{11})(?:\/(\d{1,3}))?$/;

/** Spaces of any kind and invisible direction marks typed or pasted around the digits. */
const SPACES_AND_MARKS = /[\s\u200E\u200F\u061C]/g;

/**
 * An Ejar contract number in its stored form: the 11-digit register number, then `/` and the
 * version when one was given (`20127868659/1`); null when it is not one.
 */
export function normalizeEjarContractNumber(input: string): string | null {
  const match = EJAR_CONTRACT.exec(toLatinDigits(input).replace(SPACES_AND_MARKS, ''));
  if (!match) return null;
  const [, register, version] = match;
  if (version === undefined) return register ?? null;
  // A version is a count from 1: «0» or a leading zero is a typing slip, not a version.
  return /^[1-9]/.test(version) ? `${register}/${version}` : null;
}

/**
 * The lease's register number, without its version: `20127868659/2` and `20127868659/1` are the
 * same contract renewed or amended, so two referrals naming either are one contract twice.
 */
export const ejarRegisterNumber = (stored: string): string => stored.split('/')[0] ?? stored;

/** Said when a contract-signing step lacks one of the Ejar contract's details. */
export const CONTRACT_DETAILS_MESSAGES = {
  number: 'يرجى إدخال رقم عقد إيجار لتوقيع العقد',
  rent: 'يرجى إدخال الإيجار السنوي في العقد لتوقيع العقد',
  startsOn: 'يرجى إدخال تاريخ بداية العقد',
  endsOn: 'يرجى إدخال تاريخ نهاية العقد',
  order: 'تاريخ نهاية العقد يجب أن يكون بعد تاريخ بدايته',
  tooLong: 'مدة العقد يجب ألا تتجاوز عشر سنوات',
} as const;

/** The longest lease the console takes, in years (Ejar's residential leases run a year or a few). */
export const MAX_LEASE_YEARS = 10;
