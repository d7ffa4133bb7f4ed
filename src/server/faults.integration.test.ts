import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminMessagingEndpoints } from '#contract/admin/messaging';
import { authEndpoints } from '#contract/auth';
import { referralEndpoints } from '#contract/referrals';
import { superadminEndpoints } from '#contract/superadmin';
import { startFakeUnifonic } from './test-support/fakes/unifonic.js';
import type { ApiError } from './test-support/responses.js';
import {
  activeBroker,
  Client,
  cleanUp,
  freshPostgres,
  kill9,
  startServer,
  uniquePhone,
} from './test-support/server-process.js';
import { TcpProxy } from './test-support/tcp-proxy.js';
import { unifonicEnv } from './test-support/unifonic-env.js';

// The real server process (src/server/main.ts, as `npm start` runs it) under
// kill -9 and under a PostgreSQL that stops answering.
/**
 * Eight clients create referrals as fast as they can until `stop` says so; what was
 * acknowledged (201) and every tenant phone that was tried.
 */
async function burst(broker: Client, stop: () => boolean) {
  const acknowledged: { id: string; tenantPhone: string }[] = [];
  const tried: string[] = [];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (!stop()) {
        const tenantPhone = uniquePhone();
        tried.push(tenantPhone);
        try {
          const response = await broker.call(referralEndpoints.create, {
            body: {
              tenantPhone,
              rent: 60000,
            },
          });
          if (response.status === 201) {
            acknowledged.push({ id: (await response.json()).id, tenantPhone });
          }
        } catch {
          return; // the server is gone
        }
      }
    }),
  );
  return { acknowledged, tried };
}

async function killDuringBurst(env: Record<string, string>) {
  let server = await startServer(env);
  let broker = await activeBroker(server.base);
  let killed = false;
  const load = burst(broker, () => killed);
  // Kill once some referrals are acknowledged and more are in flight.
  const started = Date.now();
  while (Date.now() - started < 30_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const count = await broker
      .call(referralEndpoints.list, { query: { pageSize: 1 } })
      .then((r) => r.json());
    if (count.total >= 15) break;
  }
  await kill9(server);
  killed = true;
  const { acknowledged, tried } = await load;
  expect(acknowledged.length).toBeGreaterThan(0);

  server = await startServer(env);
  broker = broker.rebase(server.base);
  const admin = new Client(server.base);
  await admin.call(authEndpoints.login, { body: { phone: '0550000001', password: 'demo1234' } });
  let present = 0;
  for (const tenantPhone of tried) {
    const list = await (
      await broker.call(referralEndpoints.list, { query: { phone: tenantPhone } })
    ).json();
    const mine = list.items.filter((r) => r.tenantPhone === tenantPhone);
    // Exactly once when acknowledged; at most once when the answer was lost in the kill.
    const wasAcknowledged = acknowledged.some((a) => a.tenantPhone === tenantPhone);
    expect(mine.length).toBe(wasAcknowledged ? 1 : mine.length > 0 ? 1 : 0);
    for (const referral of mine) {
      present++;
      // Nothing half-written: the tenant's link, its message and the audit row came with it.
      const details = await (
        await broker.call(referralEndpoints.details, { params: { id: referral.id } })
      ).json();
      expect(details.tenantFormUrl).toMatch(/^https?:\/\/\S+$/);
      expect(details.linkDelivery?.channel).toBe('sms');
      const audit = await (
        await admin.call(superadminEndpoints.auditLog, { query: { search: referral.id } })
      ).json();
      expect(audit.items.map((e) => e.action)).toContain('referral.create');
    }
  }
  expect(present).toBeGreaterThanOrEqual(acknowledged.length);
  return { acknowledged: acknowledged.length, present };
}

afterAll(cleanUp);

