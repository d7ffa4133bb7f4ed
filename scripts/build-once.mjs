// The build `npm start` needs, made at most once however many instances start together from
// one folder (docs/decisions/033-start-without-rebuilding.md).
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** What the build reads: the sources, the build scripts and the configuration. */
export const BUILD_INPUTS = [
  'src',
  'build',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.base.json',
  'tsconfig.server.json',
  'tsconfig.web.json',
  'scripts/prerender.mjs',
  'scripts/service-worker.mjs',
  'scripts/compress.mjs',
  'scripts/copy-migrations.mjs',
  'scripts/build-stamp.mjs',
];
const STALE_LOCK_MS = 10 * 60 * 1000;

/** The newest modification time under a file or folder (test files do not count). */
function newest(target) {
  const stats = statSync(target, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return /\.test\.tsx?$/.test(target) ? 0 : stats.mtimeMs;
  let latest = stats.mtimeMs;
  for (const entry of readdirSync(target)) {
    latest = Math.max(latest, newest(path.join(target, entry)));
  }
  return latest;
}

const stampOf = (root) => path.join(root, 'dist/.build-stamp');
const lockOf = (root) => path.join(root, '.build.lock');

/** The build exists and was begun after the last change to anything it is built from. */
export function buildIsFresh(root, inputs = BUILD_INPUTS) {
  const built = statSync(stampOf(root), { throwIfNoEntry: false });
  if (!built || !existsSync(path.join(root, 'dist/server/main.js'))) return false;
  return inputs.every((input) => newest(path.join(root, input)) <= built.mtimeMs);
}

/** The lock's holder died (a `kill -9` mid-build) or has held it far longer than a build takes. */
function lockIsAbandoned(lock) {
  const stats = statSync(lock, { throwIfNoEntry: false });
  if (!stats) return false;
  if (Date.now() - stats.mtimeMs > STALE_LOCK_MS) return true;
  let pid = Number.NaN;
  try {
    pid = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
  } catch {
    // The holder has created the folder and not yet written its pid: it is alive.
    return false;
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

/** Takes the build lock (a folder: creating one is atomic); false while a live process holds it. */
function tryLock(lock) {
  try {
    mkdirSync(lock);
    writeFileSync(path.join(lock, 'pid'), String(process.pid));
    return true;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    if (!lockIsAbandoned(lock)) return false;
    rmSync(lock, { recursive: true, force: true });
    return tryLock(lock);
  }
}

/**
 * Runs `build` unless the build is fresh; instances arriving together wait for the one that
 * builds and then find the build fresh. Resolves true when this call built.
 */
export async function buildOnce(root, build, inputs = BUILD_INPUTS) {
  const lock = lockOf(root);
  while (!buildIsFresh(root, inputs)) {
    if (!tryLock(lock)) {
      await sleep(200);
      continue;
    }
    try {
      if (buildIsFresh(root, inputs)) return false;
      const started = new Date();
      await build();
      // Stamped with the time the build began: a source saved during the build is newer.
      writeFileSync(stampOf(root), started.toISOString());
      utimesSync(stampOf(root), started, started);
      return true;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return false;
}
