import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test-support/server-process.js';

// Issue 28 item 1 (first part): `npm run release` makes a folder that runs the way the image
// runs it: `node dist/server/main.js` inside it, as an unprivileged account, the folder
// read-only, only DATA_DIR writable.
const ROOT = path.resolve(import.meta.dirname, '../..');
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) {
    spawnSync('chmod', ['-R', 'u+w', folder]);
    rmSync(folder, { recursive: true, force: true });
  }
});

describe('issue 28 item 1: the release folder', () => {
  it('holds the build and production dependencies only, and serves read-only as an unprivileged account', async () => {
    const release = mkdtempSync(path.join(tmpdir(), 'shareek-release-'));
    folders.push(release);
    const made = spawnSync(process.execPath, ['scripts/release.mjs', release], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(made.status, made.stderr).toBe(0);
    expect(readdirSync(release).sort()).toEqual([
      'dist',
      'node_modules',
      'package-lock.json',
      'package.json',
    ]);
    expect(existsSync(path.join(release, 'dist/server/db/migrations/0000_init.sql'))).toBe(true);
    // No build tools: production never builds.
    expect(existsSync(path.join(release, 'node_modules/vite'))).toBe(false);
    expect(existsSync(path.join(release, 'node_modules/typescript'))).toBe(false);

    // The app folder readable by all and writable by none; only DATA_DIR writable, by the
    // account that runs it.
    spawnSync('chmod', ['-R', 'a+rX,a-w', release]);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shareek-release-data-'));
    folders.push(dataDir);
    if (asRoot) chownSync(dataDir, NOBODY, NOBODY);
    else chmodSync(dataDir, 0o700);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { NODE_ENV: _vitestSetsThis, ...inherited } = process.env;
    const server = spawn(process.execPath, ['dist/server/main.js'], {
      cwd: release,
      ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
      env: {
        ...inherited,
        HOME: dataDir,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: 'https://example.sa',
        EMBEDDED_DATABASE: 'true',
        DATA_DIR: dataDir,
        BOOTSTRAP_SUPERADMIN_PHONE: '0550000009',
        BOOTSTRAP_SUPERADMIN_PASSWORD: 'release-test-only',
        SMS_PROVIDER: 'unifonic',
        UNIFONIC_APP_SID: 'release-test-only',
        UNIFONIC_SENDER_ID: 'Shareek',
        SHUTDOWN_DRAIN_SECONDS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    try {
      let ready = false;
      for (let i = 0; i < 300 && !ready && server.exitCode === null; i++) {
        ready = await fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(ready, output).toBe(true);
      if (asRoot) {
        const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
        expect(/^Uid:\s+(\d+)/m.exec(status)?.[1]).toBe(String(NOBODY));
      }

      // The landing page and the app, then the super-admin's sign-in and an Excel export.
      expect((await fetch(`${base}/`)).status).toBe(200);
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: '0550000009', password: 'release-test-only' }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const exported = await fetch(`${base}/api/admin/export/referrals`, { headers: { cookie } });
      expect(exported.status).toBe(200);
      const bytes = new Uint8Array(await exported.arrayBuffer());
      expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]); // a zip: the .xlsx

      server.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('"msg":"stopped"');
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
    }
  });
});
