import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROVIDER_IDENTITY_DEMO_VALUES, PROVIDER_IDENTITY_VARIABLES } from '#domain/brand';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.js';
import { PRODUCTION_ENV, PRODUCTION_PROVIDER_ENV } from './test-support/test-app.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'embedded', dataDir: config.dataDir });
    expect(config.demoData).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.exposeOtpInResponses).toBe(true);
  });

  it('production: no demo data, no codes in responses, secure cookies', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...PRODUCTION_ENV });
    expect(config.demoData).toBe(false);
    expect(config.development).toBe(false);
    expect(config.exposeOtpInResponses).toBe(false);
    expect(config.secureCookies).toBe(true);
  });

  // The provider's identity on the tenant's first screen: never the demo defaults.
  it.each(PROVIDER_IDENTITY_VARIABLES)('production refuses to start without %s', (name) => {
    const env = { NODE_ENV: 'production', ...PRODUCTION_ENV, [name]: ' ' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(`${name}: production needs`);
  });

  // A copied example or a forgotten line must not pass for the provider's identity.
  it.each(PROVIDER_IDENTITY_VARIABLES)('production refuses the demo default of %s', (name) => {
    const demo = PROVIDER_IDENTITY_DEMO_VALUES[name];
    expect(loadConfig({ [name]: demo }).provider).toEqual(loadConfig({}).provider);
    const env = { NODE_ENV: 'production', ...PRODUCTION_ENV, [name]: ` ${demo} ` };
    expect(() => loadConfig(env)).toThrow(`${name}: is the demo default`);
  });

  it("production shows the provider's own identity; elsewhere demo data that says so", () => {
    const { provider } = loadConfig({ NODE_ENV: 'production', ...PRODUCTION_ENV });
    expect(provider).toMatchObject({
      legalName: PRODUCTION_ENV.BRAND_LEGAL_NAME,
      commercialRegistration: PRODUCTION_ENV.BRAND_CR_NUMBER,
      licenseIssuer: PRODUCTION_ENV.BRAND_LICENSE_ISSUER,
      licenseNumber: PRODUCTION_ENV.BRAND_LICENSE_NUMBER,
      whatsapp: PRODUCTION_ENV.BRAND_WHATSAPP,
      privacyUrl: PRODUCTION_ENV.BRAND_PRIVACY_URL,
    });
    // Each demo value that a tenant reads as a claim says it is demo data.
    const demo = loadConfig({}).provider;
    expect(demo.legalName).toContain('بيانات للعرض');
    expect(demo.licenseIssuer).toContain('بيانات للعرض');
    // Every missing one is named at once, with the other problems.
    const { BRAND_LEGAL_NAME: _name, BRAND_LICENSE_ISSUER: _issuer, ...without } = PRODUCTION_ENV;
    expect(() => loadConfig({ NODE_ENV: 'production', ...without, PUBLIC_URL: '' })).toThrow(
      /PUBLIC_URL[\s\S]*BRAND_LEGAL_NAME: production needs[\s\S]*BRAND_LICENSE_ISSUER: production needs/,
    );
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db' });
  });

  it('normalises the bootstrap phone', () => {
    const config = loadConfig({
      BOOTSTRAP_SUPERADMIN_PHONE: '+966 55 000 0009',
      BOOTSTRAP_SUPERADMIN_PASSWORD: 'long-enough',
    });
    expect(config.bootstrapSuperAdmin).toEqual({ phone: '0550000009', password: 'long-enough' });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SMS_PROVIDER: 'carrier-pigeon' }, 'SMS_PROVIDER'],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA'],
    [
      { BOOTSTRAP_SUPERADMIN_PHONE: '12345', BOOTSTRAP_SUPERADMIN_PASSWORD: 'long-enough' },
      'BOOTSTRAP_SUPERADMIN_PHONE',
    ],
    // The phone alone protects an existing account; a password alone creates nobody.
    [{ BOOTSTRAP_SUPERADMIN_PASSWORD: 'long-enough' }, 'BOOTSTRAP_SUPERADMIN_PHONE'],
    // Production never starts with the adapter that only writes to the log.
    [{ NODE_ENV: 'production' }, 'SMS_PROVIDER'],
    [{ SMS_PROVIDER: 'unifonic', UNIFONIC_SENDER_ID: 'Shareek' }, 'UNIFONIC_APP_SID'],
    [{ SMS_PROVIDER: 'taqnyat', TAQNYAT_TOKEN: 'x' }, 'TAQNYAT_TOKEN'],
    [{ UNIFONIC_BASE_URL: 'not a url' }, 'UNIFONIC_BASE_URL'],
    [{ WHATSAPP_PHONE_NUMBER_ID: 'abc' }, 'WHATSAPP_PHONE_NUMBER_ID'],
    [{ WHATSAPP_GRAPH_VERSION: '21' }, 'WHATSAPP_GRAPH_VERSION'],
    [{ ZOHO_ACCOUNTS_URL: 'zoho' }, 'ZOHO_ACCOUNTS_URL'],
    [
      { NODE_ENV: 'production', ...PRODUCTION_ENV, WHATSAPP_ACCESS_TOKEN: 'token' },
      'WHATSAPP_APP_SECRET',
    ],
    // Production guardrails.
    [{ NODE_ENV: 'production', ...PRODUCTION_ENV, DATABASE_URL: '' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'production', ...PRODUCTION_ENV, PUBLIC_URL: '' }, 'PUBLIC_URL'],
    [{ NODE_ENV: 'production', ...PRODUCTION_ENV, PUBLIC_URL: 'http://example.sa' }, 'PUBLIC_URL'],
    [{ BRAND_LICENSE_NUMBER: 'رقم ١٢' }, 'BRAND_LICENSE_NUMBER'],
    [
      {
        NODE_ENV: 'production',
        ...PRODUCTION_ENV,
        BOOTSTRAP_SUPERADMIN_PHONE: '0550000009',
        BOOTSTRAP_SUPERADMIN_PASSWORD: 'change-me-at-once',
      },
      'BOOTSTRAP_SUPERADMIN_PASSWORD',
    ],
    [{ EMBEDDED_DATABASE: 'true', DATABASE_URL: 'postgres://h/db' }, 'EMBEDDED_DATABASE'],
    [
      { STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' },
      'S3_REGION',
    ],
    [{ SHUTDOWN_DRAIN_SECONDS: '60' }, 'SHUTDOWN_DRAIN_SECONDS'],
    [{ MIGRATE_ON_START: 'later' }, 'MIGRATE_ON_START'],
    // Error reports and traces, optional, but never silently misconfigured.
    [{ SENTRY_DSN: 'not a dsn' }, 'SENTRY_DSN'],
    [{ SENTRY_DSN: 'https://sentry.example.sa/42' }, 'SENTRY_DSN'],
    [{ SENTRY_DSN: 'ftp://key@sentry.example.sa/42' }, 'SENTRY_DSN'],
    [{ SENTRY_ENVIRONMENT: 'prod env' }, 'SENTRY_ENVIRONMENT'],
    [{ SENTRY_RELEASE: 'a/b' }, 'SENTRY_RELEASE'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, 'OTEL_EXPORTER_OTLP_ENDPOINT'],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'grpc://c:4317' }, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'],
    [{ OTEL_EXPORTER_OTLP_HEADERS: 'api-key' }, 'OTEL_EXPORTER_OTLP_HEADERS'],
    [{ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }, 'OTEL_EXPORTER_OTLP_PROTOCOL'],
    [{ OTEL_TRACES_SAMPLER: 'jaeger_remote' }, 'OTEL_TRACES_SAMPLER'],
    [{ OTEL_TRACES_SAMPLER_ARG: '2' }, 'OTEL_TRACES_SAMPLER_ARG'],
    [{ OTEL_SDK_DISABLED: 'maybe' }, 'OTEL_SDK_DISABLED'],
    // The delivery-report secret is the address's only protection.
    [{ UNIFONIC_REPORT_SECRET: 'short' }, 'UNIFONIC_REPORT_SECRET'],
    [{ UNIFONIC_REPORT_SECRET: `${'a'.repeat(32)}/../x` }, 'UNIFONIC_REPORT_SECRET'],
  ])('refuses %o naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
});

