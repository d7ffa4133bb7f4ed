// The server as a service: reads the configuration, waits for the database, migrates, listens,
// and shuts down gracefully. Imported by the entry (main.ts) once tracing, when configured, is
// hooked into module loading.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { buildApp, readableLogs } from './app.js';
import { pruneOtpRecords } from './auth/otp.js';
import { pruneSessions } from './auth/sessions.js';
import { type AppConfig, ConfigError, loadConfig } from './config.js';
import { pruneDataAccessSessions } from './data-requests/service.js';
import { ensureBootstrapSuperAdmin, hasSuperAdmin } from './db/bootstrap.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { importPglite, isPgliteFolder } from './db/pglite-import.js';
import { seedDemoData } from './db/seed.js';
import { sweepUnattachedUploads } from './files/retention.js';
import { pruneIdempotency } from './inbound/idempotency.js';
import { storageFor } from './integrations/storage.js';
import { type ErrorReporter, errorReporterFor } from './observability/error-reports.js';
import { flushAll, flushBeforeExit } from './observability/exit.js';
import { errorLogFields, errorLogSerializer } from './plugins/log-safety.js';
import { pruneRateLimits } from './rate-limit.js';
import { exitOnStartFailure, startupProbe, waitForDatabase } from './startup.js';

/** After the drain, how long requests still in flight may take before their connections are cut. */
const CLOSE_GRACE_MS = 4000;
/** How long error reports and spans still on their way may hold an exit. */
const FLUSH_MS = 1000;

const webRoot = fileURLToPath(new URL('../../dist/web', import.meta.url));

