import { parseArgs } from 'node:util';
import pino from 'pino';
import { type AppConfig, loadConfig } from '../config.js';
import type { ClusterLog } from '../db/embedded.js';
import { exitOnSignal, exitOnStartFailure } from '../startup.js';
import { BackupError } from './format.js';

type Run = (
  config: AppConfig,
  folder: string,
  flags: Record<string, boolean>,
  log: ClusterLog,
) => Promise<object>;

/**
 * The shape both commands share (`node dist/server/backup.js <folder>`, `… restore.js <folder>`):
 * the server's own configuration, JSON lines as every other line the server writes, one line
 * saying what was done, and exit status 1 with one line saying why when anything is refused or
 * fails. No line holds a connection string, a password, a phone or a document's key.
 */
export function runTool(
  name: 'backup' | 'restore',
  flags: readonly string[],
  run: Run,
  done: string,
): void {
  const log = pino({ base: { pid: process.pid } });
  exitOnSignal(log, name);
  const usage = `usage: node dist/server/${name}.js <folder>${flags.map((flag) => ` [--${flag}]`).join('')}`;
  const main = async () => {
    let parsed: ReturnType<typeof parseArgs>;
    try {
      parsed = parseArgs({
        allowPositionals: true,
        options: Object.fromEntries(flags.map((flag) => [flag, { type: 'boolean' as const }])),
      });
    } catch (error) {
      throw new BackupError(`${(error as Error).message}\n${usage}`);
    }
    const [folder, ...extra] = parsed.positionals;
    if (!folder || extra.length > 0) throw new BackupError(usage);
    const config = loadConfig();
    log.level = config.logLevel;
    const summary = await run(
      config,
      folder,
      Object.fromEntries(flags.map((flag) => [flag, parsed.values[flag] === true])),
      { info: (message) => log.info(message), warn: (message) => log.warn(message) },
    );
    log.info(summary, done);
  };
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof BackupError) {
        log.fatal(error.message);
        process.exit(1);
      }
      exitOnStartFailure(error, name);
    },
  );
}
