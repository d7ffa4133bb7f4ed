import { beforeAll, describe, expect, it } from 'vitest';
import { referralEndpoints } from '#contract/referrals';
import { client } from '../test-support/client.js';
import { aBroker, aReferral } from '../test-support/factories.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { createTestApp, type TestBroker } from '../test-support/test-app.js';

// What an operations team scrapes.
const TOKEN = 'metrics-test-token-0123456789abcdef';

let broker: TestBroker;
let referralId: string;
const t = sharedTestApp({ METRICS_TOKEN: TOKEN });
beforeAll(async () => {
  broker = await aBroker(t);
  referralId = (await aReferral(t, broker)).id;
});

const scrape = (authorization?: string) =>
  client(t)
    .as(null)
    .get('/metrics', { headers: authorization ? { authorization } : {} });

/** The value of one series line, e.g. `http_requests_total{route="/x",method="GET",status="200"}`. */
function seriesValue(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('exists only with METRICS_TOKEN, and answers only its bearer', async () => {
    const without = await createTestApp();
    try {
      expect((await client(without).as(null).get('/metrics')).statusCode).not.toBe(200);
      expect((await client(without).as(null).get('/metrics')).body).not.toContain('# TYPE');
    } finally {
      await without.close();
    }
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(TOKEN)).statusCode).toBe(401);
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
  });

  it('counts every request under load by route template, never by a path with ids or secrets, and shows the queues', async () => {
    const series = 'http_requests_total{route="/api/referrals",method="GET",status="200"}';
    const before = seriesValue((await scrape(`Bearer ${TOKEN}`)).body, series) ?? 0;

    // 200 broker reads, a read of one referral, a stranger's 404, with scrapes in between.
    const reads = Array.from({ length: 200 }, () =>
      client(t).as(broker).call(referralEndpoints.list),
    );
    const scrapes = Array.from({ length: 5 }, () => scrape(`Bearer ${TOKEN}`));
    const one = client(t)
      .as(broker)
      .call(referralEndpoints.one, { params: { id: referralId } });
    const stranger = client(t).as(null).get('/no-such-page/secret-token-123/.env');
    const answers = await Promise.all([...reads, one, stranger]);
    expect(answers.slice(0, 200).every((r) => r.statusCode === 200)).toBe(true);
    expect((await Promise.all(scrapes)).every((r) => r.statusCode === 200)).toBe(true);
    // The tenant's link goes out (a run of the worker, a call to the SMS provider).
    await t.app.outbox.drain();

    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(seriesValue(text, series)).toBe(before + 200);
    expect(
      seriesValue(
        text,
        'http_requests_total{route="/api/referrals/:id",method="GET",status="200"}',
      ),
    ).toBe(1);
    expect(text).not.toContain(referralId);
    expect(text).not.toContain('secret-token-123');
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.05",route="/api/referrals",method="GET",status="200"}',
    );
    // The scraper's own calls are not counted.
    expect(text).not.toContain('route="/metrics"');

    // The pool, the outbox (the tenant's SMS of the referral), codes sent, money and signals.
    expect(seriesValue(text, 'db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(seriesValue(text, 'db_pool_connections{state="waiting"}')).toBe(0);
    expect(text).toMatch(/^outbox_messages_last_hour\{channel="sms",status="[a-z]+"\} [1-9]/m);
    expect(seriesValue(text, 'otp_codes_issued_last_hour{purpose="sign_in"}')).toBeGreaterThan(0);
    // Provider calls by outcome: the sign-up codes and the tenant's link, all accepted.
    expect(
      seriesValue(text, 'deliveries_total{channel="sms",provider="console",outcome="accepted"}'),
    ).toBeGreaterThanOrEqual(2);
    expect(seriesValue(text, 'job_runs_total{job="outbox",outcome="ok"}')).toBeGreaterThan(0);
    // 200 reads took connections from the pool; waiting for them is counted in seconds.
    expect(seriesValue(text, 'db_pool_acquired_total')).toBeGreaterThan(200);
    expect(seriesValue(text, 'db_pool_wait_seconds_total')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'fraud_signals_open')).toBe(0);
    for (const name of [
      'payouts_waiting',
      'outbox_queued',
      'outbox_oldest_queued_seconds',
      'job_runs_total',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });
});
