import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import pino, { type Logger } from 'pino';
import { ConfigError } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { EmbeddedClusterError } from './db/embedded.js';

export class DatabaseWaitError extends Error {}

/** Why a connection or ping failed, without the URL (a driver's message never holds it). */
const reason = (error: unknown) =>
  error instanceof Error
    ? `${(error as { code?: unknown }).code ?? error.name}: ${error.message}`
    : String(error);

/**
 * Waits until the database answers `select 1`, trying again every second (each try bounded by
 * the pool's 3-second connection timeout and the ping's own deadline), and says so in the log
 * once when it starts waiting and then every ten tries. Gives up after `waitMs`.
 */
export async function waitForDatabase(
  database: DatabaseHandle,
  waitMs: number,
  log: Logger,
): Promise<void> {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      await database.ping();
      if (attempt > 1) log.info({ attempts: attempt }, 'database reachable');
      return;
    } catch (error) {
      const waited = Date.now() - started;
      if (waited >= waitMs) {
        throw new DatabaseWaitError(
          `The database did not answer in ${Math.round(waited / 1000)} s (DATABASE_WAIT_SECONDS): ${reason(error)}`,
        );
      }
      if (attempt === 1 || attempt % 10 === 0) {
        log.warn({ attempt, waitedMs: waited, reason: reason(error) }, 'waiting for the database');
      }
      await sleep(1000);
    }
  }
}

/**
 * The health endpoints while the server cannot serve yet (waiting for the database, migrating):
 * /healthz answers 200, so a liveness probe does not kill an instance in the middle of a long
 * migration, and /readyz 503, so no traffic is sent to it. Everything else is 503 too. Closed
 * just before the application listens on the same address.
 */
export async function startupProbe(port: number, host: string): Promise<() => Promise<void>> {
  const server = http.createServer((request, response) => {
    const path = request.url?.split('?', 1)[0];
    const alive = path === '/healthz';
    const body = JSON.stringify({ status: alive ? 'ok' : 'starting' });
    response.writeHead(alive ? 200 : 503, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      connection: 'close',
    });
    response.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/**
 * Ends a start (or `npm run migrate`) that failed with one JSON line, like every other line; a
 * reason worded for whoever started it (the configuration, the embedded cluster, the wait for
 * the database) needs no stack.
 */
export function exitOnStartFailure(error: unknown, what: string): never {
  const log = pino({ base: { pid: process.pid } });
  if (
    error instanceof ConfigError ||
    error instanceof EmbeddedClusterError ||
    error instanceof DatabaseWaitError
  ) {
    log.fatal(error.message);
  } else {
    log.fatal({ err: error }, `${what} failed`);
  }
  process.exit(1);
}

/**
 * A one-shot command (migrate, backup, restore) stopped by a signal: says so and exits 1. As
 * PID 1 of a container (a Kubernetes Job, say) a process ignores a signal it does not handle,
 * and would wait for SIGKILL; a migration or a restore under way rolls back with its connection.
 */
export function exitOnSignal(log: Pick<Logger, 'error'>, what: string): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log.error({ signal }, `${what} stopped by a signal`);
      process.exit(1);
    });
  }
}