/** The one-time writes of a start: the bootstrap super-admin, its check, the demo accounts. */
async function startupWrites(
  config: AppConfig,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<void> {
  if (config.bootstrapSuperAdmin) {
    const result = await ensureBootstrapSuperAdmin(database.db, config.bootstrapSuperAdmin);
    if (result === 'created') {
      log.info('bootstrap super-admin created');
    }
  }
  // Production with nobody able to administer it would be a platform anyone's first sign-up
  // could never be trusted to run: refuse rather than start it unattended.
  if (config.env === 'production' && !(await hasSuperAdmin(database.db))) {
    throw new ConfigError(
      'Refusing to start: production needs a super-admin. Set BOOTSTRAP_SUPERADMIN_PHONE and BOOTSTRAP_SUPERADMIN_PASSWORD.',
    );
  }
  // Demo accounts only in development on a loopback address (config.demoData says so).
  if (config.demoData) {
    const accounts = await seedDemoData(database.db);
    if (accounts.length > 0) {
      const lines = accounts.map((a) => `  ${a.phone} / ${a.password}  ${a.role}`).join('\n');
      console.log(`\nDemo accounts (development only):\n${lines}\n`);
    }
  }
}

/**
 * A data folder of a release before the embedded PostgreSQL holds its data in PGlite
 * (`DATA_DIR/pglite`): copied into the cluster once, at its first start. The folder is first
 * copied aside untouched (`pglite.backup-<time>`, kept), since the import brings the folder it
 * reads to the latest migration (docs/decisions/051-embedded-postgresql.md).
 */
async function carryOverPglite(
  config: AppConfig,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<void> {
  const legacy = path.join(config.dataDir, 'pglite');
  if (config.database.kind !== 'embedded' || !isPgliteFolder(legacy)) return;
  const backup = `${legacy}.backup-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  cpSync(legacy, backup, { recursive: true });
  log.warn(
    { folder: legacy, backup },
    'copying the earlier embedded database (PGlite) into PostgreSQL',
  );
  const { tables, rows } = await importPglite(legacy, database.url);
  rmSync(legacy, { recursive: true });
  log.warn(
    { tables, rows, backup },
    'PGlite data copied; the untouched folder is kept as a backup',
  );
}

/**
 * The last resort for an error nothing caught (an unhandled rejection arrives here too, as Node
 * raises it as an uncaught exception): one JSON line, a report, then the exit Node would have
 * made, since the process's state can no longer be trusted.
 */
function exitOnUncaughtErrors(log: pino.Logger, errorReports: ErrorReporter): void {
  let exiting = false;
  process.on('uncaughtException', (error, origin) => {
    if (exiting) return;
    exiting = true;
    log.fatal({ ...errorLogFields(error), origin }, 'uncaught error; exiting');
    errorReports.report(error, { mechanism: origin });
    void flushAll(FLUSH_MS).finally(() => process.exit(1));
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  // The log of a start before the application (and its logger) exists: JSON lines, as after.
  const log = pino({
    level: config.logLevel,
    base: { pid: process.pid },
    serializers: { err: errorLogSerializer },
    ...readableLogs(config),
  });
  const errorReports = errorReporterFor(config.errorReports, log);
  flushBeforeExit((timeoutMs) => errorReports.flush(timeoutMs));
  exitOnUncaughtErrors(log, errorReports);
  if (config.errorReports) log.info({ to: config.errorReports.dsn.host }, 'error reports on');
  // A stop asked for before the server serves (waiting for the database, migrating): as PID 1
  // of a container a process ignores a signal it does not handle, so it is handled from the
  // first moment. A migration under way rolls back with its connection; the next start
  // resumes; an embedded cluster left running is adopted by it.
  const stopBeforeServing = (signal: NodeJS.Signals) => {
    log.info({ signal }, 'stopped before serving');
    void flushAll(FLUSH_MS).finally(() => process.exit(0));
  };
  process.once('SIGTERM', stopBeforeServing);
  process.once('SIGINT', stopBeforeServing);
  // The health endpoints answer from the first moment: alive, not ready.
  const closeProbe = await startupProbe(config.port, config.host);
  const database = await openDatabase(
    config.database,
    {
      info: (message) => log.info(message),
      warn: (message) => log.warn(message),
    },
    config.databaseDeadlines,
  );
  await waitForDatabase(database, config.databaseWaitMs, log);
  if (config.migrateOnStart) {
    await database.migrate();
  } else {
    const pending = await database.pendingMigrations();
    if (pending.length > 0) {
      throw new ConfigError(
        `Refusing to start: the database lacks ${pending.length} migration(s) of this release (${pending.join(', ')}). Run \`npm run migrate\` first, or set MIGRATE_ON_START=true.`,
      );
    }
  }
  const storage = storageFor(config.storage);
  const app = await buildApp({ config, database, webRoot, storage, errorReports });
  await carryOverPglite(config, database, app.log);

  // Instances starting together on one database take turns at the start-up writes.
  await database.exclusively(() => startupWrites(config, database, app.log));

  // Each step on its own: one that fails or runs out of time (a large prune, say) is logged,
  // counted and reported, and the ones after it still run, the money's releases included.
  const housekeeping: [job: string, step: () => Promise<void>][] = [
    ['prune-rate-limits', () => pruneRateLimits(database.db)],
    ['prune-codes', () => pruneOtpRecords(database.db)],
    [
      'prune-idempotency',
      async () => {
        const pruned = await pruneIdempotency(database.db);
        if (pruned > 0) app.log.info({ pruned }, 'old Idempotency-Key answers dropped');
      },
    ],
    [
      'prune-sessions',
      async () => {
        await pruneSessions(database.db);
        await pruneDataAccessSessions(database.db);
      },
    ],
    [
      'sweep-uploads',
      async () => {
        const swept = await sweepUnattachedUploads(database.db, storage, app.log);
        if (swept > 0) app.log.info({ swept }, 'unattached uploads removed');
      },
    ],
    [
      'expire-referrals',
      async () => {
        const expired = await app.scheduledJobs.expireReferrals();
        if (expired > 0) app.log.info({ expired }, 'uncompleted referrals expired');
      },
    ],
    [
      'release-commissions',
      async () => {
        const released = await app.scheduledJobs.releaseCommissions();
        if (released > 0) app.log.info({ released }, 'held commissions released');
      },
    ],
    ['fill-deadlines', () => app.scheduledJobs.fillDeadlines()],
    [
      'erase-documents',
      async () => {
        const erased = await app.scheduledJobs.eraseClosedDocuments(app.log);
        if (erased > 0) app.log.info({ erased }, 'closed referrals’ documents erased');
      },
    ],
    [
      'remind-fal-licenses',
      async () => {
        const reminded = await app.scheduledJobs.remindFalLicenses();
        if (reminded > 0) app.log.info({ reminded }, 'brokers reminded of their licence expiry');
      },
    ],
    [
      'promote-brokers',
      async () => {
        const promoted = await app.scheduledJobs.promoteBrokers();
        if (promoted > 0) app.log.info({ promoted }, 'brokers promoted to a higher group');
      },
    ],
    [
      'award-bonuses',
      async () => {
        const awarded = await app.scheduledJobs.awardBonuses();
        if (awarded > 0) app.log.info({ awarded }, 'bonuses paid to brokers who reached them');
      },
    ],
  ];
  const runHousekeeping = async () => {
    for (const [job, step] of housekeeping) {
      try {
        await step();
        app.metrics.jobRuns.inc({ job, outcome: 'ok' });
      } catch (error) {
        app.metrics.jobRuns.inc({ job, outcome: 'failed' });
        app.log.warn({ ...errorLogFields(error), job }, 'housekeeping step failed');
        errorReports.report(error, { mechanism: 'job', job });
      }
    }
  };
  const pruneTimer = setInterval(runHousekeeping, 60 * 60 * 1000);
  pruneTimer.unref();
  // Also a minute after every start: an instance restarted more often than hourly (a rolling
  // deployment) would otherwise never expire a referral nor release a commission.
  const firstRun = setTimeout(runHousekeeping, 60 * 1000);
  firstRun.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(pruneTimer);
    clearTimeout(firstRun);
    // 1. Not ready, still serving: a load balancer that probes /readyz stops sending here.
    app.startDraining();
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: draining');
    await sleep(config.shutdownDrainMs);
    // 2. Close: live streams end with a retry hint, idle connections close, in-flight requests
    // get four seconds; then whatever is left (a client stuck mid-upload, say) is cut. The
    // whole stop stays well inside a supervisor's usual 10-second grace period.
    setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS).unref();
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, CLOSE_GRACE_MS + 1000).unref();
    await app.close();
    await database.close();
    await flushAll(FLUSH_MS);
    app.log.info('stopped');
    process.exit(0);
  };
  process.off('SIGTERM', stopBeforeServing);
  process.off('SIGINT', stopBeforeServing);
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await closeProbe();
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ url: config.publicUrl }, 'serving');
}

main().catch((error: unknown) => exitOnStartFailure(error, 'start'));
