import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { authEndpoints } from '#contract/auth';
import { hashPassword } from '../auth/passwords.js';
import { createBroker } from '../brokers/service.js';
import { present } from '../test-support/endpoints.js';
import {
  Client,
  cleanUp,
  kill9,
  postmasterOf,
  type Server,
  spawnMain,
  startServer,
  whenExited,
} from '../test-support/server-process.js';
import { type Database, migrationsFolder } from './client.js';
import * as schema from './schema.js';

// The real server (src/server/main.ts, as `npm start` runs it) on the embedded default: a
// PostgreSQL cluster it runs in DATA_DIR/postgres (src/server/db/embedded.ts).
afterAll(cleanUp);

const freshDataDir = () => mkdtempSync(path.join(tmpdir(), 'shareek-durability-'));
const onFolder = (dataDir: string) => startServer({ DATA_DIR: dataDir, DEMO_DATA: 'false' });

async function signUp(server: Server, phone: string): Promise<void> {
  const visitor = new Client(server.base);
  const sent = await visitor.call(authEndpoints.sendOtp, { body: { phone } });
  const { otpCode } = await sent.json();
  const verified = await visitor.call(authEndpoints.verifyOtp, {
    body: {
      phone,
      otp: present(otpCode, 'the code'),
      password: 'secret123',
    },
  });
  expect(verified.status).toBe(200);
}

const signInStatus = async (server: Server, phone: string) =>
  (
    await new Client(server.base).call(authEndpoints.login, {
      body: { phone, password: 'secret123' },
    })
  ).status;

/** Starts main.ts on `dataDir` and waits for it to exit, with what it printed. */
const startExpectingRefusal = (dataDir: string) =>
  whenExited(spawnMain({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', DEMO_DATA: 'false' }));

describe('embedded PostgreSQL: durability and ownership (real processes)', () => {
  it('keeps a committed account after kill -9, and the next start adopts the cluster left running', async () => {
    const dataDir = freshDataDir();
    let server = await onFolder(dataDir);
    const phone = '0551234567';
    await signUp(server, phone);
    const postmaster = postmasterOf(dataDir);
    expect(postmaster).not.toBeNull();

    await kill9(server);
    // PostgreSQL outlives a server killed with -9 …
    expect(postmasterOf(dataDir)).toBe(postmaster);
    server = await onFolder(dataDir);
    // … and the next server takes it over as it is: the same process, nothing lost.
    expect(postmasterOf(dataDir)).toBe(postmaster);
    expect(await signInStatus(server, phone)).toBe(200);
  }, 120_000);

  it('refuses a second server on the same folder, naming it, and the first keeps serving', async () => {
    const dataDir = freshDataDir();
    const first = await onFolder(dataDir);
    await signUp(first, '0551234568');

    const second = await startExpectingRefusal(dataDir);
    expect(second.code).toBe(1);
    expect(second.output).toContain(`Another server is using ${dataDir}`);
    expect(await signInStatus(first, '0551234568')).toBe(200);
  }, 120_000);

  it('a clean stop (SIGTERM) stops PostgreSQL too, and the data is there at the next start', async () => {
    const dataDir = freshDataDir();
    let server = await onFolder(dataDir);
    await signUp(server, '0551234569');
    const postmaster = postmasterOf(dataDir);
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
    expect(postmaster).not.toBeNull();
    expect(postmasterOf(dataDir)).toBeNull();

    server = await onFolder(dataDir);
    expect(postmasterOf(dataDir)).not.toBe(postmaster);
    expect(await signInStatus(server, '0551234569')).toBe(200);
  }, 120_000);

  it('runs PostgreSQL as an unprivileged account: never as root, which it refuses', async () => {
    const dataDir = freshDataDir();
    await onFolder(dataDir);
    const self = process.getuid?.() ?? 0;
    const owner = statSync(path.join(dataDir, 'postgres')).uid;
    const postmaster = postmasterOf(dataDir);
    // The real user id of the running PostgreSQL, as the kernel has it.
    const runsAs = Number(
      /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${postmaster}/status`, 'utf8'))?.[1],
    );
    // As root (CI here), both belong to the `postgres` (or `nobody`) account; otherwise to
    // the user who started the server.
    expect(runsAs).toBe(owner);
    expect(owner).not.toBe(0);
    if (self !== 0) expect(owner).toBe(self);
  }, 120_000);

  it('carries a PGlite folder of an earlier release over at the first start, keeping it untouched beside', async () => {
    const dataDir = freshDataDir();
    // DATA_DIR as a release before the embedded PostgreSQL left it: an account in PGlite.
    const lite = await PGlite.create({
      dataDir: path.join(dataDir, 'pglite'),
      extensions: { pg_trgm },
    });
    await migrate(drizzle(lite), { migrationsFolder });
    await createBroker(drizzle(lite, { schema }) as unknown as Database, {
      phone: '0551234570',
      passwordHash: await hashPassword('secret123'),
      fullName: 'وسيط من الإصدار السابق',
      isActive: true,
      firstTimeOtpVerified: true,
    });
    await lite.close();

    const server = await onFolder(dataDir);
    expect(await signInStatus(server, '0551234570')).toBe(200);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    const backups = readdirSync(dataDir).filter((name) => name.startsWith('pglite.backup-'));
    expect(backups).toHaveLength(1);
    expect(existsSync(path.join(dataDir, backups[0] ?? '', 'PG_VERSION'))).toBe(true);
  }, 180_000);
});
