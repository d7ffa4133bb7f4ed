import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '../db/client.js';
import { instanceOn } from './backups.js';
import type { TestApp } from './test-app.js';

/**
 * A temporary folder for the backup tests' clusters, backups and S3 objects. As root, the
 * embedded clusters run as an unprivileged account, which must pass through it to each
 * DATA_DIR below (the backups themselves stay 0700).
 */
export function clustersFolder(prefix: string): string {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(root, 0o711);
  return root;
}

/**
 * The product on `database` (`instanceOn`), for `check`; closed afterwards, and the database
 * with it.
 */
export async function withInstanceOn<T>(
  database: DatabaseHandle,
  env: Record<string, string>,
  check: (t: TestApp, base: string, database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const { t, base } = await instanceOn(database, env);
  try {
    return await check(t, base, database);
  } finally {
    await t.close();
    await database.close();
  }
}
