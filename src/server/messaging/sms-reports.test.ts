import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { brokers, notifications, outboundMessages } from '../db/schema.js';
import { TaqnyatSmsSender } from '../integrations/taqnyat.js';
import { UnifonicSmsSender } from '../integrations/unifonic.js';
import { anAdminRow } from '../test-support/factories.js';
import { type FakeTaqnyat, startFakeTaqnyat } from '../test-support/fakes/taqnyat.js';
import { type FakeUnifonic, startFakeUnifonic } from '../test-support/fakes/unifonic.js';
import { LogLines } from '../test-support/log-lines.js';
import { createTestApp, nextPhone, type TestApp } from '../test-support/test-app.js';
import { enqueueMessage } from './outbox.js';
import { linkDeliveryOf } from './tenant-link.js';

// Unifonic's delivery reports move a message to delivered or failed,
// confirmed with Unifonic first; and a send whose answer never came is not sent again blindly.

const SECRET = 'report-secret-0123456789abcdefghijklmnop';
const OUTBOX = {
  backoffBaseMs: 20,
  leaseMs: 2_000,
  retryForMs: 60_000,
  pollMs: 3_600_000,
  unconfirmedWaitMs: 1_000,
};
const intl = (phone: string) => `966${phone.slice(1)}`;

let unifonic: FakeUnifonic;
let taqnyat: FakeTaqnyat;
beforeAll(async () => {
  [unifonic, taqnyat] = await Promise.all([startFakeUnifonic(), startFakeTaqnyat()]);
});
afterAll(async () => {
  await Promise.all([unifonic.close(), taqnyat.close()]);
});
afterEach(() => {
  unifonic.latencyMs = 0;
  taqnyat.down = null;
});

/** The app on Unifonic (short time limit), listening so the fake can post its reports. */
async function onUnifonic(logStream?: LogLines): Promise<{ t: TestApp; reports: string }> {
  const t = await createTestApp(
    {
      SMS_PROVIDER: 'unifonic',
      UNIFONIC_APP_SID: 'test-app-sid',
      UNIFONIC_SENDER_ID: 'Shareek',
      UNIFONIC_BASE_URL: unifonic.url,
      UNIFONIC_REPORT_SECRET: SECRET,
      ...(logStream ? { LOG_LEVEL: 'info' } : {}),
    },
    {
      sms: new UnifonicSmsSender({
        appSid: 'test-app-sid',
        senderId: 'Shareek',
        baseUrl: unifonic.url,
        timeoutMs: 300,
      }),
      outbox: OUTBOX,
      ...(logStream ? { logStream } : {}),
    },
  );
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, reports: `${base}/api/webhooks/sms/unifonic/${SECRET}` };
}

/** A referral of a fresh broker, for the tenant link's row to belong to. */
async function aReferral(t: TestApp): Promise<string> {
  const [broker] = await t.database.db
    .insert(brokers)
    .values({
      phone: nextPhone(),
      passwordHash: 'not-a-hash',
      brokerCode: `SH-R${Math.floor(Math.random() * 1e6)}`,
      fullName: 'وسيط',
      isActive: true,
    })
    .returning({ id: brokers.id });
  const result = (await t.database.db.execute(sql`
    insert into referrals (broker_id, tenant_phone, status, form_token)
    values (${broker?.id}, ${nextPhone()}, 'pending_completion', ${`token-${Math.random()}`})
    returning id`)) as unknown as { rows: { id: string }[] };
  return result.rows[0]?.id ?? '';
}

/** Queues a message (the tenant's link, or a status update) and returns its row. */
async function queue(
  t: TestApp,
  kind: 'tenant_link' | 'status_update',
  to: string,
  referralId: string | null = null,
) {
  const cause = `test-${Math.random()}`;
  await enqueueMessage(t.database.db, false, {
    kind,
    to,
    purpose: kind,
    parameters: ['شريك', 'https://example.sa/s/abc', 'نص'],
    cause,
    referralId,
  });
  const [row] = await t.database.db
    .select()
    .from(outboundMessages)
    .where(eq(outboundMessages.dedupeKey, `${cause}:sms`));
  if (!row) throw new Error('not queued');
  return row;
}

const rowById = async (t: TestApp, id: string) =>
  (await t.database.db.select().from(outboundMessages).where(eq(outboundMessages.id, id)))[0];

