import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { expect } from 'vitest';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import { authEndpoints } from '#contract/auth';
import { brokerEndpoints } from '#contract/brokers';
import type { Endpoint } from '#contract/common';
import { riyadhIsoDate } from '#domain';
import { type AnswerOf, type CallArgs, type CallInput, present, urlOf } from './endpoints.js';

// The real server process (src/server/main.ts, as `npm start` runs it) for the integration
// tests: started on a free port, signed in to over HTTP, killed at will.
const running = new Set<ChildProcess>();
const databases: { serverUrl: string; name: string }[] = [];
const dataDirs = new Set<string>();

export type Server = { base: string; child: ChildProcess };

/** A port nobody listens on now, from the operating system (not a random guess that may clash). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * `node <file> <args>` from its TypeScript source, as the built file runs, with exactly `env`;
 * what it prints is piped to the test.
 */
export function runSource(file: string, args: string[], env: NodeJS.ProcessEnv) {
  return spawn(process.execPath, ['--conditions=source', '--import', 'tsx', file, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * The real server, src/server/main.ts as `npm start` runs it: the test's own environment but
 * NODE_ENV (vitest sets it), with `env` over it.
 */
export function spawnMain(env: Record<string, string>) {
  const { NODE_ENV: _vitestSetsThis, ...inherited } = process.env;
  return runSource('src/server/main.ts', [], { ...inherited, ...env });
}

/** What `child` prints on stdout and stderr, as it comes: the function answers all of it so far. */
export function collectOutput(child: { stdout: Readable; stderr: Readable }): () => string {
  let output = '';
  const add = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', add);
  child.stderr.on('data', add);
  return () => output;
}

/** Resolves once `child` exits, with its code and all it printed (call it as `child` starts). */
export function whenExited(
  child: ChildProcess & { stdout: Readable; stderr: Readable },
): Promise<{ code: number | null; output: string }> {
  const output = collectOutput(child);
  return new Promise((resolve) =>
    child.once('exit', (code) => resolve({ code, output: output() })),
  );
}

export async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawnMain({
    NODE_ENV: 'development',
    DEMO_DATA: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
    REFERRAL_LIMIT_PER_HOUR: '100000',
    REFERRAL_LIMIT_PER_DAY: '100000',
    ...env,
  });
  // What it wrote (the last 8 KB: at LOG_LEVEL=error, errors only), shown when it fails to start.
  let errors = '';
  const keep = (chunk: string) => {
    errors = (errors + chunk).slice(-8192);
  };
  child.stdout?.setEncoding('utf8').on('data', keep);
  child.stderr?.setEncoding('utf8').on('data', keep);
  running.add(child);
  if (env.DATA_DIR) dataDirs.add(env.DATA_DIR);
  child.once('exit', () => running.delete(child));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}\n${errors}`);
    }
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, child };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become ready in 90 s\n${errors}`);
}

export async function kill9(server: Server): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}

/** A fresh database on the PostgreSQL server at `serverUrl`; its URL. */
export async function freshPostgres(serverUrl: string): Promise<string> {
  const name = `faults_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databases.push({ serverUrl, name });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fetch response whose JSON body is what the endpoint called answers when it succeeds. */
export type Answered<T> = Omit<Response, 'json'> & { json<U = T>(): Promise<U> };

/** A cookie-keeping client of one account. */
export class Client {
  private cookie = '';
  constructor(private readonly base: string) {}

  /** A contract endpoint: `:name`s from `params`, `query` appended, `body` sent as JSON. */
  call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<Answered<AnswerOf<E>>>;
  /** A URL as written, for what the contract cannot say (each use says why it is raw). */
  call(method: string, url: string, body?: unknown): Promise<Response>;
  async call(
    first: Endpoint | string,
    second?: string | CallInput<Endpoint>,
    third?: unknown,
  ): Promise<Response> {
    const [method, url, body] =
      typeof first === 'string'
        ? [first, second as string, third]
        : [
            first.method,
            urlOf(first, second as CallInput<Endpoint> | undefined),
            (second as { body?: unknown } | undefined)?.body,
          ];
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = response.headers.getSetCookie().map((c) => c.split(';')[0]);
    if (set.length > 0) this.cookie = set.join('; ');
    return response;
  }

  /** The session's cookies, for a request the test makes by hand. */
  get cookieHeader(): string {
    return this.cookie;
  }

  rebase(base: string): Client {
    const next = new Client(base);
    next.cookie = this.cookie;
    return next;
  }
}

let phoneSeq = 0;
export const uniquePhone = () =>
  `05${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}${String(phoneSeq++ % 10_000).padStart(4, '0')}`;

/**
 * An active broker with a name and a verified FAL licence, signed in; the demo admin activated
 * and verified it. The code is the one a development server answers with, unless `codeSentTo`
 * reads it where it was sent.
 */
export async function activeBroker(
  base: string,
  codeSentTo?: (phone: string) => Promise<string>,
): Promise<Client> {
  const broker = new Client(base);
  const phone = uniquePhone();
  const sent = await broker.call(authEndpoints.sendOtp, { body: { phone } });
  const answered = await sent.json();
  const otpCode = codeSentTo ? await codeSentTo(phone) : answered.otpCode;
  expect(
    (
      await broker.call(authEndpoints.verifyOtp, {
        body: {
          phone,
          otp: present(otpCode, 'the code'),
          password: 'secret123',
        },
      })
    ).status,
  ).toBe(200);
  const profile = await broker.call(brokerEndpoints.replaceProfile, {
    body: { fullName: 'عبدالله الشمري' },
  });
  const { id } = await profile.json();
  const admin = new Client(base);
  expect(
    (await admin.call(authEndpoints.login, { body: { phone: '0550000002', password: 'demo1234' } }))
      .status,
  ).toBe(200);
  expect((await admin.call(adminBrokerEndpoints.activate, { params: { id } })).status).toBe(200);
  // A broker who earns holds a FAL licence an admin verified (decision 070).
  const entered = await broker.call(brokerEndpoints.setFalLicense, {
    body: {
      falLicense: `1${phone.slice(1)}`,
      falLicenseType: 'brokerage',
      falLicenseExpiresOn: riyadhIsoDate(new Date(Date.now() + 365 * 24 * 60 * 60 * 1000)),
    },
  });
  expect(entered.status).toBe(200);
  const { updatedAt } = await entered.json();
  const verified = await admin.call(adminBrokerEndpoints.verifyFalLicense, {
    params: { id },
    body: { evidence: 'rega_enquiry', note: 'مطابقة في منصة فال', seenUpdatedAt: updatedAt },
  });
  expect(verified.status).toBe(200);
  return broker;
}

/** The process of the embedded PostgreSQL running on `dataDir`'s cluster, if one runs. */
export function postmasterOf(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/**
 * Stops the embedded PostgreSQL a killed server left running on `dataDir` (the next server
 * would adopt it; a test run has no next server).
 */
export async function stopLeftoverCluster(dataDir: string): Promise<void> {
  const pid = postmasterOf(dataDir);
  if (pid === null) return;
  process.kill(pid, 'SIGINT');
  while (postmasterOf(dataDir) === pid) await sleep(50);
}

/** Kills every server still running, stops their clusters and drops their databases. */
export async function cleanUp(): Promise<void> {
  for (const child of running) child.kill('SIGKILL');
  await Promise.all(
    [...running].map((child) => new Promise((resolve) => child.once('exit', resolve))),
  );
  for (const dataDir of dataDirs) await stopLeftoverCluster(dataDir);
  dataDirs.clear();
  for (const { serverUrl, name } of databases.splice(0)) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
}
