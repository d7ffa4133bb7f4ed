import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEndpoints } from '#contract/auth';
import { Client, spawnMain, whenExited } from './test-support/server-process.js';
import { PRODUCTION_PROVIDER_ENV, PRODUCTION_SMS_ENV } from './test-support/test-app.js';

// The real server process (src/server/main.ts, as `npm start` runs it) refuses
// the two unsafe starts, and a plain start is the loopback-only development demo.
function start(env: Record<string, string>): {
  exited: Promise<{ code: number | null; output: string }>;
  stop: () => void;
} {
  const child = spawnMain({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shareek-fail-closed-')),
    LOG_LEVEL: 'warn',
    ...env,
  });
  return {
    exited: whenExited(child),
    // As a supervisor stops it, so it stops its embedded PostgreSQL too.
    stop: () => child.kill('SIGTERM'),
  };
}

describe('fail-closed defaults (real process)', () => {
  it('outside production, refuses to listen on a non-loopback address, naming HOST and NODE_ENV', async () => {
    const { code, output } = await start({ HOST: '0.0.0.0', PORT: '0' }).exited;
    expect(code).not.toBe(0);
    expect(output).toContain('HOST');
    expect(output).toContain('NODE_ENV=production');
  });

  it('production refuses to start with no super-admin and no bootstrap phone', async () => {
    const { code, output } = await start({
      NODE_ENV: 'production',
      ...PRODUCTION_SMS_ENV,
      ...PRODUCTION_PROVIDER_ENV,
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL: 'https://example.sa',
      EMBEDDED_DATABASE: 'true',
    }).exited;
    expect(code).not.toBe(0);
    expect(output).toContain('BOOTSTRAP_SUPERADMIN_PHONE');
  });

  it('a plain start serves the development demo on 127.0.0.1 only', async () => {
    const port = 3990 + Math.floor(Math.random() * 9);
    const server = start({ PORT: String(port) });
    try {
      let ready = false;
      for (let i = 0; i < 300 && !ready; i++) {
        ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(ready).toBe(true);
      const base = `http://127.0.0.1:${port}`;
      const sent = await new Client(base).call(authEndpoints.sendOtp, {
        body: { phone: '0551234567' },
      });
      expect((await sent.json()).otpCode).toMatch(/^\d{4}$/);
      const login = await new Client(base).call(authEndpoints.login, {
        body: { phone: '0550000001', password: 'demo1234' },
      });
      expect(login.status).toBe(200);
    } finally {
      server.stop();
    }
  }, 90_000);
});