describe('.env.example', () => {
  const lines = readFileSync(path.resolve(import.meta.dirname, '../../.env.example'), 'utf8')
    .split('\n')
    .map((line) => /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line))
    .filter((match) => match !== null);

  it('lists every variable the server reads, and none it does not', () => {
    const listed = lines.map((match) => match[2]);
    expect([...listed].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it("is, as written and once the provider's identity is filled in, a production configuration the server accepts", () => {
    const set = Object.fromEntries(
      lines.filter((match) => !match[1]).map((match) => [match[2], match[3]]),
    );
    // Copied as it is, it does not start: the provider's identity is left to fill in.
    for (const name of PROVIDER_IDENTITY_VARIABLES) expect(set).not.toHaveProperty(name);
    expect(() => loadConfig(set)).toThrow(/BRAND_LEGAL_NAME: production needs/);
    const config = loadConfig({ ...set, ...PRODUCTION_PROVIDER_ENV });
    expect(config.env).toBe('production');
    expect(config.database.kind).toBe('postgres');
    expect(config.storage).toMatchObject({ kind: 's3', region: 'me-central-2' });
  });
});

describe('production guardrails', () => {
  it('production runs on the embedded database only when asked to, by name', () => {
    const { DATABASE_URL: _none, ...withoutDatabase } = PRODUCTION_ENV;
    expect(() => loadConfig({ NODE_ENV: 'production', ...withoutDatabase })).toThrow(
      /DATABASE_URL[\s\S]*EMBEDDED_DATABASE=true/,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      ...withoutDatabase,
      EMBEDDED_DATABASE: 'true',
    });
    expect(config.database).toEqual({ kind: 'embedded', dataDir: config.dataDir });
  });

  it('the bootstrap phone alone keeps protecting the account, with no password to keep', () => {
    const config = loadConfig({ BOOTSTRAP_SUPERADMIN_PHONE: '0550000009' });
    expect(config.protectedPhone).toBe('0550000009');
    expect(config.bootstrapSuperAdmin).toBeNull();
  });

  it('start and stop settings: migrate at start, wait a minute for the database, drain 3 s in production', () => {
    const development = loadConfig({});
    expect([development.migrateOnStart, development.databaseWaitMs]).toEqual([true, 60_000]);
    expect(development.shutdownDrainMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_ENV }).shutdownDrainMs).toBe(3000);
    const chosen = loadConfig({ MIGRATE_ON_START: 'false', SHUTDOWN_DRAIN_SECONDS: '1.5' });
    expect([chosen.migrateOnStart, chosen.shutdownDrainMs]).toEqual([false, 1500]);
  });

  it('an S3 bucket says its region', () => {
    const config = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'documents',
      S3_REGION: 'me-central-2',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.storage).toMatchObject({ kind: 's3', region: 'me-central-2' });
  });
});

