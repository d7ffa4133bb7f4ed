/**
 * `npm run soak`: five minutes of mixed load on the built server, as a day's traffic would
 * mix it — brokers polling their pages and creating referrals, tenants opening their links,
 * uploading a PDF and submitting, admins searching and moving referrals on. Prints each kind
 * of call's answers by status and its latency (p50, p99, slowest). Fails on any 5xx, on any
 * call that got no answer (counted, the load goes on), and when the server's memory grows 10%
 * or more between the end of the warm-up and the end.
 *
 * Every caller comes from 127.0.0.1, so the tenants' per-address limits answer some of their
 * calls with 429 (by design: one address may open only so many links in 15 minutes).
 *
 * SOAK_SECONDS (default 300), SOAK_BROKERS (default 20), SOAK_DATABASE_URL (PostgreSQL; the
 * embedded database in a fresh folder when unset). Not part of `npm test`.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONSENT_VERSION } from '../src/domain/consent.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const BROKERS = Number(process.env.SOAK_BROKERS ?? 20);
const WARM_UP_SECONDS = Math.min(60, Math.floor(SECONDS / 5));
const PORT = 5290;
const BASE = `http://127.0.0.1:${PORT}`;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20 * 1024, 0x20)]);

const statuses = new Map<string, number>();
const latencies = new Map<string, number[]>();
const failures: string[] = [];
let stopping = false;

/** `status` is the answer's, or `no answer` when the call failed on the network. */
function count(label: string, status: number | 'no answer', ms: number): void {
  const key = `${label} ${status}`;
  statuses.set(key, (statuses.get(key) ?? 0) + 1);
  if ((status === 'no answer' || status >= 500) && failures.length < 20) failures.push(key);
  if (status === 'no answer') return;
  const measured = latencies.get(label) ?? [];
  measured.push(ms);
  latencies.set(label, measured);
}

/** A call that got no answer: counted where it happened, and the load goes on. */
class NoAnswer extends Error {}

/** Runs one step of a loop; a call with no answer ends the step, not the loop. */
async function step(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof NoAnswer)) throw error;
    await pause(200);
  }
}

/** One account's cookies, kept across calls. */
class Session {
  private cookie = '';

