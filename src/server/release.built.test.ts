import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import { exportEndpoints } from '#contract/admin/exports';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { authEndpoints } from '#contract/auth';
import { brokerEndpoints } from '#contract/brokers';
import { commissionEndpoints } from '#contract/commissions';
import type { ResponseOf } from '#contract/common';
import { referralEndpoints } from '#contract/referrals';
import { tenantFormEndpoints } from '#contract/tenant-forms';
import { type EmbeddedCluster, startEmbeddedCluster } from './db/embedded.js';
import { aLease } from './test-support/factories.js';
import { type FakeUnifonic, startFakeUnifonic } from './test-support/fakes/unifonic.js';
import { Client, cleanUp, freePort, freshPostgres } from './test-support/server-process.js';
import { PRODUCTION_PROVIDER_ENV } from './test-support/test-app.js';

// `npm run release` makes a folder that runs the way the image runs it —
// `node dist/server/main.js` inside it, as an unprivileged account, the folder read-only, only
// DATA_DIR writable — on this machine's Node and on Node 24 (the image's), on the embedded
// database and on a PostgreSQL server, and a broker's whole story passes through it: signing
// up with the code the SMS provider carried, a referral, the tenant's PDF through the link the
// tenant's SMS carried, the signed contract's commission, the admin's Excel export.
const ROOT = path.resolve(import.meta.dirname, '../..');
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;
const SUPERADMIN = { phone: '0550000009', password: 'release-test-only' };
const PDF = new TextEncoder().encode('%PDF-1.4 release smoke\n%%EOF\n');

const folders: string[] = [];
/** A folder for the test; `shared` makes it readable (and its programs runnable) by all. */
function folder(name: string, shared = false): string {
  const made = mkdtempSync(path.join(tmpdir(), `shareek-${name}-`));
  folders.push(made);
  if (shared) chmodSync(made, 0o755);
  return made;
}

/**
 * Node 24 from the npm registry (`node-<platform>-<arch>`, the binary package the `node` package
 * installs), the latest 24.x as the image's `node:24-bookworm-slim` tag is.
 */
function node24(): string {
  const into = folder('node24', true);
  const packageName = `node-${process.platform}-${process.arch}`;
  const packed = spawnSync('npm', ['pack', `${packageName}@24`, '--silent'], {
    cwd: into,
    encoding: 'utf8',
  });
  expect(packed.status, packed.stderr).toBe(0);
  const tarball = packed.stdout.trim().split('\n').at(-1) ?? '';
  const unpacked = spawnSync('tar', ['-xzf', tarball, 'package/bin/node'], { cwd: into });
  expect(unpacked.status, unpacked.stderr?.toString()).toBe(0);
  rmSync(path.join(into, tarball));
  const binary = path.join(into, 'package/bin/node');
  expect(spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout).toMatch(/^v24\./);
  return binary;
}

let release = '';
let node24Binary = '';
let cluster: EmbeddedCluster | null = null;
let s3: S3rver | null = null;
let s3Url = '';
beforeAll(async () => {
  release = folder('release');
  const made = spawnSync(process.execPath, ['scripts/release.mjs', release], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(made.status, made.stderr).toBe(0);
  // The app folder readable by all and writable by none.
  spawnSync('chmod', ['-R', 'a+rX,a-w', release]);
  node24Binary = node24();
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: folder('s3'),
    configureBuckets: [{ name: 'shareek-documents', configs: [] }],
  });
  s3Url = `http://127.0.0.1:${(await s3.run()).port}`;
}, 600_000);

afterAll(async () => {
  await cleanUp();
  await cluster?.stop();
  await s3?.close();
  for (const made of folders) {
    spawnSync('chmod', ['-R', 'u+w', made]);
    rmSync(made, { recursive: true, force: true });
  }
  // Removing the release's dependencies and Node 24's binary, and stopping the clusters, took
  // over vitest's default 10 s on a loaded CI machine.
}, 120_000);

/** A PostgreSQL server: TEST_DATABASE_URL's (CI gives the machine's), or a cluster of the test's. */
async function postgresServer(): Promise<string> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  cluster ??= await startEmbeddedCluster(folder('postgres-server'), {
    info: () => {},
    warn: console.warn,
  });
  return cluster.serverUrl;
}

type Case = {
  name: string;
  node: () => string;
  database: 'embedded' | 'postgres';
  storage: 'local' | 's3';
};

