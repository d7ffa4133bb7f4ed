import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { outboundMessages } from '../db/schema.js';
import type { SmsSender } from '../integrations/sms.js';
import { errorLogFields } from '../plugins/log-safety.js';

const MAX_ATTEMPTS = 5;
const POLL_MS = 2_000;

export async function enqueueSms(
  db: Database,
  message: { to: string; body: string; referralId?: string | null },
): Promise<void> {
  await db.insert(outboundMessages).values({
    channel: 'sms',
    recipient: message.to,
    body: message.body,
    referralId: message.referralId ?? null,
  });
}

/**
 * Sends what is due. Each message is claimed with SKIP LOCKED, so several instances can run
 * workers on one database without sending a message twice. Failures retry with backoff.
 */
export async function deliverDueMessages(
  db: Database,
  sms: SmsSender,
  log: FastifyBaseLogger,
): Promise<number> {
  let delivered = 0;
  for (;;) {
    const handled = await db.transaction(async (tx) => {
      const [message] = await tx
        .select()
        .from(outboundMessages)
        .where(
          and(
            eq(outboundMessages.status, 'pending'),
            lte(outboundMessages.nextAttemptAt, new Date()),
          ),
        )
        .orderBy(outboundMessages.nextAttemptAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!message) return false;
      try {
        await sms.send({
          to: message.recipient,
          body: message.body,
          purpose: 'tenant_link',
          messageId: message.id,
        });
        await tx
          .update(outboundMessages)
          .set({
            status: 'sent',
            sentAt: new Date(),
            attempts: message.attempts + 1,
            lastError: null,
          })
          .where(eq(outboundMessages.id, message.id));
        delivered += 1;
      } catch (error) {
        const attempts = message.attempts + 1;
        log.warn(
          { ...errorLogFields(error), messageId: message.id, attempts },
          'message delivery failed',
        );
        await tx
          .update(outboundMessages)
          .set({
            attempts,
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            lastError: error instanceof Error ? error.message.slice(0, 500) : 'unknown error',
            nextAttemptAt: sql`now() + make_interval(secs => ${2 ** attempts * 5})`,
          })
          .where(eq(outboundMessages.id, message.id));
      }
      return true;
    });
    if (!handled) return delivered;
  }
}

/**
 * Polls the outbox in the background; `kick` delivers at once after a new message. `stop`
 * waits for a delivery under way, so the database is never closed beneath it.
 */
export function startOutboxWorker(db: Database, sms: SmsSender, log: FastifyBaseLogger) {
  let current: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (current || stopped) return;
    current = deliverDueMessages(db, sms, log)
      .then(() => undefined)
      .catch((error: unknown) => log.error(errorLogFields(error), 'outbox worker failed'))
      .finally(() => {
        current = null;
      });
  };
  const timer = setInterval(run, POLL_MS);
  timer.unref();
  return {
    kick: run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
