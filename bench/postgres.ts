import pg from 'pg';

/** The PostgreSQL server the benchmarks make their throw-away databases on. */
export const serverUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement on the server's default database (create or drop a database). */
export async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * What production insists on before it starts, for the benchmarks' servers: a super-admin, a
 * real SMS provider (nothing is sent) and the provider's identity, which the tenant's first
 * screen shows (src/domain/brand.ts).
 */
export const BENCH_PRODUCTION_SETTINGS = {
  BOOTSTRAP_SUPERADMIN_PHONE: '0559999999',
  BOOTSTRAP_SUPERADMIN_PASSWORD: 'bench-password',
  SMS_PROVIDER: 'unifonic',
  UNIFONIC_APP_SID: 'bench-only',
  UNIFONIC_SENDER_ID: 'bench',
  BRAND_LEGAL_NAME: 'شركة القياس للتقنية المالية',
  BRAND_CR_NUMBER: '1010000002',
  BRAND_VAT_NUMBER: '310000000000023',
  BRAND_LICENSE_ISSUER: 'البنك المركزي السعودي',
  BRAND_LICENSE_NUMBER: 'BENCH-1',
  BRAND_WHATSAPP: '0550009998',
  BRAND_PRIVACY_URL: 'https://bench.example.sa/privacy',
} as const;
