import { and, count, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxKind, TemplatePurpose } from '#domain';
import type { Database } from '../db/client.js';
import { type OutboundMessage, outboundMessages } from '../db/schema.js';
import { DeliveryError } from '../integrations/delivery.js';
import type { SmsPurpose } from '../integrations/sms.js';
import { errorLogFields, RepeatedFailureLog } from '../plugins/log-safety.js';
import { sendWebhook } from '../webhooks/delivery.js';
import { alertAdmins } from './alerts.js';
import type { Channels } from './channels.js';
import { runCrmCall } from './crm.js';
import { messagingSettings } from './settings.js';
import { renderTemplate, templateFor } from './templates.js';

/**
 * Transient failures and rate limits are retried until the row is this old: a provider outage
 * of hours delays messages, it does not lose them. After it, `failed` (an admin may retry).
 */
const RETRY_FOR_MS = 24 * 60 * 60 * 1000;
/** The longest wait between two attempts. */
const MAX_BACKOFF_MS = 30 * 60 * 1000;
const POLL_MS = 2_000;
const BATCH = 5;
/** How long a `sent` that cannot be written is tried again, short of the lease's end. */
const RECORD_MARGIN_MS = 5_000;

/** A database or a transaction: rows are written in the transaction of their cause. */
type Writer = Pick<Database, 'insert' | 'select'>;

export type MessageInput = {
  kind: Extract<
    OutboxKind,
    | 'tenant_link'
    | 'status_update'
    | 'fal_license_reminder'
    | 'broker_nudge'
    | 'broker_message'
    | 'broker_broadcast'
    | 'office_invitation'
    | 'test'
  >;
  to: string;
  purpose: TemplatePurpose;
  parameters: string[];
  /** What caused it, unique: the same cause never queues a second message per channel. */
  cause: string;
  referralId?: string | null;
};

/**
 * Queues messages on the admin's preferred channel (SMS when WhatsApp is not configured): one
 * row per message and channel, keyed `cause:channel`, so a repeated cause queues nothing new.
 * Answers how many rows it queued (0 for repeated causes).
 */
export async function enqueueMessages(
  db: Writer,
  whatsappConfigured: boolean,
  inputs: readonly MessageInput[],
): Promise<number> {
  if (inputs.length === 0) return 0;
  const { preferredChannel } = await messagingSettings(db);
  const channels: ('sms' | 'whatsapp')[] =
    !whatsappConfigured || preferredChannel === 'sms'
      ? ['sms']
      : preferredChannel === 'whatsapp'
        ? ['whatsapp']
        : ['whatsapp', 'sms'];
  const rows = inputs.flatMap((input) => {
    const template = templateFor(input.purpose);
    return channels.map((channel) => ({
      channel,
      kind: input.kind,
      dedupeKey: `${input.cause}:${channel}`,
      recipient: input.to,
      body: renderTemplate(template, input.parameters),
      payload: {
        template: template.name,
        language: template.language,
        parameters: input.parameters,
      },
      referralId: input.referralId ?? null,
    }));
  });
  let queued = 0;
  // A broadcast's notices in statements of a bounded size (PostgreSQL takes 65,535 parameters).
  for (let start = 0; start < rows.length; start += ENQUEUE_CHUNK) {
    const inserted = await db
      .insert(outboundMessages)
      .values(rows.slice(start, start + ENQUEUE_CHUNK))
      .onConflictDoNothing({ target: outboundMessages.dedupeKey })
      .returning({ id: outboundMessages.id });
    queued += inserted.length;
  }
  return queued;
}

/** Rows one insert of enqueueMessages writes at most. */
const ENQUEUE_CHUNK = 1000;

/** Queues one message (enqueueMessages); answers how many rows it queued. */
export const enqueueMessage = (
  db: Writer,
  whatsappConfigured: boolean,
  input: MessageInput,
): Promise<number> => enqueueMessages(db, whatsappConfigured, [input]);

/**
 * Queues a security notice to an account's owner (password changed, code budget spent). SMS
 * only: it has no WhatsApp template, and the owner's number is the one they signed in with.
 */
