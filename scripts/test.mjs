// `npm test`: every check a change needs, in order, stopping at the first failure. Chromium and
// LibreOffice Calc are checked first (scripts/prerequisites.mjs): installed when it may, else
// the one command to run is printed before anything else happens.
import { spawnSync } from 'node:child_process';
import { ensurePrerequisites } from './prerequisites.mjs';

if (!ensurePrerequisites()) process.exit(1);

const steps = [
  ['type check', 'npm', ['run', 'typecheck']],
  ['lint', 'npx', ['biome', 'check', '.']],
  ['unit and API tests', 'npx', ['vitest', 'run']],
  ['production build', 'npm', ['run', 'build']],
  // What needs the build: `npm start` as a supervisor runs it, production refusing to build.
  ['built server', 'npx', ['vitest', 'run', '--project', 'built'], { TEST_BUILT: '1' }],
  ['browser journeys', 'npx', ['playwright', 'test']],
];

for (const [name, command, args, env] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: env ? { ...process.env, ...env } : process.env,
  });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n✔ all checks passed');
