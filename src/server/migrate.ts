/**
 * `npm run migrate`: applies this release's migrations and exits, for a release step that runs
 * before the new instances start (with MIGRATE_ON_START=false on them). Reads the same
 * configuration as the server; waits for the database as the server does. Safe to run while
 * the old release serves, under the migration policy (docs/operations.md, expand then
 * contract), and beside instances that migrate themselves (one advisory lock).
 */
import pino from 'pino';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { exitOnSignal, exitOnStartFailure, waitForDatabase } from './startup.js';

const log = pino({ base: { pid: process.pid } });
exitOnSignal(log, 'migration');

async function migrate(): Promise<void> {
  const config = loadConfig();
  log.level = config.logLevel;
  const database = await openDatabase(
    config.database,
    {
      info: (message) => log.info(message),
      warn: (message) => log.warn(message),
    },
    config.databaseDeadlines,
  );
  try {
    await waitForDatabase(database, config.databaseWaitMs, log);
    const pending = await database.pendingMigrations();
    const started = Date.now();
    await database.migrate();
    log.info({ applied: pending, ms: Date.now() - started }, 'migrations applied');
  } finally {
    await database.close();
  }
}

migrate().then(
  () => process.exit(0),
  (error: unknown) => exitOnStartFailure(error, 'migration'),
);
