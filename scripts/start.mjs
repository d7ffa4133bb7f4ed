// `npm start`: builds only when the build is missing or older than what it is built from, then
// runs the built server in this process (docs/decisions/033-start-without-rebuilding.md).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildOnce } from './build-once.mjs';

const root = path.resolve(import.meta.dirname, '..');

await buildOnce(root, () => {
  console.log('Building (the build is missing or older than the sources)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed; not starting.');
    process.exit(result.status ?? 1);
  }
});
await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href);
