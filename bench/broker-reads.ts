/**
 * `npm run bench:broker-reads` (and the second half of `npm run bench`): the broker's four
 * polled reads under load, as a ratio to a bare server measured side by side in the same run,
 * and the embedded default (the PostgreSQL cluster the server runs in DATA_DIR) against a
 * PostgreSQL server. Every server runs at production's settings: NODE_ENV=production and the
 * default log level (`info`, one line a request).
 *
 * 1. Creates a throw-away PostgreSQL database (BENCH_DATABASE_URL, default the local server),
 *    migrates it with the product's migrations and fills it with 5,000 brokers, 200,000
 *    referrals, their commissions and tenant forms, some open transfer requests, 50 signed-in
 *    brokers and one signed-in admin (sessions rows as src/server/auth/sessions.ts writes them:
 *    the SHA-256 of a random token; the token goes in the cookie). Unless BENCH_EMBEDDED=0,
 *    seeds an embedded cluster with the same SQL (`openDatabase({ kind: 'embedded' })`, then
 *    closed), in a temporary DATA_DIR.
 * 2. Starts the production build (`node dist/server/main.js`) on the PostgreSQL database and,
 *    beside it, bench/bare-server.ts (`node:http` + `pg`, named statements); checks that both
 *    answer every read with byte-identical JSON for several brokers, and stops if not.
 * 3. Drives each read with autocannon, 50 connections, each connection one broker's cookie:
 *    BENCH_WARMUP_SECONDS on each server first (JIT, pools, named statements), then
 *    BENCH_ROUNDS rounds of BENCH_SECONDS seconds alternating product and bare. Prints the
 *    median ratio of requests per second (product / bare) beside the ratio of each server
 *    process's CPU time per request (from /proc: less swayed by a busy machine than a rate),
 *    with p50/p99 of each, against the targets (≥ 0.9, p99 ≤ 1.5× the bare server's), PASS or
 *    MISS; a miss is reported, not failed.
 * 4. A steady 300 requests a second per read on PostgreSQL, evenly spaced, alternating with the
 *    bare server over BENCH_STEADY_ROUNDS rounds (target: the product's median p99 ≤ 10 ms);
 *    the start time (spawn → /readyz 200) of the built server and after a `kill -9` of
 *    `npm start` (scripts/start.mjs, target ≤ 3 s).
 * 5. The embedded default (the same build with DATA_DIR and no DATABASE_URL): (a) the four
 *    reads against the product on the PostgreSQL server, interleaved as in 3 (target ≥ 0.9);
 *    (b) BENCH_RESTARTS times, `kill -9` of the server and a new start, spawn → /readyz 200
 *    (target ≤ 2 s); (c) on the last server started, the admin's Excel export of all 200,000
 *    referrals: its time and the server's peak resident memory (VmHWM in /proc; target ≤ 15 s
 *    in ≤ 300 MB), with autocannon on the referral page meanwhile (its rate and p99: the
 *    broker reads still answered during the export).
 * 6. The JavaScript each route loads, gzipped, from dist/web.
 * Writes bench/results/latest.json and bench/results/latest.md.
 *
 * Environment: BENCH_SECONDS (8), BENCH_WARMUP_SECONDS (3), BENCH_ROUNDS (4),
 * BENCH_CONNECTIONS (50), BENCH_STEADY_RATE (300), BENCH_STEADY_SECONDS (5),
 * BENCH_STEADY_ROUNDS (3), BENCH_EMBEDDED=0 skips the embedded part, BENCH_RESTARTS (3),
 * BENCH_LOG_LEVEL (info, production's default; the servers' LOG_LEVEL), BENCH_KEEP=1 keeps the
 * database and the data folder. Builds first (`npm run build`) when the build is missing or
 * older than the sources.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import {
  type DatabaseDeadlines,
  type DatabaseHandle,
  DEFAULT_DEADLINES,
  openDatabase,
  rowsOf,
} from '../src/server/db/client.js';
import { BENCH_PRODUCTION_SETTINGS, onServer, serverUrl } from './postgres.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const BROKERS = 5_000;
const REFERRALS = 200_000;
const SIGNED_IN = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const STEADY_RATE = Number(process.env.BENCH_STEADY_RATE ?? 300);
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 5);
const STEADY_ROUNDS = Number(process.env.BENCH_STEADY_ROUNDS ?? 3);
const WITH_EMBEDDED = process.env.BENCH_EMBEDDED !== '0';
const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 3);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const PORTS = { product: 5101, bare: 5102, embedded: 5103, start: 5104 };
const TARGETS = {
  ratio: 0.9,
  p99Factor: 1.5,
  embeddedRatio: 0.9,
  steadyP99Ms: 10,
  readyMs: 3000,
  restartMs: 2000,
  exportMs: 15_000,
  exportPeakMb: 300,
};
// Production cookies carry the __Host- prefix (src/server/plugins/session.ts).
const COOKIE = '__Host-sid';
/** The admin whose session downloads the export. */
const EXPORT_ADMIN = { phone: '0558888888', code: 'SH-A0001' };

