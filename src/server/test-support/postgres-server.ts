/**
 * Before the tests that start server processes on a PostgreSQL server (the integration
 * projects): TEST_DATABASE_URL's server when given (CI gives the machine's), otherwise an
 * embedded cluster of its own in a temporary folder — so `npm test` on a machine without
 * PostgreSQL still runs every case instead of skipping them. Tests read it with
 * `inject('postgresServerUrl')`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedCluster } from '../db/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server's maintenance URL, for creating and dropping test databases. */
    postgresServerUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('postgresServerUrl', given);
    return async () => {};
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'shareek-test-server-'));
  // A cluster thrown away at the end needs no durability: nothing waits for the disk.
  const cluster = await startEmbeddedCluster(
    folder,
    { info: () => {}, warn: console.warn },
    { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
  );
  project.provide('postgresServerUrl', cluster.serverUrl);
  return async () => {
    await cluster.stop();
    rmSync(folder, { recursive: true, force: true });
  };
}
