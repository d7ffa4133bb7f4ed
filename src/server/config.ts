import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { normalizeSaudiMobile } from '#domain';
import {
  BRAND_VARIABLES,
  type Brand,
  BrandConfigError,
  brandFromEnv,
  PROVIDER_IDENTITY_DEMO_VALUES,
  PROVIDER_IDENTITY_VARIABLES,
  type ProviderIdentity,
  type ProviderTaxIdentity,
  providerFromEnv,
  providerTaxIdentityFromEnv,
} from '#domain/brand';
import type { DatabaseDeadlines, DatabaseTarget } from './db/client.js';
import type { S3Settings } from './integrations/storage.js';
import type { WhatsAppSettings } from './integrations/whatsapp.js';
import type { ZohoSettings } from './integrations/zoho.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

/** WhatsApp Cloud API: sending needs the first three; delivery statuses need the last two. */
const WHATSAPP_VARIABLES = [
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_BUSINESS_ACCOUNT_ID',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
] as const;

/** OTEL_TRACES_SAMPLER's values (the specification's) that the server builds itself. */
const TRACES_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
type TracesSampler = (typeof TRACES_SAMPLERS)[number];

const httpAddress = z.url({
  protocol: /^https?$/,
  error: 'must be an http:// or https:// address',
});

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    TRUST_PROXY: z
      .string()
      .trim()
      .transform((value, ctx) => {
        const parsed = parseTrustProxy(value);
        if (parsed === null) {
          ctx.addIssue({
            code: 'custom',
            message:
              'must be false, a number of proxy hops (1, 2, …) or a comma-separated list of proxy addresses or CIDR ranges',
          });
          return z.NEVER;
        }
        return parsed;
      })
      .optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    EMBEDDED_DATABASE: booleanFlag.optional(),
    MIGRATE_ON_START: booleanFlag.default(true),
    DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(600).default(60),
    // Every database call's deadlines (src/server/db/client.ts): a statement, and making or
    // waiting for a connection. Past them a request answers 503 instead of waiting.
    DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().min(1).max(120).default(5),
    DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().min(1).max(60).default(3),
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(30).optional(),
    PUBLIC_URL: z.url().optional(),
    BOOTSTRAP_SUPERADMIN_PHONE: z
      .string()
      .refine((value) => normalizeSaudiMobile(value) !== null, 'must be a Saudi mobile number')
      .transform((value) => normalizeSaudiMobile(value) as string)
      .optional(),
    BOOTSTRAP_SUPERADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    SMS_PROVIDER: z.enum(['console', 'unifonic', 'taqnyat']).default('console'),
    UNIFONIC_APP_SID: z.string().min(1).optional(),
    UNIFONIC_SENDER_ID: z.string().min(1).optional(),
    UNIFONIC_BASE_URL: z.url().default('https://el.cloud.unifonic.com'),
    // The secret part of the delivery-report address given to Unifonic as `statusCallback`
    // (Unifonic signs nothing): with it, reports move messages to delivered or failed.
    UNIFONIC_REPORT_SECRET: z
      .string()
      .regex(/^[A-Za-z0-9_-]{32,128}$/, 'must be 32 to 128 letters, digits, - or _')
      .optional(),
    TAQNYAT_TOKEN: z.string().min(1).optional(),
    TAQNYAT_SENDER: z.string().min(1).optional(),
    TAQNYAT_BASE_URL: z.url().default('https://api.taqnyat.sa'),
    WHATSAPP_PHONE_NUMBER_ID: z
      .string()
      .regex(/^\d+$/, 'must be the numeric phone number id')
      .optional(),
    WHATSAPP_ACCESS_TOKEN: z.string().min(1).optional(),
    WHATSAPP_BUSINESS_ACCOUNT_ID: z
      .string()
      .regex(/^\d+$/, 'must be the numeric WhatsApp Business Account id')
      .optional(),
    WHATSAPP_APP_SECRET: z.string().min(1).optional(),
    WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
    WHATSAPP_API_BASE_URL: z.url().default('https://graph.facebook.com'),
    WHATSAPP_GRAPH_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/, 'must look like v26.0')
      .default('v26.0'),
    ZOHO_CLIENT_ID: z.string().min(1).optional(),
    ZOHO_CLIENT_SECRET: z.string().min(1).optional(),
    ZOHO_REFRESH_TOKEN: z.string().min(1).optional(),
    ZOHO_ACCOUNTS_URL: z.url().default('https://accounts.zoho.sa'),
    DEMO_DATA: booleanFlag.optional(),
    STORAGE: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.default(true),
    AUTH_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
    REFERRAL_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(30),
    REFERRAL_LIMIT_PER_DAY: z.coerce.number().int().min(1).default(200),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{32,}$/, 'must be at least 32 printable characters with no spaces')
      .optional(),
    // Error reports (src/server/observability/error-reports.ts): off without a DSN. No message
    // below repeats a value: a DSN holds its project's key.
    SENTRY_DSN: z
      .string()
      .trim()
      .transform((value, ctx) => {
        const dsn = parseSentryDsn(value);
        if (!dsn) {
          ctx.addIssue({
            code: 'custom',
            message:
              "must be the project's DSN as Sentry or GlitchTip shows it: https://<public key>@<host>/<project id>",
          });
          return z.NEVER;
        }
        return dsn;
      })
      .optional(),
    // Sentry refuses a release or an environment with a slash, a space or a line break.
    SENTRY_ENVIRONMENT: z
      .string()
      .regex(/^[^\s/]{1,64}$/, 'must be one word of at most 64 characters, with no slash')
      .optional(),
    SENTRY_RELEASE: z
      .string()
      .regex(/^[^\s/\\]{1,200}$/, 'must be at most 200 characters, with no space or slash')
      .refine((value) => value !== '.' && value !== '..', 'must not be . or ..')
      .optional(),
    // OpenTelemetry traces (src/server/observability/tracing.ts), by the specification's own
    // variables: on when an OTLP endpoint is set, unless OTEL_SDK_DISABLED=true.
    OTEL_SDK_DISABLED: booleanFlag.optional(),
    OTEL_SERVICE_NAME: z.string().trim().min(1).max(200).optional(),
    OTEL_EXPORTER_OTLP_ENDPOINT: httpAddress.optional(),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpAddress.optional(),
    OTEL_EXPORTER_OTLP_HEADERS: z
      .string()
      .transform((value, ctx) => {
        const headers = parseOtlpHeaders(value);
        if (!headers) {
          ctx.addIssue({
            code: 'custom',
            message: 'must be comma-separated name=value pairs (authorization=Bearer%20…)',
          });
          return z.NEVER;
        }
        return headers;
      })
      .optional(),
    OTEL_EXPORTER_OTLP_PROTOCOL: z
      .enum(['http/json'], {
        error:
          'must be http/json: the server sends OTLP/HTTP with JSON, which Jaeger, Grafana Tempo and the OpenTelemetry Collector take on their OTLP/HTTP port (4318); gRPC and protobuf are not sent',
      })
      .optional(),
    OTEL_TRACES_SAMPLER: z
      .enum(TRACES_SAMPLERS, { error: `must be one of ${TRACES_SAMPLERS.join(', ')}` })
      .optional(),
    OTEL_TRACES_SAMPLER_ARG: z.coerce
      .number({ error: 'must be a ratio between 0 and 1' })
      .min(0, 'must be a ratio between 0 and 1')
      .max(1, 'must be a ratio between 0 and 1')
      .optional(),
  })
  .refine(
    (env) =>
      env.STORAGE !== 's3' ||
      Boolean(env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY),
    {
      path: ['S3_BUCKET'],
      message: 'STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    },
  )
  // No silent default: a bucket's region decides where tenants' documents live (PDPL keeps
  // them in the Kingdom unless a transfer is allowed), so it is always said, never assumed.
  .refine((env) => env.STORAGE !== 's3' || Boolean(env.S3_REGION), {
    path: ['S3_REGION'],
    message:
      'STORAGE=s3 needs S3_REGION, the region the bucket lives in (me-central-2 is in the Kingdom); it has no default',
  })
  // Production guardrails: each of these once started silently and lost data or misled tenants.
  .refine(
    (env) => env.NODE_ENV !== 'production' || Boolean(env.DATABASE_URL) || env.EMBEDDED_DATABASE,
    {
      path: ['DATABASE_URL'],
      message:
        'production needs DATABASE_URL (a misspelt name would start on a new, empty embedded database); set EMBEDDED_DATABASE=true to keep the data in DATA_DIR on purpose',
    },
  )
  .refine((env) => !(env.DATABASE_URL && env.EMBEDDED_DATABASE), {
    path: ['EMBEDDED_DATABASE'],
    message: 'EMBEDDED_DATABASE=true and DATABASE_URL cannot both be set: choose one database',
  })
  .refine(
    (env) => env.NODE_ENV !== 'production' || env.PUBLIC_URL?.toLowerCase().startsWith('https://'),
    {
      path: ['PUBLIC_URL'],
      message:
        'production needs PUBLIC_URL, the https:// address tenants and brokers open (it goes into every SMS link)',
    },
  )
  .refine((env) => env.NODE_ENV !== 'production' || env.SMS_PROVIDER !== 'console', {
    path: ['SMS_PROVIDER'],
    message:
      'console only writes messages to the log: production needs SMS_PROVIDER=unifonic or taqnyat, or nobody receives a sign-up code',
  })
  .refine(
    (env) =>
      env.SMS_PROVIDER !== 'unifonic' || Boolean(env.UNIFONIC_APP_SID && env.UNIFONIC_SENDER_ID),
    {
      path: ['UNIFONIC_APP_SID'],
      message: 'SMS_PROVIDER=unifonic needs UNIFONIC_APP_SID and UNIFONIC_SENDER_ID',
    },
  )
  .refine(
    (env) => env.SMS_PROVIDER !== 'taqnyat' || Boolean(env.TAQNYAT_TOKEN && env.TAQNYAT_SENDER),
    {
      path: ['TAQNYAT_TOKEN'],
      message: 'SMS_PROVIDER=taqnyat needs TAQNYAT_TOKEN and TAQNYAT_SENDER',
    },
  )
  // Half a WhatsApp set-up fails quietly: without the webhook secrets no delivery status (and
  // no "not on WhatsApp") ever arrives, so nothing falls back. Production wants all five.
  .superRefine((env, issue) => {
    const set = WHATSAPP_VARIABLES.filter((name) => env[name]);
    if (env.NODE_ENV === 'production' && set.length > 0 && set.length < WHATSAPP_VARIABLES.length) {
      issue.addIssue({
        code: 'custom',
        path: ['WHATSAPP_ACCESS_TOKEN'],
        message: `WhatsApp needs all of ${WHATSAPP_VARIABLES.join(', ')}; missing ${WHATSAPP_VARIABLES.filter((name) => !env[name]).join(', ')}`,
      });
    }
  })
  // The phone alone keeps protecting the account once it exists: the password is needed only
  // to create it, and can leave the environment afterwards.
  // A password copied from a published example (.env.example's placeholder says change-me)
  // would make an internet-facing super-admin anyone can sign in as.
  .refine(
    (env) =>
      env.NODE_ENV !== 'production' || !/change-?me/i.test(env.BOOTSTRAP_SUPERADMIN_PASSWORD ?? ''),
    {
      path: ['BOOTSTRAP_SUPERADMIN_PASSWORD'],
      message: 'is the published example: choose a password of your own',
    },
  )
  .refine((env) => !env.BOOTSTRAP_SUPERADMIN_PASSWORD || Boolean(env.BOOTSTRAP_SUPERADMIN_PHONE), {
    path: ['BOOTSTRAP_SUPERADMIN_PHONE'],
    message:
      'BOOTSTRAP_SUPERADMIN_PASSWORD needs BOOTSTRAP_SUPERADMIN_PHONE, the account it creates',
  })
  // Fail closed: development conveniences (codes in responses, demo accounts, the dev inbox)
  // must never be reachable from another machine.
  .refine((env) => env.NODE_ENV === 'production' || isLoopbackHost(env.HOST), {
    path: ['HOST'],
    message:
      'a server outside NODE_ENV=production listens only on a loopback address (127.0.0.1, ::1, localhost); set NODE_ENV=production to listen on HOST',
  });

/** Every variable the server reads: its own and the brand's (.env.example lists each). */
export const CONFIG_VARIABLES = [...Object.keys(envSchema.shape), ...BRAND_VARIABLES];

/**
 * Which forwarded addresses to believe: none, the listed proxies (addresses or CIDR ranges),
 * or the nearest N hops (a function, since Fastify itself trusts nothing for a bare count).
 */
type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

const CIDR = /^(.+)\/(\d{1,3})$/;

function parseTrustProxy(value: string): TrustProxy | null {
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    // Only right when every request reaches us through that many proxies: a client that can
    // reach the server directly could then name its own address. Prefer listing the proxies.
    return hops <= 10 ? (_address: string, hop: number) => hop < hops : null;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    const cidr = CIDR.exec(entry);
    const address = cidr?.[1] ?? entry;
    const family = isIP(address);
    if (family === 0) return false;
    return !cidr || Number(cidr[2]) <= (family === 4 ? 32 : 128);
  });
  return valid && entries.length > 0 ? entries : null;
}

