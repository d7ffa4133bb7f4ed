import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The suite's PostgreSQL server and its migrated template (global-setup.ts). */
    testDatabase: { serverUrl: string; template: string };
  }
}

/** The suite's server with `database` as the database of its connection string. */
export function urlOf(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A database of its own for a test app: a copy of the migrated template (a file copy on the
 * server, tens of milliseconds), dropped by `drop`.
 */
export async function freshDatabase(): Promise<{
  database: DatabaseHandle;
  drop: () => Promise<void>;
}> {
  const { serverUrl, template } = inject('testDatabase');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name} template ${template}`);
  return {
    database: await openDatabase({ kind: 'postgres', url: urlOf(serverUrl, name) }),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** Runs one statement on the server's maintenance connection. */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
