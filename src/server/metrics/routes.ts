import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Database, type PoolStats, rowsOf } from '../db/client.js';
import { payoutStatusOfStored } from '../db/schema.js';
import { notSignedIn } from '../errors.js';
import { UNSETTLED } from '../ledger/balances.js';

/** What this instance counts as it works, for /metrics (src/server/metrics/routes.ts). */
type WorkMetrics = {
  /** Runs of the scheduled jobs and the outbox worker, by job and outcome (ok, failed). */
  jobRuns: Counter<'job' | 'outcome'>;
  /**
   * Calls to a provider — SMS, WhatsApp, the CRM, a webhook endpoint; queued messages and
   * one-time codes alike — by channel, provider and outcome (accepted, or the failure's kind).
   */
  deliveries: Counter<'channel' | 'provider' | 'outcome'>;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: WorkMetrics;
  }
}

/**
 * Prometheus metrics at `/metrics`, in the text format, for a scraper holding
 * `METRICS_TOKEN` as a bearer token; without the setting the endpoint does not exist. Request
 * counts and durations are labelled by route template (never by a path with ids or secrets),
 * method and status. Queue depths, open signals, payouts waiting and codes sent are read from the
 * database at each scrape, so every instance reports the same totals (alert on `max`, not `sum`).
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { db: Database; poolStats: () => PoolStats; token: string | null },
): void {
  const registry = new Registry();
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Scheduled job runs on this instance, by job and outcome (ok or failed).',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'deliveries_total',
    help: 'Calls to a provider (queued messages, one-time codes, CRM calls, webhooks) by channel, provider and outcome: accepted, or why not (config, template, rate, recipient, transient, internal).',
    labelNames: ['channel', 'provider', 'outcome'],
    registers: [registry],
  });
  app.decorate('metrics', { jobRuns, deliveries });
  // Without a scraper nothing is measured: no work on every request for nobody to read.
  const { token } = options;
  if (token === null) return;
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route template, method and status.',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route template, method and status.',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // A route's template, or one label for everything no route matched (scanners' paths).
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      const labels = { route, method: request.method, status: String(reply.statusCode) };
      requests.inc(labels);
      durations.observe(labels, reply.elapsedTime / 1000);
    }
    done();
  });

  new Gauge({
    name: 'db_pool_connections',
    help: "This instance's database connections, by state (total, idle, waiting: requests queued for one).",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = options.poolStats();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  // Since the start: how often a connection was taken from the pool, and the time spent
  // waiting for one (a rate of seconds per second above 0 means requests queue for the pool).
  new Counter({
    name: 'db_pool_acquired_total',
    help: "Connections taken from this instance's pool since it started.",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(options.poolStats().acquired);
    },
  });
  new Counter({
    name: 'db_pool_wait_seconds_total',
    help: "Seconds requests spent waiting for a connection of this instance's pool since it started.",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(options.poolStats().waitSeconds);
    },
  });

  const outboxQueued = new Gauge({
    name: 'outbox_queued',
    help: 'Messages waiting in the outbox, by channel and status (queued, or sending under a claim).',
    labelNames: ['channel', 'status'],
    registers: [registry],
  });
  const outboxLastHour = new Gauge({
    name: 'outbox_messages_last_hour',
    help: 'Messages written to the outbox in the last hour, by channel and where they are now (sent, delivered, read, failed, or still waiting).',
    labelNames: ['channel', 'status'],
    registers: [registry],
  });
  const outboxOldest = new Gauge({
    name: 'outbox_oldest_queued_seconds',
    help: 'Age of the oldest message still waiting to be sent, by channel (0 when none waits).',
    labelNames: ['channel'],
    registers: [registry],
  });
  const openSignals = new Gauge({
    name: 'fraud_signals_open',
    help: 'Fraud and duplicate signals waiting for an admin.',
    registers: [registry],
  });
  const payoutsWaiting = new Gauge({
    name: 'payouts_waiting',
    help: 'Payouts not yet settled, by status (open, approved, sent), and their amount in riyals.',
    labelNames: ['status', 'measure'],
    registers: [registry],
  });
  const messagesUnread = new Gauge({
    name: 'broker_messages_unread',
    help: 'Messages of the conversations with brokers not yet read, by who should read them: the team (brokers waiting for an answer) or the broker.',
    labelNames: ['reader'],
    registers: [registry],
  });
  const codesSent = new Gauge({
    name: 'otp_codes_issued_last_hour',
    help: 'One-time codes issued in the last hour across instances, by purpose (whether the provider took them: deliveries_total).',
    labelNames: ['purpose'],
    registers: [registry],
  });

  /**
   * The database's side of the metrics: one statement at each scrape, each part on an index
   * (the outbox's queue on its partial index of waiting rows, the rest by time or status), and
   * bounded to 5 s so a slow database fails the scrape, not the instance.
   */
  async function readDatabase(): Promise<void> {
    const rows = await options.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 5000`);
      return rowsOf<{ metric: string; a: string; b: string; value: string }>(
        tx,
        sql`select 'queued' as metric, channel as a, status as b, count(*)::text as value
              from outbound_messages where status in ('queued', 'sending') group by channel, status
            union all
            select 'oldest', channel, '',
                   extract(epoch from now() - min(created_at))::bigint::text
              from outbound_messages where status in ('queued', 'sending') group by channel
            union all
            select 'hour', channel, status, count(*)::text
              from outbound_messages where created_at > now() - interval '1 hour'
              group by channel, status
            union all
            select 'signals', '', '', count(*)::text from fraud_signals where status = 'open'
            union all
            select 'payouts', status, 'count', count(*)::text
              from transfer_requests where status in ${UNSETTLED} group by status
            union all
            select 'payouts', status, 'riyals', coalesce(sum(amount), 0)::text
              from transfer_requests where status in ${UNSETTLED} group by status
            union all
            select 'codes', purpose, '', count(*)::text
              from otp_codes where created_at > now() - interval '1 hour' group by purpose
            union all
            select 'messages', case when from_team then 'broker' else 'team' end, '', count(*)::text
              from broker_messages where read_at is null group by from_team`,
      );
    });
    const gauges = [
      outboxQueued,
      outboxLastHour,
      outboxOldest,
      payoutsWaiting,
      codesSent,
      messagesUnread,
    ];
    for (const gauge of gauges) gauge.reset();
    openSignals.set(0);
    for (const row of rows) {
      const value = Number(row.value);
      if (row.metric === 'queued') outboxQueued.set({ channel: row.a, status: row.b }, value);
      else if (row.metric === 'hour') outboxLastHour.set({ channel: row.a, status: row.b }, value);
      else if (row.metric === 'oldest') outboxOldest.set({ channel: row.a }, value);
      else if (row.metric === 'signals') openSignals.set(value);
      else if (row.metric === 'payouts')
        payoutsWaiting.set({ status: payoutStatusOfStored(row.a), measure: row.b }, value);
      else if (row.metric === 'codes') codesSent.set({ purpose: row.a }, value);
      else if (row.metric === 'messages') messagesUnread.set({ reader: row.a }, value);
    }
  }

  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    const sent = Buffer.from(request.headers.authorization ?? '');
    if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
      // The product's own refusal (the error handler writes it), as for any caller not signed in.
      throw notSignedIn();
    }
    await readDatabase();
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