  async call(label: string, method: string, url: string, body?: unknown): Promise<Response> {
    const form = body instanceof FormData;
    const started = performance.now();
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${BASE}${url}`, {
        method,
        redirect: 'manual',
        headers: {
          ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
          ...(this.cookie ? { cookie: this.cookie } : {}),
          origin: BASE,
        },
        body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      });
      // Timed to the last byte of the answer.
      text = await response.text();
    } catch {
      count(label, 'no answer', performance.now() - started);
      throw new NoAnswer(label);
    }
    const set = response.headers.getSetCookie().map((c) => c.split(';')[0]);
    if (set.length > 0) this.cookie = set.join('; ');
    count(label, response.status, performance.now() - started);
    return new Response(response.status === 204 || response.status === 304 ? null : text, {
      status: response.status,
      headers: response.headers,
    });
  }
}

let sequence = 0;
const phone = () =>
  `05${String(Date.now() % 10_000).padStart(4, '0')}${String(sequence++ % 10_000).padStart(4, '0')}`;

function startServer(): ChildProcess {
  const database = process.env.SOAK_DATABASE_URL
    ? { DATABASE_URL: process.env.SOAK_DATABASE_URL }
    : { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shareek-soak-')) };
  return spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      ...database,
      NODE_ENV: 'development',
      DEMO_DATA: 'true',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      PUBLIC_URL: BASE,
      LOG_LEVEL: 'error',
      AUTH_RATE_LIMIT_PER_ADDRESS: '1000000',
      REFERRAL_LIMIT_PER_HOUR: '1000000',
      REFERRAL_LIMIT_PER_DAY: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function ready(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${BASE}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become ready');
}

/** Resident memory of the server process, in MiB (Linux). */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

async function activeBroker(admin: Session): Promise<Session> {
  const broker = new Session();
  const number = phone();
  const sent = await broker.call('setup', 'POST', '/api/auth/send-otp', { phone: number });
  const { otpCode } = (await sent.json()) as { otpCode: string };
  await broker.call('setup', 'POST', '/api/auth/verify-otp', {
    phone: number,
    otp: otpCode,
    password: 'soak-password',
  });
  const profile = await broker.call('setup', 'PUT', '/api/broker/profile', {
    fullName: 'وسيط الاختبار',
  });
  const { id } = (await profile.json()) as { id: string };
  await admin.call('setup', 'POST', `/api/admin/brokers/${id}/activate`);
  return broker;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A broker's day: the pages polled, now and then a new referral. */
async function brokerLoop(broker: Session, referred: string[]): Promise<void> {
  while (!stopping) await step(() => brokerStep(broker, referred));
}

async function brokerStep(broker: Session, referred: string[]): Promise<void> {
  await broker.call('broker reads', 'GET', '/api/referrals?page=1');
  await broker.call('broker reads', 'GET', '/api/dashboard/metrics');
  await broker.call('broker reads', 'GET', '/api/commissions/summary');
  await broker.call('broker reads', 'GET', '/api/commissions?page=1');
  await broker.call('broker reads', 'GET', '/api/notifications');
  if (Math.random() < 0.3) {
    const tenant = phone();
    const created = await broker.call('referral create', 'POST', '/api/referrals', {
      tenantPhone: tenant,
      rent: 30_000 + Math.floor(Math.random() * 90_000),
    });
    if (created.status === 201) referred.push(tenant);
  }
  await pause(200);
}

/** Tenants open the link their SMS carries, upload a PDF and submit. */
async function tenantLoop(admin: Session, referred: string[]): Promise<void> {
  while (!stopping) await step(() => tenantStep(admin, referred));
}

async function tenantStep(admin: Session, referred: string[]): Promise<void> {
  const tenant = referred.shift();
  if (!tenant) {
    await pause(200);
    return;
  }
  const inbox = (await (
    await admin.call('dev inbox', 'GET', `/api/dev/inbox?phone=${tenant}`)
  ).json()) as { body: string }[];
  const link = inbox[0]?.body.match(/\/s\/[\w-]+/)?.[0];
  if (!link) {
    referred.push(tenant);
    await pause(200);
    return;
  }
  const visitor = new Session();
  const redirect = await visitor.call('tenant link', 'GET', link);
  const token = redirect.headers.get('location')?.match(/tenant-form\/([\w-]+)/)?.[1];
  if (!token) return;
  const opened = await visitor.call('tenant form', 'GET', `/api/tenant-form/${token}`);
  const { referralId } = (await opened.json()) as { referralId: string };
  const form = new FormData();
  form.set('token', token);
  form.set('type', 'salary');
  form.set('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'salary.pdf');
  const uploaded = await visitor.call('tenant upload', 'POST', '/api/upload', form);
  const { url } = (await uploaded.json()) as { url: string };
  await visitor.call('tenant submit', 'POST', '/api/tenant-form/submit', {
    token,
    referralId,
    name: 'مستأجر الاختبار',
    income: 15_000,
    monthlyObligations: 2_000,
    salaryDefinitionUrl: url,
    creditReportUrl: 'https://reports.example.sa/simah/1',
    consent: true,
    creditConsent: true,
    consentVersion: CONSENT_VERSION,
  });
}

/** Admins search the lists and move submitted referrals on to a signed contract. */
async function adminLoop(admin: Session): Promise<void> {
  while (!stopping) await step(() => adminStep(admin));
}

const STEPS = ['accepted_awaiting_owner_contract', 'preparing_tenant_contract', 'contract_signed'];

/**
 * The signed lease as the console records it (decision 069): a fresh Ejar contract number (11
 * digits and the version), the annual rent and a year's dates.
 */
const aLease = () => ({
  contractId: `2${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}/1`,
  contractRent: 60_000,
  contractStartsOn: '2026-12-01',
  contractEndsOn: '2027-11-30',
});

async function adminStep(admin: Session): Promise<void> {
  await admin.call('admin search', 'GET', '/api/admin/referrals?search=05&page=1');
  await admin.call('admin search', 'GET', '/api/admin/brokers?search=وسيط&page=1');
  const review = (await (
    await admin.call('admin search', 'GET', '/api/admin/referrals?status=under_review&page=1')
  ).json()) as { items: { id: string }[] };
  const next = review.items[0];
  if (next) {
    for (const status of STEPS) {
      await admin.call('admin process', 'PUT', `/api/admin/referrals/${next.id}/status`, {
        status,
        ...(status === 'contract_signed' ? aLease() : {}),
      });
    }
  }
  await pause(500);
}

const server = startServer();
const pid = server.pid ?? 0;
try {
  await ready();
  const admin = new Session();
  await admin.call('setup', 'POST', '/api/auth/login', {
    phone: '0550000002',
    password: 'demo1234',
  });
  const brokers = await Promise.all(Array.from({ length: BROKERS }, () => activeBroker(admin)));
  const referred: string[] = [];
  console.log(`soak: ${BROKERS} brokers, ${SECONDS} s, server pid ${pid}`);

  const samples: { at: number; rss: number }[] = [];
  const started = Date.now();
  const sampler = setInterval(() => {
    samples.push({ at: (Date.now() - started) / 1000, rss: rssMiB(pid) });
  }, 5_000);
  const load = Promise.all([
    ...brokers.map((b) => brokerLoop(b, referred)),
    tenantLoop(admin, referred),
    tenantLoop(admin, referred),
    adminLoop(admin),
  ]);
  await pause(SECONDS * 1000);
  stopping = true;
  await load;
  clearInterval(sampler);

  const afterWarmUp = samples.filter((s) => s.at >= WARM_UP_SECONDS);
  const first = afterWarmUp[0]?.rss ?? 0;
  const last = afterWarmUp.at(-1)?.rss ?? 0;
  const growth = first > 0 ? (last - first) / first : 0;
  console.log('\nanswers by call and status:');
  for (const [key, n] of [...statuses].sort()) console.log(`  ${key.padEnd(28)} ${n}`);
  console.log('\nlatency by call (ms): p50, p99, slowest');
  for (const [label, values] of [...latencies].sort()) {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    console.log(
      `  ${label.padEnd(20)} ${at(0.5)?.toFixed(1)}, ${at(0.99)?.toFixed(1)}, ${sorted.at(-1)?.toFixed(1)} (${sorted.length})`,
    );
  }
  console.log(
    `\nmemory (RSS): ${first.toFixed(1)} MiB after the ${WARM_UP_SECONDS} s warm-up, ${last.toFixed(1)} MiB at the end: ${(growth * 100).toFixed(1)}%`,
  );
  if (failures.length > 0 || growth >= 0.1) {
    console.error(`\nsoak FAILED: ${failures.join(', ') || 'memory grew 10% or more'}`);
    process.exitCode = 1;
  } else {
    console.log('\nsoak passed: no 5xx, every call answered, memory growth under 10%');
  }
} finally {
  server.kill('SIGTERM');
}