/**
 * A Sentry DSN, `{PROTOCOL}://{PUBLIC_KEY}[:{SECRET_KEY}]@{HOST}{PATH}/{PROJECT_ID}`, and the
 * envelope endpoint it names, `{PROTOCOL}://{HOST}{PATH}/api/{PROJECT_ID}/envelope/` (Sentry's
 * SDK developer documentation, "Authentication":
 * https://develop.sentry.dev/sdk/foundations/transport/authentication/).
 */
type SentryDsn = {
  publicKey: string;
  /** Deprecated by Sentry, still sent when a DSN carries it. */
  secretKey: string | null;
  envelopeUrl: string;
  /** Where reports go, for the log: the host only, never the key. */
  host: string;
};

function parseSentryDsn(value: string): SentryDsn | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const segments = url.pathname.split('/');
  const projectId = segments.pop();
  if (!url.username || !projectId || url.search || url.hash) return null;
  return {
    publicKey: decodeURIComponent(url.username),
    secretKey: url.password ? decodeURIComponent(url.password) : null,
    envelopeUrl: `${url.protocol}//${url.host}${segments.join('/')}/api/${projectId}/envelope/`,
    host: url.host,
  };
}

/**
 * OTEL_EXPORTER_OTLP_HEADERS: `name=value` pairs separated by commas, values percent-encoded
 * (the OpenTelemetry specification's "Specifying headers via environment variables":
 * https://opentelemetry.io/docs/specs/otel/protocol/exporter/#specifying-headers-via-environment-variables).
 */
