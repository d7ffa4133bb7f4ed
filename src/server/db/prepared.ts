import type { Database, Transaction } from './client.js';

/** Where a statement runs: the database, or a transaction of it. */
export type Queryable = Database | Transaction;

/**
 * A statement built once per database (or transaction) and then only executed: no query
 * building on the hot path, and on PostgreSQL a named statement, planned once per connection.
 * `build` returns Drizzle's `.prepare(name)` of the query, with `sql.placeholder` for what
 * changes between calls; the name must be unique among the product's prepared statements.
 * Inside a transaction the statement is prepared on the transaction, so it runs there.
 */
export function preparedStatement<Statement>(
  build: (db: Queryable) => Statement,
): (db: Queryable) => Statement {
  const built = new WeakMap<Queryable, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
