import { z } from 'zod';

/**
 * The brand and contact details shown on the public pages, in messages and in the app's
 * header. One place: environment variables with sensible defaults, read when the web app is
 * built (`npm start` builds first) and when the server starts.
 */
export type Brand = {
  productName: string;
  providerDescription: string;
  commercialRegistration: string;
  phone: string;
  email: string;
  address: string;
  workingHours: string;
  tenantsUrl: string;
  privacyUrl: string;
  termsUrl: string;
  social: { x: string; instagram: string; linkedin: string; tiktok: string };
  /** The messaging app (WhatsApp) number, as Saudis write it. */
  whatsapp: string;
};

const https = z.url({ protocol: /^https$/ });

/** Each variable, its default, and how it is checked. */
const brandEnv = z.object({
  BRAND_NAME: z.string().trim().min(1).default('شريك'),
  BRAND_DESCRIPTION: z
    .string()
    .trim()
    .min(1)
    .default(
      'شركة تقنية مالية سعودية تتيح للمستأجرين دفع إيجاراتهم شهرياً بدلاً من الدفعات السنوية أو نصف السنوية، وتتعاقد مع المالك مباشرة ليستلم إيجاره كاملاً في موعده.',
    ),
  // The defaults are demo data, said so on the page: production names its own (config.ts).
  BRAND_LEGAL_NAME: z.string().trim().min(1).max(120).default('شركة شريك التجريبية (بيانات للعرض)'),
  BRAND_CR_NUMBER: z
    .string()
    .regex(/^\d{10}$/, 'must be 10 digits')
    .default('1010987654'),
  // The provider's VAT registration number, the buyer's on every self-billed tax invoice
  // (decision 071): 15 digits, the first and the last 3 (ZATCA BR-KSA-40).
  BRAND_VAT_NUMBER: z
    .string()
    .regex(/^3\d{13}3$/, 'must be 15 digits, the first and the last 3')
    .default('300000000000003'),
  BRAND_LICENSE_ISSUER: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .default('البنك المركزي السعودي (بيانات للعرض)'),
  BRAND_LICENSE_NUMBER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9/-]{1,40}$/, 'must be 1 to 40 Latin letters, digits, / or -')
    .default('0000000'),
  BRAND_PHONE: z.string().trim().min(1).default('920012345'),
  BRAND_EMAIL: z.email().default('support@shareek.sa'),
  BRAND_ADDRESS: z.string().trim().min(1).default('طريق الملك فهد، حي العليا، الرياض ١٢٢١٤'),
  BRAND_HOURS: z.string().trim().min(1).default('الأحد إلى الخميس، من ٨ صباحاً حتى ٥ مساءً'),
  BRAND_TENANTS_URL: https.default('https://tenants.shareek.sa'),
  BRAND_PRIVACY_URL: https.default('https://shareek.sa/privacy'),
  BRAND_TERMS_URL: https.default('https://shareek.sa/terms'),
  BRAND_X_URL: https.default('https://x.com/shareek_sa'),
  BRAND_INSTAGRAM_URL: https.default('https://www.instagram.com/shareek_sa'),
  BRAND_LINKEDIN_URL: https.default('https://www.linkedin.com/company/shareek-sa'),
  BRAND_TIKTOK_URL: https.default('https://www.tiktok.com/@shareek_sa'),
  BRAND_WHATSAPP: z
    .string()
    .regex(/^05\d{8}$/, 'must be a Saudi mobile, 05 and 8 digits')
    .default('0550001234'),
});

/** The names of the brand's variables (.env.example lists each). */
export const BRAND_VARIABLES = Object.keys(brandEnv.shape);

/**
 * Who the tenant is dealing with, on the tenant's first screen (decision record 059): a
 * production server refuses to start without each of these set to the provider's own value,
 * as the defaults are demo data.
 */
export const PROVIDER_IDENTITY_VARIABLES = [
  'BRAND_LEGAL_NAME',
  'BRAND_CR_NUMBER',
  'BRAND_VAT_NUMBER',
  'BRAND_LICENSE_ISSUER',
  'BRAND_LICENSE_NUMBER',
  'BRAND_WHATSAPP',
  'BRAND_PRIVACY_URL',
] as const satisfies readonly (keyof typeof brandEnv.shape)[];