function parseOtlpHeaders(value: string): Record<string, string> | null {
  const headers: Record<string, string> = {};
  for (const pair of value.split(',')) {
    if (!pair.trim()) continue;
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim().toLowerCase();
    if (separator < 1 || !/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name)) return null;
    try {
      headers[name] = decodeURIComponent(pair.slice(separator + 1).trim());
    } catch {
      return null;
    }
  }
  return headers;
}

/**
 * Production names the provider it is: the tenant's first screen shows the legal name, the
 * commercial registration, the licence and who issued it, the WhatsApp number and the privacy
 * policy, and the defaults are demo data (decision record 059), so each must be set, and not
 * to its default (a copied example or a forgotten line). Outside production the defaults stand.
 */
function missingProviderIdentity(raw: Record<string, string | undefined>): string[] {
  if (raw.NODE_ENV !== 'production') return [];
  return PROVIDER_IDENTITY_VARIABLES.flatMap((name) => {
    const value = raw[name]?.trim();
    if (!value) {
      return [
        `${name}: production needs the provider's own value (the tenant's first screen shows it; the default is demo data)`,
      ];
    }
    return value === PROVIDER_IDENTITY_DEMO_VALUES[name]
      ? [`${name}: is the demo default; production needs the provider's own value`]
      : [];
  });
}

