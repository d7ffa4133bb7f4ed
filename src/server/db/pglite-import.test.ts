import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder } from './client.js';
import { importPglite, isPgliteFolder } from './pglite-import.js';
import * as schema from './schema.js';

/** The suite's PostgreSQL server: the target database is made on it, and dropped from it. */
const SERVER_URL = inject('testDatabase').serverUrl;
const workDir = mkdtempSync(join(tmpdir(), 'shareek-pglite-import-'));
const pgliteDir = join(workDir, 'pglite');
const databaseName = `test_${randomBytes(6).toString('hex')}`;
const targetUrl = (() => {
  const url = new URL(SERVER_URL);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

/** The tables rows are written to, compared through Drizzle (its types: Date, string money…). */
const written = {
  brokers: schema.brokers,
  referrals: schema.referrals,
  tenantForms: schema.tenantForms,
  commissions: schema.commissions,
  auditLog: schema.auditLog,
  systemConfig: schema.systemConfig,
  webhookEndpoints: schema.webhookEndpoints,
  publicHolidays: schema.publicHolidays,
} satisfies Record<string, PgTable>;

/** Every table's rows as PostgreSQL prints them, sorted: exact to the microsecond and the byte. */
async function rowTexts(query: (sql: string) => Promise<{ rows: unknown[] }>) {
  const tables = (await query(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as { rows: { name: string }[] };
  const texts: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const rows = (await query(
      `select t::text as row from public.${pg.escapeIdentifier(name)} t order by 1`,
    )) as { rows: { row: string }[] };
    texts[name] = rows.rows.map((r) => r.row);
  }
  return texts;
}

async function onTarget<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: targetUrl });
  await client.connect();
  try {
    // The same zone as PGlite's, so timestamps print alike on both sides.
    await client.query("set timezone to 'UTC'");
    return await work(client);
  } finally {
    await client.end();
  }
}

let sourceTexts: Record<string, string[]>;
let sourceRows: Record<keyof typeof written, unknown[]>;

/** Realistic rows through the product's schema, with the types that could go wrong. */
async function writeSource() {
  const client = await PGlite.create({ dataDir: pgliteDir, extensions: { pg_trgm } });
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    const db = drizzlePglite(client, { schema });
    const [broker] = await db
      .insert(schema.brokers)
      .values({
        phone: '0501234567',
        passwordHash: 'scrypt$abc$def',
        brokerCode: 'BR-1001',
        fullName: 'وسيط تجريبي',
        officeName: 'مكتب الرياض للعقار',
        iban: 'SA0380000000608010167519',
        ibanChangedAt: new Date('2024-02-01T08:00:00Z'),
        isActive: true,
        city: 'الرياض',
      })
      .returning();
    if (!broker) throw new Error('no broker');
    const referralRows = await db
      .insert(schema.referrals)
      .values(
        ['0550000001', '0550000002', '0550000003'].map((tenantPhone, i) => ({
          brokerId: broker.id,
          tenantPhone,
          propertyType: 'شقة',
          city: 'جدة',
          district: i === 0 ? 'حي "الروضة", شارع \\ الأمير' : null,
          notes: i === 0 ? 'مستأجر يرغب في الدفع الشهري\nسطر ثانٍ' : null,
          rentAmount: 60_000 + i,
          formToken: `token-${i}`,
          status: 'contract_signed' as const,
          contractRent: 58_000,
        })),
      )
      .returning();
    const [first, second, third] = referralRows;
    if (!first || !second || !third) throw new Error('no referrals');
    // A deleted referral: its number must not be handed out again after the import.
    await db.delete(schema.referrals).where(eq(schema.referrals.id, third.id));
    // Microseconds, which a JavaScript Date would lose.
    await db.execute(
      sql`update referrals set submitted_at = '2024-03-01 10:11:12.345678+03' where id = ${first.id}`,
    );
    await db.insert(schema.tenantForms).values({
      referralId: first.id,
      tenantPhone: first.tenantPhone,
      name: 'محمد بن عبدالله العتيبي',
      income: '15000.50',
      monthlyObligations: '2300.05',
      salaryDefinitionUrl: null,
    });
    await db.insert(schema.commissions).values([
      {
        brokerId: broker.id,
        referralId: first.id,
        amount: '1250.75',
        paidAmount: '1250.75',
        status: 'paid',
        paidAt: new Date('2024-04-01T12:00:00Z'),
        transferReference: 'TRX-٢٠٢٤-٠٠١',
      },
      { brokerId: broker.id, referralId: second.id, amount: '99999999.99' },
    ]);
    await db.insert(schema.auditLog).values([
      {
        actorId: broker.id,
        actorPhone: broker.phone,
        action: 'referral.status_changed',
        entityType: 'referral',
        entityId: first.id,
        before: null,
        after: { status: 'contract_signed', note: 'تم التوقيع', amounts: [1.5, 1e21], nested: {} },
        ip: '10.0.0.1',
      },
      { action: 'settings.updated', entityType: 'system_config' },
    ]);
    // A jsonb `null`, which is not SQL NULL and must stay so.
    await db.execute(
      sql`insert into audit_log (action, entity_type, before) values ('raw', 'test', 'null'::jsonb)`,
    );
    await db.insert(schema.systemConfig).values({
      key: 'commission_rate',
      value: '0.025',
      description: 'نسبة العمولة من الإيجار السنوي',
      updatedBy: broker.id,
    });
    await db.insert(schema.webhookEndpoints).values({
      url: 'https://example.com/hooks?a=1&b=2',
      description: null,
      events: ['referral.created', 'payout.paid'],
      secret: 'whsec_abc',
      createdBy: broker.id,
    });
    await db.insert(schema.publicHolidays).values({ day: '2025-03-30', name: 'عيد الفطر' });

    sourceTexts = await rowTexts((text) => client.query(text));
    const rows: Partial<typeof sourceRows> = {};
    for (const [name, table] of Object.entries(written)) {
      rows[name as keyof typeof written] = await db.select().from(table).orderBy(sql`1`);
    }
    sourceRows = rows as typeof sourceRows;
  } finally {
    await client.close();
  }
}

