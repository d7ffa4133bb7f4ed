// `npm run release [folder]`: a self-contained folder to deploy (the image's last stage copies
// it): the build (with its stamp and the migrations), package.json, the lock file and the
// production dependencies, nothing else: no sources, no build tools. Run it with
// `node dist/server/main.js` from inside the folder. Builds first when the build is stale.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildOnce } from './build-once.mjs';

const root = path.resolve(import.meta.dirname, '..');
const target = path.resolve(process.argv[2] ?? path.join(root, 'release'));

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`release: ${command} ${args.join(' ')} failed`);
    process.exit(result.status ?? 1);
  }
}

await buildOnce(root, () => run('npm', ['run', 'build'], root));

rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
for (const entry of ['dist', 'package.json', 'package-lock.json']) {
  cpSync(path.join(root, entry), path.join(target, entry), {
    recursive: true,
    preserveTimestamps: true,
  });
}
// The exact versions of the lock file, production dependencies only; their install scripts run
// (the embedded PostgreSQL's restores its library links).
run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], target);
console.log(`release ready in ${target}: start it there with node dist/server/main.js`);