type ProviderIdentityVariable = (typeof PROVIDER_IDENTITY_VARIABLES)[number];

/** Each identity variable's default, the demo value production refuses (config.ts). */
export const PROVIDER_IDENTITY_DEMO_VALUES = Object.fromEntries(
  PROVIDER_IDENTITY_VARIABLES.map((name) => [name, brandEnv.shape[name].parse(undefined)]),
) as Record<ProviderIdentityVariable, string>;

/**
 * The provider as the tenant's pages show it, served by the running server (`GET
 * /api/provider`), never built into the web app: the build may carry the demo defaults.
 */
export type ProviderIdentity = {
  /** The provider's registered name, as on its commercial registration. */
  legalName: string;
  /** The commercial registration number (10 digits). */
  commercialRegistration: string;
  /** Who licenses the provider (the Saudi Central Bank, for a finance company). */
  licenseIssuer: string;
  /** The licence's number, as the issuer writes it. */
  licenseNumber: string;
  /** The provider's WhatsApp, 05 and 8 digits. */
  whatsapp: string;
  phone: string;
  email: string;
  /** The provider's own full privacy policy (https). */
  privacyUrl: string;
};

/** The provider as the buyer of the brokers' services, on their tax invoices (decision 071). */
export type ProviderTaxIdentity = {
  legalName: string;
  vatNumber: string;
  commercialRegistration: string;
  address: string;
};

export class BrandConfigError extends Error {}

function parseBrandEnv(env: Record<string, string | undefined>) {
  const parsed = brandEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BrandConfigError(`${String(issue?.path[0])}: ${issue?.message}`);
  }
  return parsed.data;
}

/** The provider as its brokers' tax invoices name it; throws BrandConfigError on a bad value. */
export function providerTaxIdentityFromEnv(
  env: Record<string, string | undefined>,
): ProviderTaxIdentity {
  const e = parseBrandEnv(env);
  return {
    legalName: e.BRAND_LEGAL_NAME,
    vatNumber: e.BRAND_VAT_NUMBER,
    commercialRegistration: e.BRAND_CR_NUMBER,
    address: e.BRAND_ADDRESS,
  };
}

/** Who provides the service, for the tenant's pages; throws BrandConfigError on a bad value. */
export function providerFromEnv(env: Record<string, string | undefined>): ProviderIdentity {
  const e = parseBrandEnv(env);
  return {
    legalName: e.BRAND_LEGAL_NAME,
    commercialRegistration: e.BRAND_CR_NUMBER,
    licenseIssuer: e.BRAND_LICENSE_ISSUER,
    licenseNumber: e.BRAND_LICENSE_NUMBER,
    whatsapp: e.BRAND_WHATSAPP,
    phone: e.BRAND_PHONE,
    email: e.BRAND_EMAIL,
    privacyUrl: e.BRAND_PRIVACY_URL,
  };
}

export function brandFromEnv(env: Record<string, string | undefined>): Brand {
  const e = parseBrandEnv(env);
  return {
    productName: e.BRAND_NAME,
    providerDescription: e.BRAND_DESCRIPTION,
    commercialRegistration: e.BRAND_CR_NUMBER,
    phone: e.BRAND_PHONE,
    email: e.BRAND_EMAIL,
    address: e.BRAND_ADDRESS,
    workingHours: e.BRAND_HOURS,
    tenantsUrl: e.BRAND_TENANTS_URL,
    privacyUrl: e.BRAND_PRIVACY_URL,
    termsUrl: e.BRAND_TERMS_URL,
    social: {
      x: e.BRAND_X_URL,
      instagram: e.BRAND_INSTAGRAM_URL,
      linkedin: e.BRAND_LINKEDIN_URL,
      tiktok: e.BRAND_TIKTOK_URL,
    },
    whatsapp: e.BRAND_WHATSAPP,
  };
}
