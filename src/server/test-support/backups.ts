import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect } from 'vitest';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { commissionEndpoints } from '#contract/commissions';
import type { ResponseOf } from '#contract/common';
import { referralEndpoints } from '#contract/referrals';
import { tenantFormEndpoints } from '#contract/tenant-forms';
import { productTables } from '../backup/format.js';
import { loadConfig } from '../config.js';
import { type DatabaseHandle, rowsOf } from '../db/client.js';
import { rowText, SAME_OUTPUT } from '../db/row-text.js';
import { client, type TestResponse } from './client.js';
import { aBroker, anAdmin, aReferral, aSignedContract, aTenantSubmission } from './factories.js';
import { anIbanOnProfile } from './iban.js';
import type { Page } from './responses.js';
import { collectOutput, runSource } from './server-process.js';
import { type TestApp, type TestBroker, testAppOn } from './test-app.js';

// The backup and restore tests (src/server/backup/*.test.ts): an instance filled through the
// API, the commands run as an operator runs them, and what a restored instance must show.

/** Settings every instance of these tests shares: nothing throttles the filling. */
const UNTHROTTLED = {
  NODE_ENV: 'test',
  AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
  REFERRAL_LIMIT_PER_HOUR: '100000',
  REFERRAL_LIMIT_PER_DAY: '100000',
};

/**
 * The product on `database`, its documents where `env` says (DATA_DIR/uploads, or STORAGE=s3
 * and its variables), listening on a free loopback port (uploads are multipart over HTTP).
 * Closing it leaves the database open.
 */
export async function instanceOn(
  database: DatabaseHandle,
  env: Record<string, string>,
): Promise<{ t: TestApp; base: string }> {
  const t = await testAppOn(database, loadConfig({ ...UNTHROTTLED, ...env }));
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, base };
}

export type Populated = {
  admin: TestBroker;
  broker: TestBroker;
  referralIds: string[];
  commissionId: string;
  payoutId: string;
  documentKey: string;
  /** The uploaded document's bytes: a PDF header, then every byte value. */
  pdf: Buffer;
};

/**
 * Brokers (one with an Arabic name and no profile, one inactive), referrals, a signed contract
 * and its commission, an approved payout, a tenant's submission with an uploaded PDF; along the
 * way the audit rows, the outbox rows (the tenants' links), sessions and notifications they make.
 */
export async function populate(t: TestApp, base: string): Promise<Populated> {
  const admin = await anAdmin(t);
  const { broker, referral, commission } = await aSignedContract(t, admin, { rent: 120_000 });
  const iban = await anIbanOnProfile(t, broker);
  const requested = await client(t)
    .as(broker)
    .call(commissionEndpoints.requestPayout, { body: { amount: 1000, bankAccount: iban } });
  expect(requested.statusCode).toBe(201);
  const payoutId = requested.json().id;
  const approved = await client(t)
    .as(admin)
    .call(adminPayoutEndpoints.mark, { body: { ids: [payoutId], status: 'approved' } });
  expect(approved.json()).toMatchObject({ changed: 1 });

  await aBroker(t, { fullName: 'عبدالله الشمري' });
  await aBroker(t, { active: false, fullName: null });
  const withDocument = await aReferral(t, broker, { rent: null });
  const pdf = Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    Buffer.from(Array.from({ length: 256 }, (_, byte) => byte)),
    randomBytes(64 * 1024),
  ]);
  const form = new FormData();
  form.set('token', withDocument.token);
  form.set('type', 'salary');
  form.set('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'salary.pdf');
  const uploaded = await fetch(`${base}/api/upload`, { method: 'POST', body: form });
  expect(uploaded.status).toBe(201);
  const { url } = (await uploaded.json()) as ResponseOf<typeof tenantFormEndpoints.upload>;
  const documentKey = url.slice('upload:'.length);
  await aTenantSubmission(t, withDocument);

  return {
    admin,
    broker,
    referralIds: [referral.id, withDocument.id],
    commissionId: commission.id,
    payoutId,
    documentKey,
    pdf,
  };
}

