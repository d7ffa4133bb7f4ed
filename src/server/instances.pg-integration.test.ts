import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminMessagingEndpoints } from '#contract/admin/messaging';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { adminSettingsEndpoints } from '#contract/admin/settings';
import { authEndpoints } from '#contract/auth';
import { brokerEndpoints } from '#contract/brokers';
import { commissionEndpoints } from '#contract/commissions';
import { notificationEndpoints } from '#contract/notifications';
import { referralEndpoints } from '#contract/referrals';
import { present } from './test-support/endpoints.js';
import {
  activeBroker,
  Client,
  cleanUp,
  freshPostgres,
  startServer,
  uniquePhone,
} from './test-support/server-process.js';

// Two servers on two ports against one PostgreSQL database act as one.
afterAll(cleanUp);

/** Reads a server-sent-events stream until `event` arrives; the milliseconds it took. */
async function waitForEvent(response: Response, event: string, timeoutMs: number) {
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no stream');
  const started = Date.now();
  const decoder = new TextDecoder();
  let text = '';
  const timer = setTimeout(() => void reader.cancel(), timeoutMs);
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) return null;
      text += decoder.decode(value);
      if (text.includes(`event: ${event}`)) return Date.now() - started;
    }
  } finally {
    clearTimeout(timer);
    void reader.cancel().catch(() => {});
  }
}

// TEST_DATABASE_URL's server, or the project's own cluster (test-support/postgres-server.ts).
const serverUrl = inject('postgresServerUrl');

describe('two instances act as one', () => {
  it('starting together they migrate once; sessions, limits, the outbox and live notifications are shared', async () => {
    const url = await freshPostgres(serverUrl);
    // Started at the same moment on an empty database: one migrates, the other waits for it.
    const [a, b] = await Promise.all([
      startServer({ DATABASE_URL: url }),
      startServer({ DATABASE_URL: url }),
    ]);

    // A session made on A is good on B; signing out on B ends it on A at once.
    const broker = await activeBroker(a.base);
    const onB = broker.rebase(b.base);
    expect((await onB.call(brokerEndpoints.profile)).status).toBe(200);

    // A live page on A hears a notification written by B (not the 30 s poll).
    const stream = await broker.call(notificationEndpoints.stream);
    expect(stream.status).toBe(200);
    const created = await broker.call(referralEndpoints.create, {
      body: { tenantPhone: uniquePhone() },
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const admin = new Client(b.base);
    expect(
      (
        await admin.call(authEndpoints.login, {
          body: { phone: '0550000002', password: 'demo1234' },
        })
      ).status,
    ).toBe(200);
    const heard = waitForEvent(stream, 'notification', 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      (
        await admin.call(adminReferralEndpoints.changeStatus, {
          params: { id },
          body: { status: 'under_review' },
        })
      ).status,
    ).toBe(200);
    const delay = await heard;
    expect(delay).not.toBeNull();
    expect(delay).toBeLessThan(5_000);

    // The tenant's link, queued on A, is sent once although both instances drain the outbox.
    const details = await (await broker.call(referralEndpoints.details, { params: { id } })).json();
    let messages: { status: string; attempts: number; channel: string }[] = [];
    for (let i = 0; i < 50; i++) {
      const page = await (
        await admin.call(adminMessagingEndpoints.outbox, { query: { phone: details.tenantPhone } })
      ).json();
      messages = page.items.filter((m) => m.channel === 'sms');
      if (messages.length > 0 && messages.every((m) => m.status !== 'queued')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ status: 'sent', attempts: 1 });

    expect((await onB.call(authEndpoints.logout)).status).toBe(200);
    expect((await broker.call(brokerEndpoints.profile)).status).toBe(401);

    // Wrong passwords on both count against one budget per phone (10 per window).
    const phone = uniquePhone();
    const victim = new Client(a.base);
    const sent = await victim.call(authEndpoints.sendOtp, { body: { phone } });
    const { otpCode } = await sent.json();
    await victim.call(authEndpoints.verifyOtp, {
      body: {
        phone,
        otp: present(otpCode, 'the code'),
        password: 'secret123',
      },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const server = i % 2 === 0 ? a : b;
      const response = await new Client(server.base).call(authEndpoints.login, {
        body: {
          phone,
          password: 'wrong-password',
        },
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
    expect(statuses.slice(0, 10).every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  }, 240_000);

  it('the commission rule kept in memory follows every change, from either instance or by hand', async () => {
    const url = await freshPostgres(serverUrl);
    const [a, b] = await Promise.all([
      startServer({ DATABASE_URL: url }),
      startServer({ DATABASE_URL: url }),
    ]);
    const database = new pg.Client({ connectionString: url });
    await database.connect();
    try {
      // An accepted referral of 80,000 a year: its potential commission follows the rule.
      const broker = await activeBroker(a.base);
      const created = await broker.call(referralEndpoints.create, {
        body: {
          tenantPhone: uniquePhone(),
          rent: 80_000,
        },
      });
      expect(created.status).toBe(201);
      const { id } = await created.json();
      await database.query(
        `update referrals set status = 'preparing_tenant_contract' where id = $1`,
        [id],
      );
      const onB = broker.rebase(b.base);
      const potentialOn = async (client: Client) => {
        const page = await (await client.call(commissionEndpoints.list)).json();
        return page.items.find((item) => item.status === 'potential')?.amount;
      };
      expect(await potentialOn(onB)).toBe('800.00');
      expect(await potentialOn(broker)).toBe('800.00');

      // The super-admin raises the rate on A: A uses it at once, B once the trigger's
      // announcement arrives (well within a second).
      const root = new Client(a.base);
      await root.call(authEndpoints.login, { body: { phone: '0550000001', password: 'demo1234' } });
      expect(
        (
          await root.call(adminSettingsEndpoints.set, {
            body: { key: 'commission_rate', value: '0.02' },
          })
        ).status,
      ).toBe(200);
      expect(await potentialOn(broker)).toBe('1600.00');
      const heardWithin = async (client: Client, amount: string) => {
        const started = Date.now();
        while (Date.now() - started < 5_000) {
          if ((await potentialOn(client)) === amount) return Date.now() - started;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return null;
      };
      expect(await heardWithin(onB, '1600.00')).not.toBeNull();

      // A change made by hand in the database is announced by the table's trigger too.
      await database.query(
        `update system_config set value = '0.015' where key = 'commission_rate'`,
      );
      expect(await heardWithin(broker, '1200.00')).not.toBeNull();
      expect(await heardWithin(onB, '1200.00')).not.toBeNull();

      // While the instances cannot hear announcements (their listening connections are cut),
      // they read the rule on every call: a change made then is in force at once, not after
      // a reconnection.
      const cut = await database.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query = 'listen shareek_settings'
           and pid <> pg_backend_pid()`,
      );
      expect(cut.rowCount).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await database.query(`update system_config set value = '0.03' where key = 'commission_rate'`);
      expect(await potentialOn(onB)).toBe('2400.00');
      expect(await heardWithin(broker, '2400.00')).not.toBeNull();
    } finally {
      await database.end();
    }
  }, 240_000);
});
