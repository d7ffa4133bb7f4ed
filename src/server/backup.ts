/**
 * `npm run backup -- <folder>`: a consistent copy of the product's database (every table, read
 * in one snapshot while the server runs) and of the tenants' documents, into a new folder
 * readable by its owner only, with a manifest of row counts, digests and SHA-256 sums. Reads the
 * same configuration as the server (DATABASE_URL or DATA_DIR, STORAGE). docs/backups.md.
 */
import { takeBackup } from './backup/backup.js';
import { runTool } from './backup/cli.js';

runTool(
  'backup',
  [],
  (config, folder, _flags, log) => takeBackup(config, folder, log),
  'backup written',
);
