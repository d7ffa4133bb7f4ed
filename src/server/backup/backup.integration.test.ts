import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { clustersFolder, withInstanceOn } from '../test-support/backup-instances.js';
import {
  contentsOf,
  doneLine,
  expectFoundAgain,
  instanceOn,
  type Populated,
  populate,
  runCommand,
} from '../test-support/backups.js';
import { aBroker, aReferral } from '../test-support/factories.js';
import { startS3Server, type TestS3Server } from '../test-support/s3-server.js';
import type { TestApp } from '../test-support/test-app.js';
import { MANIFEST, type Manifest, tableFile } from './format.js';

// Backups that restore (decision record 054), on the embedded default: `npm run backup` beside
// a running server (its
// PostgreSQL 18 cluster in DATA_DIR/postgres), `npm run restore` into an empty DATA_DIR, with
// the documents in the local folder and in S3 (s3rver). docs/backups.md.

const quiet = { info: () => {}, warn: () => {} };
let root: string;
let s3server: TestS3Server;
let s3Env: Record<string, string>;
let source: { dataDir: string; database: DatabaseHandle; t: TestApp; populated: Populated };
/** Restored instances left for the refusals: their DATA_DIR and their contents. */
const restored: { dataDir: string; contents: Record<string, string[]> }[] = [];

const folder = (name: string) => path.join(root, name);

beforeAll(async () => {
  root = clustersFolder('shareek-backups-');
  s3server = await startS3Server(folder('s3rver'), ['restored-documents']);
  s3Env = s3server.env('restored-documents');
  const dataDir = folder('source');
  const database = await openDatabase({ kind: 'embedded', dataDir }, quiet);
  await database.migrate();
  const { t, base } = await instanceOn(database, { DATA_DIR: dataDir });
  source = { dataDir, database, t, populated: await populate(t, base) };
}, 120_000);

