import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type ClusterLog, startEmbeddedCluster } from './embedded.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of the database, as handed to `db.transaction`'s callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The rows of a raw statement: node-postgres answers `execute` with `{ rows }`. */
export async function rowsOf<T>(db: Pick<Database, 'execute'>, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
type ListenEvents = { onLost?: () => void; onReconnect?: () => void };
/**
 * Where the data lives: the embedded cluster this server runs in `dataDir/postgres`
 * (src/server/db/embedded.ts), or a PostgreSQL server. Both are the same PostgreSQL, reached
 * the same way (docs/decisions/051-embedded-postgresql.md).
 */
export type DatabaseTarget =
  | { kind: 'embedded'; dataDir: string }
  | { kind: 'postgres'; url: string };

/**
 * Connections of the pool: open, idle, and requests waiting for one now; and since the start,
 * how many requests for a connection there were and the seconds they spent waiting for one.
 */
export type PoolStats = {
  total: number;
  idle: number;
  waiting: number;
  acquired: number;
  waitSeconds: number;
};

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseTarget['kind'];
  /** The connection string (with its password: never logged nor sent). */
  url: string;
  /** Applies pending migrations; safe when several instances start at once. */
  migrate: () => Promise<void>;
  /** The migrations of this release the database has not had yet (their file names). */
  pendingMigrations: () => Promise<string[]>;
  ping: () => Promise<void>;
  /** The connection pool's state now (for /metrics). */
  poolStats: () => PoolStats;
  /**
   * Runs `work` while no other instance runs its own (the one-time start-up writes: the
   * bootstrap super-admin, the demo accounts), so instances starting together never race.
   */
  exclusively: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel` (an identifier), from any
   * process using the database, until the returned function is called. On PostgreSQL the
   * listening connection is re-made after it is lost: `onLost` is told when it is lost (or
   * cannot be made at first), `onReconnect` when it is back, since what was sent meanwhile
   * was missed.
   */
  listen: (
    channel: string,
    onMessage: (payload: string) => void,
    events?: ListenEvents,
  ) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

// Beside this module: src/server/db/migrations, and its copy in dist/server/db/migrations that
// the build makes (scripts/copy-migrations.mjs), so a release needs no sources.
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Arbitrary constants identifying "schema migration" and "start-up writes" among advisory locks.
const MIGRATION_LOCK_ID = 4_826_150_113;
const STARTUP_LOCK_ID = 4_826_150_114;

const PING_DEADLINE_MS = 3000;

/**
 * How long a database call may take: making a connection or waiting for one
 * of the pool's, and one statement. A call past its deadline fails, and the request answers
 * 503 (src/server/db/errors.ts), instead of waiting for a database that does not answer.
 */
export type DatabaseDeadlines = { connectMs: number; statementMs: number };
export const DEFAULT_DEADLINES: DatabaseDeadlines = { connectMs: 3000, statementMs: 5000 };
/**
 * The client's own deadline comes this long after the server's `statement_timeout`: a server
 * that is alive cancels the statement itself (cleanly, the connection stays usable); only one
 * that does not answer at all (frozen, or a network that drops packets) meets this one.
 */
const CLIENT_GRACE_MS = 2000;

/**
 * A connection whose statement passed the client's deadline is in an unknown state (the
 * statement may still be running, or the server may be gone): its socket is closed, so it is
 * dropped from the pool on release instead of handing the next caller a connection that
 * still waits for the old answer.
 */
function dropOnReadTimeout(client: pg.PoolClient): void {
  // pg-pool listens for errors only while a connection is idle: one lost while checked out
  // (closed here, or by the server) would be an uncaught exception and end the process. The
  // query under way fails with it and is answered (503); the connection leaves the pool.
  client.on('error', () => {});
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') {
          (client as pg.PoolClient & pg.Client).connection.stream.destroy();
        }
      });
    }
    return result;
  };
}

const consoleLog: ClusterLog = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
};

export async function openDatabase(
  target: DatabaseTarget,
  log: ClusterLog = consoleLog,
  deadlines: DatabaseDeadlines = DEFAULT_DEADLINES,
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target.url, 'postgres', deadlines, log);
  const cluster = await startEmbeddedCluster(target.dataDir, log);
  try {
    const handle = await openPostgres(cluster.url, 'embedded', deadlines, log);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await cluster.stop();
      },
    };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

async function openPostgres(
  url: string,
  kind: DatabaseTarget['kind'],
  deadlines: DatabaseDeadlines,
  log: ClusterLog,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Making a connection, or waiting for a free one of the pool's.
    connectionTimeoutMillis: deadlines.connectMs,
    // Each statement: cancelled by the server, and given up by the client a little later.
    statement_timeout: deadlines.statementMs,
    query_timeout: deadlines.statementMs + CLIENT_GRACE_MS,
    // A transaction left open by a caller that died holds its locks no longer than this.
    idle_in_transaction_session_timeout: deadlines.statementMs * 6,
  });
  pool.on('connect', dropOnReadTimeout);
  // Every checkout is timed for /metrics: pg-pool answers `acquire` when a caller gets a
  // connection, and each caller asked for it just before (queries and transactions alike).
  const waits = { acquired: 0, waitSeconds: 0 };
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: (...args: unknown[]) => void) => {
    const started = performance.now();
    const counted = () => {
      waits.acquired++;
      waits.waitSeconds += (performance.now() - started) / 1000;
    };
    if (callback) {
      return connect((error, client, release) => {
        if (!error) counted();
        callback(error, client, release);
      });
    }
    const acquired = connect();
    acquired.then(counted, () => {});
    return acquired;
  }) as typeof pool.connect;
  // An idle connection the server drops (restart, failover) must not crash the process; the
  // pool opens a new one on the next query.
  // Through the server's log (JSON), by the driver's code only: a message may quote a query.
  pool.on('error', (error: Error & { code?: string }) =>
    log.warn(`idle database connection lost (${error.code ?? 'connection closed'})`),
  );
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind,
    url,
    migrate: async () => {
      // A session-level advisory lock needs one connection for the whole migration.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        await client.end();
      }
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      ...waits,
    }),
    pendingMigrations: async () => {
      const journal = JSON.parse(
        readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
      ) as { entries: { tag: string; when: number }[] };
      let last = 0;
      try {
        // Drizzle's own record of what it applied: the newest migration's time stamp.
        const result = await pool.query<{ last: string | null }>(
          'select max(created_at)::text as last from drizzle.__drizzle_migrations',
        );
        last = Number(result.rows[0]?.last ?? 0);
      } catch (error) {
        // 42P01 (no such table) or 3F000 (no such schema): nothing was ever applied.
        const code = (error as { code?: string }).code;
        if (code !== '42P01' && code !== '3F000') throw error;
      }
      return journal.entries.filter((entry) => entry.when > last).map((entry) => entry.tag);
    },
    // A database that accepts connections and never answers fails the ping after 3 s instead
    // of holding a start or a readiness probe forever; the pool drops the connection it used.
    ping: async () => {
      // node-postgres takes a query's own `query_timeout` (its types do not declare it).
      await pool.query({ text: 'select 1', query_timeout: PING_DEADLINE_MS } as pg.QueryConfig);
    },
    exclusively: async (work) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_ID]).catch(() => {});
        await client.end();
      }
    },
    listen: (channel, onMessage, events) => listenOn(url, channel, onMessage, events),
    close: () => pool.end(),
  };
}

const RELISTEN_MS = 1000;
/**
 * A connection dropped silently (a NAT or a failover forgetting it) tells nothing: it is asked
 * `select 1` this often, and one that does not answer within HEARTBEAT_TIMEOUT_MS is lost.
 */
const HEARTBEAT_MS = 30_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;

/**
 * A connection of its own that LISTENs, re-made a second after it is lost; a lost connection
 * is noticed at once when it closes, and within 35 s by the heartbeat when it goes silent.
 */
async function listenOn(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  events: ListenEvents = {},
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel ${channel}`);
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;
  let lost = false;

  const relisten = () => {
    if (stopped || retry) return;
    lost = true;
    events.onLost?.();
    client?.end().catch(() => {});
    client = null;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RELISTEN_MS);
    retry.unref();
  };
  const connect = async () => {
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 3000,
      query_timeout: HEARTBEAT_TIMEOUT_MS,
      keepAlive: true,
    });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', relisten);
    next.on('end', relisten);
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
      client = next;
      if (lost) {
        lost = false;
        events.onReconnect?.();
      }
    } catch {
      next.removeAllListeners('end');
      next.end().catch(() => {});
      relisten();
    }
  };

  await connect();
  const heartbeat = setInterval(() => {
    client?.query('select 1').catch(relisten);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return async () => {
    stopped = true;
    clearInterval(heartbeat);
    clearTimeout(retry);
    const last = client;
    client = null;
    last?.removeAllListeners('end');
    await last?.end().catch(() => {});
  };
}
