import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// Runs the real server (src/server/main.ts) on the embedded database, as `npm start` does.
const dataDir = mkdtempSync(path.join(tmpdir(), 'shareek-durability-'));
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess | null = null;

function startServer(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'src/server/main.ts'],
    {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DEMO_DATA: 'false',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    },
  );
  return waitUntilReady().then(() => child);
}

async function waitUntilReady(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become ready');
}

const post = (url: string, body: unknown) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

afterEach(() => {
  server?.kill('SIGKILL');
  server = null;
});

describe('embedded database durability', () => {
  it('keeps a committed account after kill -9', async () => {
    server = await startServer();
    const phone = '0551234567';
    const { otpCode } = (await (await post('/api/auth/send-otp', { phone })).json()) as {
      otpCode: string;
    };
    expect(
      (await post('/api/auth/verify-otp', { phone, otp: otpCode, password: 'secret123' })).status,
    ).toBe(200);

    server.kill('SIGKILL');
    await new Promise((resolve) => server?.once('exit', resolve));
    server = await startServer();

    const login = await post('/api/auth/login', { phone, password: 'secret123' });
    expect(login.status).toBe(200);
  }, 120_000);
});
