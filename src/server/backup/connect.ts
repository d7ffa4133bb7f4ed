/**
 * The database a backup reads or a restore writes: the one the server's own configuration names
 * (DATABASE_URL, or the embedded cluster in DATA_DIR/postgres).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { AppConfig } from '../config.js';
import { type ClusterLog, runningClusterUrl, startEmbeddedCluster } from '../db/embedded.js';
import { BackupError } from './format.js';

export type Connection = { client: pg.Client; close: () => Promise<void> };
type Settings = Pick<AppConfig, 'database' | 'databaseWaitMs'>;
/** Shown in pg_stat_activity, so whoever looks at the server sees what the session is. */
type Tool = 'shareek-backup' | 'shareek-restore';

// The account and database src/server/db/embedded.ts gives the product on its cluster.

/**
 * For a backup: the server's database. An embedded cluster that runs (its server serves, or
 * was killed and left it running) is read where it runs, beside the server; one that is stopped
 * is started for the backup, as a server would start it, and stopped afterwards (meanwhile its
 * owner lock keeps a server from starting on the folder, with a message naming it).
 */
export async function connectForBackup(settings: Settings, log: ClusterLog): Promise<Connection> {
  const { database } = settings;
  if (database.kind === 'postgres') {
    return connect(database.url, settings.databaseWaitMs, 'shareek-backup');
  }
  const cluster = path.join(database.dataDir, 'postgres');
  // Starting the cluster would make a new, empty one: a backup of nothing, silently.
  if (!existsSync(path.join(cluster, 'PG_VERSION'))) {
    throw new BackupError(
      `There is no embedded database in ${cluster}: set DATA_DIR to the folder of the instance to back up, or DATABASE_URL to its server.`,
    );
  }
  const running = runningClusterUrl(database.dataDir);
  if (running) return connect(running, settings.databaseWaitMs, 'shareek-backup');
  return onOwnCluster(database.dataDir, settings.databaseWaitMs, log, 'shareek-backup');
}

/**
 * For a restore: the server's database; an embedded one is started here (created in an empty
 * DATA_DIR), which the cluster refuses while a server owns it: a restore runs with the server
 * stopped.
 */
export async function connectForRestore(settings: Settings, log: ClusterLog): Promise<Connection> {
  const { database } = settings;
  if (database.kind === 'postgres') {
    return connect(database.url, settings.databaseWaitMs, 'shareek-restore');
  }
  return onOwnCluster(database.dataDir, settings.databaseWaitMs, log, 'shareek-restore');
}

async function onOwnCluster(
  dataDir: string,
  waitMs: number,
  log: ClusterLog,
  tool: Tool,
): Promise<Connection> {
  const cluster = await startEmbeddedCluster(dataDir, log);
  try {
    const { client } = await connect(cluster.url, waitMs, tool);
    return {
      client,
      close: async () => {
        await client.end();
        await cluster.stop();
      },
    };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/**
 * One connection, tried every second until DATABASE_WAIT_SECONDS have passed, as a server's
 * start waits (a backup scheduled while the database restarts waits for it).
 */
async function connect(url: string, waitMs: number, tool: Tool): Promise<Connection> {
  const started = Date.now();
  for (;;) {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 3000,
      application_name: tool,
    });
    // A connection lost while idle fails the next query; it must not crash the process first.
    client.on('error', () => {});
    try {
      await client.connect();
      return { client, close: () => client.end() };
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() - started >= waitMs) {
        // The driver's message never holds the connection string (nor its password).
        const { code, message } = error as { code?: string; message: string };
        throw new BackupError(
          `The database did not answer in ${Math.round((Date.now() - started) / 1000)} s (DATABASE_WAIT_SECONDS): ${code ?? 'error'}: ${message}`,
        );
      }
      await sleep(1000);
    }
  }
}
