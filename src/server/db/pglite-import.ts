import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrationsFolder } from './client.js';
import {
  COLUMNS_SQL,
  type Column,
  type ColumnRow,
  digestSql,
  ident,
  insertRowTexts,
  rowDigest,
  rowText,
  SAME_OUTPUT,
  SEQUENCES_SQL,
  type SequenceRow,
  tablesFrom,
} from './row-text.js';

export type PgliteImport = { tables: number; rows: number };

/** Rows read from PGlite and inserted on the target at a time: a few MB of row text at most. */
const BATCH_ROWS = 2000;
/** How many rows, and the sum of each row text's 60-bit digest: any changed value shows. */
type Counted = { rows: number; digest: bigint };

/** A PGlite data folder holds PG_VERSION, as every PostgreSQL data folder does. */
export function isPgliteFolder(dir: string): boolean {
  return existsSync(join(dir, 'PG_VERSION'));
}

/**
 * Copies every row of the PGlite folder `pgliteDir` into the PostgreSQL database at
 * `targetUrl`, which the caller has already migrated with the product's migrations and
 * which must hold no rows yet in the product's tables (refuse otherwise with a clear Error).
 *
 * The PGlite folder is first migrated to the latest schema in place, so the caller backs it up
 * before calling. Every row travels as its PostgreSQL row text (`record_out`, then `record_in`
 * on the target), which carries every type exactly (a jsonb `null` stays a jsonb `null`, where
 * `jsonb_populate_recordset` would make it SQL NULL). Sequences continue from where PGlite's
 * were, so numbers of deleted rows (referral numbers) are not handed out again. The copy is one
 * transaction on the target, verified per table by row count and by a digest of the rows' text:
 * on any difference nothing is kept.
 */
export async function importPglite(pgliteDir: string, targetUrl: string): Promise<PgliteImport> {
  // Loaded only here: a server with no PGlite folder to import never loads the WebAssembly build.
  const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // pg_trgm: migration 0001 creates the extension for the admin searches' trigram indexes.
  const source = await PGlite.create({ dataDir: pgliteDir, extensions: { pg_trgm } });
  try {
    await migrate(drizzle(source), { migrationsFolder });
    const target = new pg.Client({ connectionString: targetUrl });
    await target.connect();
    try {
      return await copy(source, target);
    } finally {
      await target.end();
    }
  } finally {
    await source.close();
  }
}

async function copy(source: PGlite, target: pg.Client): Promise<PgliteImport> {
  // The cursors need a transaction; it only reads, and is rolled back.
  await source.exec(`begin; ${SAME_OUTPUT}`);
  await target.query('begin');
  try {
    // Foreign keys and triggers do not fire: PGlite checked the keys when the rows were written,
    // so tables are copied in any order, and the triggers (settings-change notices, the status
    // clock) are about changes, not a copy. Unique and check constraints still hold. Superuser.
    await target.query(`set local session_replication_role = replica; ${SAME_OUTPUT}`);
    const tables = await sameTables(source, target);
    await refuseRows(target, [...tables.keys()]);

    let rows = 0;
    for (const [table, columns] of tables) {
      const from = await copyTable(source, target, table, columns);
      const to = await countTarget(target, table, columns);
      if (from.rows !== to.rows || from.digest !== to.digest) {
        throw new Error(
          `PGlite import: table ${table} has ${from.rows} rows in PGlite but ${to.rows} were ` +
            `written${from.rows === to.rows ? ' with different values' : ''}; nothing was kept`,
        );
      }
      rows += from.rows;
    }
    await carrySequences(source, target);
    await target.query('commit');
    return { tables: tables.size, rows };
  } catch (error) {
    await target.query('rollback').catch(() => {});
    throw error;
  } finally {
    await source.exec('rollback');
  }
}