describe('faults (real process)', () => {
  it('kill -9 during a burst of referrals on the embedded database: every acknowledged referral exists once, whole', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shareek-faults-'));
    await killDuringBurst({ DATA_DIR: dataDir });
  }, 240_000);

  it('kill -9 while the outbox sends: each kill sends again at most the one message under way', async () => {
    const sms = await startFakeUnifonic({ appSid: 'faults-app-sid' });
    sms.latencyMs = 150;
    const env = {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shareek-faults-')),
      ...unifonicEnv(sms.url, 'faults-app-sid'),
    };
    try {
      let server = await startServer(env);
      // The code from the SMS the provider took (a server with a real provider never answers it).
      const broker = await activeBroker(
        server.base,
        async (phone) => (await sms.waitFor(phone, /\d{4}/))[0],
      );
      const tenants = Array.from({ length: 40 }, () => uniquePhone());
      for (const tenantPhone of tenants) {
        expect(
          (await broker.call(referralEndpoints.create, { body: { tenantPhone } })).status,
        ).toBe(201);
      }
      const links = (phone: string) =>
        sms.received.filter(
          (m) => m.recipient === `966${phone.slice(1)}` && m.body?.includes('/s/'),
        ).length;
      const sent = () => tenants.filter((phone) => links(phone) > 0).length;
      // Three kills, each while sends are under way (a few more links out since the last).
      const kills = 3;
      for (let k = 0; k < kills; k++) {
        const before = sent();
        while (sent() < Math.min(before + 3, tenants.length - (kills - k) * 5)) await sleep(20);
        await kill9(server);
        server = await startServer(env);
      }
      // Every tenant gets the link: what a killed server had claimed is sent once its lease
      // (60 s) ends.
      const deadline = Date.now() + 150_000;
      while (sent() < tenants.length && Date.now() < deadline) await sleep(250);
      expect(sent()).toBe(tenants.length);
      const repeated = tenants.reduce((n, phone) => n + links(phone) - 1, 0);
      expect(repeated).toBeLessThanOrEqual(kills);
    } finally {
      await sms.close();
    }
  }, 240_000);

  // A PostgreSQL server to point at (TEST_DATABASE_URL's, or the project's own cluster).
  const serverUrl = inject('postgresServerUrl');

  /** A fresh database on that server, reached through a proxy the test can cut or freeze. */
  async function databaseBehindProxy(): Promise<{ proxy: TcpProxy; direct: URL }> {
    const target = new URL(serverUrl);
    const proxy = await TcpProxy.start({
      host: target.hostname,
      port: Number(target.port || 5432),
    });
    const direct = new URL(await freshPostgres(serverUrl));
    direct.host = `127.0.0.1:${proxy.port}`;
    return { proxy, direct };
  }

  /** Once the database is back: the broker's reads answer within `ms`, and /readyz is 200. */
  async function answersAgainWithin(ms: number, base: string, broker: Client): Promise<void> {
    const back = Date.now();
    let status = 0;
    while (Date.now() - back < 15_000) {
      status = (await broker.call(referralEndpoints.list)).status;
      if (status === 200) break;
      await sleep(100);
    }
    expect(status).toBe(200);
    expect(Date.now() - back).toBeLessThan(ms);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  }
  it('kill -9 during a burst of referrals on PostgreSQL: every acknowledged referral exists once, whole', async () => {
    await killDuringBurst({ DATABASE_URL: await freshPostgres(serverUrl) });
  }, 240_000);

  it('PostgreSQL that accepts and never answers (hung): every call answers 503 within its deadline, /readyz not ready, and it heals', async () => {
    const { proxy, direct } = await databaseBehindProxy();
    // Statements 2 s (the client gives up 2 s later), connections 1 s.
    const server = await startServer({
      DATABASE_URL: direct.toString(),
      DATABASE_STATEMENT_TIMEOUT_SECONDS: '2',
      DATABASE_CONNECT_TIMEOUT_SECONDS: '1',
    });
    const broker = await activeBroker(server.base);
    expect((await broker.call(referralEndpoints.list)).status).toBe(200);

    proxy.freeze();
    const timed = async (call: () => Promise<Response>) => {
      const started = Date.now();
      const response = await call();
      return { response, ms: Date.now() - started };
    };
    const answers = await Promise.all([
      ...Array.from({ length: 14 }, (_, i) =>
        timed(() =>
          i % 2 === 0
            ? broker.call(referralEndpoints.list)
            : broker.call(referralEndpoints.create, { body: { tenantPhone: uniquePhone() } }),
        ),
      ),
      timed(() => fetch(`${server.base}/readyz`)),
    ]);
    const readiness = answers.pop();
    // Each within its deadline: a statement's 2 + 2 s, or a wait for a connection of 1 s
    // after the pool's connections were given up; never the minute a hung database takes.
    for (const { response, ms } of answers) {
      expect(response.status).toBe(503);
      const body = (await response.json()) as ApiError;
      expect(body.code).toBe('SERVICE_UNAVAILABLE');
      expect(body.message).toBe('الخدمة غير متاحة مؤقتاً، يرجى المحاولة بعد قليل');
      expect(ms).toBeLessThan(9_000);
    }
    expect(readiness?.response.status).toBe(503);
    expect(readiness?.ms).toBeLessThan(5_000);
    expect(server.child.exitCode).toBeNull();

    proxy.thaw();
    await answersAgainWithin(5_000, server.base, broker);
    await proxy.cut();
  }, 240_000);

  it('PostgreSQL gone for 2 s just as the provider takes a message: the send is still recorded once it is back, so nothing goes twice', async () => {
    const { proxy, direct } = await databaseBehindProxy();
    const sms = await startFakeUnifonic({ appSid: 'faults-app-sid' });
    try {
      const server = await startServer({
        DATABASE_URL: direct.toString(),
        ...unifonicEnv(sms.url, 'faults-app-sid'),
        LOG_LEVEL: 'info',
      });
      let output = '';
      server.child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      const broker = await activeBroker(
        server.base,
        async (phone) => (await sms.waitFor(phone, /\d{4}/))[0],
      );
      // The provider takes the tenant's link, and the database goes away before its answer.
      const tenantPhone = uniquePhone();
      const to = `966${tenantPhone.slice(1)}`;
      sms.latencyMs = 300;
      const created = await broker.call(referralEndpoints.create, { body: { tenantPhone } });
      expect(created.status).toBe(201);
      const { id } = await created.json();
      while (!sms.received.some((m) => m.recipient === to)) await sleep(5);
      await proxy.cut();
      await sleep(2_000);
      await proxy.restore();

      // Recorded as sent once the database is back: not left `sending` for a second send.
      const admin = new Client(server.base);
      await admin.call(authEndpoints.login, {
        body: { phone: '0550000002', password: 'demo1234' },
      });
      let status = '';
      const back = Date.now();
      while (Date.now() - back < 10_000 && status !== 'sent') {
        const outbox = await admin.call(adminMessagingEndpoints.outbox, {
          query: { phone: tenantPhone },
        });
        if (outbox.status === 200) {
          const page = await outbox.json();
          status = page.items.find((m) => m.referralId === id && m.channel === 'sms')?.status ?? '';
        }
        await sleep(200);
      }
      expect(status).toBe('sent');
      expect(output).not.toContain('sent, not recorded');
      expect(sms.received.filter((m) => m.recipient === to)).toHaveLength(1);
    } finally {
      await sms.close();
      await proxy.cut();
    }
  }, 240_000);

  it('PostgreSQL stopped under load: 503 with an Arabic message, /readyz not ready, the process stays up and recovers by itself', async () => {
    const { proxy, direct } = await databaseBehindProxy();
    const server = await startServer({ DATABASE_URL: direct.toString() });
    const broker = await activeBroker(server.base);
    expect((await broker.call(referralEndpoints.list)).status).toBe(200);

    await proxy.cut();
    const startedAt = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? broker.call(referralEndpoints.list)
          : broker.call(referralEndpoints.create, { body: { tenantPhone: uniquePhone() } }),
      ),
    );
    // Fail fast: every call answered within the 3 s connection timeout, not hung.
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      const body = await answer.json<ApiError>();
      expect(body.code).toBe('SERVICE_UNAVAILABLE');
      expect(body.message).toBe('الخدمة غير متاحة مؤقتاً، يرجى المحاولة بعد قليل');
    }
    expect((await fetch(`${server.base}/readyz`)).status).toBe(503);
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();

    await proxy.restore();
    await answersAgainWithin(5_000, server.base, broker);
    await proxy.cut();
  }, 240_000);
});