export async function enqueueNotice(
  db: Writer,
  notice: { to: string; body: string; cause: string },
): Promise<void> {
  await db
    .insert(outboundMessages)
    .values({
      channel: 'sms',
      kind: 'security_notice',
      dedupeKey: `${notice.cause}:sms`,
      recipient: notice.to,
      body: notice.body,
    })
    .onConflictDoNothing({ target: outboundMessages.dedupeKey });
}

/** One page of outbox rows matching `where`, newest first, with their count (both logs). */
export async function outboxPage(db: Database, where: SQL | undefined, page: number, size: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outboundMessages)
      .where(where)
      .orderBy(desc(outboundMessages.createdAt), desc(outboundMessages.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ value: count() }).from(outboundMessages).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export type CrmInput = {
  kind: 'crm_lead' | 'crm_update';
  referralId: string;
  tenantPhone: string;
  cause: string;
};

/** Queues a Zoho CRM call for a referral; its fields are read when it is sent. */
export async function enqueueCrm(db: Writer, input: CrmInput): Promise<void> {
  await db
    .insert(outboundMessages)
    .values({
      channel: 'crm',
      kind: input.kind,
      dedupeKey: `${input.cause}:crm`,
      recipient: input.tenantPhone,
      body: '',
      referralId: input.referralId,
    })
    .onConflictDoNothing({ target: outboundMessages.dedupeKey });
}

export type OutboxOptions = {
  /** How long a claimed row is ours; after it, another worker may take it again. */
  leaseMs?: number;
  /** The base of the exponential backoff (attempt n waits base × 2^(n-1), ±20 %). */
  backoffBaseMs?: number;
  /** How long after it was queued a row is still retried (24 h). */
  retryForMs?: number;
  /**
   * The least wait before a message whose attempt got no answer is asked about at its provider
   * (60 s): asked at once, a provider that took it may not list it yet.
   */
  unconfirmedWaitMs?: number;
  pollMs?: number;
  /** Production: webhooks go over https only (src/server/webhooks/delivery.ts). */
  webhookRequireHttps?: boolean;
  /**
   * Told of the worker's unexpected failures (an error report): a run that failed (once a run
   * of failures), a delivery that threw something other than a provider's refusal, a sent
   * message that could not be recorded.
   */
  report?: (error: unknown) => void;
  /** Told of each run of the worker and how it ended (job_runs_total). */
  counted?: (outcome: 'ok' | 'failed') => void;
};

type Deps = { db: Database; channels: Channels; log: FastifyBaseLogger } & Required<
  Omit<OutboxOptions, 'pollMs'>
> & { stopping: () => boolean };

/**
 * Claims due rows in one short statement (`FOR UPDATE SKIP LOCKED`, so instances never take
 * the same row), marking them `sending` under a lease: `next_attempt_at` becomes the lease's
 * end, so a row whose worker died is due again once it expires. This is the record before the
 * provider's call; `recordSent` or `recordFailure` is the one after.
 */
async function claim(deps: Deps, dueBy: Date): Promise<OutboundMessage[]> {
  const { db } = deps;
  const due = db
    .select({ id: outboundMessages.id })
    .from(outboundMessages)
    .where(
      and(
        inArray(outboundMessages.status, ['queued', 'sending']),
        lte(outboundMessages.nextAttemptAt, dueBy),
        // A referral's CRM calls go one at a time, oldest first (two at once would both find
        // no lead and create two).
        sql`not (${outboundMessages.channel} = 'crm' and exists (
          select 1 from outbound_messages earlier
          where earlier.referral_id = ${outboundMessages.referralId}
            and earlier.channel = 'crm'
            and earlier.id <> ${outboundMessages.id}
            and earlier.status in ('queued', 'sending')
            and earlier.created_at < ${outboundMessages.createdAt}))`,
      ),
    )
    // Messages before webhook calls: an endpoint that hangs (5 s a try) never holds up a
    // tenant's link or a code notice for longer than one batch.
    .orderBy(sql`${outboundMessages.channel} = 'webhook'`, outboundMessages.nextAttemptAt)
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(outboundMessages)
    .set({
      status: 'sending',
      // A row still `sending` is one whose worker's lease ran out mid-call (a crash): the
      // provider may have taken it, so it is unconfirmed.
      unconfirmedAt: sql`case when ${outboundMessages.status} = 'sending' then now() else ${outboundMessages.unconfirmedAt} end`,
      claimToken: sql`gen_random_uuid()`,
      attempts: sql`${outboundMessages.attempts} + 1`,
      leaseUntil: sql`now() + make_interval(secs => ${deps.leaseMs / 1000})`,
      nextAttemptAt: sql`now() + make_interval(secs => ${deps.leaseMs / 1000})`,
    })
    .where(inArray(outboundMessages.id, due))
    .returning();
}

