/**
 * `npm run restore -- <folder> [--replace]`: puts a backup (`npm run backup`) back into the
 * database and document storage the configuration names, with the server stopped: refuses a
 * damaged or changed backup, one from a newer release, and a target in use or holding data
 * (unless --replace), before writing anything. docs/backups.md has the runbook.
 */
import { runTool } from './backup/cli.js';
import { restoreBackup } from './backup/restore.js';

runTool(
  'restore',
  ['replace'],
  (config, folder, flags, log) =>
    restoreBackup(config, folder, { replace: flags.replace === true }, log),
  'backup restored',
);