const ENDPOINTS = [
  { name: 'referrals page 1', path: '/api/referrals?page=1' },
  { name: 'dashboard metrics', path: '/api/dashboard/metrics' },
  { name: 'commissions summary', path: '/api/commissions/summary' },
  { name: 'commissions page 1', path: '/api/commissions?page=1' },
] as const;

// The uploads folder of the servers on PostgreSQL (nothing is uploaded).
const SCRATCH = mkdtempSync(path.join(tmpdir(), 'bench-reads-'));

// The statuses cycle per broker ((g / BROKERS) % 8), so each broker has five of each.
const SEED = [
  `insert into brokers (phone, password_hash, broker_code, full_name, city, is_active,
                       first_time_otp_verified, profile_complete, created_at)
   select '05' || lpad((10000000 + g)::text, 8, '0'), 'not-a-hash', 'SH-B' || lpad(g::text, 5, '0'),
          (array['محمد','عبدالله','فهد','سعود','خالد','نورة','سارة','ريم'])[1 + g % 8] || ' ' ||
          (array['العتيبي','القحطاني','الشمري','الدوسري','الحربي','الغامدي','الزهراني','المطيري'])[1 + (g / 8) % 8],
          (array['riyadh','jeddah','dammam','makkah','medina'])[1 + g % 5],
          g % 10 <> 0, true, true, now() - (g || ' minutes')::interval
   from generate_series(1, ${BROKERS}) g`,
  `with b as (select array_agg(id order by broker_code) as ids from brokers where broker_code like 'SH-B%')
   insert into referrals (broker_id, tenant_phone, status, rent_amount, city, form_token, submitted_at)
   select b.ids[1 + g % ${BROKERS}],
          '05' || lpad((20000000 + g)::text, 8, '0'),
          (array['pending_completion','under_review','accepted_awaiting_owner_contract',
                 'preparing_tenant_contract','contract_signed','commission_added','rejected',
                 'cancelled'])[1 + (g / ${BROKERS}) % 8],
          case when g % 3 = 0 then null else 30000 + (g % 50) * 1000 end,
          case when g % 4 = 0 then null else (array['riyadh','jeddah','dammam'])[1 + g % 3] end,
          'bench-' || g,
          now() - ((g % 730) || ' days')::interval - ((g % 1440) || ' minutes')::interval
   from generate_series(1, ${REFERRALS}) g, b`,
  `insert into commissions (broker_id, referral_id, amount, status, paid_amount, paid_at, created_at)
   select broker_id, id, greatest(500, coalesce(rent_amount, 0) * 0.01),
          case when number % 3 = 0 then 'paid' else 'pending' end,
          case when number % 3 = 0 then greatest(500, coalesce(rent_amount, 0) * 0.01) else 0 end,
          case when number % 3 = 0 then submitted_at + interval '20 days' end,
          submitted_at + interval '10 days'
   from referrals where status in ('contract_signed', 'commission_added')`,
  `insert into tenant_forms (referral_id, tenant_phone, name, income, monthly_obligations, submitted_at)
   select id, tenant_phone, 'مستأجر', 12000, 2000, submitted_at + interval '1 day'
   from referrals where status <> 'pending_completion' and number % 2 = 0`,
  `insert into transfer_requests (broker_id, amount, iban, status)
   select id, 250, 'SA0380000000608010167519', 'open'
   from brokers where broker_code like 'SH-B%' and right(broker_code, 1) in ('1', '4', '7')`,
  'analyze',
];

const sessionId = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The signed-in brokers (the first fifty active ones, codes not ending in 0), then an admin
 * and their session. Sessions are used now: no request within the hour records use, and the
 * admin's (staff sessions last 12 hours from their creation) is fresh.
 */
function sessionRows(tokens: string[], adminToken: string): string[] {
  const values = tokens.map((token, i) => {
    const n = i + 1 + Math.floor(i / 9); // skips every tenth code (inactive brokers)
    const code = `SH-B${String(n).padStart(5, '0')}`;
    return `('${sessionId(token)}', (select id from brokers where broker_code = '${code}'))`;
  });
  return [
    `insert into sessions (id, broker_id, expires_at)
     select v.id, v.broker_id, now() + interval '30 days' from (values ${values.join(', ')}) as v(id, broker_id)`,
    `insert into brokers (phone, password_hash, broker_code, full_name, is_active, is_admin,
                          first_time_otp_verified, profile_complete)
     values ('${EXPORT_ADMIN.phone}', 'not-a-hash', '${EXPORT_ADMIN.code}', 'مشرف القياس', true, true, true, true)`,
    `insert into sessions (id, broker_id, expires_at)
     select '${sessionId(adminToken)}', id, now() + interval '12 hours' from brokers where broker_code = '${EXPORT_ADMIN.code}'`,
  ];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForReady(base: string, timeoutMs = 120_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  throw new Error(`${base} did not become ready in ${timeoutMs / 1000} s`);
}

type Server = { process: ChildProcess; base: string; logFile: string };

function productEnv(port: number, database: { url: string } | { dataDir: string }) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    // Only written into links; production insists on an https address.
    PUBLIC_URL: 'https://bench.example.sa',
    ...('url' in database
      ? { DATABASE_URL: database.url, DATA_DIR: SCRATCH }
      : { DATABASE_URL: '', EMBEDDED_DATABASE: 'true', DATA_DIR: database.dataDir }),
    ...BENCH_PRODUCTION_SETTINGS,
    LOG_LEVEL: LOG_LEVEL,
  };
}

