import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder, openDatabase } from '../db/client.js';
import { clustersFolder, withInstanceOn } from '../test-support/backup-instances.js';
import {
  contentsOf,
  doneLine,
  expectFoundAgain,
  type Populated,
  populate,
  runCommand,
} from '../test-support/backups.js';
import { onServer, urlOf } from '../test-support/database.js';
import { ibanFor } from '../test-support/iban.js';
import { startS3Server, type TestS3Server } from '../test-support/s3-server.js';
import { journal } from './format.js';

// Backups that restore (decision record 054), on a PostgreSQL server (TEST_DATABASE_URL: the
// machine's PostgreSQL 15), the
// documents in S3 (s3rver): restored into a new database with the documents in a local folder,
// moved to the embedded cluster (PostgreSQL 18) and back, over a database that holds data with
// --replace, and from a backup older than this release. Run in the integration-postgres
// project. docs/backups.md.

// TEST_DATABASE_URL's server, or the project's own cluster (test-support/postgres-server.ts).
const serverUrl = inject('postgresServerUrl');
const quiet = { info: () => {}, warn: () => {} };
const databases: string[] = [];
let root: string;
let s3server: TestS3Server;
let source: { url: string; contents: Record<string, string[]>; populated: Populated };

const folder = (name: string) => path.join(root, name);
const s3Env = (bucket: string) => s3server.env(bucket);