/** 127.0.0.0/8, ::1 and localhost: addresses no other machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  const v4 = bare.startsWith('::ffff:') ? bare.slice('::ffff:'.length) : bare;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: DatabaseTarget;
  /** Migrate at start (MIGRATE_ON_START); off when a release step runs `npm run migrate`. */
  migrateOnStart: boolean;
  /** How long a start waits for the database to answer before giving up (DATABASE_WAIT_SECONDS). */
  databaseWaitMs: number;
  /** Every database call's deadlines (DATABASE_STATEMENT_TIMEOUT_SECONDS, …CONNECT…). */
  databaseDeadlines: DatabaseDeadlines;
  /**
   * After SIGTERM, how long /readyz answers 503 while everything else is still served, so a
   * load balancer stops sending before the server closes (SHUTDOWN_DRAIN_SECONDS).
   */
  shutdownDrainMs: number;
  dataDir: string;
  publicUrl: string;
  bootstrapSuperAdmin: { phone: string; password: string } | null;
  /** The bootstrap super-admin's phone: never loses super-admin, never deleted. */
  protectedPhone: string | null;
  /** Which SMS provider sends codes and messages (SMS_PROVIDER and its variables). */
  sms: SmsSettings;
  /** WhatsApp Cloud API, when its variables are set; `missing` names those still to set. */
  whatsapp: { settings: WhatsAppSettings | null; missing: string[] };
  /** Zoho CRM, when its variables are set; `missing` names those still to set. */
  zoho: { settings: ZohoSettings | null; missing: string[] };
  storage: { kind: 'local'; root: string } | ({ kind: 's3' } & S3Settings);
  demoData: boolean;
  logLevel: string;
  /** The bearer token /metrics asks for (METRICS_TOKEN); without it there is no /metrics. */
  metricsToken: string | null;
  /** Forwarded-for headers believed only from these proxies (TRUST_PROXY); off by default. */
  trustProxy: TrustProxy;
  /** Sign-in attempts (codes sent, codes checked, logins) one address may make per 15 min. */
  authRateLimitPerAddress: number;
  /** Referrals one broker may create per hour and per day. */
  referralLimits: { perHour: number; perDay: number };
  /**
   * Development on a loopback address (never production): codes in send-otp responses, the
   * dev inbox, demo accounts.
   */
  development: boolean;
  /** Development conveniences (OTP code in the send-otp response) are on only here. */
  exposeOtpInResponses: boolean;
  secureCookies: boolean;
  /** Product name and contact details (BRAND_* variables, defaults in src/domain/brand.ts). */
  brand: Brand;
  /** Who provides the service, as the tenant's pages show it (required in production). */
  provider: ProviderIdentity;
  /** The provider as the buyer on its brokers' self-billed tax invoices (decision 071). */
  providerTax: ProviderTaxIdentity;
  /** Where unexpected errors are reported (SENTRY_*); null: nowhere. */
  errorReports: ErrorReportSettings | null;
  /** Where traces are exported (OTEL_*); null: no OpenTelemetry module is even loaded. */
  tracing: TracingSettings | null;
};