let serversStarted = 0;
function start(args: string[], env: NodeJS.ProcessEnv, port: number): Server {
  // Each server writes its log to a file, as production writes to a collector: at `info` the
  // product writes a line a request, and a pipe read by this process (busy driving the load)
  // would fill and hold the server's writes back, slowing it for the bench's sake.
  const logFile = path.join(SCRATCH, `server-${port}-${++serversStarted}.log`);
  const out = openSync(logFile, 'w');
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', out, out] });
  closeSync(out);
  return { process: child, base: `http://127.0.0.1:${port}`, logFile };
}

/** The end of a server's log, shown when it fails. */
const logTail = (server: Server) => readFileSync(server.logFile, 'utf8').slice(-8000);

const exited = (server: Server) =>
  server.process.exitCode !== null || server.process.signalCode !== null;

/**
 * Stops a server and waits for its process to end. A server on the embedded default stops its
 * cluster on SIGTERM; one that has not ended after 30 s is killed.
 */
async function stop(server: Server, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (exited(server)) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => server.process.kill('SIGKILL'), 30_000);
    server.process.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.process.kill(signal);
  });
}

async function startReady(args: string[], env: NodeJS.ProcessEnv, port: number) {
  const server = start(args, env, port);
  try {
    const readyMs = await waitForReady(server.base);
    return { server, readyMs };
  } catch (error) {
    console.error(logTail(server));
    await stop(server, 'SIGKILL');
    throw error;
  }
}

const startProduct = (port: number, database: { url: string } | { dataDir: string }) =>
  startReady(['dist/server/main.js'], productEnv(port, database), port);

const startBare = (port: number, url: string) =>
  startReady(
    ['--conditions=source', '--import', 'tsx', 'bench/bare-server.ts'],
    {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      SESSION_COOKIE: COOKIE,
    },
    port,
  );

/** Both servers answer every read byte for byte alike, for every tenth signed-in broker. */
async function checkSameJson(product: string, bare: string, tokens: string[]): Promise<number> {
  let checked = 0;
  for (const token of tokens.filter((_, i) => i % 5 === 0)) {
    for (const endpoint of ENDPOINTS) {
      const get = async (base: string) => {
        const response = await fetch(`${base}${endpoint.path}`, {
          headers: { cookie: `${COOKIE}=${token}` },
        });
        return { status: response.status, body: await response.text() };
      };
      const [a, b] = await Promise.all([get(product), get(bare)]);
      if (a.status !== 200 || b.status !== 200 || a.body !== b.body) {
        throw new Error(
          `${endpoint.path}: the bare server's answer differs from the product's\n` +
            `product ${a.status}: ${a.body.slice(0, 800)}\nbare    ${b.status}: ${b.body.slice(0, 800)}`,
        );
      }
      checked++;
    }
  }
  return checked;
}

type Run = {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** The server process's CPU time (user + system) per answered request; null off Linux. */
  cpuMsPerRequest: number | null;
};

/** CPU time a process has used, in ms, from /proc (Linux; clock ticks of 10 ms). */
function cpuMs(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function drive(
  server: Server,
  endpointPath: string,
  tokens: string[],
  seconds: number,
  overallRate?: number,
): Promise<Run> {
  let next = 0;
  const cpuBefore = cpuMs(server.process.pid);
  const result = await autocannon({
    url: `${server.base}${endpointPath}`,
    connections: CONNECTIONS,
    duration: seconds,
    ...(overallRate ? { overallRate } : {}),
    setupClient: (client) => {
      const token = tokens[next++ % tokens.length];
      client.setHeaders({ cookie: `${COOKIE}=${token}` });
    },
  });
  const cpuAfter = cpuMs(server.process.pid);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuMsPerRequest:
      cpuBefore === null || cpuAfter === null || result.requests.total === 0
        ? null
        : (cpuAfter - cpuBefore) / result.requests.total,
  };
}

/**
 * Requests sent at evenly spaced instants (open loop), each broker's cookie in turn, over kept-
 * alive connections. Not autocannon's `overallRate`: that sends each connection's quota for
 * the second back to back at every one-second tick, so all fifty connections burst together
 * and the queue they make, not the server, sets the latency.
 */
type SteadyRun = { rps: number; p50: number; p99: number };