const alertsOf = (t: TestApp, adminId: string) =>
  t.database.db.select().from(notifications).where(eq(notifications.brokerId, adminId));

describe("Unifonic's delivery reports", () => {
  it('a delivered report moves the message to delivered, after Unifonic confirms it', async () => {
    const { t, reports } = await onUnifonic();
    try {
      const row = await queue(t, 'status_update', nextPhone());
      await t.app.outbox.drain();
      expect((await rowById(t, row.id))?.status).toBe('sent');
      unifonic.deliver(row.id);
      expect(await unifonic.report(row.id, { url: reports })).toBe(200);
      const after = await rowById(t, row.id);
      expect(after?.status).toBe('delivered');
      expect(after?.deliveredAt).toBeInstanceOf(Date);
      // Confirmed by its CorrelationID, our row's id.
      expect(unifonic.queries.at(-1)?.correlationId).toBe(row.id);
    } finally {
      await t.close();
    }
  });

  it('a link filtered by the operators fails as content, the admins are told, and the broker may resend it', async () => {
    const { t, reports } = await onUnifonic();
    try {
      const adminId = (await anAdminRow(t)).id;
      const referralId = await aReferral(t);
      const row = await queue(t, 'tenant_link', nextPhone(), referralId);
      await t.app.outbox.drain();
      expect((await linkDeliveryOf(t.database.db, referralId))?.canResend).toBe(false);
      unifonic.fail(row.id, 'Undelivered', { errorCode: 'ER-07' });
      expect(await unifonic.report(row.id, { url: reports, as: 'form' })).toBe(200);
      const after = await rowById(t, row.id);
      expect(after).toMatchObject({ status: 'failed', errorKind: 'content' });
      expect(after?.lastError).toMatch(/^ER-07: .*link whose domain is not registered/);
      expect(await linkDeliveryOf(t.database.db, referralId)).toMatchObject({
        status: 'failed',
        canResend: true,
      });
      expect((await alertsOf(t, adminId)).map((n) => n.title)).toContain('تعذر إرسال الرسائل');
    } finally {
      await t.close();
    }
  });

  it('a forged report changes nothing: Unifonic still says the message is on its way', async () => {
    const { t, reports } = await onUnifonic();
    try {
      const row = await queue(t, 'status_update', nextPhone());
      await t.app.outbox.drain();
      const sent = await rowById(t, row.id);
      const forged = await fetch(reports, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ MessageID: sent?.providerMessageId, DLR: 'Undeliverable' }),
      });
      // Not confirmed by Unifonic's records (yet): to be sent again, and nothing moved.
      expect(forged.status).toBe(503);
      expect((await rowById(t, row.id))?.status).toBe('sent');
    } finally {
      await t.close();
    }
  });

  it('a report before the send is recorded is asked again later (503), and then applies', async () => {
    const { t, reports } = await onUnifonic();
    try {
      const row = await queue(t, 'status_update', nextPhone());
      await t.app.outbox.drain();
      unifonic.deliver(row.id);
      await t.database.db
        .update(outboundMessages)
        .set({ status: 'sending' })
        .where(eq(outboundMessages.id, row.id));
      expect(await unifonic.report(row.id, { url: reports })).toBe(503);
      await t.database.db
        .update(outboundMessages)
        .set({ status: 'sent' })
        .where(eq(outboundMessages.id, row.id));
      expect(await unifonic.report(row.id, { url: reports })).toBe(200);
      expect((await rowById(t, row.id))?.status).toBe('delivered');
    } finally {
      await t.close();
    }
  });

  it("a failure Unifonic's records show without a code takes the report's code", async () => {
    const { t, reports } = await onUnifonic();
    try {
      const row = await queue(t, 'status_update', nextPhone());
      await t.app.outbox.drain();
      unifonic.fail(row.id);
      const response = await fetch(reports, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ CorrelationID: row.id, DLR: 'Undeliverable', errorCode: 'ER-07' }),
      });
      expect(response.status).toBe(200);
      expect(await rowById(t, row.id)).toMatchObject({ status: 'failed', errorKind: 'content' });
    } finally {
      await t.close();
    }
  });

  it('a wrong secret is a 404 that reads nothing, and the secret never reaches the log', async () => {
    const logs = new LogLines();
    const { t, reports } = await onUnifonic(logs);
    try {
      const row = await queue(t, 'status_update', nextPhone());
      await t.app.outbox.drain();
      unifonic.deliver(row.id);
      const queries = unifonic.queries.length;
      const wrong = reports.replace(SECRET, `${SECRET.slice(0, -1)}x`);
      expect(await unifonic.report(row.id, { url: wrong })).toBe(404);
      expect(unifonic.queries).toHaveLength(queries);
      expect((await rowById(t, row.id))?.status).toBe('sent');
      expect(await unifonic.report(row.id, { url: reports })).toBe(200);
      expect(logs.text).toContain('/api/webhooks/sms/unifonic/***');
      expect(logs.text).not.toContain(SECRET);
    } finally {
      await t.close();
    }
  });

  it('Unifonic unreachable while confirming: 503, so Unifonic sends the report again', async () => {
    const { t, reports } = await onUnifonic();
    try {
      const row = await queue(t, 'status_update', nextPhone());
      await t.app.outbox.drain();
      unifonic.deliver(row.id);
      unifonic.queryFailure = { status: 599 };
      expect(await unifonic.report(row.id, { url: reports })).toBe(503);
      expect((await rowById(t, row.id))?.status).toBe('sent');
      unifonic.queryFailure = null;
      expect(await unifonic.report(row.id, { url: reports })).toBe(200);
      expect((await rowById(t, row.id))?.status).toBe('delivered');
    } finally {
      await t.close();
    }
  });
});

