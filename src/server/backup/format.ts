/**
 * What a backup folder holds and how both tools read the database the same way
 * (docs/backups.md, docs/decisions/054-backups-that-restore.md):
 *
 *   manifest.json             what is in the folder: written last, so a folder with one is whole
 *   tables/<table>.jsonl.gz   one line per row: the row's PostgreSQL text, as a JSON string
 *   documents/<key>           the tenants' documents, byte for byte
 *
 * Rows travel as PostgreSQL's own row text (`record_out` on the source, `record_in` on the
 * target), which carries every type exactly, across the embedded cluster's version and a
 * server's (18 and 15 here): numeric, timestamps, jsonb (a jsonb `null` stays one), NULLs.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type pg from 'pg';
import { z } from 'zod';
import { migrationsFolder } from '../db/client.js';
import { COLUMNS_SQL, type Column, type ColumnRow, tablesFrom } from '../db/row-text.js';
import { STORAGE_KEY } from '../integrations/storage.js';

export const FORMAT = 'shareek-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';

/** A refusal or a failure worded for the operator: printed as it is, without a stack. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** Owner only: the folder holds tenants' salaries, ID numbers and credit reports (PDPL). */
export const FOLDER_MODE = 0o700;
export const FILE_MODE = 0o600;

// A table's name is also a file name: a manifest naming `../x` must not reach outside.
const tableName = z.string().regex(/^[a-z_][a-z0-9_]*$/);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

const columnSchema = z.object({ name: z.string(), type: z.string(), generated: z.boolean() });

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(FORMAT_VERSION),
  /** The moment of the snapshot every table was read in (ISO 8601, UTC). */
  createdAt: z.string(),
  source: z.object({
    database: z.enum(['embedded', 'postgres']),
    serverVersion: z.string(),
    storage: z.enum(['local', 's3']),
  }),
  /** Drizzle's record of the migrations the source had (`created_at` is the journal's `when`). */
  migrations: z.array(
    z.object({ tag: z.string().nullable(), createdAt: z.number().int(), hash: z.string() }),
  ),
  tables: z.array(
    z.object({
      name: tableName,
      columns: z.array(columnSchema),
      rows: z.number().int().nonnegative(),
      /** The sum of each row text's 60-bit digest (decimal): any changed value shows. */
      digest: z.string().regex(/^\d+$/),
      bytes: z.number().int().nonnegative(),
      sha256,
    }),
  ),
  sequences: z.array(
    z.object({ name: tableName, lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() }),
  ),
  documents: z.array(
    z.object({ key: z.string().regex(STORAGE_KEY), bytes: z.number().int().nonnegative(), sha256 }),
  ),
  /** Named by a stored_files row but not found in the storage when the backup copied them. */
  missingDocuments: z.array(z.string().regex(STORAGE_KEY)),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** What a backup and a restore both say of the copy they made. */
export type CopySummary = {
  folder: string;
  database: 'embedded' | 'postgres';
  storage: 'local' | 's3';
  snapshotAt: string;
  tables: number;
  rows: number;
  documents: number;
};

export const tableFile = (table: string) => path.join('tables', `${table}.jsonl.gz`);
export const documentFile = (key: string) => path.join('documents', key);

/** The tables of schema public (the product's), each with its columns in order. */
export async function productTables(client: pg.Client): Promise<Map<string, Column[]>> {
  return tablesFrom((await client.query<ColumnRow>(COLUMNS_SQL)).rows);
}

export type AppliedMigration = { createdAt: number; hash: string };

/** What drizzle applied to the database, oldest first; empty when it never migrated. */
export async function appliedMigrations(client: pg.Client): Promise<AppliedMigration[]> {
  try {
    const { rows } = await client.query<{ hash: string; created_at: string }>(
      'select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at',
    );
    return rows.map((row) => ({ createdAt: Number(row.created_at), hash: row.hash }));
  } catch (error) {
    // 42P01 (no such table) or 3F000 (no such schema): nothing was ever applied.
    const code = (error as { code?: string }).code;
    if (code === '42P01' || code === '3F000') return [];
    throw error;
  }
}

export type JournalEntry = { tag: string; when: number };

/** This release's migrations, from the journal drizzle-kit writes beside them. */
export function journal(): JournalEntry[] {
  const parsed = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: JournalEntry[] };
  return parsed.entries;
}

export type Written = { bytes: number; sha256: string };

/** Counts and hashes what passes through: what lands on disk, or what was read from it. */
function tap() {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: (): Written => ({ bytes, sha256: hash.digest('hex') }) };
}

/** A new gzip file (never an existing one), written text by text, with backpressure. */
export function gzipWriter(file: string) {
  const gzip = createGzip();
  const counted = tap();
  const written = pipeline(
    gzip,
    counted.stream,
    createWriteStream(file, { flags: 'wx', mode: FILE_MODE }),
  );
  // Awaited in `close` and by a waiting `write`; never left unhandled meanwhile.
  written.catch(() => {});
  return {
    write: async (text: string) => {
      // A pipeline that failed (the disk full) has destroyed the gzip stream, which then never
      // drains: its failure is what the write answers.
      if (gzip.destroyed) await written;
      if (!gzip.write(text)) await Promise.race([once(gzip, 'drain'), written]);
    },
    close: async (): Promise<Written> => {
      gzip.end();
      await written;
      return counted.result();
    },
  };
}

/** Copies a stream into a new file (never an existing one); its size and SHA-256. */
export async function writeFileFrom(source: NodeJS.ReadableStream, file: string) {
  const counted = tap();
  await pipeline(source, counted.stream, createWriteStream(file, { flags: 'wx', mode: FILE_MODE }));
  return counted.result();
}

/** A file's size and SHA-256, read as a stream. */
export async function digestOf(source: NodeJS.ReadableStream): Promise<Written> {
  const counted = tap();
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
  await pipeline(source, counted.stream, discard);
  return counted.result();
}

/** The lines of a gzip file, decoded, in batches of at most `size`. */
export async function* gzipLines(file: string, size: number): AsyncGenerator<string[]> {
  const gunzip = createGunzip();
  // A read error destroys the gunzip with it, which ends the loop below with the error.
  const reading = pipeline(createReadStream(file), gunzip);
  reading.catch(() => {});
  gunzip.setEncoding('utf8');
  let partial = '';
  let batch: string[] = [];
  for await (const chunk of gunzip as AsyncIterable<string>) {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      batch.push(line);
      if (batch.length === size) {
        yield batch;
        batch = [];
      }
    }
  }
  await reading;
  if (partial) batch.push(partial);
  if (batch.length > 0) yield batch;
}
