import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test-support/database.js';
import { TcpProxy } from '../test-support/tcp-proxy.js';
import { type DatabaseHandle, openDatabase } from './client.js';
import { isDatabaseUnavailable } from './errors.js';

// A database that stops answering in the middle of a transaction. The
// statement past its deadline fails and the connection is dropped; the process goes on (a
// connection lost while checked out used to be an uncaught exception).
let proxy: TcpProxy;
let database: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  const direct = new URL(fresh.database.url);
  await fresh.database.close();
  proxy = await TcpProxy.start({ host: direct.hostname, port: Number(direct.port || 5432) });
  direct.host = `127.0.0.1:${proxy.port}`;
  database = await openDatabase(
    { kind: 'postgres', url: direct.toString() },
    { info: () => {}, warn: () => {} },
    { connectMs: 500, statementMs: 300 },
  );
});
afterAll(async () => {
  await database.close();
  await proxy.cut();
  await drop();
});

describe('a database that hangs mid-transaction', () => {
  it('fails the transaction as unavailable within its deadline, drops the connection, and serves again once it answers', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const started = Date.now();
      const failed = await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          proxy.freeze();
          await tx.execute(sql`select 2`);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(isDatabaseUnavailable(failed)).toBe(true);
      // 300 ms on the server (which cannot cancel: it hangs) and 2 s more on the client.
      expect(Date.now() - started).toBeLessThan(4_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(uncaught).toEqual([]);

      proxy.thaw();
      expect(await database.db.execute(sql`select 3 as n`)).toMatchObject({ rows: [{ n: 3 }] });
      expect(database.poolStats().total).toBeLessThanOrEqual(1);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
