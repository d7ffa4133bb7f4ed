import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test-support/server-process.js';
import { PRODUCTION_PROVIDER_ENV } from './test-support/test-app.js';

// Start and stop like a service (decision record 053), on the build `npm run build` just made
// (the `built` project runs after it in
// `npm test`): `npm start` as a supervisor runs it, and production never building.
const ROOT = path.resolve(import.meta.dirname, '../..');
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const temporary = (prefix: string) => {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
};

/** What production insists on, on the embedded database in a folder of its own. */
function productionEnv(port: number): NodeJS.ProcessEnv {
  const { NODE_ENV: _vitestSetsThis, ...inherited } = process.env;
  return {
    ...inherited,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: 'https://example.sa',
    EMBEDDED_DATABASE: 'true',
    DATA_DIR: temporary('shareek-built-'),
    BOOTSTRAP_SUPERADMIN_PHONE: '0550000009',
    BOOTSTRAP_SUPERADMIN_PASSWORD: 'built-test-only',
    SMS_PROVIDER: 'unifonic',
    UNIFONIC_APP_SID: 'built-test-only',
    UNIFONIC_SENDER_ID: 'Shareek',
    SHUTDOWN_DRAIN_SECONDS: '2',
    ...PRODUCTION_PROVIDER_ENV,
  };
}

function spawnWithOutput(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const state = { output: '' };
  child.stdout?.on('data', (chunk: Buffer) => {
    state.output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    state.output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, state, exited };
}

async function waitUntil(check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

const answers = (url: string) =>
  fetch(url).then(
    (response) => response.status,
    () => null,
  );

describe('npm start as a supervisor runs it', () => {
  it('SIGTERM to `npm start` reaches the server: it drains and stops, and nothing is left running', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const npm = spawnWithOutput('npm', ['start'], ROOT, productionEnv(port));
    expect(await waitUntil(async () => (await answers(`${base}/readyz`)) === 200, 90_000)).toBe(
      true,
    );

    const signalled = Date.now();
    npm.child.kill('SIGTERM');
    // Not ready at once (within the watch's 200 ms), while still answering.
    expect(await waitUntil(async () => (await answers(`${base}/readyz`)) === 503, 2000)).toBe(true);
    expect(await answers(`${base}/healthz`)).toBe(200);
    // Then gone: the port closes and the server says it stopped, well inside 10 s.
    expect(await waitUntil(async () => (await answers(`${base}/healthz`)) === null, 10_000)).toBe(
      true,
    );
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(await waitUntil(() => npm.state.output.includes('"msg":"stopped"'), 3000)).toBe(true);
    await npm.exited;
  });
});

/** A copy of the checkout's scripts and package.json, with its dependencies, and a source. */
function checkoutCopy(prefix: string, source: string): string {
  const root = temporary(prefix);
  cpSync(path.join(ROOT, 'scripts'), path.join(root, 'scripts'), { recursive: true });
  cpSync(path.join(ROOT, 'package.json'), path.join(root, 'package.json'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'src', source), 'export const changed = true;\n');
  return root;
}

/** `node scripts/start.mjs` in production in `root`, to its exit. */
async function startInProduction(root: string) {
  const start = spawnWithOutput(
    process.execPath,
    ['scripts/start.mjs'],
    root,
    productionEnv(await freePort()),
  );
  return { code: await start.exited, output: start.state.output };
}

describe('production never builds', () => {
  it('refuses a build older than its sources, naming the command, and builds nothing', async () => {
    // A copy of the checkout whose sources changed after the build.
    const root = checkoutCopy('shareek-stale-', 'changed.ts');
    symlinkSync(path.join(ROOT, 'dist'), path.join(root, 'dist'));
    const stamp = statSync(path.join(ROOT, 'dist/.build-stamp')).mtime;
    const before = new Date(stamp.getTime() - 60_000);
    utimesSync(path.join(root, 'package.json'), before, before);

    const start = await startInProduction(root);
    expect(start.code).toBe(1);
    expect(start.output).toContain('production never builds');
    expect(start.output).toContain('npm run build');
    expect(start.output).not.toContain('Building');
    expect(statSync(path.join(ROOT, 'dist/.build-stamp')).mtime).toEqual(stamp);
  });

  it('refuses a missing build the same way, and builds nothing', async () => {
    // A production install whose build never came: sources and dependencies, no dist/.
    const root = checkoutCopy('shareek-unbuilt-', 'main.ts');

    const start = await startInProduction(root);
    expect(start.code).toBe(1);
    expect(start.output).toContain('production never builds');
    expect(start.output).not.toContain('Building');
    expect(existsSync(path.join(root, 'dist'))).toBe(false);
  });
});