/** Every row of every table of the product, as row text in a fixed order, table by table. */
export async function contentsOf(url: string): Promise<Record<string, string[]>> {
  const connection = new pg.Client({ connectionString: url });
  await connection.connect();
  try {
    await connection.query('begin isolation level repeatable read read only');
    await connection.query(SAME_OUTPUT);
    const contents: Record<string, string[]> = {};
    for (const [table, columns] of await productTables(connection)) {
      const { rows } = await connection.query<{ row: string }>(
        `select ${rowText(columns)} as row from public.${pg.escapeIdentifier(table)}`,
      );
      contents[table] = rows.map((r) => r.row).sort();
    }
    await connection.query('rollback');
    return contents;
  } finally {
    await connection.end();
  }
}

/**
 * What an operator, and then the people using it, find on the restored instance: every broker,
 * referral, commission and payout in the admin's lists, the sessions still signed in, and the
 * tenant's document, byte for byte, through the product's own download; and new work numbered
 * after the old.
 */
export async function expectFoundAgain(restored: TestApp, populated: Populated): Promise<void> {
  const admin = client(restored).as(populated.admin);
  /** Every id of an admin list, page after page. */
  const ids = async (list: (page: number) => Promise<TestResponse<Page<{ id: string }>>>) => {
    const found: string[] = [];
    for (let page = 1; ; page++) {
      const response = await list(page);
      expect(response.statusCode).toBe(200);
      const { items, total } = response.json();
      found.push(...items.map((item) => item.id));
      if (items.length === 0 || found.length >= total) return found;
    }
  };
  expect(await ids((page) => admin.call(adminBrokerEndpoints.list, { query: { page } }))).toEqual(
    expect.arrayContaining([populated.admin.id, populated.broker.id]),
  );
  expect(await ids((page) => admin.call(adminReferralEndpoints.list, { query: { page } }))).toEqual(
    expect.arrayContaining(populated.referralIds),
  );
  expect(
    await ids((page) => admin.call(adminCommissionEndpoints.list, { query: { page } })),
  ).toContain(populated.commissionId);
  expect(
    await ids((page) =>
      admin.call(adminPayoutEndpoints.list, { query: { status: 'approved', page } }),
    ),
  ).toContain(populated.payoutId);
  const own = await client(restored).as(populated.broker).call(referralEndpoints.list);
  expect(own.statusCode).toBe(200);
  const file = await admin.call(tenantFormEndpoints.download, {
    params: { key: populated.documentKey },
  });
  expect(file.statusCode).toBe(200);
  expect(file.rawPayload.equals(populated.pdf)).toBe(true);
  // The sequences continue after the restored rows: a new referral gets a number of its own.
  const [highest] = await rowsOf<{ number: number }>(
    restored.database.db,
    sql`select max(number)::int as number from referrals`,
  );
  const next = await aReferral(restored, populated.broker);
  expect(next.number).toBeGreaterThan(highest?.number ?? Number.POSITIVE_INFINITY);
}

export type CommandResult = {
  code: number | null;
  /** The JSON lines it printed. */
  lines: { level: number; msg: string; [field: string]: unknown }[];
  output: string;
};

/**
 * `node src/server/<command>.ts <args>` as the operator runs `npm run backup` / `npm run
 * restore` (the built file, from its TypeScript source), with only `env` and PATH: nothing of
 * the test's own environment (TEST_DATABASE_URL, NODE_ENV) leaks into its configuration.
 */
export function runCommand(
  command: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  const child = runSource(`src/server/${command}.ts`, args, {
    PATH: process.env.PATH ?? '',
    LOG_LEVEL: 'info',
    ...env,
  });
  const printed = collectOutput(child);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      const output = printed();
      const lines = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as CommandResult['lines'][number]);
      resolve({ code, lines, output });
    });
  });
}

/** The one line a command prints when it is done, or the test fails showing all it printed. */
export function doneLine(result: CommandResult, message: string): Record<string, unknown> {
  const line = result.lines.find((l) => l.msg === message);
  if (result.code !== 0 || !line) {
    throw new Error(`exited with ${result.code}, without "${message}":\n${result.output}`);
  }
  return line;
}
