// `npm start`: runs the built server in this process. Outside production it first builds when
// the build is missing or older than what it is built from
// (docs/decisions/033-start-without-rebuilding.md); production never builds: a missing or stale
// build is refused, since a production install has no build tools and a half-built release
// must not serve.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIsFresh, buildOnce } from './build-once.mjs';

const root = path.resolve(import.meta.dirname, '..');

if (process.env.NODE_ENV === 'production') {
  if (!buildIsFresh(root)) {
    console.error(
      JSON.stringify({
        level: 60,
        time: Date.now(),
        pid: process.pid,
        msg: 'Refusing to start: production never builds, and the build is missing or older than the sources. Run `npm run build` (or `npm run release`) before starting.',
      }),
    );
    process.exit(1);
  }
} else {
  await buildOnce(root, () => {
    console.log('Building (the build is missing or older than the sources)…');
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error('The build failed; not starting.');
      process.exit(result.status ?? 1);
    }
  });
}

// npm runs this through a shell (`sh -c`), and passes a supervisor's SIGTERM to that shell,
// which dies of it without passing it on: the server would be left serving, re-parented, with
// no shutdown. So when the process that started this one goes away, the server stops as if it
// had been signalled (draining first). Run `node dist/server/main.js` directly to receive
// signals with no shell in between (the image does).
if (process.env.npm_lifecycle_event === 'start') {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, 200);
  watch.unref();
}

await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href);
