import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../db/client.js';

let app: FastifyInstance;
let database: DatabaseHandle;

beforeAll(async () => {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html lang="ar" dir="rtl"></html>',
  );
  writeFileSync(path.join(webRoot, 'assets', 'main-abc123.js'), 'console.log(1)');
  database = await openDatabase({ kind: 'pglite', dataDir: null });
  await database.migrate();
  app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database, webRoot });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('web app serving', () => {
  it('caches hashed assets for a year', async () => {
    const response = await app.inject({ url: '/assets/main-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/dashboard', '/referral/123', '/mobile-dashboard', '/no-such-page'])(
    'serves the app shell for the client route %s',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('dir="rtl"');
    },
  );

  it('answers unknown API paths with JSON 404', async () => {
    const response = await app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'المسار المطلوب غير موجود', code: 'NOT_FOUND' });
  });

  it('sends the security headers', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
  });
});

describe('health', () => {
  it('is alive and ready', async () => {
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });
});