afterAll(async () => {
  await source?.t.close();
  await source?.database.close();
  await s3server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The restored DATA_DIR's cluster started as a server would start it, for `check`. */
async function onRestored<T>(
  dataDir: string,
  env: Record<string, string>,
  check: (t: TestApp, database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  return withInstanceOn(
    await openDatabase({ kind: 'embedded', dataDir }, quiet),
    { DATA_DIR: dataDir, ...env },
    (t, _base, database) => check(t, database),
  );
}

describe('backup and restore on the embedded PostgreSQL', () => {
  it('backs up while the server serves and writes (one snapshot), and restores it into an empty DATA_DIR with the documents in S3', async () => {
    const { t, populated } = source;
    // A broker keeps sending referrals for as long as the backup runs: each referral, its short
    // link and its audit row are written in one transaction.
    const writer = await aBroker(t);
    let writing = true;
    let written = 0;
    const writes = (async () => {
      while (writing) {
        await aReferral(t, writer);
        written += 1;
      }
    })();
    const backup = await runCommand('backup', [folder('online')], { DATA_DIR: source.dataDir });
    const duringBackup = written;
    writing = false;
    await writes;
    const done = doneLine(backup, 'backup written');
    // The server's writes went on during the backup: it holds no lock that blocks them.
    expect(duringBackup).toBeGreaterThan(0);
    expect(done).toMatchObject({ database: 'embedded', storage: 'local', documents: 1 });
    // No line names a phone, a password, a connection string or a document's key.
    expect(backup.output).not.toMatch(/05\d{8}|postgres:\/\/|password/i);
    expect(backup.output).not.toContain(populated.documentKey);

    const dataDir = folder('restored-s3');
    const restore = await runCommand('restore', [folder('online')], {
      DATA_DIR: dataDir,
      ...s3Env,
    });
    expect(doneLine(restore, 'backup restored')).toMatchObject({
      database: 'embedded',
      storage: 's3',
      documents: 1,
      rows: done.rows,
      migrationsApplied: [],
    });
    await onRestored(dataDir, s3Env, async (restoredApp, database) => {
      await expectFoundAgain(restoredApp, populated);
      // One moment of the source: every referral with its audit row. Tables read one after
      // another at different moments would not agree (audit_log is read before referrals).
      const check = new pg.Client({ connectionString: database.url });
      await check.connect();
      const { rows } = await check.query<{ referrals: number; unaudited: number }>(
        `select count(*)::int as referrals, count(*) filter (where not exists (
           select from audit_log a where a.action = 'referral.create' and a.entity_id = r.id::text
         ))::int as unaudited
         from referrals r where r.broker_id = $1`,
        [writer.id],
      );
      await check.end();
      expect(rows[0]?.unaudited).toBe(0);
      expect(rows[0]?.referrals).toBeLessThanOrEqual(written);
    });
  }, 120_000);

  it('restores a backup of the quiet instance exactly: every row of every table, and the document, into the local folder', async () => {
    // The server's requests have stopped (its cluster still runs, owned by it): the database
    // does not change between the backup and the comparison.
    await source.t.close();
    const backup = await runCommand('backup', [folder('quiet')], { DATA_DIR: source.dataDir });
    const done = doneLine(backup, 'backup written');
    const contents = await contentsOf(source.database.url);
    expect(Object.keys(contents).length).toBe(done.tables);
    for (const table of [
      'brokers',
      'referrals',
      'commissions',
      'transfer_requests',
      'audit_log',
      'outbound_messages',
      'stored_files',
    ]) {
      expect(contents[table]?.length, table).toBeGreaterThan(0);
    }
    // Readable by its owner only: it holds salaries, ID numbers and credit reports.
    const manifest = JSON.parse(readFileSync(path.join(folder('quiet'), MANIFEST), 'utf8'));
    for (const entry of [
      '.',
      'tables',
      'documents',
      MANIFEST,
      tableFile('brokers'),
      path.join('documents', source.populated.documentKey),
    ]) {
      const stat = statSync(path.join(folder('quiet'), entry));
      expect((stat.mode & 0o777).toString(8), entry).toBe(stat.isDirectory() ? '700' : '600');
    }
    expect((manifest as Manifest).documents).toHaveLength(1);

    const dataDir = folder('restored-local');
    const restore = await runCommand('restore', [folder('quiet')], { DATA_DIR: dataDir });
    expect(doneLine(restore, 'backup restored')).toMatchObject({
      storage: 'local',
      documents: 1,
      rows: done.rows,
    });
    const after = await onRestored(dataDir, {}, async (restoredApp, database) => {
      const found = await contentsOf(database.url);
      expect(found).toEqual(contents);
      await expectFoundAgain(restoredApp, source.populated);
      // The download above is audited: the restored instance works, and writes.
      return contentsOf(database.url);
    });
    restored.push({ dataDir, contents: after });
  }, 120_000);
});

describe('what a restore refuses, writing nothing', () => {
  const restoreInto = (backup: string, dataDir: string, ...flags: string[]) =>
    runCommand('restore', [backup, ...flags], { DATA_DIR: dataDir });
  const refusal = (result: Awaited<ReturnType<typeof runCommand>>) => {
    expect(result.code, result.output).toBe(1);
    return result.lines.find((line) => line.level === 60)?.msg ?? '';
  };

  it('a DATA_DIR whose database holds data, and one a running server owns', async () => {
    const [target] = restored;
    if (!target) throw new Error('the exact restore did not run');
    const held = await openDatabase({ kind: 'embedded', dataDir: target.dataDir }, quiet);
    try {
      expect(refusal(await restoreInto(folder('quiet'), target.dataDir))).toContain(
        `Another server is using ${target.dataDir}`,
      );
    } finally {
      await held.close();
    }
    expect(refusal(await restoreInto(folder('quiet'), target.dataDir))).toMatch(
      /^The target database already holds data \(in .*brokers.*\): restore into a new database .*--replace/,
    );
    const database = await openDatabase({ kind: 'embedded', dataDir: target.dataDir }, quiet);
    try {
      expect(await contentsOf(database.url)).toEqual(target.contents);
    } finally {
      await database.close();
    }
  }, 120_000);

  const tampered = (name: string, change: (backup: string) => void) => {
    const backup = folder(name);
    cpSync(folder('quiet'), backup, { recursive: true });
    change(backup);
    return backup;
  };
  const flipByte = (file: string) => {
    const bytes = readFileSync(file);
    bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] ?? 0) ^ 0xff;
    writeFileSync(file, bytes);
  };

  it.each([
    [
      'a changed table file',
      (backup: string) => flipByte(path.join(backup, tableFile('commissions'))),
      /^tables\/commissions\.jsonl\.gz in .* does not match the manifest \(its SHA-256 differs\): the backup is damaged or was changed\. Nothing was restored\.$/,
    ],
    [
      'a changed document',
      (backup: string) => flipByte(path.join(backup, 'documents', source.populated.documentKey)),
      /^documents\/[a-f0-9]{32}\.pdf in .* does not match the manifest/,
    ],
    [
      'a missing table file',
      (backup: string) => rmSync(path.join(backup, tableFile('brokers'))),
      /^tables\/brokers\.jsonl\.gz is missing from the backup/,
    ],
    [
      'a backup from a newer release',
      (backup: string) => {
        const file = path.join(backup, MANIFEST);
        const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
        manifest.migrations.push({
          tag: '0099_a_later_release',
          createdAt: Math.max(...manifest.migrations.map((m) => m.createdAt)) + 1000,
          hash: 'f'.repeat(64),
        });
        writeFileSync(file, JSON.stringify(manifest));
      },
      /^The backup was taken by a newer release: its database had migrations this release does not have \(0099_a_later_release\)\. Restore it with that release or a later one\./,
    ],
    [
      'an incomplete backup (no manifest)',
      (backup: string) => rmSync(path.join(backup, MANIFEST)),
      /has no manifest\.json: it is not a backup, or not a whole one/,
    ],
  ])('%s', async (name, change, message) => {
    const backup = tampered(name.replaceAll(' ', '-'), change);
    const dataDir = folder(`untouched-${name.replaceAll(' ', '-')}`);
    expect(refusal(await restoreInto(backup, dataDir))).toMatch(message);
    // Refused before anything was made: not even the DATA_DIR.
    expect(existsSync(dataDir)).toBe(false);
  });

  it('a row changed with its file checksums made to match: the load is rolled back, no row kept', async () => {
    const backup = tampered('rewritten', (folderPath) => {
      const file = path.join(folderPath, tableFile('brokers'));
      const text = gunzipSync(readFileSync(file)).toString('utf8');
      expect(text).toContain('عبدالله الشمري');
      const changed = gzipSync(text.replace('عبدالله الشمري', 'عبدالله المطيري'));
      writeFileSync(file, changed);
      const manifestFile = path.join(folderPath, MANIFEST);
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
      for (const table of manifest.tables.filter((t) => t.name === 'brokers')) {
        table.bytes = changed.length;
        table.sha256 = createHash('sha256').update(changed).digest('hex');
      }
      writeFileSync(manifestFile, JSON.stringify(manifest));
    });
    const dataDir = folder('rolled-back');
    expect(refusal(await restoreInto(backup, dataDir))).toMatch(
      /^Table brokers holds (\d+) rows after the load where the backup has \1, with different values; the load was rolled back and no row was kept\.$/,
    );
    const database = await openDatabase({ kind: 'embedded', dataDir }, quiet);
    try {
      const contents = await contentsOf(database.url);
      expect(Object.values(contents).flat()).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('a backup into a folder that exists, and a restore from one that does not', async () => {
    const over = await runCommand('backup', [folder('quiet')], { DATA_DIR: source.dataDir });
    expect(refusal(over)).toBe(
      `${folder('quiet')} already exists: a backup is written into a new folder, never over another.`,
    );
    const missing = await restoreInto(folder('nowhere'), folder('untouched-nowhere'));
    expect(refusal(missing)).toBe(`${folder('nowhere')} does not exist. Nothing was restored.`);
    expect(existsSync(folder('untouched-nowhere'))).toBe(false);
  });
});
