/**
 * Tables copied as PostgreSQL's own row text (`row(…)::text`, loaded back with `record_in`
 * through `unnest($1::text[]::table[])`): exact for every type and across PostgreSQL versions,
 * with a digest either side can compute. Used by the PGlite import (051) and the backups (054).
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

export type Column = { name: string; type: string; generated: boolean };

/**
 * Both ends print values the same way, so the row text read on the source is the text the
 * target prints for the row it stored, whatever either server's defaults (timestamptz is
 * printed in the session's time zone; floats and bytea by settings), and digests compare.
 */
export const SAME_OUTPUT = [
  "set local timezone to 'UTC'",
  "set local datestyle to 'ISO, YMD'",
  "set local intervalstyle to 'postgres'",
  'set local extra_float_digits to 1',
  "set local bytea_output to 'hex'",
].join('; ');

export const ident = pg.escapeIdentifier;

/** The row's text with its columns in table order. */
export const rowText = (columns: readonly Column[]) =>
  `row(${columns.map((c) => ident(c.name)).join(', ')})::text`;

/** The digest `rowDigest` makes, summed by the server over the rows a table holds. */
export const digestSql = (columns: readonly Column[]) =>
  `coalesce(sum(('x' || left(encode(sha256(convert_to(${rowText(columns)}, 'UTF8')), 'hex'), 15))::bit(60)::bigint), 0)::text`;

/** One row's part of a table's digest: the first 60 bits of the SHA-256 of its text. */
export const rowDigest = (text: string): bigint =>
  BigInt(`0x${createHash('sha256').update(text).digest('hex').slice(0, 15)}`);

/**
 * Inserts the row texts given as `$1` (a text array) into `table`. A generated column is
 * computed again: parsed from the row but not written; `overriding system value` keeps the
 * values of identity columns GENERATED ALWAYS (referrals.number).
 */
export function insertRowTexts(table: string, columns: readonly Column[]): string {
  const written = columns
    .filter((column) => !column.generated)
    .map((column) => ident(column.name))
    .join(', ');
  return (
    `insert into public.${ident(table)} (${written}) overriding system value ` +
    `select ${written} from unnest($1::text[]::public.${ident(table)}[])`
  );
}

/** The columns of every table of schema public (the product's), in order: rows of `tablesFrom`. */
export const COLUMNS_SQL = `
  select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
    a.attgenerated <> '' as generated
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  where n.nspname = 'public' and c.relkind = 'r'
  order by c.relname, a.attnum`;

export type ColumnRow = Column & { table: string };

/** COLUMNS_SQL's rows as each table's columns in order. */
export function tablesFrom(rows: readonly ColumnRow[]): Map<string, Column[]> {
  const tables = new Map<string, Column[]>();
  for (const { table, name, type, generated } of rows) {
    tables.set(table, [...(tables.get(table) ?? []), { name, type, generated }]);
  }
  return tables;
}

/** The sequences of schema public, each with the table and column it feeds (serials, identities). */
export const SEQUENCES_SQL = `
  select s.relname as sequence, t.relname as table, a.attname as column
  from pg_class s
  join pg_namespace n on n.oid = s.relnamespace
  left join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid
    and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
  left join pg_class t on t.oid = d.refobjid
  left join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
  where s.relkind = 'S' and n.nspname = 'public'`;

export type SequenceRow = { sequence: string; table: string | null; column: string | null };
