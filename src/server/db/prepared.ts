import { Column, fillPlaceholders, getTableName, is, SQL, Subquery } from 'drizzle-orm';
import type { Database, Transaction } from './client.js';

/** Where a statement runs: the database, or a transaction of it. */
export type Queryable = Database | Transaction;

/** What callers do with a prepared statement: run it with the values of its placeholders. */
type Executable = { execute: (values?: Record<string, unknown>) => Promise<unknown> };

/**
 * A statement built once per database (or transaction) and then only executed: no query
 * building on the hot path, and on PostgreSQL a named statement, planned once per connection.
 * `build` returns Drizzle's `.prepare(name)` of the query, with `sql.placeholder` for what
 * changes between calls; the name must be unique among the product's prepared statements.
 * Inside a transaction the statement is prepared on the transaction, so it runs there.
 *
 * Its rows are decoded by a mapper made once per statement (`compiledRows`), not by Drizzle's
 * per-cell mapping. Every statement built here must be a Drizzle select on node-postgres: one
 * that is not (or a Drizzle upgrade that keeps its parts elsewhere) throws when first used, so
 * the API suite fails on it rather than production running slower or wrong.
 */
export function preparedStatement<Statement extends Executable>(
  build: (db: Queryable) => Statement,
): (db: Queryable) => Pick<Statement, 'execute'> {
  const built = new WeakMap<Queryable, Pick<Statement, 'execute'>>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = compiledRows(build(db));
      built.set(db, statement);
    }
    return statement;
  };
}

/** A selected field as Drizzle's prepared select holds it: where it goes and what it is. */
type SelectedField = { path: string[]; field: unknown };
type Decoder = { mapFromDriverValue: (value: unknown) => unknown };

/**
 * What Drizzle's node-postgres prepared select keeps (drizzle-orm/node-postgres/session.js,
 * `NodePgPreparedQuery`): the driver's client (the pool, or a transaction's connection), the
 * named query config (`rowMode: 'array'`, Drizzle's type parsers), the parameters with their
 * placeholders, the selected fields in column order and which joined tables may be null.
 */
type NodePgSelect = {
  client: { query: (config: object, params: unknown[]) => Promise<{ rows: unknown[][] }> };
  queryConfig: { rowMode?: string };
  params: unknown[];
  fields: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
};

function isNodePgSelect(statement: object): statement is NodePgSelect {
  const candidate = statement as Partial<NodePgSelect>;
  return (
    typeof candidate.client?.query === 'function' &&
    candidate.queryConfig?.rowMode === 'array' &&
    Array.isArray(candidate.params) &&
    Array.isArray(candidate.fields) &&
    candidate.customResultMapper === undefined
  );
}

/** An SQL expression's decoder: its `mapWith`, or none (Drizzle marks the field internal). */
const decoderOfSql = (expression: SQL) => (expression as unknown as { decoder: Decoder }).decoder;

/** The decoder Drizzle's `mapResultRow` picks for a field (drizzle-orm/utils.js). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql as SQL);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/**
 * Drizzle's prepared select, executed the same way (the same named statement, client, type
 * parsers and parameters) but with its rows decoded by a mapper made once: Drizzle's
 * `mapResultRow` decides each cell's decoder by walking the field's class chain, on every cell
 * of every row, which a CPU profile of the broker's polled reads showed as the largest part of
 * the ORM's cost (40 µs of a commission page's). The result is the same objects, key for key,
 * including Drizzle's rule for a left-joined table's nested object (null when its first column
 * is null; prepared.test.ts compares both).
 */
export function compiledRows<Statement extends Executable>(
  statement: Statement,
): Pick<Statement, 'execute'> {
  if (!isNodePgSelect(statement)) {
    throw new Error('preparedStatement: not a Drizzle select prepared on node-postgres');
  }
  const { client, queryConfig, params, fields, joinsNotNullableMap } = statement;
  const columns = fields.map(({ path, field }) => ({
    path,
    decoder: decoderOf(field),
    // A column of a joined table, nested one level: Drizzle may null the whole object.
    nullableTable:
      joinsNotNullableMap && is(field, Column) && path.length === 2
        ? getTableName(field.table)
        : null,
  }));
  const nullableObjects = columns.some((column) => column.nullableTable !== null);
  const mapRow = (row: unknown[]) => {
    const result: Record<string, unknown> = {};
    const nullify: Record<string, string | false> = {};
    for (let index = 0; index < columns.length; index++) {
      const { path, decoder, nullableTable } = columns[index] as (typeof columns)[number];
      let node = result;
      const last = path.length - 1;
      for (let depth = 0; depth < last; depth++) {
        const chunk = path[depth] as string;
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Record<string, unknown>;
      }
      const raw = row[index];
      const value = raw === null ? null : decoder.mapFromDriverValue(raw);
      node[path[last] as string] = value;
      if (nullableTable !== null) {
        const objectName = path[0] as string;
        const seen = nullify[objectName];
        if (seen === undefined) nullify[objectName] = value === null ? nullableTable : false;
        else if (typeof seen === 'string' && seen !== nullableTable) nullify[objectName] = false;
      }
    }
    if (nullableObjects) {
      for (const [objectName, tableName] of Object.entries(nullify)) {
        if (typeof tableName === 'string' && !joinsNotNullableMap?.[tableName]) {
          result[objectName] = null;
        }
      }
    }
    return result;
  };
  const execute = async (values: Record<string, unknown> = {}) => {
    const result = await client.query(queryConfig, fillPlaceholders(params, values));
    return result.rows.map(mapRow);
  };
  return { execute } as Pick<Statement, 'execute'>;
}