describe('the release folder', () => {
  it('holds the build, the migrations and production dependencies only', () => {
    expect(readdirSync(release).sort()).toEqual([
      'dist',
      'node_modules',
      'package-lock.json',
      'package.json',
    ]);
    expect(existsSync(path.join(release, 'dist/server/db/migrations/0000_init.sql'))).toBe(true);
    // No sources and no build tools: production never builds.
    expect(existsSync(path.join(release, 'src'))).toBe(false);
    expect(existsSync(path.join(release, 'node_modules/vite'))).toBe(false);
    expect(existsSync(path.join(release, 'node_modules/typescript'))).toBe(false);
  });

  const cases: Case[] = [
    {
      name: "this machine's Node, the embedded database, documents in DATA_DIR",
      node: () => process.execPath,
      database: 'embedded',
      storage: 'local',
    },
    {
      name: 'Node 24, a PostgreSQL server, documents in S3',
      node: () => node24Binary,
      database: 'postgres',
      storage: 's3',
    },
    {
      name: 'Node 24, the embedded database, documents in DATA_DIR',
      node: () => node24Binary,
      database: 'embedded',
      storage: 'local',
    },
  ];

  it.each(cases)('runs read-only as an unprivileged account: $name', async (c) => {
    const dataDir = folder('release-data');
    if (asRoot) chownSync(dataDir, NOBODY, NOBODY);
    else chmodSync(dataDir, 0o700);
    const sms = await startFakeUnifonic({ appSid: 'release-app-sid', senderIds: ['Shareek'] });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { NODE_ENV: _vitestSetsThis, TEST_DATABASE_URL: _notTheApps, ...inherited } = process.env;
    const server = spawn(c.node(), ['dist/server/main.js'], {
      cwd: release,
      ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
      env: {
        ...inherited,
        HOME: dataDir,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: 'https://example.sa',
        DATA_DIR: dataDir,
        ...(c.database === 'embedded'
          ? { EMBEDDED_DATABASE: 'true' }
          : { DATABASE_URL: await freshPostgres(await postgresServer()) }),
        ...(c.storage === 's3'
          ? {
              STORAGE: 's3',
              S3_ENDPOINT: s3Url,
              S3_BUCKET: 'shareek-documents',
              S3_REGION: 'me-central-2',
              S3_ACCESS_KEY_ID: 'S3RVER',
              S3_SECRET_ACCESS_KEY: 'S3RVER',
            }
          : {}),
        BOOTSTRAP_SUPERADMIN_PHONE: SUPERADMIN.phone,
        BOOTSTRAP_SUPERADMIN_PASSWORD: SUPERADMIN.password,
        SMS_PROVIDER: 'unifonic',
        UNIFONIC_APP_SID: 'release-app-sid',
        UNIFONIC_SENDER_ID: 'Shareek',
        UNIFONIC_BASE_URL: sms.url,
        ...PRODUCTION_PROVIDER_ENV,
        SHUTDOWN_DRAIN_SECONDS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
    };
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    try {
      await ready(base, server, () => output);
      if (asRoot) {
        const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
        expect(/^Uid:\s+(\d+)/m.exec(status)?.[1]).toBe(String(NOBODY));
      }
      expect(readlinkSync(`/proc/${server.pid}/exe`)).toBe(c.node());
      await smokeJourney(base, sms);

      server.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('"msg":"stopped"');
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
      await sms.close();
    }
  });
});

async function ready(base: string, server: ChildProcess, output: () => string): Promise<void> {
  for (let i = 0; i < 300 && server.exitCode === null; i++) {
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(200);
  }
  expect.fail(`the release did not become ready\n${output()}`);
}

async function smokeJourney(base: string, sms: FakeUnifonic): Promise<void> {
  const admin = new Client(base);
  expect((await admin.call(authEndpoints.login, { body: SUPERADMIN })).status).toBe(200);

  // A broker signs up with the code the SMS provider carried, names themself, is activated.
  const broker = new Client(base);
  const brokerPhone = '0551234567';
  const sent = await broker.call(authEndpoints.sendOtp, { body: { phone: brokerPhone } });
  expect(sent.status).toBe(200);
  expect(await sent.json()).not.toHaveProperty('otpCode'); // production never answers the code
  const [code] = await sms.waitFor(brokerPhone, /\d{4}/);
  expect(
    (
      await broker.call(authEndpoints.verifyOtp, {
        body: {
          phone: brokerPhone,
          otp: code,
          password: 'broker-pass-1',
        },
      })
    ).status,
  ).toBe(200);
  const profile = await broker.call(brokerEndpoints.replaceProfile, {
    body: { fullName: 'عبدالله الشمري' },
  });
  expect(profile.status).toBe(200);
  const { id: brokerId } = await profile.json();
  expect(
    (await admin.call(adminBrokerEndpoints.activate, { params: { id: brokerId } })).status,
  ).toBe(200);

  // A referral; the tenant's SMS carries the link to the form.
  const tenantPhone = '0559876543';
  const created = await broker.call(referralEndpoints.create, {
    body: { tenantPhone, rent: 60000 },
  });
  expect(created.status).toBe(201);
  const { id: referralId } = await created.json();
  const [link] = await sms.waitFor(tenantPhone, /https:\/\/example\.sa\/s\/[A-Za-z0-9_-]+/);
  const opened = await fetch(`${base}${new URL(link).pathname}`, { redirect: 'manual' });
  expect(opened.status).toBe(302);
  const token = (opened.headers.get('location') ?? '').split('/').at(-1) ?? '';
  expect(token.length).toBeGreaterThan(16);

  // The tenant's PDF through the link, read back by the admin.
  const form = new FormData();
  form.set('token', token);
  form.set('type', 'salary');
  form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'salary.pdf');
  const uploaded = await fetch(`${base}/api/upload`, { method: 'POST', body: form });
  expect(uploaded.status).toBe(201);
  const { url } = (await uploaded.json()) as ResponseOf<typeof tenantFormEndpoints.upload>;
  const file = await admin.call(tenantFormEndpoints.download, {
    params: { key: url.slice('upload:'.length) },
  });
  expect(file.status).toBe(200);
  expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);

  // The signed contract makes the commission the broker sees.
  const signed = await admin.call(adminReferralEndpoints.changeStatus, {
    params: { id: referralId },
    body: {
      status: 'contract_signed',
      ...aLease(60_000),
    },
  });
  expect(signed.status).toBe(200);
  const { commissionCreated } = await signed.json();
  expect(Number(commissionCreated)).toBeGreaterThanOrEqual(500);
  const commissions = await (await broker.call(commissionEndpoints.list)).json();
  expect(commissions.items.map((c) => c.referralId)).toEqual([referralId]);

  // The admin's Excel export of the referrals.
  const exported = await admin.call(exportEndpoints.download, { params: { type: 'referrals' } });
  expect(exported.status).toBe(200);
  const bytes = new Uint8Array(await exported.arrayBuffer());
  expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]); // a zip: the .xlsx
}