async function steadyRate(
  server: Server,
  endpointPath: string,
  tokens: string[],
): Promise<SteadyRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const total = STEADY_RATE * STEADY_SECONDS;
  const latencies: number[] = [];
  let failures = 0;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / STEADY_RATE - performance.now();
    if (wait > 0) await sleep(wait);
    const sent = performance.now();
    pending.push(
      new Promise((resolve) => {
        const request = http.get(
          `${server.base}${endpointPath}`,
          { agent, headers: { cookie: `${COOKIE}=${tokens[i % tokens.length]}` } },
          (response) => {
            response.resume();
            response.on('end', () => {
              latencies.push(performance.now() - sent);
              if (response.statusCode !== 200) failures++;
              resolve();
            });
          },
        );
        request.on('error', () => {
          failures++;
          resolve();
        });
      }),
    );
  }
  const sentFor = (performance.now() - started) / 1000;
  await Promise.all(pending);
  agent.destroy();
  if (failures > 0) throw new Error(`${endpointPath}: ${failures} failed at a steady rate`);
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] ?? 0;
  return {
    rps: total / sentFor,
    p50: Number(at(0.5).toFixed(1)),
    p99: Number(at(0.99).toFixed(1)),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
};

type Comparison = {
  endpoint: string;
  path: string;
  ratio: number;
  /** The median of the rounds' CPU time a request, A's over B's. */
  cpuRatio: number | null;
  a: { rps: number; p50: number; p99: number; cpuMsPerRequest: number | null };
  b: { rps: number; p50: number; p99: number; cpuMsPerRequest: number | null };
  rounds: { a: Run; b: Run }[];
};

/**
 * Interleaved: every round times every read on A and on B back to back (B first on odd
 * rounds), so a change in the machine's background load falls on both alike.
 */
async function compare(
  label: string,
  a: Server,
  b: Server,
  tokens: string[],
  rounds: number,
): Promise<Comparison[]> {
  // Warm-up: JIT, connection pools, named statements, each route's compiled serializer.
  for (const endpoint of ENDPOINTS) {
    await drive(a, endpoint.path, tokens, WARMUP_SECONDS);
    await drive(b, endpoint.path, tokens, WARMUP_SECONDS);
  }
  const runs = new Map<string, { a: Run; b: Run }[]>(ENDPOINTS.map((e) => [e.path, []]));
  for (let round = 0; round < rounds; round++) {
    for (const endpoint of ENDPOINTS) {
      let runA: Run;
      let runB: Run;
      if (round % 2 === 0) {
        runA = await drive(a, endpoint.path, tokens, SECONDS);
        runB = await drive(b, endpoint.path, tokens, SECONDS);
      } else {
        runB = await drive(b, endpoint.path, tokens, SECONDS);
        runA = await drive(a, endpoint.path, tokens, SECONDS);
      }
      for (const run of [runA, runB]) {
        if (run.non2xx > 0 || run.errors > 0) {
          throw new Error(
            `${endpoint.path}: ${run.non2xx} non-2xx answers, ${run.errors} errors under load`,
          );
        }
      }
      runs.get(endpoint.path)?.push({ a: runA, b: runB });
      console.log(
        `  ${label} round ${round + 1} ${endpoint.name}: ${runA.rps.toFixed(0)} / ${runB.rps.toFixed(0)} req/s (${f2(runA.rps / runB.rps)}), CPU ${cpu(runA.cpuMsPerRequest)} / ${cpu(runB.cpuMsPerRequest)} ms a request (${cpuRatio(runA.cpuMsPerRequest, runB.cpuMsPerRequest)})`,
      );
    }
  }
  return ENDPOINTS.map((endpoint) => {
    const list = runs.get(endpoint.path) ?? [];
    const summary = (pick: (r: { a: Run; b: Run }) => Run) => ({
      rps: median(list.map((r) => pick(r).rps)),
      p50: median(list.map((r) => pick(r).p50)),
      p99: median(list.map((r) => pick(r).p99)),
      cpuMsPerRequest: list.every((r) => pick(r).cpuMsPerRequest !== null)
        ? median(list.map((r) => pick(r).cpuMsPerRequest ?? 0))
        : null,
    });
    return {
      endpoint: endpoint.name,
      path: endpoint.path,
      ratio: median(list.map((r) => r.a.rps / r.b.rps)),
      cpuRatio: list.every((r) => r.a.cpuMsPerRequest !== null && r.b.cpuMsPerRequest)
        ? median(list.map((r) => (r.a.cpuMsPerRequest ?? 0) / (r.b.cpuMsPerRequest ?? 1)))
        : null,
      a: summary((r) => r.a),
      b: summary((r) => r.b),
      rounds: list,
    };
  });
}

/**
 * The built server on the embedded default, `kill -9`ed and started again `RESTARTS` times:
 * each time from spawn to /readyz 200 (the cluster the killed server left running is found and
 * taken over, or stopped and started). Answers the times and the last server, left running.
 */
async function restartsAfterKill9(
  first: Server,
  dataDir: string,
): Promise<{ times: number[]; server: Server }> {
  let server = first;
  const times: number[] = [];
  for (let i = 0; i < RESTARTS; i++) {
    await stop(server, 'SIGKILL');
    const again = await startProduct(PORTS.embedded, { dataDir });
    server = again.server;
    times.push(again.readyMs);
    console.log(`  restart ${i + 1} after kill -9: ready in ${f0(again.readyMs)} ms`);
  }
  return { times, server };
}