describe('fail-closed defaults', () => {
  it('listens on 127.0.0.1 by default, where development conveniences are on', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(config.development).toBe(true);
    expect(config.trustProxy).toBe(false);
  });

  it.each(['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost'])(
    '%s is a loopback address: development stays on',
    (HOST) => {
      expect(loadConfig({ HOST }).development).toBe(true);
    },
  );

  it.each(['0.0.0.0', '::', '192.168.1.10', 'example.sa'])(
    'refuses to listen on %s outside production, naming HOST and NODE_ENV',
    (HOST) => {
      for (const NODE_ENV of [undefined, 'development', 'test']) {
        const env = NODE_ENV ? { HOST, NODE_ENV } : { HOST };
        expect(() => loadConfig(env)).toThrow(ConfigError);
        expect(() => loadConfig(env)).toThrow(/HOST[\s\S]*NODE_ENV=production/);
      }
    },
  );

  it('production may listen anywhere, with no codes, no demo accounts, no dev inbox', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      DEMO_DATA: 'true',
      ...PRODUCTION_ENV,
    });
    expect(config.development).toBe(false);
    expect(config.exposeOtpInResponses).toBe(false);
    expect(config.demoData).toBe(false);
  });

  it('TRUST_PROXY takes a hop count or proxies, and nothing else', () => {
    const hops = loadConfig({ TRUST_PROXY: '2' }).trustProxy;
    expect(typeof hops).toBe('function');
    if (typeof hops === 'function') {
      expect([0, 1, 2].map((hop) => hops('10.0.0.1', hop))).toEqual([true, true, false]);
    }
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    for (const bad of ['true', 'yes', '10.0.0.0/33', 'proxy.example', '99']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('brand variables', () => {
  it('are part of the configuration, a bad one named in the message', () => {
    expect(loadConfig({ BRAND_NAME: 'شريك بلس' }).brand.productName).toBe('شريك بلس');
    expect(() => loadConfig({ BRAND_EMAIL: 'not-an-email' })).toThrow(/BRAND_EMAIL/);
  });

  it('messaging: each provider from its variables, WhatsApp and Zoho only when complete', () => {
    const bare = loadConfig({});
    expect(bare.sms).toEqual({ provider: 'console' });
    expect(bare.whatsapp.settings).toBeNull();
    expect(bare.whatsapp.missing).toContain('WHATSAPP_ACCESS_TOKEN');
    expect(bare.zoho).toEqual({
      settings: null,
      missing: ['ZOHO_CLIENT_ID', 'ZOHO_CLIENT_SECRET', 'ZOHO_REFRESH_TOKEN'],
    });
    const full = loadConfig({
      SMS_PROVIDER: 'taqnyat',
      TAQNYAT_TOKEN: 'token',
      TAQNYAT_SENDER: 'Shareek',
      WHATSAPP_PHONE_NUMBER_ID: '1065',
      WHATSAPP_ACCESS_TOKEN: 'token',
      WHATSAPP_BUSINESS_ACCOUNT_ID: '2077',
      ZOHO_CLIENT_ID: 'id',
      ZOHO_CLIENT_SECRET: 'secret',
      ZOHO_REFRESH_TOKEN: 'refresh',
    });
    expect(full.sms).toEqual({
      provider: 'taqnyat',
      token: 'token',
      sender: 'Shareek',
      baseUrl: 'https://api.taqnyat.sa',
    });
    expect(full.whatsapp.settings?.baseUrl).toBe('https://graph.facebook.com');
    expect(full.whatsapp.missing).toEqual(['WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN']);
    expect(full.zoho.settings?.accountsUrl).toBe('https://accounts.zoho.sa');
    expect(full.exposeOtpInResponses).toBe(false);
  });
});

describe('error reports and traces', () => {
  it('are off unless configured', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...PRODUCTION_ENV });
    expect(config.errorReports).toBeNull();
    expect(config.tracing).toBeNull();
  });

  it('a DSN names the envelope endpoint, with the environment of NODE_ENV by default', () => {
    const config = loadConfig({ SENTRY_DSN: 'https://pub:sec@glitchtip.example.sa/sentry/42' });
    expect(config.errorReports).toEqual({
      dsn: {
        publicKey: 'pub',
        secretKey: 'sec',
        envelopeUrl: 'https://glitchtip.example.sa/sentry/api/42/envelope/',
        host: 'glitchtip.example.sa',
      },
      environment: 'development',
      release: null,
    });
    const named = loadConfig({
      SENTRY_DSN: 'https://pub@o1.ingest.sentry.io/7',
      SENTRY_ENVIRONMENT: 'staging',
      SENTRY_RELEASE: 'shareek@1.2.3',
    }).errorReports;
    expect(named).toMatchObject({ environment: 'staging', release: 'shareek@1.2.3' });
    expect(named?.dsn.envelopeUrl).toBe('https://o1.ingest.sentry.io/api/7/envelope/');
  });

  it("a bad DSN is refused without repeating it: it holds the project's key", () => {
    expect(() => loadConfig({ SENTRY_DSN: 'https://very-secret-key@/' })).toThrow(/SENTRY_DSN/);
    expect(() => loadConfig({ SENTRY_DSN: 'https://very-secret-key@/' })).not.toThrow(
      /very-secret-key/,
    );
  });

  it('traces go to the endpoint with /v1/traces appended, or to the traces endpoint as it is', () => {
    const base = loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing;
    expect(base).toEqual({
      tracesUrl: 'http://collector:4318/v1/traces',
      headers: {},
      serviceName: 'shareek-brokers',
      sampler: 'parentbased_always_on',
      samplerRatio: 1,
    });
    const exact = loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://tempo.example.sa/otlp/v1/traces',
      OTEL_EXPORTER_OTLP_HEADERS: 'Authorization=Bearer%20abc,x-scope-orgid=shareek',
      OTEL_SERVICE_NAME: 'shareek-api',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
    }).tracing;
    expect(exact).toEqual({
      tracesUrl: 'https://tempo.example.sa/otlp/v1/traces',
      headers: { authorization: 'Bearer abc', 'x-scope-orgid': 'shareek' },
      serviceName: 'shareek-api',
      sampler: 'parentbased_traceidratio',
      samplerRatio: 0.25,
    });
    const disabled = loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_SDK_DISABLED: 'true',
    });
    expect(disabled.tracing).toBeNull();
    expect(loadConfig({ OTEL_SERVICE_NAME: 'shareek-api' }).tracing).toBeNull();
  });
});

describe('the address of Unifonic delivery reports', () => {
  const unifonic = {
    SMS_PROVIDER: 'unifonic',
    UNIFONIC_APP_SID: 'sid',
    UNIFONIC_SENDER_ID: 'Shareek',
    UNIFONIC_REPORT_SECRET: 'r'.repeat(40),
  };
  it('is PUBLIC_URL and the secret, given to Unifonic only when PUBLIC_URL is https', () => {
    const https = loadConfig({ ...unifonic, PUBLIC_URL: 'https://shareek.example.sa/' }).sms;
    expect(https).toMatchObject({
      reportSecret: 'r'.repeat(40),
      statusCallbackUrl: `https://shareek.example.sa/api/webhooks/sms/unifonic/${'r'.repeat(40)}`,
    });
    const http = loadConfig({ ...unifonic, PUBLIC_URL: 'http://127.0.0.1:3000' }).sms;
    expect(http).toMatchObject({ reportSecret: 'r'.repeat(40) });
    expect(http).not.toHaveProperty('statusCallbackUrl');
  });
});