/** A new, empty database on the server (dropped at the end); its URL. */
async function newDatabase(): Promise<string> {
  const name = `backup_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  databases.push(name);
  return urlOf(serverUrl, name);
}

beforeAll(async () => {
  root = clustersFolder('shareek-backups-pg-');
  s3server = await startS3Server(folder('s3rver'), ['documents', 'documents-embedded']);

  const url = await newDatabase();
  const database = await openDatabase({ kind: 'postgres', url });
  await database.migrate();
  const populated = await withInstanceOn(
    database,
    { DATABASE_URL: url, DATA_DIR: folder('source'), ...s3Env('documents') },
    populate,
  );
  source = { url, contents: await contentsOf(url), populated };
  const backup = await runCommand('backup', [folder('backup')], {
    DATABASE_URL: url,
    ...s3Env('documents'),
  });
  expect(doneLine(backup, 'backup written')).toMatchObject({
    database: 'postgres',
    storage: 's3',
    documents: 1,
  });
}, 120_000);

afterAll(async () => {
  await s3server?.close();
  for (const name of databases) {
    await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  }
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('backup and restore on a PostgreSQL server', () => {
  let restoredUrl: string;

  it('restores into a new database, the documents moving from S3 to a local folder', async () => {
    restoredUrl = await newDatabase();
    const dataDir = folder('restored-local');
    const restore = await runCommand('restore', [folder('backup')], {
      DATABASE_URL: restoredUrl,
      DATA_DIR: dataDir,
    });
    expect(doneLine(restore, 'backup restored')).toMatchObject({
      database: 'postgres',
      storage: 'local',
      documents: 1,
      migrationsApplied: [],
    });
    expect(await contentsOf(restoredUrl)).toEqual(source.contents);
    await withInstanceOn(
      await openDatabase({ kind: 'postgres', url: restoredUrl }),
      { DATABASE_URL: restoredUrl, DATA_DIR: dataDir },
      (t) => expectFoundAgain(t, source.populated),
    );
  });

  it('moves to the embedded cluster (PostgreSQL 15 to 18) and back, its backup taken while it is stopped', async () => {
    const dataDir = folder('embedded');
    const toEmbedded = await runCommand('restore', [folder('backup')], {
      DATA_DIR: dataDir,
      ...s3Env('documents-embedded'),
    });
    expect(doneLine(toEmbedded, 'backup restored')).toMatchObject({ database: 'embedded' });
    const embedded = await openDatabase({ kind: 'embedded', dataDir }, quiet);
    try {
      expect(await contentsOf(embedded.url)).toEqual(source.contents);
    } finally {
      await embedded.close();
    }

    // Nothing runs on the folder: the backup starts the cluster itself, and stops it.
    const fromEmbedded = await runCommand('backup', [folder('backup-embedded')], {
      DATA_DIR: dataDir,
      ...s3Env('documents-embedded'),
    });
    expect(doneLine(fromEmbedded, 'backup written')).toMatchObject({ database: 'embedded' });
    const url = await newDatabase();
    const back = await runCommand('restore', [folder('backup-embedded')], {
      DATABASE_URL: url,
      ...s3Env('documents'),
    });
    // The documents are already in the bucket, byte for byte: left as they are.
    expect(doneLine(back, 'backup restored')).toMatchObject({
      documents: 0,
      documentsAlreadyStored: 1,
    });
    expect(await contentsOf(url)).toEqual(source.contents);
  }, 120_000);

  it('refuses a database that holds data, or that anyone else is connected to; --replace restores over it', async () => {
    const env = { DATABASE_URL: restoredUrl, DATA_DIR: folder('restored-local') };
    const before = await contentsOf(restoredUrl);
    const refused = await runCommand('restore', [folder('backup')], env);
    expect(refused.code).toBe(1);
    expect(refused.lines.at(-1)?.msg).toMatch(/^The target database already holds data/);

    const someone = new pg.Client({ connectionString: restoredUrl });
    await someone.connect();
    try {
      const busy = await runCommand('restore', [folder('backup'), '--replace'], env);
      expect(busy.code).toBe(1);
      expect(busy.lines.at(-1)?.msg).toBe(
        '1 other session(s) are connected to the target database: stop every instance of the server (and anything else using that database) before restoring. Nothing was restored.',
      );
    } finally {
      await someone.end();
    }
    expect(await contentsOf(restoredUrl)).toEqual(before);

    const replaced = await runCommand('restore', [folder('backup'), '--replace'], env);
    expect(doneLine(replaced, 'backup restored')).toMatchObject({
      replaced: true,
      documents: 0,
      documentsAlreadyStored: 1,
    });
    // What the restored instance wrote since (the audited download) is gone: the backup's again.
    expect(before).not.toEqual(source.contents);
    expect(await contentsOf(restoredUrl)).toEqual(source.contents);
  });

  it('restores a backup older than this release, and runs the later migrations on its rows', async () => {
    // A database as an earlier release left it: migrated up to 0012, before 0013_payouts,
    // which gives each broker the IBAN of their latest transfer request.
    const before = journal().filter((entry) => entry.tag < '0013');
    const cut = folder('migrations-0012');
    mkdirSync(path.join(cut, 'meta'), { recursive: true });
    const original = JSON.parse(
      readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { tag: string }[] };
    writeFileSync(
      path.join(cut, 'meta', '_journal.json'),
      JSON.stringify({ ...original, entries: original.entries.slice(0, before.length) }),
    );
    for (const { tag } of before) {
      writeFileSync(
        path.join(cut, `${tag}.sql`),
        readFileSync(path.join(migrationsFolder, `${tag}.sql`)),
      );
    }
    const url = await newDatabase();
    const old = new pg.Client({ connectionString: url });
    await old.connect();
    const iban = ibanFor('an earlier release');
    try {
      await migrate(drizzle(old), { migrationsFolder: cut });
      const { rows } = await old.query<{ id: string }>(
        `insert into brokers (phone, password_hash, broker_code, full_name)
         values ('0551112223', '!none', 'BR-OLD1', 'وسيط من إصدار سابق') returning id`,
      );
      await old.query(
        'insert into transfer_requests (broker_id, amount, iban) values ($1, 250.50, $2)',
        [rows[0]?.id, iban],
      );
    } finally {
      await old.end();
    }
    const backup = await runCommand('backup', [folder('backup-0012')], { DATABASE_URL: url });
    doneLine(backup, 'backup written');

    const target = await newDatabase();
    const restore = await runCommand('restore', [folder('backup-0012')], {
      DATABASE_URL: target,
      DATA_DIR: folder('restored-0012'),
    });
    expect(doneLine(restore, 'backup restored')).toMatchObject({
      rows: 2,
      migrationsApplied: journal()
        .filter((entry) => entry.tag >= '0013')
        .map((entry) => entry.tag),
    });
    const restored = new pg.Client({ connectionString: target });
    await restored.connect();
    try {
      const { rows } = await restored.query<{ iban: string; amount: string }>(
        'select b.iban, t.amount::text from brokers b join transfer_requests t on t.broker_id = b.id',
      );
      expect(rows).toEqual([{ iban, amount: '250.50' }]);
      // The database is this release's: nothing is left for the server's start to apply.
      const pending = await openDatabase({ kind: 'postgres', url: target });
      try {
        expect(await pending.pendingMigrations()).toEqual([]);
      } finally {
        await pending.close();
      }
    } finally {
      await restored.end();
    }
  });
});