/** One statement on the server's maintenance database (creating and dropping the target). */
async function onServer(statement: string) {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

// Creating a PGlite folder runs initdb in WebAssembly: slow on a busy machine.
beforeAll(async () => {
  await writeSource();
  await onServer(`create database ${databaseName}`);
  await onTarget((client) => migratePg(drizzlePg(client), { migrationsFolder }));
}, 120_000);

afterAll(async () => {
  await onServer(`drop database if exists ${databaseName} with (force)`);
  rmSync(workDir, { recursive: true, force: true });
});

describe('importPglite', () => {
  it('copies every row with its exact values and continues the sequences', async () => {
    const imported = await importPglite(pgliteDir, targetUrl);

    const total = Object.values(sourceTexts).reduce((sum, rows) => sum + rows.length, 0);
    expect(imported).toEqual({ tables: Object.keys(sourceTexts).length, rows: total });
    // 1 broker, 2 referrals (a third deleted), 1 tenant form, 2 commissions, 3 audit rows,
    // 1 setting, 1 webhook endpoint, 1 holiday.
    expect(total).toBe(12);
    await onTarget(async (client) => {
      expect(await rowTexts((text) => client.query(text))).toEqual(sourceTexts);
      const db = drizzlePg(client, { schema });
      for (const [name, table] of Object.entries(written)) {
        expect(await db.select().from(table).orderBy(sql`1`), name).toEqual(
          sourceRows[name as keyof typeof written],
        );
      }
      const [broker] = sourceRows.brokers as (typeof schema.brokers.$inferSelect)[];
      const [form] = sourceRows.tenantForms as (typeof schema.tenantForms.$inferSelect)[];
      expect(broker?.fullName).toBe('وسيط تجريبي');
      expect(broker?.secondPhone).toBeNull();
      expect(form?.income).toBe('15000.50');
      expect(sourceTexts.referrals?.join()).toContain('2024-03-01 07:11:12.345678+00');
      const raw = await client.query<{ isJsonNull: boolean }>(
        `select before = 'null'::jsonb as "isJsonNull" from audit_log where action = 'raw'`,
      );
      expect(raw.rows).toEqual([{ isJsonNull: true }]);

      // Referral 3 was deleted in PGlite: the next referral is number 4, not 3 again.
      const [next] = await db
        .insert(schema.referrals)
        .values({ brokerId: broker?.id ?? '', tenantPhone: '0550000009', formToken: 'token-9' })
        .returning({ number: schema.referrals.number });
      expect(next?.number).toBe(4);
      const [audit] = await db
        .insert(schema.auditLog)
        .values({ action: 'after.import', entityType: 'test' })
        .returning({ id: schema.auditLog.id });
      expect(audit?.id).toBe(4);
      await db.delete(schema.referrals).where(eq(schema.referrals.formToken, 'token-9'));
      await db.delete(schema.auditLog).where(eq(schema.auditLog.action, 'after.import'));
    });
  });

  it('refuses a target that already holds rows, and changes nothing', async () => {
    const before = await onTarget((client) => rowTexts((text) => client.query(text)));
    expect(before).toEqual(sourceTexts);

    await expect(importPglite(pgliteDir, targetUrl)).rejects.toThrow(
      /refused: the target database already holds rows \(in .*brokers/,
    );
    expect(await onTarget((client) => rowTexts((text) => client.query(text)))).toEqual(before);
  });
});

describe('isPgliteFolder', () => {
  it('knows a data folder by its PG_VERSION', () => {
    const empty = join(workDir, 'empty');
    mkdirSync(empty);
    writeFileSync(join(empty, 'notes.txt'), 'not a database');
    expect(isPgliteFolder(empty)).toBe(false);
    expect(isPgliteFolder(join(workDir, 'missing'))).toBe(false);
    expect(isPgliteFolder(pgliteDir)).toBe(true);
  });
});
