import { toLatinDigits } from './digits.js';

/**
 * Any way a Saudi types a mobile number — 05XXXXXXXX, 5XXXXXXXX, +9665…, 009665…, 9665…, with
 * spaces, dashes, dots or brackets, in Latin, Arabic-Indic or Persian digits — to 05XXXXXXXX.
 */
export function normalizeSaudiMobile(input: string): string | null {
  const compact = toLatinDigits(input).replace(/[\s\-().\u200e\u200f]/g, '');
  const match = /^(?:\+966|00966|966|0)?(5\d{8})$/.exec(compact);
  return match ? `0${match[1]}` : null;
}

export function isSaudiMobile(input: string): boolean {
  return normalizeSaudiMobile(input) !== null;
}

/** 9665XXXXXXXX: country code 966, leading 0 or +966 removed. */
export function toInternationalPhone(phone: string): string {
  const normalized = normalizeSaudiMobile(phone);
  if (normalized) return `966${normalized.slice(1)}`;
  const digits = toLatinDigits(phone)
    .replace(/\D/g, '')
    .replace(/^(00966|966|0)/, '');
  return `966${digits}`;
}

export function telHref(phone: string): string {
  return `tel:+${toInternationalPhone(phone)}`;
}

export function whatsappHref(phone: string, text?: string): string {
  const base = `https://wa.me/${toInternationalPhone(phone)}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

/**
 * A retired (deleted) account keeps its row for the money records with this in place of its
 * phone, so the real number can sign up again; it is no phone and nothing dials or texts it.
 */
const RETIRED_PHONE_PREFIX = 'deleted:';

export const retiredPhone = (brokerId: string) => `${RETIRED_PHONE_PREFIX}${brokerId}`;

export const isRetiredPhone = (phone: string) => phone.startsWith(RETIRED_PHONE_PREFIX);