const SMS_PURPOSE: Record<OutboxKind, SmsPurpose> = {
  tenant_link: 'tenant_link',
  status_update: 'status_update',
  fal_license_reminder: 'fal_license_reminder',
  broker_nudge: 'broker_nudge',
  broker_message: 'broker_message',
  broker_broadcast: 'broker_broadcast',
  office_invitation: 'office_invitation',
  security_notice: 'security_notice',
  test: 'test',
  crm_lead: 'tenant_link',
  crm_update: 'tenant_link',
  webhook_event: 'tenant_link',
};

type TemplatePayload = { template: string; language: string; parameters: string[] };

function templatePayload(row: OutboundMessage): TemplatePayload {
  const { template, language, parameters } = row.payload;
  if (
    typeof template !== 'string' ||
    typeof language !== 'string' ||
    !Array.isArray(parameters) ||
    !parameters.every((p) => typeof p === 'string')
  ) {
    throw new DeliveryError('template', 'payload', 'الرسالة لا تحمل قالباً صالحاً');
  }
  return { template, language, parameters };
}

/** One call to the row's provider, outside any transaction. */
async function send(deps: Deps, row: OutboundMessage): Promise<string | null> {
  const { channels } = deps;
  if (row.channel === 'sms') {
    const asked = await askFirst(deps, row);
    if (asked !== undefined) return asked;
    const accepted = await channels.sms.send({
      to: row.recipient,
      body: row.body,
      purpose: SMS_PURPOSE[row.kind],
      messageId: row.id,
      unconfirmed: row.unconfirmedAt !== null,
    });
    return accepted.providerMessageId;
  }
  if (row.channel === 'whatsapp') {
    if (!channels.whatsapp) {
      throw new DeliveryError('config', 'not_configured', 'واتساب غير مُعدّ على الخادم');
    }
    const payload = templatePayload(row);
    const accepted = await channels.whatsapp.sendTemplate({
      to: row.recipient,
      template: payload.template,
      language: payload.language,
      parameters: payload.parameters,
      opaque: row.id,
    });
    return accepted.providerMessageId;
  }
  if (row.channel === 'webhook') {
    return sendWebhook(deps.db, row, {
      requireHttps: deps.webhookRequireHttps,
      warn: (message) => deps.log.warn(message),
    });
  }
  if (!channels.crm) {
    throw new DeliveryError(
      'config',
      'not_configured',
      'نظام إدارة العملاء (زوهو) غير مُعدّ على الخادم',
    );
  }
  return runCrmCall(deps.db, channels.crm, row);
}

/**
 * A message whose last attempt ended unconfirmed (the provider may have taken it) is not sent
 * again blindly where the provider can be asked (Unifonic, by CorrelationID = the row's id):
 * found, it is recorded as sent (or failed, as the provider reports it) without a second send;
 * not found, it is sent. Undefined: nothing to ask, send as usual.
 */
async function askFirst(deps: Deps, row: OutboundMessage): Promise<string | null | undefined> {
  const { sms } = deps.channels;
  if (row.unconfirmedAt === null || !sms.lookup) return undefined;
  const found = await sms.lookup(row.id);
  if (!found.found) return undefined;
  if (found.state === 'failed') {
    throw (
      found.failure ??
      new DeliveryError('recipient', found.code ?? 'undelivered', 'SMS: reported undelivered')
    );
  }
  deps.log.info({ messageId: row.id }, 'unconfirmed message found at the provider, not resent');
  return found.providerMessageId;
}