/** Copies one table; answers what was read, digested here so PGlite is not read twice. */
async function copyTable(
  source: PGlite,
  target: pg.Client,
  table: string,
  columns: Column[],
): Promise<Counted> {
  const insert = insertRowTexts(table, columns);
  await source.query(
    `declare import_rows no scroll cursor for select ${rowText(columns)} as row from public.${ident(table)}`,
  );
  const read: Counted = { rows: 0, digest: 0n };
  const fetch = async () => {
    const { rows } = await source.query<{ row: string }>(
      `fetch forward ${BATCH_ROWS} from import_rows`,
    );
    for (const { row } of rows) {
      read.rows += 1;
      read.digest += rowDigest(row);
    }
    return rows.map((r) => r.row);
  };
  // PGlite reads the next batch on this thread while the server writes the previous one.
  let batch = await fetch();
  while (batch.length > 0) {
    [, batch] = await Promise.all([target.query(insert, [batch]), fetch()]);
  }
  await source.query('close import_rows');
  return read;
}

/** The target's side of `Counted`, from the rows it stored, printed as PGlite printed them. */
async function countTarget(target: pg.Client, table: string, columns: Column[]): Promise<Counted> {
  const result = await target.query<{ rows: string; digest: string }>(
    `select count(*) as rows, ${digestSql(columns)} as digest from public.${ident(table)}`,
  );
  const [counted] = result.rows;
  if (!counted) throw new Error(`PGlite import: cannot count ${table}`);
  return { rows: Number(counted.rows), digest: BigInt(counted.digest) };
}

/**
 * The tables of schema public, with their columns in order, after checking that PGlite and the
 * target have the same ones: row text is read by position, and no table may be left behind.
 */
async function sameTables(source: PGlite, target: pg.Client): Promise<Map<string, Column[]>> {
  const from = tablesFrom((await source.query<ColumnRow>(COLUMNS_SQL)).rows);
  const to = tablesFrom((await target.query<ColumnRow>(COLUMNS_SQL)).rows);
  const differ = [...new Set([...from.keys(), ...to.keys()])].filter(
    (table) => JSON.stringify(from.get(table)) !== JSON.stringify(to.get(table)),
  );
  if (differ.length > 0) {
    throw new Error(
      `PGlite import: the PGlite folder and the target database differ in tables or columns ` +
        `(${differ.sort().join(', ')}); both must be migrated to the same version`,
    );
  }
  return from;
}

async function refuseRows(target: pg.Client, tables: string[]) {
  if (tables.length === 0) return;
  const filled = await target.query<{ table: string }>(
    tables
      .map(
        (table) =>
          `select ${pg.escapeLiteral(table)} as table where exists (select from public.${ident(table)})`,
      )
      .join(' union all '),
  );
  if (filled.rows.length > 0) {
    throw new Error(
      `PGlite import refused: the target database already holds rows (in ` +
        `${filled.rows.map((r) => r.table).join(', ')}); it imports only into an empty database`,
    );
  }
}

/**
 * Every sequence of schema public continues from PGlite's state, or after the highest value of
 * the column it feeds, whichever is later: the next serial id or referral number is new.
 */
async function carrySequences(source: PGlite, target: pg.Client) {
  const sequences = await source.query<SequenceRow>(SEQUENCES_SQL);
  for (const { sequence, table, column } of sequences.rows) {
    const state = await source.query<{ last: string; called: boolean }>(
      `select last_value::text as last, is_called as called from public.${ident(sequence)}`,
    );
    const [at] = state.rows;
    if (!at) throw new Error(`PGlite import: cannot read sequence ${sequence}`);
    const highest =
      table && column
        ? `(select max(${ident(column)})::bigint from public.${ident(table)})`
        : 'null::bigint';
    // setval(v, true): the next value is v + 1; setval(v, false): it is v.
    await target.query(
      `select setval($1::regclass, greatest($2::bigint, m), $3::boolean or coalesce(m >= $2::bigint, false))
       from (select ${highest} as m) highest`,
      [`public.${ident(sequence)}`, at.last, at.called],
    );
  }
}
