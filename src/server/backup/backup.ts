import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { AppConfig } from '../config.js';
import type { ClusterLog } from '../db/embedded.js';
import { ident, rowDigest, rowText, SAME_OUTPUT } from '../db/row-text.js';
import { storageFor } from '../integrations/storage.js';
import { connectForBackup } from './connect.js';
import {
  appliedMigrations,
  BackupError,
  type CopySummary,
  documentFile,
  FILE_MODE,
  FOLDER_MODE,
  FORMAT,
  FORMAT_VERSION,
  gzipWriter,
  journal,
  MANIFEST,
  type Manifest,
  productTables,
  tableFile,
  writeFileFrom,
} from './format.js';

export type BackupSummary = CopySummary & {
  missingDocuments: number;
  bytes: number;
  ms: number;
};

/** Rows fetched from the cursor at a time: a few MB of row text at most. */
const BATCH_ROWS = 2000;

type Snapshot = Omit<
  Manifest,
  'format' | 'version' | 'source' | 'documents' | 'missingDocuments'
> & {
  serverVersion: string;
  documentKeys: string[];
};

/**
 * Writes a backup of the configured database and documents into `folder`, a folder that must
 * not exist yet. Everything is written into a sibling `<folder>.partial-…` renamed into place at
 * the end, so a folder of that name is always a whole backup; on any failure it is removed.
 *
 * The tables are read in one REPEATABLE READ READ ONLY transaction: one snapshot, so the copy
 * is consistent while the product runs and writes, and blocks none of its writes. The documents
 * copied are those the snapshot's stored_files rows name, read after it through the product's
 * own storage code (local folder or S3).
 */
export async function takeBackup(
  config: Pick<AppConfig, 'database' | 'databaseWaitMs' | 'storage'>,
  folder: string,
  log: ClusterLog,
): Promise<BackupSummary> {
  const started = Date.now();
  const target = path.resolve(folder);
  if (existsSync(target)) {
    throw new BackupError(
      `${target} already exists: a backup is written into a new folder, never over another.`,
    );
  }
  await mkdir(path.dirname(target), { recursive: true, mode: FOLDER_MODE });
  const work = `${target}.partial-${randomBytes(4).toString('hex')}`;
  await mkdir(path.join(work, 'tables'), { recursive: true, mode: FOLDER_MODE });
  await mkdir(path.join(work, 'documents'), { mode: FOLDER_MODE });
  try {
    const connection = await connectForBackup(config, log);
    let snapshot: Snapshot;
    try {
      snapshot = await readSnapshot(connection.client, work);
    } finally {
      await connection.close();
    }
    const { documents, missing } = await copyDocuments(config, snapshot.documentKeys, work);
    if (missing.length > 0) {
      // Deleted by the product since the snapshot (a retention run, an account deletion), or
      // lost from the storage before it: the keys are in the manifest, not in the log.
      log.warn(
        `${missing.length} document(s) named in the database were not found in the storage; the manifest lists them under missingDocuments.`,
      );
    }
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: snapshot.createdAt,
      source: {
        database: config.database.kind,
        serverVersion: snapshot.serverVersion,
        storage: config.storage.kind,
      },
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      documents,
      missingDocuments: missing,
    };
    await writeFile(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: FILE_MODE,
      flag: 'wx',
    });
    await rename(work, target);
    return {
      folder: target,
      database: config.database.kind,
      storage: config.storage.kind,
      snapshotAt: manifest.createdAt,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      documents: documents.length,
      missingDocuments: missing.length,
      bytes: [...manifest.tables, ...documents].reduce((sum, file) => sum + file.bytes, 0),
      ms: Date.now() - started,
    };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

async function readSnapshot(client: pg.Client, work: string): Promise<Snapshot> {
  await client.query('begin isolation level repeatable read read only');
  try {
    await client.query(SAME_OUTPUT);
    // now() is the transaction's start: the moment the snapshot shows.
    const { rows: about } = await client.query<{ at: Date; version: string }>(
      "select now() as at, current_setting('server_version') as version",
    );
    const [moment] = about;
    if (!moment) throw new Error('the database did not say what time it is');
    const applied = await appliedMigrations(client);
    if (applied.length === 0) {
      throw new BackupError(
        'The database has never been migrated: it holds no product data to back up.',
      );
    }
    const tags = new Map(journal().map((entry) => [entry.when, entry.tag]));
    const tables: Manifest['tables'] = [];
    for (const [name, columns] of await productTables(client)) {
      const file = gzipWriter(path.join(work, tableFile(name)));
      await client.query(
        `declare backup_rows no scroll cursor for select ${rowText(columns)} as row from public.${ident(name)}`,
      );
      let rows = 0;
      let digest = 0n;
      for (;;) {
        const batch = await client.query<{ row: string }>(
          `fetch forward ${BATCH_ROWS} from backup_rows`,
        );
        if (batch.rows.length === 0) break;
        let text = '';
        for (const { row } of batch.rows) {
          rows += 1;
          digest += rowDigest(row);
          // A JSON string per line: the row text's own newlines are escaped.
          text += `${JSON.stringify(row)}\n`;
        }
        await file.write(text);
      }
      await client.query('close backup_rows');
      tables.push({ name, columns, rows, digest: digest.toString(), ...(await file.close()) });
    }
    const sequences = await readSequences(client);
    const { rows: keys } = await client.query<{ key: string }>(
      'select key from public.stored_files order by key',
    );
    return {
      createdAt: moment.at.toISOString(),
      serverVersion: moment.version,
      migrations: applied.map((m) => ({ ...m, tag: tags.get(m.createdAt) ?? null })),
      tables,
      sequences,
      documentKeys: keys.map((row) => row.key),
    };
  } finally {
    // It only read.
    await client.query('rollback');
  }
}

/** Every sequence of schema public, where it stands (serial ids, referral numbers). */
async function readSequences(client: pg.Client): Promise<Manifest['sequences']> {
  const { rows } = await client.query<{ name: string }>(
    `select s.relname as name from pg_class s join pg_namespace n on n.oid = s.relnamespace
     where s.relkind = 'S' and n.nspname = 'public' order by s.relname`,
  );
  const sequences: Manifest['sequences'] = [];
  for (const { name } of rows) {
    const { rows: state } = await client.query<{ last: string; called: boolean }>(
      `select last_value::text as last, is_called as called from public.${ident(name)}`,
    );
    const [at] = state;
    if (at) sequences.push({ name, lastValue: at.last, isCalled: at.called });
  }
  return sequences;
}

async function copyDocuments(
  config: Pick<AppConfig, 'storage'>,
  keys: string[],
  work: string,
): Promise<{ documents: Manifest['documents']; missing: string[] }> {
  const storage = storageFor(config.storage);
  const documents: Manifest['documents'] = [];
  const missing: string[] = [];
  for (const key of keys) {
    const stream = await storage.get(key);
    if (!stream) {
      missing.push(key);
      continue;
    }
    documents.push({ key, ...(await writeFileFrom(stream, path.join(work, documentFile(key)))) });
  }
  return { documents, missing };
}