describe('a send whose answer never came is not sent again blindly', () => {
  it('Unifonic: the next attempt asks by CorrelationID, finds it and records it sent: one SMS', async () => {
    const { t } = await onUnifonic();
    try {
      const phone = nextPhone();
      const row = await queue(t, 'tenant_link', phone);
      // Unifonic takes the message but answers after our time limit.
      unifonic.latencyMs = 1_000;
      await t.app.outbox.drain();
      const first = await rowById(t, row.id);
      expect(first).toMatchObject({ status: 'queued', errorKind: 'transient' });
      expect(first?.unconfirmedAt).toBeInstanceOf(Date);
      unifonic.latencyMs = 0;
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      await t.app.outbox.drain();
      const after = await rowById(t, row.id);
      expect(after?.status).toBe('sent');
      expect(after?.providerMessageId).not.toBeNull();
      expect(unifonic.received.filter((r) => r.recipient === intl(phone))).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('Unifonic: not found at the provider (it never arrived): sent again, once', async () => {
    const { t } = await onUnifonic();
    try {
      const phone = nextPhone();
      const row = await queue(t, 'status_update', phone);
      await t.database.db
        .update(outboundMessages)
        .set({ unconfirmedAt: new Date() })
        .where(eq(outboundMessages.id, row.id));
      await t.app.outbox.drain();
      expect((await rowById(t, row.id))?.status).toBe('sent');
      expect(unifonic.received.filter((r) => r.recipient === intl(phone))).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('Taqnyat, which cannot be asked: a status update is left failed as unconfirmed; a tenant link is sent again', async () => {
    const t = await createTestApp(
      { SMS_PROVIDER: 'taqnyat', TAQNYAT_TOKEN: 'test-taqnyat-token', TAQNYAT_SENDER: 'Shareek' },
      {
        sms: new TaqnyatSmsSender({
          token: 'test-taqnyat-token',
          sender: 'Shareek',
          baseUrl: taqnyat.url,
          timeoutMs: 300,
        }),
        outbox: OUTBOX,
      },
    );
    try {
      const update = await queue(t, 'status_update', nextPhone());
      const link = await queue(t, 'tenant_link', nextPhone());
      taqnyat.down = 'hang';
      await t.app.outbox.drain();
      const failed = await rowById(t, update.id);
      expect(failed).toMatchObject({ status: 'failed', errorKind: 'transient' });
      expect(failed?.lastError).toMatch(/^unconfirmed: timeout: .*not sent again/);
      expect((await rowById(t, link.id))?.status).toBe('queued');
      taqnyat.down = null;
      await new Promise((resolve) => setTimeout(resolve, 200));
      await t.app.outbox.drain();
      expect((await rowById(t, link.id))?.status).toBe('sent');
      expect((await rowById(t, update.id))?.status).toBe('failed');
    } finally {
      await t.close();
    }
  });
});