export type ErrorReportSettings = {
  dsn: SentryDsn;
  environment: string;
  /** SENTRY_RELEASE; null: the package's name and version. */
  release: string | null;
};

export type TracingSettings = {
  /** The OTLP/HTTP traces endpoint, `/v1/traces` included. */
  tracesUrl: string;
  headers: Record<string, string>;
  serviceName: string;
  sampler: TracesSampler;
  /** For the ratio samplers: the share of traces kept. */
  samplerRatio: number;
};

type SmsSettings =
  | { provider: 'console' }
  | {
      provider: 'unifonic';
      appSid: string;
      senderId: string;
      baseUrl: string;
      /** The secret path segment of the delivery-report address (UNIFONIC_REPORT_SECRET). */
      reportSecret: string | null;
      /** Where Unifonic posts delivery reports (statusCallback), when a secret is set. */
      statusCallbackUrl?: string;
    }
  | { provider: 'taqnyat'; token: string; sender: string; baseUrl: string };

const ZOHO_VARIABLES = ['ZOHO_CLIENT_ID', 'ZOHO_CLIENT_SECRET', 'ZOHO_REFRESH_TOKEN'] as const;

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value throws naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const raw = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(raw);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues).map(
      (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
    ),
    ...missingProviderIdentity(raw),
  ];
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  let brand: Brand;
  let provider: ProviderIdentity;
  let providerTax: ProviderTaxIdentity;
  try {
    brand = brandFromEnv(raw);
    provider = providerFromEnv(raw);
    providerTax = providerTaxIdentityFromEnv(raw);
  } catch (error) {
    if (error instanceof BrandConfigError) {
      throw new ConfigError(`Invalid configuration:\n  ${error.message}`);
    }
    throw error;
  }
  const dataDir = path.resolve(e.DATA_DIR);
  // The schema refused any other address outside production.
  const development = e.NODE_ENV !== 'production' && isLoopbackHost(e.HOST);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'embedded', dataDir },
    migrateOnStart: e.MIGRATE_ON_START,
    databaseWaitMs: e.DATABASE_WAIT_SECONDS * 1000,
    databaseDeadlines: {
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
      connectMs: e.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
    },
    // Production default: 3 s, about two probe periods of a load balancer checking every
    // second or two; elsewhere nothing waits for a balancer.
    shutdownDrainMs: (e.SHUTDOWN_DRAIN_SECONDS ?? (e.NODE_ENV === 'production' ? 3 : 0)) * 1000,
    dataDir,
    publicUrl,
    bootstrapSuperAdmin:
      e.BOOTSTRAP_SUPERADMIN_PHONE && e.BOOTSTRAP_SUPERADMIN_PASSWORD
        ? { phone: e.BOOTSTRAP_SUPERADMIN_PHONE, password: e.BOOTSTRAP_SUPERADMIN_PASSWORD }
        : null,
    protectedPhone: e.BOOTSTRAP_SUPERADMIN_PHONE ?? null,
    sms:
      e.SMS_PROVIDER === 'unifonic'
        ? {
            provider: 'unifonic',
            appSid: e.UNIFONIC_APP_SID ?? '',
            senderId: e.UNIFONIC_SENDER_ID ?? '',
            baseUrl: e.UNIFONIC_BASE_URL.replace(/\/+$/, ''),
            reportSecret: e.UNIFONIC_REPORT_SECRET ?? null,
            // Unifonic calls only an HTTPS address on a public IP (its OpenAPI): with a plain
            // http PUBLIC_URL (development) no statusCallback is sent.
            ...(e.UNIFONIC_REPORT_SECRET && publicUrl.startsWith('https://')
              ? {
                  statusCallbackUrl: `${publicUrl}/api/webhooks/sms/unifonic/${e.UNIFONIC_REPORT_SECRET}`,
                }
              : {}),
          }
        : e.SMS_PROVIDER === 'taqnyat'
          ? {
              provider: 'taqnyat',
              token: e.TAQNYAT_TOKEN ?? '',
              sender: e.TAQNYAT_SENDER ?? '',
              baseUrl: e.TAQNYAT_BASE_URL.replace(/\/+$/, ''),
            }
          : { provider: 'console' },
    whatsapp: {
      missing: WHATSAPP_VARIABLES.filter((name) => !e[name]),
      settings:
        e.WHATSAPP_PHONE_NUMBER_ID && e.WHATSAPP_ACCESS_TOKEN && e.WHATSAPP_BUSINESS_ACCOUNT_ID
          ? {
              phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
              accessToken: e.WHATSAPP_ACCESS_TOKEN,
              businessAccountId: e.WHATSAPP_BUSINESS_ACCOUNT_ID,
              appSecret: e.WHATSAPP_APP_SECRET ?? '',
              verifyToken: e.WHATSAPP_VERIFY_TOKEN ?? '',
              baseUrl: e.WHATSAPP_API_BASE_URL.replace(/\/+$/, ''),
              graphVersion: e.WHATSAPP_GRAPH_VERSION,
            }
          : null,
    },
    zoho: {
      missing: ZOHO_VARIABLES.filter((name) => !e[name]),
      settings:
        e.ZOHO_CLIENT_ID && e.ZOHO_CLIENT_SECRET && e.ZOHO_REFRESH_TOKEN
          ? {
              clientId: e.ZOHO_CLIENT_ID,
              clientSecret: e.ZOHO_CLIENT_SECRET,
              refreshToken: e.ZOHO_REFRESH_TOKEN,
              accountsUrl: e.ZOHO_ACCOUNTS_URL.replace(/\/+$/, ''),
            }
          : null,
    },
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET ?? '',
            region: e.S3_REGION ?? '',
            accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local', root: path.join(dataDir, 'uploads') },
    demoData: development && (e.DEMO_DATA ?? true),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    metricsToken: e.METRICS_TOKEN ?? null,
    trustProxy: e.TRUST_PROXY ?? false,
    authRateLimitPerAddress: e.AUTH_RATE_LIMIT_PER_ADDRESS,
    referralLimits: { perHour: e.REFERRAL_LIMIT_PER_HOUR, perDay: e.REFERRAL_LIMIT_PER_DAY },
    development,
    exposeOtpInResponses: development && e.SMS_PROVIDER === 'console',
    secureCookies: e.NODE_ENV === 'production',
    brand,
    provider,
    providerTax,
    errorReports: e.SENTRY_DSN
      ? {
          dsn: e.SENTRY_DSN,
          environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV,
          release: e.SENTRY_RELEASE ?? null,
        }
      : null,
    tracing: tracingSettings(e),
  };
}

/**
 * Traces go out when an OTLP endpoint is named and the SDK is not disabled. The endpoint for all
 * signals gets the traces path appended; the traces endpoint is used as it is (the
 * specification's "OTLP Exporter Configuration":
 * https://opentelemetry.io/docs/specs/otel/protocol/exporter/#endpoint-urls-for-otlphttp).
 */
function tracingSettings(e: z.infer<typeof envSchema>): TracingSettings | null {
  const base = e.OTEL_EXPORTER_OTLP_ENDPOINT;
  const tracesUrl =
    e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (base ? `${base.replace(/\/+$/, '')}/v1/traces` : null);
  if (!tracesUrl || e.OTEL_SDK_DISABLED) return null;
  return {
    tracesUrl,
    headers: e.OTEL_EXPORTER_OTLP_HEADERS ?? {},
    serviceName: e.OTEL_SERVICE_NAME ?? 'shareek-brokers',
    // The specification's default: a trace a caller started decides; ours are all kept.
    sampler: e.OTEL_TRACES_SAMPLER ?? 'parentbased_always_on',
    samplerRatio: e.OTEL_TRACES_SAMPLER_ARG ?? 1,
  };
}
