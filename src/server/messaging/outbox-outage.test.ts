import { eq } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboundMessages } from '../db/schema.js';
import type { SmsMessage, SmsSender } from '../integrations/sms.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { enqueueNotice } from './outbox.js';

// The database goes away while the outbox sends a claim's messages. The first
// message's "sent" cannot be recorded; the others of the claim must not go out meanwhile, or
// each would go twice once the lease ends.
const LEASE_MS = 9_000;

/** An SMS provider that, at its first call, makes the outbox's rows unwritable (locked). */
class LockingSender implements SmsSender {
  readonly provider = 'console';
  readonly sent: string[] = [];
  private locker: pg.Client | null = null;
  constructor(private readonly url: string) {}

  async send(message: SmsMessage) {
    this.sent.push(message.to);
    if (!this.locker) {
      this.locker = new pg.Client({ connectionString: this.url });
      await this.locker.connect();
      await this.locker.query('begin');
      await this.locker.query(`select id from outbound_messages for update`);
    }
    return { providerMessageId: `m-${this.sent.length}` };
  }

  async testConnection() {
    return { detail: 'locking: a test sender' };
  }

  async unlock() {
    await this.locker?.query('commit');
    await this.locker?.end();
  }
}

let sender: LockingSender;
const t = sharedTestApp(
  {},
  {
    sms: {
      provider: 'console',
      send: (message) => sender.send(message),
      testConnection: () => sender.testConnection(),
    },
    outbox: { leaseMs: LEASE_MS, pollMs: 3_600_000 },
  },
);
beforeAll(() => {
  sender = new LockingSender(t.database.url);
});

describe('an outage while a claim is sent', () => {
  it('sends nothing more once a "sent" cannot be recorded, so only that one message goes twice', async () => {
    const phones = ['0551000001', '0551000002', '0551000003'];
    for (const [i, to] of phones.entries()) {
      await enqueueNotice(t.database.db, { to, body: `رسالة ${i}`, cause: `outage-test-${i}` });
    }
    // The first send locks the rows: its record waits out the statement deadline and is given
    // up short of the lease; the other two are not sent.
    await t.app.outbox.drain();
    expect(sender.sent).toHaveLength(1);

    // The database answers again; once the lease has ended every message goes out.
    await sender.unlock();
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS));
    await t.app.outbox.drain();
    const rows = await t.database.db
      .select({ status: outboundMessages.status })
      .from(outboundMessages)
      .where(eq(outboundMessages.kind, 'security_notice'));
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    // Each once, and the first (whose record was lost) once more.
    const [first] = sender.sent;
    expect([...sender.sent].sort()).toEqual([...phones, first].sort());
  }, 60_000);
});
