import { toLatinDigits } from './digits.js';
import { singleLineText, type TextOptions } from './text.js';

// ---------- what a tenant is shown of a broker ----------

/** Why a public profile field (name, office) is refused, in Arabic. */
export const PUBLIC_TEXT_MESSAGES = {
  characters: 'يُسمح بالحروف والأرقام والمسافات وعلامات الترقيم المعتادة فقط',
  link: 'لا يمكن إضافة روابط أو مواقع أو حسابات تواصل',
  phone: 'لا يمكن إضافة أرقام هواتف',
  falLicense: 'رقم رخصة فال يتكون من ٧ إلى ١٢ رقماً',
} as const;

/**
 * A public name or office: Arabic or Latin letters (each with at most three combining marks:
 * shadda and a vowel, or a Latin accent), the tatweel, Latin, Arabic-Indic and Persian digits,
 * the space and . , ، ؛ - ' ’ ( ) &. Anything else (a slash, a colon, @, +, an emoji, a
 * letter of another script that could pass for a Latin one) is not needed to name a person or
 * an office.
 */
const PUBLIC_CHARACTERS =
  /^(?:(?:(?=[\p{sc=Arabic}\p{sc=Latin}])\p{L}|\u0640)\p{M}{0,3}|[0-9\u0660-\u0669\u06F0-\u06F9 .,\u060C\u061B'\u2019()&-])*$/u;
/**
 * A link or an address to write to: a scheme or www as a word, a name followed by a dot and a
 * Latin label of two letters or more (x.com, نورة.sa, a.b.co), one of the Saudi Arabic
 * top-level domains, or an @ (an e-mail address, an account name). A dot followed by Arabic
 * letters («د.أحمد», «م.خالد») is an abbreviated title, not a link.
 */
const LINK = /\b(?:https?|www)\b|[\p{L}\p{N}]\.\p{sc=Latin}{2,}|\.(?:السعودية|سعودي)|@/iu;
/**
 * The same, with what a dodge puts around the dot taken out first: brackets, tatweel, spaces
 * before it («evil .com», «evil(.)com», «evil.ـcom»). Spaces after a dot stay («Dr. Ahmed» is
 * a name), but a dot, spaces and a common top-level domain is a link («evil. com»).
 */
const LINK_DODGES = /[()\u0640]|\s+(?=\.)/g;
const SPACED_DOMAIN = /\.\s+(?:com|net|org|sa|io|me|co|info|link|app|xyz)\b/iu;
/** Seven digits or more in all: however they are grouped or separated, a phone number. */
const PHONE = /\d{7,}/;
const NOT_DIGITS = /\D/g;
const FAL_LICENSE = /^\d{7,12}$/;

/**
 * The form a public field is kept in: composed (NFC), without the invisible direction marks
 * (two names that look the same must be the same text; the page lays them out itself), every
 * kind of space as one plain space.
 */
const normalisePublicText = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[\u200E\u200F\u061C]/g, '')
    .replace(/\p{Zs}+/gu, ' ');

/** Which of PUBLIC_TEXT_MESSAGES a normalised public text breaks first; null when it is fine. */
function publicTextProblem(text: string): string | null {
  if (LINK.test(text) || LINK.test(text.replace(LINK_DODGES, '')) || SPACED_DOMAIN.test(text)) {
    return PUBLIC_TEXT_MESSAGES.link;
  }
  if (PHONE.test(toLatinDigits(text).replace(NOT_DIGITS, ''))) {
    return PUBLIC_TEXT_MESSAGES.phone;
  }
  if (!PUBLIC_CHARACTERS.test(text)) return PUBLIC_TEXT_MESSAGES.characters;
  return null;
}

/**
 * A field a tenant is shown (the broker's full name, the office): one line of letters, digits
 * and ordinary punctuation, with no link, no phone number and no @. The page
 * is the company's: it must not become a broker's advertisement for another channel.
 */
export const publicProfileText = (options: Omit<TextOptions, 'normalise'>) =>
  singleLineText({ ...options, normalise: normalisePublicText }).superRefine((text, ctx) => {
    const problem = publicTextProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A FAL licence number: 7 to 12 digits, Arabic-Indic ones stored as Latin; empty allowed. */
export const falLicenseText = singleLineText({
  max: 50,
  tooLong: PUBLIC_TEXT_MESSAGES.falLicense,
  normalise: toLatinDigits,
}).refine((text) => text === '' || FAL_LICENSE.test(text), {
  error: PUBLIC_TEXT_MESSAGES.falLicense,
});

/** The longest name or office the profile takes. */
export const PUBLIC_TEXT_MAX_LENGTH = 100;
const storedPublicText = publicProfileText({ max: PUBLIC_TEXT_MAX_LENGTH });

/** A stored name or office as the input rule would keep it, or null if the rule refuses it. */
export function checkedPublicText(value: string | null | undefined): string | null {
  if (!value) return null;
  const parsed = storedPublicText.safeParse(value);
  return parsed.success && parsed.data !== '' ? parsed.data : null;
}

/** A stored licence as the input rule would keep it, or null. */
export function checkedFalLicense(value: string | null | undefined): string | null {
  if (!value) return null;
  const parsed = falLicenseText.safeParse(value);
  return parsed.success && parsed.data !== '' ? parsed.data : null;
}

/**
 * How a broker is named on their public page and QR card: the full name if it passes the
 * public rule, else the broker code. Values stored before the rule are checked here again.
 */
export const publicBrokerName = (broker: { fullName: string | null; brokerCode: string }) =>
  checkedPublicText(broker.fullName) ?? broker.brokerCode;

/**
 * The name a tenant is shown of a broker (their link, the tenant form and its consent): the
 * full name if it passes the public rule, else null, never the broker code, which names nobody
 * to a tenant. A broker without one takes no referral (brokerRequestBlock).
 */
export const brokerNameForTenants = (fullName: string | null | undefined): string | null =>
  checkedPublicText(fullName);

/** Why a broker can take no referral now: an inactive account, or no name a tenant can see. */
export const BROKER_REQUEST_BLOCKS = ['broker_inactive', 'broker_unnamed'] as const;
type BrokerRequestBlock = (typeof BROKER_REQUEST_BLOCKS)[number];

/**
 * The one rule for whether a broker can take a referral, typed by them or asked for through
 * their link: an active account, and a name a tenant can be shown. Null when they can; an
 * inactive account is said first.
 */
export function brokerRequestBlock(broker: {
  isActive: boolean;
  fullName: string | null;
}): BrokerRequestBlock | null {
  if (!broker.isActive) return 'broker_inactive';
  return brokerNameForTenants(broker.fullName) === null ? 'broker_unnamed' : null;
}

/**
 * What the tenant's page shows of a broker: each field checked, a refused one left out. Only
 * while the broker takes requests: a link that takes none names nobody (decision record 059).
 */
export function publicBrokerProfile(broker: {
  isActive: boolean;
  fullName: string | null;
  officeName: string | null;
  falLicense: string | null;
}): { brokerName: string | null; officeName: string | null; falLicense: string | null } {
  if (brokerRequestBlock(broker)) return { brokerName: null, officeName: null, falLicense: null };
  return {
    brokerName: brokerNameForTenants(broker.fullName),
    officeName: checkedPublicText(broker.officeName),
    falLicense: checkedFalLicense(broker.falLicense),
  };
}
