/**
 * Before the API suite: the PostgreSQL server it runs on — TEST_DATABASE_URL's when given (CI
 * gives the machine's), otherwise an embedded cluster of its own in a temporary folder, so
 * `npm test` needs no server installed — and one template database migrated once, which every
 * test app copies (docs/decisions/051-embedded-postgresql.md has the figures).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { type EmbeddedCluster, startEmbeddedCluster } from '../db/embedded.js';
import { onServer, urlOf } from './database.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let cluster: EmbeddedCluster | null = null;
  let folder: string | null = null;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    folder = mkdtempSync(path.join(tmpdir(), 'shareek-test-db-'));
    // A cluster thrown away at the end needs no durability: nothing waits for the disk.
    cluster = await startEmbeddedCluster(
      folder,
      { info: () => {}, warn: console.warn },
      { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
    );
    serverUrl = cluster.serverUrl;
  }
  const template = `test_template_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database ${template}`);
  const database = await openDatabase({ kind: 'postgres', url: urlOf(serverUrl, template) });
  await database.migrate();
  // A template copied while anyone is connected to it fails: nobody stays.
  await database.close();
  project.provide('testDatabase', { serverUrl, template });

  const server = serverUrl;
  return async () => {
    await onServer(server, `drop database if exists ${template} with (force)`);
    await cluster?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  };
}