/** A figure of /proc/<pid>/status (VmHWM: peak resident memory), in MiB; null off Linux. */
function statusMb(pid: number | undefined, field: string): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

type ExportRun = {
  seconds: number;
  bytes: number;
  status: number;
  peakMb: number | null;
  /** The referral page under autocannon while the export ran. */
  reads: { rps: number; p50: number; p99: number; answered: number; non2xx: number };
};

/**
 * The admin's export of every referral (GET /api/admin/export/referrals, no filter), read to
 * the end, with autocannon on the broker's referral page for as long as it takes.
 */
async function exportWhileReading(
  server: Server,
  adminToken: string,
  tokens: string[],
): Promise<ExportRun> {
  let next = 0;
  let stopReads = () => {};
  const reads = new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${server.base}${ENDPOINTS[0].path}`,
        connections: CONNECTIONS,
        // Longer than any export: stopped when the export ends.
        duration: 600,
        setupClient: (client) => {
          client.setHeaders({ cookie: `${COOKIE}=${tokens[next++ % tokens.length]}` });
        },
      },
      (error: unknown, result) => (error ? reject(error) : resolve(result)),
    );
    stopReads = () => instance.stop();
  });
  const started = performance.now();
  const response = await fetch(`${server.base}/api/admin/export/referrals`, {
    headers: { cookie: `${COOKIE}=${adminToken}` },
  });
  const bytes = (await response.arrayBuffer()).byteLength;
  const seconds = (performance.now() - started) / 1000;
  stopReads();
  const result = await reads;
  return {
    seconds,
    bytes,
    status: response.status,
    peakMb: statusMb(server.process.pid, 'VmHWM'),
    reads: {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      answered: result.requests.total,
      non2xx: result.non2xx,
    },
  };
}

/** The app's entry and preloads, then each route's layout and page chunk, with static imports. */
const ROUTES: { route: string; html: 'index' | 'landing'; chunks: string[] }[] = [
  // The landing page hydrates its header and calculator once idle (src/web/landing-boot.ts).
  { route: '/ (landing)', html: 'landing', chunks: ['landing-hydrate'] },
  { route: '/login', html: 'index', chunks: ['LoginPage'] },
  { route: '/dashboard', html: 'index', chunks: ['DesktopLayout', 'DashboardPage'] },
  { route: '/referrals', html: 'index', chunks: ['DesktopLayout', 'ReferralsPage'] },
  { route: '/new-referral', html: 'index', chunks: ['DesktopLayout', 'NewReferralPage'] },
  { route: '/commissions', html: 'index', chunks: ['DesktopLayout', 'CommissionsPage'] },
  { route: '/mobile-dashboard', html: 'index', chunks: ['MobileLayout', 'MobileDashboardPage'] },
  { route: '/mobile-referrals', html: 'index', chunks: ['MobileLayout', 'MobileReferralsPage'] },
  {
    route: '/mobile-commissions',
    html: 'index',
    chunks: ['MobileLayout', 'MobileCommissionsPage'],
  },
  { route: '/admin', html: 'index', chunks: ['DesktopLayout', 'AdminPage'] },
  { route: '/tenant-form/:token', html: 'index', chunks: ['TenantFormPage'] },
];

function routeJavaScript(): { route: string; files: number; gzipKb: number }[] {
  const web = path.join(ROOT, 'dist/web');
  const assets = readdirSync(path.join(web, 'assets')).filter((f) => f.endsWith('.js'));
  const staticImports = (file: string) =>
    [
      ...readFileSync(path.join(web, 'assets', file), 'utf8').matchAll(
        /(?:from|import)\s*["']\.\/([^"']+\.js)["']/g,
      ),
    ].map((m) => m[1] as string);
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of staticImports(file)) visit(next);
    };
    for (const file of roots) visit(file);
    return seen;
  };
  const entry = (html: string) =>
    [
      ...readFileSync(path.join(web, `${html}.html`), 'utf8').matchAll(
        /(?:src|href)="\/assets\/([^"]+\.js)"/g,
      ),
    ].map((m) => m[1] as string);
  const chunk = (name: string) => {
    const file = assets.find((f) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(f));
    if (!file) throw new Error(`no chunk named ${name} in dist/web/assets`);
    return file;
  };
  return ROUTES.map(({ route, html, chunks }) => {
    const files = closure([...entry(html), ...chunks.map(chunk)]);
    const bytes = [...files].reduce(
      (sum, file) => sum + gzipSync(readFileSync(path.join(web, 'assets', file))).length,
      0,
    );
    return { route, files: files.size, gzipKb: bytes / 1024 };
  });
}

/**
 * The seed's deadlines: each of its statements writes up to 200,000 rows, far longer than the
 * 5 s a request's statement is allowed (the servers under test keep production's deadlines).
 */
const SEEDING: DatabaseDeadlines = { ...DEFAULT_DEADLINES, statementMs: 10 * 60_000 };

/** Migrates a database, runs the seed on it and closes it; answers what it holds. */
async function seed(database: DatabaseHandle, statements: string[]) {
  try {
    await database.migrate();
    for (const statement of statements) await database.db.execute(sql.raw(statement));
    const [counts] = await rowsOf<Record<string, number>>(
      database.db,
      sql`select (select count(*) from brokers)::int as brokers,
                 (select count(*) from referrals)::int as referrals,
                 (select count(*) from commissions)::int as commissions,
                 (select count(*) from tenant_forms)::int as tenant_forms,
                 (select count(*) from sessions)::int as sessions`,
    );
    return counts ?? {};
  } finally {
    await database.close();
  }
}

/** Time to /readyz: the built server, and `npm start` again after a `kill -9`. */
async function startTimes(url: string) {
  const env = productEnv(PORTS.start, { url });
  const cold = await startReady(['dist/server/main.js'], env, PORTS.start);
  await stop(cold.server);
  // scripts/start.mjs builds only when the build is stale; it is fresh here (built above).
  const first = await startReady(['scripts/start.mjs'], env, PORTS.start);
  await stop(first.server, 'SIGKILL');
  const again = await startReady(['scripts/start.mjs'], env, PORTS.start);
  await stop(again.server);
  return { builtServerMs: cold.readyMs, afterKill9Ms: again.readyMs };
}

const f0 = (n: number) => n.toFixed(0);
const cpu = (n: number | null) => (n === null ? '–' : n.toFixed(2));
const cpuRatio = (a: number | null, b: number | null) =>
  a === null || b === null || b === 0 ? '–' : `${(a / b).toFixed(2)}×`;
const times = (n: number | null) => (n === null ? '–' : `${n.toFixed(2)}×`);
const f2 = (n: number) => n.toFixed(2);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

async function main(): Promise<void> {
  // The build `npm start` would run: made (and stamped) only when missing or older than the
  // sources, so what is measured is the code as it stands, and `npm start` finds it fresh.
  const built = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { spawnSync } from 'node:child_process';
       import { buildOnce } from './scripts/build-once.mjs';
       await buildOnce(process.cwd(), () => {
         console.log('building (the build is missing or older than the sources)');
         const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
         if (result.status !== 0) process.exit(1);
       });`,
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (built.status !== 0 || !existsSync(path.join(ROOT, 'dist/server/main.js'))) {
    throw new Error('npm run build failed');
  }
  const benchStarted = performance.now();
  const name = `bench_reads_${randomBytes(4).toString('hex')}`;
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  const tokens = Array.from({ length: SIGNED_IN }, () => randomBytes(32).toString('base64url'));
  const adminToken = randomBytes(32).toString('base64url');
  const statements = [...SEED, ...sessionRows(tokens, adminToken)];
  const servers: Server[] = [];
  let embeddedDir: string | null = null;
  try {
    let started = performance.now();
    const seeded = await seed(
      await openDatabase({ kind: 'postgres', url: dbUrl }, undefined, SEEDING),
      statements,
    );
    console.log(
      `PostgreSQL seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(seeded)}`,
    );
    let embeddedSeedS: number | null = null;
    if (WITH_EMBEDDED) {
      embeddedDir = mkdtempSync(path.join(tmpdir(), 'bench-embedded-'));
      started = performance.now();
      const database = await openDatabase(
        { kind: 'embedded', dataDir: embeddedDir },
        undefined,
        SEEDING,
      );
      const counts = await seed(database, statements);
      embeddedSeedS = (performance.now() - started) / 1000;
      console.log(
        `embedded cluster seeded in ${embeddedSeedS.toFixed(1)} s: ${JSON.stringify(counts)}`,
      );
    }

    const startup = await startTimes(dbUrl);
    console.log(
      `ready: built server ${f0(startup.builtServerMs)} ms, npm start after kill -9 ${f0(startup.afterKill9Ms)} ms`,
    );

    const product = await startProduct(PORTS.product, { url: dbUrl });
    servers.push(product.server);
    const bare = await startBare(PORTS.bare, dbUrl);
    servers.push(bare.server);
    const checked = await checkSameJson(product.server.base, bare.server.base, tokens);
    console.log(`same JSON from both servers: ${checked} answers compared byte for byte`);

    console.log(
      `\nproduct vs bare, ${CONNECTIONS} connections, ${ROUNDS} rounds × ${SECONDS} s (req/s product / bare)`,
    );
    const vsBare = await compare('product/bare', product.server, bare.server, tokens, ROUNDS);

    // A steady rate is a latency measure, and this machine stalls now and then (the bare
    // server sees it too): each read runs STEADY_ROUNDS times on each server, alternating,
    // and the medians are reported side by side.
    console.log(
      `\nsteady ${STEADY_RATE} req/s per read on PostgreSQL, ${STEADY_ROUNDS} rounds × ${STEADY_SECONDS} s (product / bare)`,
    );
    const steady: {
      endpoint: string;
      rps: number;
      p50: number;
      p99: number;
      bare: { p50: number; p99: number };
    }[] = [];
    for (const endpoint of ENDPOINTS) {
      const runs: { product: SteadyRun; bare: SteadyRun }[] = [];
      for (let round = 0; round < STEADY_ROUNDS; round++) {
        const first = round % 2 === 0 ? product.server : bare.server;
        const second = round % 2 === 0 ? bare.server : product.server;
        const a = await steadyRate(first, endpoint.path, tokens);
        const b = await steadyRate(second, endpoint.path, tokens);
        const run = round % 2 === 0 ? { product: a, bare: b } : { product: b, bare: a };
        runs.push(run);
        console.log(
          `  ${endpoint.name} round ${round + 1}: p50 ${run.product.p50} / ${run.bare.p50} ms, p99 ${run.product.p99} / ${run.bare.p99} ms`,
        );
      }
      steady.push({
        endpoint: endpoint.name,
        rps: median(runs.map((r) => r.product.rps)),
        p50: median(runs.map((r) => r.product.p50)),
        p99: median(runs.map((r) => r.product.p99)),
        bare: {
          p50: median(runs.map((r) => r.bare.p50)),
          p99: median(runs.map((r) => r.bare.p99)),
        },
      });
    }
    await stop(bare.server);

    let embedded: Comparison[] | null = null;
    let restarts: number[] | null = null;
    let exported: ExportRun | null = null;
    if (embeddedDir) {
      const first = await startProduct(PORTS.embedded, { dataDir: embeddedDir });
      servers.push(first.server);
      console.log(
        `\nembedded default vs PostgreSQL server, ${ROUNDS} rounds × ${SECONDS} s (req/s embedded / server)`,
      );
      embedded = await compare('embedded/server', first.server, product.server, tokens, ROUNDS);
      await stop(product.server);

      console.log(`\nthe built server on the embedded default, kill -9 and start again`);
      const restarted = await restartsAfterKill9(first.server, embeddedDir);
      servers.push(restarted.server);
      restarts = restarted.times;

      console.log(`\nExcel export of every referral on the embedded default, reads meanwhile`);
      exported = await exportWhileReading(restarted.server, adminToken, tokens);
      console.log(
        `  ${exported.status}, ${(exported.bytes / 1024 / 1024).toFixed(1)} MiB in ${exported.seconds.toFixed(1)} s, ` +
          `peak RSS ${exported.peakMb?.toFixed(0) ?? '–'} MiB; referral page meanwhile ${f0(exported.reads.rps)} req/s, ` +
          `p99 ${exported.reads.p99} ms, ${exported.reads.non2xx} non-2xx`,
      );
      await stop(restarted.server);
    }
    await stop(product.server);

    const js = routeJavaScript();
    const totalS = (performance.now() - benchStarted) / 1000;

    // ---------- report ----------
    const md: string[] = [];
    md.push(
      `Broker reads, ${seeded.referrals?.toLocaleString('en')} referrals, ${seeded.brokers?.toLocaleString('en')} brokers, ` +
        `${CONNECTIONS} connections over ${SIGNED_IN} brokers' sessions, ${ROUNDS} rounds × ${SECONDS} s, ` +
        `production build on PostgreSQL vs bare node:http + pg with named statements (same JSON, checked).`,
      '',
      `| read | product / bare req/s | CPU a request, product / bare | product req/s | p50 / p99 ms | bare req/s | p50 / p99 ms | p99 × bare | CPU ms a request, product / bare | target ≥ ${TARGETS.ratio}, p99 ≤ ${TARGETS.p99Factor}× |`,
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    );
    for (const c of vsBare) {
      const factor = c.a.p99 / c.b.p99;
      md.push(
        `| \`${c.path}\` | ${f2(c.ratio)} | ${times(c.cpuRatio)} | ${f0(c.a.rps)} | ${c.a.p50} / ${c.a.p99} | ${f0(c.b.rps)} | ${c.b.p50} / ${c.b.p99} | ${f2(factor)} | ${cpu(c.a.cpuMsPerRequest)} / ${cpu(c.b.cpuMsPerRequest)} | ${verdict(c.ratio >= TARGETS.ratio && factor <= TARGETS.p99Factor)} |`,
      );
    }
    if (embedded) {
      md.push(
        '',
        `Embedded default (the cluster the server runs in DATA_DIR) vs the same build on the PostgreSQL server, ${ROUNDS} rounds × ${SECONDS} s, interleaved.`,
        '',
        `| read | embedded / server req/s | CPU a request, embedded / server | embedded req/s | p50 / p99 ms | server req/s | p50 / p99 ms | target ≥ ${TARGETS.embeddedRatio} |`,
        '|---|---:|---:|---:|---:|---:|---:|---|',
      );
      for (const c of embedded) {
        md.push(
          `| \`${c.path}\` | ${f2(c.ratio)} | ${times(c.cpuRatio)} | ${f0(c.a.rps)} | ${c.a.p50} / ${c.a.p99} | ${f0(c.b.rps)} | ${c.b.p50} / ${c.b.p99} | ${verdict(c.ratio >= TARGETS.embeddedRatio)} |`,
        );
      }
    }
    if (restarts && exported) {
      const slowest = Math.max(...restarts);
      const exportMs = exported.seconds * 1000;
      const peak = exported.peakMb;
      md.push(
        '',
        '| embedded default, 200,000 referrals | figure | target |',
        '|---|---:|---|',
        `| \`node dist/server/main.js\` after \`kill -9\` → /readyz 200, ${restarts.length} times | ${restarts.map(f0).join(', ')} ms | ≤ ${TARGETS.restartMs} ms ${verdict(slowest <= TARGETS.restartMs)} |`,
        `| Excel export of every referral (${(exported.bytes / 1024 / 1024).toFixed(1)} MiB, status ${exported.status}) | ${exported.seconds.toFixed(1)} s | ≤ ${TARGETS.exportMs / 1000} s ${verdict(exported.status === 200 && exportMs <= TARGETS.exportMs)} |`,
        `| the server's peak resident memory (VmHWM), start and export | ${peak === null ? '–' : `${f0(peak)} MiB`} | ≤ ${TARGETS.exportPeakMb} MB ${verdict(peak !== null && peak * 1.048576 <= TARGETS.exportPeakMb)} |`,
        `| \`${ENDPOINTS[0].path}\` during the export, ${CONNECTIONS} connections | ${f0(exported.reads.rps)} req/s, p50 ${exported.reads.p50} / p99 ${exported.reads.p99} ms, ${exported.reads.non2xx} non-2xx | answered |`,
      );
    }
    md.push(
      '',
      `| steady ${STEADY_RATE} req/s, PostgreSQL, median of ${STEADY_ROUNDS} rounds | req/s | p50 ms | p99 ms | bare p50 / p99 ms | target p99 ≤ ${TARGETS.steadyP99Ms} ms |`,
      '|---|---:|---:|---:|---:|---|',
    );
    for (const s of steady) {
      md.push(
        `| ${s.endpoint} | ${f0(s.rps)} | ${s.p50} | ${s.p99} | ${s.bare.p50} / ${s.bare.p99} | ${verdict(s.p99 <= TARGETS.steadyP99Ms)} |`,
      );
    }
    md.push(
      '',
      '| start (spawn → /readyz 200) | ms | target |',
      '|---|---:|---|',
      `| \`node dist/server/main.js\` | ${f0(startup.builtServerMs)} | |`,
      `| \`npm start\` (scripts/start.mjs) after \`kill -9\`, build present | ${f0(startup.afterKill9Ms)} | ≤ ${TARGETS.readyMs} ms ${verdict(startup.afterKill9Ms <= TARGETS.readyMs)} |`,
      '',
      '| route | JavaScript loaded, gzipped | files |',
      '|---|---:|---:|',
      ...js.map((r) => `| \`${r.route}\` | ${r.gzipKb.toFixed(1)} KB | ${r.files} |`),
      '',
      `Whole run ${f0(totalS)} s.`,
    );
    const table = md.join('\n');
    console.log(`\n${table}\n`);
    mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(path.join(ROOT, 'bench/results/latest.md'), `${table}\n`);
    writeFileSync(
      path.join(ROOT, 'bench/results/latest.json'),
      `${JSON.stringify(
        {
          at: new Date().toISOString(),
          settings: {
            brokers: BROKERS,
            referrals: REFERRALS,
            signedIn: SIGNED_IN,
            connections: CONNECTIONS,
            seconds: SECONDS,
            warmupSeconds: WARMUP_SECONDS,
            rounds: ROUNDS,
            restarts: RESTARTS,
            steadyRate: STEADY_RATE,
            steadySeconds: STEADY_SECONDS,
            steadyRounds: STEADY_ROUNDS,
            logLevel: LOG_LEVEL,
          },
          seeded,
          embeddedSeedSeconds: embeddedSeedS,
          targets: TARGETS,
          productVsBare: vsBare,
          embeddedVsServer: embedded,
          embeddedRestartsMs: restarts,
          embeddedExport: exported,
          steady,
          startup,
          javascript: js,
          totalSeconds: totalS,
        },
        null,
        2,
      )}\n`,
    );
    // Formatted as `npm run lint` expects, so a run's results can be committed as they are.
    spawnSync(
      path.join(ROOT, 'node_modules/.bin/biome'),
      ['format', '--write', 'bench/results/latest.md'],
      { cwd: ROOT, stdio: 'ignore' },
    );
  } finally {
    // SIGTERM: a server on the embedded default stops its cluster before it exits.
    for (const server of servers) await stop(server);
    if (process.env.BENCH_KEEP === '1') {
      console.log(`kept database ${name}${embeddedDir ? ` and ${embeddedDir}` : ''}`);
    } else {
      await onServer(`drop database if exists ${name} with (force)`);
      if (embeddedDir) rmSync(embeddedDir, { recursive: true, force: true });
      rmSync(SCRATCH, { recursive: true, force: true });
    }
  }
}

await main();
