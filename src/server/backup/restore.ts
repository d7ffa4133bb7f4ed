import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type { AppConfig } from '../config.js';
import { migrationsFolder } from '../db/client.js';
import type { ClusterLog } from '../db/embedded.js';
import {
  type Column,
  digestSql,
  ident,
  insertRowTexts,
  SAME_OUTPUT,
  SEQUENCES_SQL,
  type SequenceRow,
} from '../db/row-text.js';
import { contentTypeOfKey, type FileStorage, storageFor } from '../integrations/storage.js';
import { connectForRestore } from './connect.js';
import {
  appliedMigrations,
  BackupError,
  type CopySummary,
  digestOf,
  documentFile,
  gzipLines,
  type JournalEntry,
  journal,
  MANIFEST,
  type Manifest,
  manifestSchema,
  productTables,
  tableFile,
} from './format.js';

export type RestoreOptions = {
  /** Drop everything in the target database first (schema public and drizzle's), rows or not. */
  replace: boolean;
};

export type RestoreSummary = CopySummary & {
  /** Documents the storage already held, byte for byte (a restore run again after a failure). */
  documentsAlreadyStored: number;
  missingDocuments: number;
  /** This release's migrations the backup predates, applied after its rows were loaded. */
  migrationsApplied: string[];
  replaced: boolean;
  ms: number;
};

/** Rows inserted per statement: a few MB of row text at most. */
const BATCH_ROWS = 2000;
const UNTOUCHED = 'Nothing was restored.';

/**
 * Restores the backup in `folder` into the configured database and document storage.
 *
 * Everything that can be wrong with the backup is found before anything is written: a missing
 * folder or manifest, a file whose size or SHA-256 differs from the manifest, migrations this
 * release does not have. So is a target that is not empty or is in use. Then: the target is
 * migrated to the backup's migration, the documents are put, the rows are loaded in one
 * transaction (foreign keys first) and checked table by table against the manifest's row counts
 * and digests, sequences continue where they were, and the migrations of this release the
 * backup predates run on the restored rows, as they would have on the original.
 */
export async function restoreBackup(
  config: Pick<AppConfig, 'database' | 'databaseWaitMs' | 'storage'>,
  folder: string,
  options: RestoreOptions,
  log: ClusterLog,
): Promise<RestoreSummary> {
  const started = Date.now();
  const source = path.resolve(folder);
  const manifest = await readManifest(source);
  await verifyFiles(source, manifest);
  const level = migrationLevel(manifest);
  const storage = storageFor(config.storage);

  const connection = await connectForRestore(config, log);
  try {
    const { client } = connection;
    await refuseTarget(client, level.backup, options.replace);
    const { toWrite, alreadyStored } = await documentsToWrite(storage, source, manifest);

    if (options.replace) await emptyTarget(client);
    await migrateUpTo(client, level.upTo, level.all);
    for (const document of toWrite) await putDocument(storage, source, document);
    await loadTables(client, source, manifest);
    await migrate(drizzle(client), { migrationsFolder });

    return {
      folder: source,
      database: config.database.kind,
      storage: config.storage.kind,
      snapshotAt: manifest.createdAt,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      documents: toWrite.length,
      documentsAlreadyStored: alreadyStored,
      missingDocuments: manifest.missingDocuments.length,
      migrationsApplied: level.later.map((entry) => entry.tag),
      replaced: options.replace,
      ms: Date.now() - started,
    };
  } finally {
    await connection.close();
  }
}