/**
 * After an unconfirmed attempt, where the provider cannot be asked (Taqnyat, WhatsApp: neither
 * documents a lookup nor de-duplicates a repeated request): a tenant's form link is sent again
 * (a duplicate SMS costs less than a tenant who never gets the link); anything else is not,
 * and is left failed for an admin to retry from the outbox (decision 056).
 */
const resendWhenUnconfirmed = (deps: Deps, row: OutboundMessage) =>
  (row.channel === 'sms' && deps.channels.sms.lookup !== undefined) || row.kind === 'tenant_link';

/** Exponential backoff (capped) with ±20 % jitter, so instances retrying together spread out. */
function backoffMs(deps: Deps, attempts: number): number {
  const base = Math.min(deps.backoffBaseMs * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/**
 * This claim of the row, and no other: the lease may have expired and the row been taken
 * again, or an admin may have queued it anew.
 */
const ours = (row: OutboundMessage) =>
  and(
    eq(outboundMessages.id, row.id),
    eq(outboundMessages.status, 'sending'),
    row.claimToken ? eq(outboundMessages.claimToken, row.claimToken) : sql`false`,
  );

async function recordSent(deps: Deps, row: OutboundMessage, providerMessageId: string | null) {
  // No webhook moves a row while it is `sending` (webhook.ts leaves its statuses for later).
  await deps.db
    .update(outboundMessages)
    .set({
      status: 'sent',
      // This attempt's id and time, not an earlier attempt's: a retried message's statuses name
      // the new id, and a replayed status of the failed attempt then matches nothing.
      providerMessageId,
      sentAt: sql`now()`,
      leaseUntil: null,
      lastError: null,
      errorKind: null,
      unconfirmedAt: null,
    })
    .where(ours(row));
}

async function recordFailure(deps: Deps, row: OutboundMessage, error: unknown): Promise<void> {
  // A provider's refusal is the provider's; anything else is a fault of ours.
  if (!(error instanceof DeliveryError)) deps.report(error);
  const failure =
    error instanceof DeliveryError
      ? error
      : new DeliveryError('transient', 'internal', 'خطأ غير متوقع أثناء الإرسال');
  const lastError = `${failure.code}: ${failure.message}`.slice(0, 300);
  deps.log.warn(
    {
      messageId: row.id,
      channel: row.channel,
      kind: failure.kind,
      code: failure.code,
      attempts: row.attempts,
    },
    'outbox delivery failed',
  );
  const unconfirmed = failure.unconfirmed && toPeople(row);
  if (unconfirmed && !resendWhenUnconfirmed(deps, row)) {
    await deps.db
      .update(outboundMessages)
      .set({
        status: 'failed',
        leaseUntil: null,
        lastError: `unconfirmed: ${lastError}; not sent again, it may have arrived`.slice(0, 300),
        errorKind: failure.kind,
        unconfirmedAt: sql`now()`,
      })
      .where(ours(row));
    return;
  }
  const retry =
    (failure.kind === 'transient' || failure.kind === 'rate') &&
    Date.now() - row.createdAt.getTime() < deps.retryForMs;
  if (retry) {
    // An unconfirmed message is asked about before it is sent again: not before the provider
    // has had time to list it.
    const asked = unconfirmed && row.channel === 'sms' && deps.channels.sms.lookup !== undefined;
    const wait = Math.max(
      backoffMs(deps, row.attempts),
      failure.retryAfterMs ?? 0,
      asked ? deps.unconfirmedWaitMs : 0,
    );
    await deps.db
      .update(outboundMessages)
      .set({
        status: 'queued',
        leaseUntil: null,
        lastError,
        errorKind: failure.kind,
        nextAttemptAt: sql`now() + make_interval(secs => ${wait / 1000})`,
        ...(unconfirmed ? { unconfirmedAt: sql`now()` } : {}),
      })
      .where(ours(row));
    return;
  }
  const [failed] = await deps.db
    .update(outboundMessages)
    .set({
      status: 'failed',
      leaseUntil: null,
      lastError,
      errorKind: failure.kind,
      // What it failed with is known now: a retry by an admin starts afresh.
      unconfirmedAt: null,
    })
    .where(ours(row))
    .returning({ id: outboundMessages.id });
  if (!failed) return;
  await afterFailure(deps, row, failure.kind);
}

/**
 * A message that cannot go: an admin is told when the set-up is at fault (credentials, sender,
 * template, a text the operator filters), and a WhatsApp message goes by SMS instead when fallback is on.
 */
async function afterFailure(deps: Deps, row: OutboundMessage, kind: DeliveryError['kind']) {
  // A webhook fails for want of an endpoint, which super-admins turned off themselves.
  if (row.channel === 'webhook') return;
  if (kind === 'config' || kind === 'template' || kind === 'content') {
    await alertAdmins(deps.db, row.channel);
  }
  if (row.channel === 'whatsapp' && (await messagingSettings(deps.db)).fallbackEnabled) {
    await fallBackToSms(deps.db, row);
  }
}

/** Queues the SMS that says what a failed WhatsApp message said (once per cause). */
export async function fallBackToSms(db: Writer, row: OutboundMessage): Promise<void> {
  await db
    .insert(outboundMessages)
    .values({
      channel: 'sms',
      kind: row.kind,
      dedupeKey: row.dedupeKey.replace(/:whatsapp$/, ':sms'),
      recipient: row.recipient,
      body: row.body,
      referralId: row.referralId,
      fallbackOf: row.id,
    })
    .onConflictDoNothing({ target: outboundMessages.dedupeKey });
}

/** Delivers one claimed row; false when the provider took it and that could not be recorded. */
async function deliver(deps: Deps, row: OutboundMessage): Promise<boolean> {
  let providerMessageId: string | null;
  try {
    providerMessageId = await send(deps, row);
  } catch (error) {
    deps.channels.count(row.channel, error);
    await recordFailure(deps, row, error);
    return true;
  }
  deps.channels.count(row.channel);
  // The provider took it: not recording that would send it again once the lease expires. So
  // the write is tried again through a database outage until shortly before the lease ends
  // (each try bounded by the database deadlines); only then is the message given up to a
  // second send (logged and reported).
  const giveUpAt = (row.leaseUntil?.getTime() ?? Date.now()) - RECORD_MARGIN_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      await recordSent(deps, row, providerMessageId);
      return true;
    } catch (error) {
      const wait = Math.min(200 * attempt, 1_000);
      if (Date.now() + wait >= giveUpAt) {
        deps.log.error({ ...errorLogFields(error), messageId: row.id }, 'sent, not recorded');
        deps.report(error);
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** Messages a person receives: sent one at a time, so a crash can repeat only one. */
const toPeople = (row: OutboundMessage) => row.channel === 'sms' || row.channel === 'whatsapp';

/**
 * A message is sent only with this much of its lease left: a provider's call (5 s at most) and
 * the record after it fit, so no other instance claims it again while it is under way.
 */
const SEND_WITHIN_LEASE_MS = 15_000;

/**
 * Gives claimed rows that were not sent back to the queue at once (not at their lease's end).
 * With the database away this fails too, and the lease's end gives them back: never sent, so
 * never twice.
 */
async function unclaim(deps: Deps, rows: OutboundMessage[]): Promise<void> {
  for (const row of rows) {
    await deps.db
      .update(outboundMessages)
      .set({ status: 'queued', leaseUntil: null, nextAttemptAt: sql`now()` })
      .where(ours(row))
      .catch(() => {});
  }
}

/**
 * The messages people receive of one claim, one at a time. After a send that could not be
 * recorded (the database is away), and when the lease runs short, the rest wait for a later
 * run: at most the one message whose record was lost is sent twice.
 */
async function deliverOneAtATime(deps: Deps, rows: OutboundMessage[]): Promise<void> {
  for (const [index, row] of rows.entries()) {
    const leaseLeft = (row.leaseUntil?.getTime() ?? 0) - Date.now();
    if (deps.stopping() || leaseLeft < Math.min(SEND_WITHIN_LEASE_MS, deps.leaseMs / 2)) {
      await unclaim(deps, rows.slice(index));
      return;
    }
    if (!(await deliver(deps, row))) {
      await unclaim(deps, rows.slice(index + 1));
      return;
    }
  }
}

/**
 * Sends what was due when the run began, a few rows at a time (a row rescheduled during the
 * run waits for a later one). Each row is recorded as claimed before its provider's call and
 * as sent or failed after it, and the messages people receive go one at a time, so a crash or
 * an outage at any moment can send again only the one message whose call was under way.
 * Webhook and CRM calls (which their receivers tell apart by event id, or look up before
 * creating) go side by side, so an endpoint that hangs holds up no other. No transaction is
 * open while a provider is called: the claim and each outcome are statements of their own.
 */
async function deliverDueMessages(deps: Deps, dueBy: Date): Promise<number> {
  let handled = 0;
  // Between batches, a stopping instance leaves the rest to the others (or to its restart).
  while (!deps.stopping()) {
    const rows = await claim(deps, dueBy);
    if (rows.length === 0) return handled;
    await Promise.all([
      deliverOneAtATime(deps, rows.filter(toPeople)),
      ...rows.filter((row) => !toPeople(row)).map((row) => deliver(deps, row)),
    ]);
    handled += rows.length;
  }
  return handled;
}

export type OutboxWorker = {
  /** Delivers at once rather than at the next poll (after a commit that queued something). */
  kick: () => void;
  /** Delivers everything due now and resolves when done (tests and the shutdown path). */
  drain: () => Promise<void>;
  /** Stops polling and waits for a delivery under way. */
  stop: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's outbox worker (src/server/messaging/outbox.ts). */
    outbox: OutboxWorker;
  }
}

/**
 * A millisecond ahead: the database keeps microseconds, and a row queued in this very
 * millisecond (the commit that kicked a run) must be due.
 */
const dueNow = () => new Date(Date.now() + 1);

/** Polls the outbox in the background; a kick during a run runs it again right after. */
export function startOutboxWorker(
  db: Database,
  channels: Channels,
  log: FastifyBaseLogger,
  options: OutboxOptions = {},
): OutboxWorker {
  let stopped = false;
  const deps: Deps = {
    db,
    channels,
    log,
    leaseMs: options.leaseMs ?? 60_000,
    backoffBaseMs: options.backoffBaseMs ?? 5_000,
    webhookRequireHttps: options.webhookRequireHttps ?? false,
    retryForMs: options.retryForMs ?? RETRY_FOR_MS,
    unconfirmedWaitMs: options.unconfirmedWaitMs ?? 60_000,
    report: options.report ?? (() => {}),
    counted: options.counted ?? (() => {}),
    stopping: () => stopped,
  };
  let current: Promise<void> | null = null;
  /** A run asked for while one was under way: what is due by then, delivered right after. */
  let again: Date | null = null;
  const failures = new RepeatedFailureLog(log, 'outbox worker', undefined, deps.report);
  /** Delivers what is due by `dueBy`: by default, what is due as the run begins. */
  const run = (dueBy = dueNow()) => {
    if (stopped) return;
    if (current) {
      if (!again || dueBy > again) again = dueBy;
      return;
    }
    current = deliverDueMessages(deps, dueBy)
      .then(
        () => {
          failures.succeeded();
          deps.counted('ok');
        },
        (error: unknown) => {
          failures.failed(error);
          deps.counted('failed');
        },
      )
      .finally(() => {
        current = null;
        if (again) {
          // What was due when it was asked for: a row this run rescheduled a moment ahead is
          // not, however slowly the run ended.
          const asked = again;
          again = null;
          run(asked);
        }
      });
  };
  const timer = setInterval(() => run(), options.pollMs ?? POLL_MS);
  timer.unref();
  return {
    kick: () => run(),
    drain: async () => {
      // What is due as drain is called, and no more: a row that a run under way reschedules
      // a moment ahead waits for a later run however slowly this run ends.
      const dueBy = dueNow();
      // Whatever run is under way first, then one that sees everything committed since.
      while (current) await current;
      run(dueBy);
      while (current) await current;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