async function readManifest(source: string): Promise<Manifest> {
  if (!existsSync(source)) throw new BackupError(`${source} does not exist. ${UNTOUCHED}`);
  const file = path.join(source, MANIFEST);
  if (!existsSync(file)) {
    throw new BackupError(
      `${source} has no ${MANIFEST}: it is not a backup, or not a whole one (a backup is written under <folder>.partial-… and renamed only when complete). ${UNTOUCHED}`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    throw new BackupError(`${file} is not valid JSON: the backup is damaged. ${UNTOUCHED}`);
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success) {
    const version = (parsed as { version?: unknown } | null)?.version;
    throw new BackupError(
      typeof version === 'number' && version > 1
        ? `${file} is of backup format ${version}, written by a newer release: restore it with that release or a later one. ${UNTOUCHED}`
        : `${file} is not a manifest this release reads (${manifest.error.issues
            .slice(0, 3)
            .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
            .join('; ')}). ${UNTOUCHED}`,
    );
  }
  return manifest.data;
}

/** Every file the manifest lists has its size and SHA-256: nothing damaged, nothing changed. */
async function verifyFiles(source: string, manifest: Manifest): Promise<void> {
  const files = [
    ...manifest.tables.map((table) => ({ ...table, file: tableFile(table.name) })),
    ...manifest.documents.map((document) => ({ ...document, file: documentFile(document.key) })),
  ];
  for (const { file, bytes, sha256 } of files) {
    const full = path.join(source, file);
    if (!existsSync(full)) {
      throw new BackupError(`${file} is missing from the backup ${source}. ${UNTOUCHED}`);
    }
    const read = await digestOf(createReadStream(full));
    if (read.bytes !== bytes || read.sha256 !== sha256) {
      throw new BackupError(
        `${file} in ${source} does not match the manifest (${read.bytes === bytes ? 'its SHA-256 differs' : `${read.bytes} bytes, not ${bytes}`}): the backup is damaged or was changed. ${UNTOUCHED}`,
      );
    }
  }
}

type Level = {
  /** The backup's latest migration (the journal's `when`). */
  backup: number;
  all: JournalEntry[];
  upTo: JournalEntry[];
  later: JournalEntry[];
};

/**
 * Where the backup's schema stands among this release's migrations. Refuses a backup of a
 * newer release (its rows may not fit this release's schema, and this code would misread them).
 */
function migrationLevel(manifest: Manifest): Level {
  const all = journal();
  const known = new Set(all.map((entry) => entry.when));
  const unknown = manifest.migrations.filter((m) => !known.has(m.createdAt));
  const newestHere = Math.max(0, ...all.map((entry) => entry.when));
  const names = (list: Manifest['migrations']) =>
    list.map((m) => m.tag ?? `created ${new Date(m.createdAt).toISOString()}`).join(', ');
  if (unknown.some((m) => m.createdAt > newestHere)) {
    throw new BackupError(
      `The backup was taken by a newer release: its database had migrations this release does not have (${names(unknown)}). Restore it with that release or a later one. ${UNTOUCHED}`,
    );
  }
  if (unknown.length > 0) {
    throw new BackupError(
      `The backup's database had migrations this release does not know (${names(unknown)}). ${UNTOUCHED}`,
    );
  }
  const backup = Math.max(0, ...manifest.migrations.map((m) => m.createdAt));
  const upTo = all.filter((entry) => entry.when <= backup);
  // Drizzle applies a migration only when it is newer than the last one applied: a gap means
  // the source's schema is not one this release's migrations make, and the rows would not fit.
  const skipped = upTo.filter(
    (entry) => !manifest.migrations.some((m) => m.createdAt === entry.when),
  );
  if (skipped.length > 0) {
    throw new BackupError(
      `The backup's database lacks migrations older than its latest (${skipped.map((e) => e.tag).join(', ')}): its schema is not one this release can rebuild. ${UNTOUCHED}`,
    );
  }
  return { backup, all, upTo, later: all.filter((entry) => entry.when > backup) };
}

/**
 * The target must be in nobody else's use (a server running on it would write meanwhile, or
 * migrate it under the restore) and, unless `replace`, hold no rows and no newer schema.
 */
async function refuseTarget(client: pg.Client, backupLevel: number, replace: boolean) {
  const { rows: sessions } = await client.query<{ others: number }>(
    `select count(*)::int as others from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  const others = sessions[0]?.others ?? 0;
  if (others > 0) {
    throw new BackupError(
      `${others} other session(s) are connected to the target database: stop every instance of the server (and anything else using that database) before restoring. ${UNTOUCHED}`,
    );
  }
  if (replace) return;
  const tables = [...(await productTables(client)).keys()];
  const filled =
    tables.length === 0
      ? []
      : (
          await client.query<{ table: string }>(
            tables
              .map(
                (table) =>
                  `select ${client.escapeLiteral(table)} as table where exists (select from public.${ident(table)})`,
              )
              .join(' union all '),
          )
        ).rows.map((row) => row.table);
  if (filled.length > 0) {
    throw new BackupError(
      `The target database already holds data (in ${filled.join(', ')}): restore into a new database (or an empty DATA_DIR), or pass --replace to drop everything in it first. ${UNTOUCHED}`,
    );
  }
  const targetLevel = Math.max(0, ...(await appliedMigrations(client)).map((m) => m.createdAt));
  if (targetLevel > backupLevel) {
    throw new BackupError(
      `The target database was migrated by a release newer than the backup: restore into a new database (or an empty DATA_DIR), or pass --replace to drop its schema first. ${UNTOUCHED}`,
    );
  }
}

/** --replace: schema public (tables, functions, the pg_trgm extension) and drizzle's record go. */
async function emptyTarget(client: pg.Client) {
  await client.query('begin');
  try {
    await client.query('drop schema if exists drizzle cascade');
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

/**
 * Migrates the target to the backup's migration, no further: the backup's rows fit that schema,
 * and a later migration that changes rows (0013 fills every broker's IBAN) must run on them.
 * Drizzle reads a folder, so a backup older than this release gets a folder of its own with the
 * journal cut at its migration.
 */
async function migrateUpTo(client: pg.Client, upTo: JournalEntry[], all: JournalEntry[]) {
  if (upTo.length === all.length) {
    await migrate(drizzle(client), { migrationsFolder });
    return;
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'shareek-restore-migrations-'));
  try {
    await mkdir(path.join(folder, 'meta'));
    const original = JSON.parse(
      await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: JournalEntry[] };
    const keep = new Set(upTo.map((entry) => entry.when));
    await writeFile(
      path.join(folder, 'meta', '_journal.json'),
      JSON.stringify({ ...original, entries: original.entries.filter((e) => keep.has(e.when)) }),
    );
    for (const { tag } of upTo) {
      await copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    }
    await migrate(drizzle(client), { migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The documents to put, after checking that none would replace a different file under the
 * same key; one already there byte for byte (a restore run again) is left as it is.
 */
async function documentsToWrite(storage: FileStorage, source: string, manifest: Manifest) {
  const toWrite: Manifest['documents'] = [];
  let alreadyStored = 0;
  for (const document of manifest.documents) {
    const existing = await storage.get(document.key);
    if (!existing) {
      toWrite.push(document);
      continue;
    }
    if ((await digestOf(existing)).sha256 !== document.sha256) {
      throw new BackupError(
        `The document storage already holds a different file under a key of the backup (${documentFile(document.key)} in ${source}): restore into an empty storage location (a new DATA_DIR, or an empty bucket). ${UNTOUCHED}`,
      );
    }
    alreadyStored += 1;
  }
  return { toWrite, alreadyStored };
}

async function putDocument(
  storage: FileStorage,
  source: string,
  document: Manifest['documents'][number],
) {
  const body = await readFile(path.join(source, documentFile(document.key)));
  // Checked again as read: the folder may have changed since it was verified.
  if (createHash('sha256').update(body).digest('hex') !== document.sha256) {
    throw new BackupError(`${documentFile(document.key)} changed during the restore.`);
  }
  await storage.put(document.key, body, contentTypeOfKey(document.key));
}

async function loadTables(client: pg.Client, source: string, manifest: Manifest) {
  await client.query('begin');
  try {
    await client.query(SAME_OUTPUT);
    const target = await productTables(client);
    const backup = new Map(manifest.tables.map((table) => [table.name, table]));
    const differ = [...new Set([...target.keys(), ...backup.keys()])].filter(
      (name) => JSON.stringify(target.get(name)) !== JSON.stringify(backup.get(name)?.columns),
    );
    if (differ.length > 0) {
      throw new BackupError(
        `The backup's tables differ from those this release's migrations make (${differ.sort().join(', ')}); no row was loaded.`,
      );
    }
    for (const name of await foreignKeyOrder(client, [...target.keys()])) {
      const table = backup.get(name);
      if (table) await loadTable(client, path.join(source, tableFile(name)), name, table.columns);
    }
    for (const table of manifest.tables) {
      const { rows } = await client.query<{ rows: string; digest: string }>(
        `select count(*)::text as rows, ${digestSql(table.columns)} as digest from public.${ident(table.name)}`,
      );
      const [loaded] = rows;
      if (Number(loaded?.rows) !== table.rows || loaded?.digest !== table.digest) {
        throw new BackupError(
          `Table ${table.name} holds ${loaded?.rows} rows after the load where the backup has ${table.rows}${Number(loaded?.rows) === table.rows ? ', with different values' : ''}; the load was rolled back and no row was kept.`,
        );
      }
    }
    await continueSequences(client, manifest.sequences);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

async function loadTable(client: pg.Client, file: string, table: string, columns: Column[]) {
  // A generated column is computed again on the target: parsed from the row text, not written.
  const insert = insertRowTexts(table, columns);
  for await (const lines of gzipLines(file, BATCH_ROWS)) {
    const rows = lines.map((line) => {
      const row: unknown = JSON.parse(line);
      if (typeof row !== 'string') throw new BackupError(`${file} holds a line that is not a row.`);
      return row;
    });
    await client.query(insert, [rows]);
  }
}

/**
 * The tables in an order where every table comes after those its foreign keys name, so each
 * row's keys are checked as it is inserted (as an owner, not a superuser, can: a managed
 * server's account cannot switch the checks off). A cycle, a table naming itself included,
 * has no such order: the schema has none today, and one added by a migration fails this
 * restore's tests at once, whatever the data.
 */
async function foreignKeyOrder(client: pg.Client, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ table: string; references: string }>(
    `select c.relname as table, r.relname as references
     from pg_constraint k
     join pg_class c on c.oid = k.conrelid
     join pg_namespace n on n.oid = c.relnamespace
     join pg_class r on r.oid = k.confrelid
     where k.contype = 'f' and n.nspname = 'public'`,
  );
  const waitsFor = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { table, references } of rows) waitsFor.get(table)?.add(references);
  const order: string[] = [];
  while (waitsFor.size > 0) {
    const ready = [...waitsFor]
      .filter(([, needs]) => [...needs].every((need) => !waitsFor.has(need)))
      .map(([table]) => table)
      .sort();
    if (ready.length === 0) {
      throw new BackupError(
        `The foreign keys among ${[...waitsFor.keys()].sort().join(', ')} form a cycle: this restore cannot order their rows. Nothing was kept.`,
      );
    }
    for (const table of ready) {
      order.push(table);
      waitsFor.delete(table);
    }
  }
  return order;
}

/**
 * Every sequence continues from the backup's state, or after the highest value of the column it
 * feeds, whichever is later: no serial id or referral number is handed out twice.
 */
async function continueSequences(client: pg.Client, sequences: Manifest['sequences']) {
  const { rows } = await client.query<SequenceRow>(SEQUENCES_SQL);
  const feeds = new Map(rows.map((row) => [row.sequence, row]));
  for (const { name, lastValue, isCalled } of sequences) {
    const target = feeds.get(name);
    if (!target) {
      throw new BackupError(
        `The backup's sequence ${name} is not in the schema this release's migrations make; no row was kept.`,
      );
    }
    const highest =
      target.table && target.column
        ? `(select max(${ident(target.column)})::bigint from public.${ident(target.table)})`
        : 'null::bigint';
    // setval(v, true): the next value is v + 1; setval(v, false): it is v.
    await client.query(
      `select setval($1::regclass, greatest($2::bigint, m), $3::boolean or coalesce(m >= $2::bigint, false))
       from (select ${highest} as m) highest`,
      [`public.${ident(name)}`, lastValue, isCalled],
    );
  }
}
