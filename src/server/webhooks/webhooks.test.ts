import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { adminMessagingEndpoints } from '#contract/admin/messaging';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { adminSettingsEndpoints } from '#contract/admin/settings';
import { webhookEndpoints as contract } from '#contract/webhooks';
import { WEBHOOK_EVENTS, type WebhookEvent } from '#domain';
import { auditLog, outboundMessages, webhookEndpoints } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { type BodyOf, present, type QueryOf, unchecked } from '../test-support/endpoints.js';
import {
  aBroker,
  aLease,
  anAdmin,
  aReferral,
  aSignedContract,
  aSuperAdmin,
  aTenantSubmission,
} from '../test-support/factories.js';
import { anIbanOnProfile, ibanFor } from '../test-support/iban.js';
import { askForPayout } from '../test-support/payouts.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import type { TestBroker } from '../test-support/test-app.js';
import { checkEndpointUrl } from './service.js';
import { signWebhook, verifyWebhookSignature } from './signature.js';

// Signed outgoing webhooks, delivered through the outbox to a real receiver
// on 127.0.0.1 that checks each request's signature as docs/webhooks.md tells receivers to.

type Received = { headers: IncomingHttpHeaders; body: string; verified: boolean };
type Event = { id: string; type: WebhookEvent; createdAt: string; data: Record<string, unknown> };

let superAdmin: TestBroker;
let admin: TestBroker;
let receiver: Server;
let base: string;
/** What the receiver got, by path (one path per endpoint made by a test). */
const received = new Map<string, Received[]>();
/** How the receiver answers, by path: a status, or `hang` (never answers). */
const answers = new Map<string, number | 'hang'>();
/** The secret each path's requests must be signed with. */
const secrets = new Map<string, string>();

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      const signature = String(request.headers['x-shareek-signature'] ?? '');
      const secret = secrets.get(path) ?? '';
      const verified = verifyWebhookSignature(
        secret,
        body,
        signature,
        Math.floor(Date.now() / 1000),
      );
      received.set(path, [
        ...(received.get(path) ?? []),
        { headers: request.headers, body, verified },
      ]);
      const answer = answers.get(path) ?? 200;
      if (answer === 'hang') return;
      response.statusCode = answer;
      // A redirect points at another path of this receiver; a 429 asks for a minute.
      if (answer === 302) response.setHeader('location', `${path}-moved`);
      if (answer === 429) response.setHeader('retry-after', '60');
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});
const t = sharedTestApp(
  { AUTH_RATE_LIMIT_PER_ADDRESS: '100000' },
  { outbox: { backoffBaseMs: 20, pollMs: 60_000 } },
);
beforeAll(async () => {
  superAdmin = await aSuperAdmin(t);
  admin = await anAdmin(t);
  // The receiver is on loopback, which webhooks reach only where a super-admin allows it
  // (address-guard.test.ts tests the refusals).
  const opened = await as(superAdmin).call(adminSettingsEndpoints.set, {
    body: {
      key: 'webhook_private_ranges',
      value: '127.0.0.0/8',
    },
  });
  expect(opened.statusCode, opened.body).toBe(200);
});

const as = (caller: Caller) => client(t).as(caller);
let paths = 0;
/** A new endpoint on its own receiver path, subscribed to `events` (all by default). */
async function anEndpoint(events: readonly WebhookEvent[] = WEBHOOK_EVENTS) {
  const path = `/hook-${++paths}`;
  const made = await as(superAdmin).call(contract.create, {
    body: {
      url: `${base}${path}`,
      description: 'نظام الشركة',
      events: [...events],
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  const { endpoint, secret } = made.json();
  secrets.set(path, secret);
  return { ...endpoint, path, secret };
}
const eventsAt = (path: string): Event[] =>
  (received.get(path) ?? []).map((r) => JSON.parse(r.body) as Event);
const deliveries = async (query: QueryOf<typeof contract.deliveries>) =>
  (await as(superAdmin).call(contract.deliveries, { query })).json();
const webhookRows = async (endpointId: string) =>
  t.database.db
    .select()
    .from(outboundMessages)
    .where(eq(outboundMessages.webhookEndpointId, endpointId));

beforeEach(async () => {
  // Whatever an earlier test left due goes now, to its own path.
  await t.app.outbox.drain();
});

describe('who manages endpoints', () => {
  it('super-admins only: a broker and an admin are refused, a stranger must sign in', async () => {
    const broker = await aBroker(t);
    const body: BodyOf<typeof contract.create> = { url: `${base}/nobody`, events: ['payout.paid'] };
    for (const caller of [broker, admin]) {
      expect((await as(caller).call(contract.create, { body })).statusCode).toBe(403);
      expect((await as(caller).call(contract.list)).statusCode).toBe(403);
      expect((await as(caller).call(contract.deliveries)).statusCode).toBe(403);
    }
    expect((await as(null).call(contract.create, { body })).statusCode).toBe(401);
    const endpoints = await t.database.db.select().from(webhookEndpoints);
    expect(endpoints.some((e) => e.url.endsWith('/nobody'))).toBe(false);
  });

  it('bad input gets an Arabic 400 and writes nothing', async () => {
    const before = await t.database.db.select().from(webhookEndpoints);
    const cases: [object, string][] = [
      [{ url: 'not a link', events: ['payout.paid'] }, 'يرجى إدخال رابط صحيح يبدأ بـ https://'],
      [
        { url: 'ftp://example.com/x', events: ['payout.paid'] },
        'يرجى إدخال رابط صحيح يبدأ بـ https://',
      ],
      [
        { url: 'https://user:pass@example.com/x', events: ['payout.paid'] },
        'يرجى إدخال رابط صحيح يبدأ بـ https://',
      ],
      [{ url: 'https://example.com/x', events: [] }, 'يرجى اختيار حدث واحد على الأقل'],
      [{ url: 'https://example.com/x', events: ['payout.sent'] }, 'حدث غير معروف'],
      [{ url: '', events: ['payout.paid'] }, 'يرجى إدخال رابط نقطة الاستقبال'],
    ];
    for (const [body, message] of cases) {
      const refused = await as(superAdmin).call(contract.create, { body: unchecked(body) });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json<ApiError>().message).toBe(message);
    }
    expect(await t.database.db.select().from(webhookEndpoints)).toHaveLength(before.length);
  });

  it('link-local and metadata hosts are refused, loopback being allowed', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      'http://[fe80::1]/in',
      'http://metadata.google.internal/computeMetadata',
    ]) {
      const refused = await as(superAdmin).call(contract.create, {
        body: {
          url,
          events: ['payout.paid'],
        },
      });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json<ApiError>().message).toBe(
        'لا يمكن إرسال الأحداث إلى عنوان داخلي في الشبكة',
      );
    }
  });

  it('production takes https only', async () => {
    // A public address for the name, whatever this machine's DNS says.
    const resolve = async () => [{ address: '93.184.215.14', family: 4 }];
    const policy = (requireHttps: boolean) => ({ requireHttps, allowed: [], resolve });
    expect(await checkEndpointUrl('https://hooks.example.com/in', policy(true))).toBe(
      'https://hooks.example.com/in',
    );
    await expect(checkEndpointUrl('http://hooks.example.com/in', policy(true))).rejects.toThrow(
      'يرجى إدخال رابط صحيح يبدأ بـ https://',
    );
    expect(await checkEndpointUrl('http://hooks.example.com/in', policy(false))).toBe(
      'http://hooks.example.com/in',
    );
  });

  it('the secret is answered once: never by the list, never in the audit log', async () => {
    const endpoint = await anEndpoint(['payout.paid']);
    expect(endpoint.secret).toMatch(/^whsec_[\w-]{43}$/);
    const list = await as(superAdmin).call(contract.list);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(endpoint.secret);
    expect(list.body).toContain(`"secretHint":"${endpoint.secret.slice(-4)}"`);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, endpoint.id));
    expect(audits.map((a) => a.action)).toEqual(['webhook.create']);
    expect(JSON.stringify(audits)).not.toContain(endpoint.secret);
  });
});

describe('each event, signed', () => {
  it('a referral, its tenant form, its contract, its reversal and its payouts each reach the endpoint once', async () => {
    const endpoint = await anEndpoint();
    const broker = await aBroker(t);
    const referral = await aReferral(t, broker);
    await aTenantSubmission(t, referral);
    const signed = await aSignedContract(t, admin, { broker });
    const paid = await as(admin).call(adminCommissionEndpoints.confirmPayment, {
      params: { id: signed.commission.id },
      body: {
        transferReference: 'BANK-1',
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const cancelled = await as(admin).call(adminReferralEndpoints.changeStatus, {
      params: { id: signed.referral.id },
      body: {
        status: 'cancelled',
      },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const reversed = await as(admin).call(adminCommissionEndpoints.reverse, {
      params: { id: signed.commission.id },
      body: {
        reason: 'ألغى المالك العقد',
      },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    // Another broker's: this one now owes the reversed payment, which nets their payable to zero.
    const second = await aSignedContract(t, admin);
    await anIbanOnProfile(t, second.broker, ibanFor(broker.phone));
    const request = await askForPayout(
      t,
      second.broker,
      Number(second.commission.amount),
      ibanFor(broker.phone),
    );
    expect(request.statusCode, request.body).toBe(201);
    const payRequest = await as(admin).call(adminPayoutEndpoints.pay, {
      params: { id: request.json().id },
      body: {
        transferReference: 'BANK-2',
      },
    });
    expect(payRequest.statusCode, payRequest.body).toBe(200);
    await t.app.outbox.drain();

    const got = received.get(endpoint.path) ?? [];
    expect(got.length).toBeGreaterThan(0);
    for (const request of got) {
      expect(request.verified).toBe(true);
      expect(request.headers['content-type']).toBe('application/json; charset=utf-8');
      const event = JSON.parse(request.body) as Event;
      expect(request.headers['x-shareek-event']).toBe(event.type);
      expect(request.headers['x-shareek-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const events = eventsAt(endpoint.path);
    const of = (type: WebhookEvent) => events.filter((e) => e.type === type);
    expect(of('referral.created').map((e) => e.data.referral)).toContainEqual(
      expect.objectContaining({ id: referral.id, tenantPhone: referral.tenantPhone }),
    );
    expect(of('tenant_form.submitted').map((e) => e.data.referral)).toEqual([
      { id: referral.id, number: referral.number, tenantPhone: referral.tenantPhone },
    ]);
    expect(
      of('referral.status_changed')
        .filter((e) => (e.data.referral as { id: string }).id === referral.id)
        .map((e) => [e.data.previousStatus, e.data.status]),
    ).toEqual([['pending_completion', 'under_review']]);
    expect(of('commission.created').map((e) => e.data.commission)).toEqual([
      expect.objectContaining({ id: signed.commission.id, amount: signed.commission.amount }),
      expect.objectContaining({ id: second.commission.id, amount: second.commission.amount }),
    ]);
    expect(of('commission.reversed').map((e) => [e.data.commission, e.data.reason])).toEqual([
      [expect.objectContaining({ id: signed.commission.id }), 'ألغى المالك العقد'],
    ]);
    expect(of('payout.paid').map((e) => e.data.payout)).toEqual([
      expect.objectContaining({
        kind: 'commission',
        id: signed.commission.id,
        transferReference: 'BANK-1',
      }),
      expect.objectContaining({
        kind: 'payout',
        id: request.json().id,
        transferReference: 'BANK-2',
      }),
    ]);
    // Every event once: ids are unique.
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    // Nothing a tenant uploaded or declared about money goes out.
    expect(JSON.stringify(events)).not.toMatch(/income|obligations|salary|credit/i);
  });

  it('an endpoint hears only the events it chose, and nothing while it is off', async () => {
    const payouts = await anEndpoint(['payout.paid']);
    const off = await anEndpoint(['referral.created']);
    const switched = await as(superAdmin).call(contract.update, {
      params: { id: off.id },
      body: {
        active: false,
      },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    await aReferral(t, await aBroker(t));
    await t.app.outbox.drain();
    expect(received.get(payouts.path)).toBeUndefined();
    expect(received.get(off.path)).toBeUndefined();
    expect(await webhookRows(off.id)).toEqual([]);
  });

  it('a rotated secret signs what goes next; the old one no longer verifies', async () => {
    const endpoint = await anEndpoint(['referral.created']);
    const rotated = await as(superAdmin).call(contract.rotateSecret, {
      params: { id: endpoint.id },
    });
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json();
    expect(secret).not.toBe(endpoint.secret);
    secrets.set(endpoint.path, secret);
    await aReferral(t, await aBroker(t));
    await t.app.outbox.drain();
    const [got] = received.get(endpoint.path) ?? [];
    expect(got?.verified).toBe(true);
    const header = String(got?.headers['x-shareek-signature']);
    expect(
      verifyWebhookSignature(endpoint.secret, got?.body ?? '', header, Date.now() / 1000),
    ).toBe(false);
  });
});

describe('retries and the delivery log', () => {
  /**
   * An endpoint for new referrals that answers `answer`, sent a new referral's event once: the
   * endpoint, how long the outbox took, and its deliveries after that first try.
   */
  async function firstTry(answer: number | 'hang') {
    const endpoint = await anEndpoint(['referral.created']);
    answers.set(endpoint.path, answer);
    await aReferral(t, await aBroker(t));
    const started = Date.now();
    await t.app.outbox.drain();
    const took = Date.now() - started;
    return { endpoint, took, rows: await webhookRows(endpoint.id) };
  }

  it('an endpoint answering 500 is tried again until it answers 2xx', async () => {
    const {
      endpoint,
      rows: [failed],
    } = await firstTry(500);
    expect(failed).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: expect.stringContaining('HTTP 500'),
    });
    // The log explains it in Arabic, the code apart.
    expect((await deliveries({ endpointId: endpoint.id })).items[0]?.failure).toEqual({
      code: 'HTTP 500',
      explanation: 'ردّ الخادم المستقبِل بخطأ ولم يقبل الحدث',
    });
    answers.set(endpoint.path, 204);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await t.app.outbox.drain();
    const [delivered] = await webhookRows(endpoint.id);
    expect(delivered).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    const got = received.get(endpoint.path) ?? [];
    expect(got).toHaveLength(2);
    // The same event both times, each attempt signed afresh.
    expect(new Set(got.map((r) => JSON.parse(r.body).id)).size).toBe(1);
    expect(got.every((r) => r.verified)).toBe(true);
    const log = await deliveries({ endpointId: endpoint.id });
    expect(log.items).toEqual([
      expect.objectContaining({
        status: 'sent',
        attempts: 2,
        event: 'referral.created',
        url: `${base}${endpoint.path}`,
      }),
    ]);
  });

  it('a redirect is not followed and a 429 waits for its Retry-After', async () => {
    const moved = await anEndpoint(['referral.created']);
    const busy = await anEndpoint(['referral.created']);
    answers.set(moved.path, 302);
    answers.set(busy.path, 429);
    await aReferral(t, await aBroker(t));
    const before = Date.now();
    await t.app.outbox.drain();
    expect(received.get(`${moved.path}-moved`)).toBeUndefined();
    const [redirected] = await webhookRows(moved.id);
    expect(redirected).toMatchObject({
      status: 'queued',
      lastError: expect.stringContaining('HTTP 302'),
    });
    const [waiting] = await webhookRows(busy.id);
    expect(waiting).toMatchObject({ status: 'queued', errorKind: 'rate' });
    expect(waiting?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 59_000);
    answers.set(moved.path, 200);
    answers.set(busy.path, 200);
    // Neither hears anything more from this test.
    await as(superAdmin).call(contract.remove, { params: { id: moved.id } });
    await as(superAdmin).call(contract.remove, { params: { id: busy.id } });
  });

  it('a commission a fraud signal holds is announced as held', async () => {
    const endpoint = await anEndpoint(['commission.created']);
    const broker = await aBroker(t);
    const referral = await aReferral(t, broker, { tenantPhone: broker.phone });
    const signed = await as(admin).call(adminReferralEndpoints.changeStatus, {
      params: { id: referral.id },
      body: {
        status: 'contract_signed',
        ...aLease(60_000),
      },
    });
    expect(signed.statusCode).toBe(200);
    await t.app.outbox.drain();
    expect(eventsAt(endpoint.path).map((e) => e.data.commission)).toEqual([
      expect.objectContaining({ referralId: referral.id, status: 'on_hold' }),
    ]);
  });

  it('an endpoint that hangs is given up on after 5 s and tried again later', async () => {
    const {
      endpoint,
      took,
      rows: [waiting],
    } = await firstTry('hang');
    expect(took).toBeLessThan(15_000);
    expect(waiting).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: expect.stringContaining('timeout'),
    });
    answers.set(endpoint.path, 200);
  }, 20_000);

  it('resend sends the same event again as a new delivery; only finished ones, only to a live endpoint', async () => {
    const endpoint = await anEndpoint(['referral.created']);
    await aReferral(t, await aBroker(t));
    await t.app.outbox.drain();
    const [first] = (await deliveries({ endpointId: endpoint.id })).items;
    expect(first?.status).toBe('sent');
    const resent = await as(superAdmin).call(contract.resend, {
      params: { id: present(first?.id) },
    });
    expect(resent.statusCode, resent.body).toBe(201);
    expect(resent.json()).toMatchObject({ eventId: first?.eventId, status: 'queued' });
    await t.app.outbox.drain();
    const events = eventsAt(endpoint.path);
    expect(events).toHaveLength(2);
    expect(events[0]).toEqual(events[1]);
    const log = await deliveries({ endpointId: endpoint.id });
    expect(log.items.map((d) => d.status)).toEqual(['sent', 'sent']);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, resent.json().id));
    expect(audit.map((a) => a.action)).toEqual(['webhook.resend']);

    // Not while waiting, not to an endpoint that is off, not for a stranger's id.
    answers.set(endpoint.path, 500);
    await aReferral(t, await aBroker(t));
    await t.app.outbox.drain();
    const waiting = (await deliveries({ endpointId: endpoint.id, status: 'queued' })).items[0];
    const refused = await as(superAdmin).call(contract.resend, {
      params: { id: present(waiting?.id) },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiError>().message).toBe('هذه العملية ما زالت في الانتظار');
    await as(superAdmin).call(contract.update, {
      params: { id: endpoint.id },
      body: { active: false },
    });
    const off = await as(superAdmin).call(contract.resend, { params: { id: present(first?.id) } });
    expect(off.statusCode).toBe(409);
    expect(off.json<ApiError>().message).toBe('نقطة الاستقبال معطلة أو محذوفة');
    expect(
      (await as(superAdmin).call(contract.resend, { params: { id: 'not-an-id' } })).statusCode,
    ).toBe(404);
    expect(
      (await as(admin).call(contract.resend, { params: { id: present(first?.id) } })).statusCode,
    ).toBe(403);
    answers.set(endpoint.path, 200);
  });

  it("deleting an endpoint fails what waits for it, keeps its log, and the admins' outbox never lists webhooks", async () => {
    const endpoint = await anEndpoint(['referral.created']);
    answers.set(endpoint.path, 503);
    await aReferral(t, await aBroker(t));
    await t.app.outbox.drain();
    const removed = await as(superAdmin).call(contract.remove, {
      params: { id: endpoint.id },
    });
    expect(removed.statusCode).toBe(200);
    const [row] = await webhookRows(endpoint.id);
    expect(row).toMatchObject({
      status: 'failed',
      lastError: 'endpoint_off: نقطة الاستقبال محذوفة',
    });
    const list = (await as(superAdmin).call(contract.list)).json();
    expect(list.items.map((e) => e.id)).not.toContain(endpoint.id);
    expect((await deliveries({ endpointId: endpoint.id })).total).toBe(1);
    expect(
      (await as(superAdmin).call(contract.remove, { params: { id: endpoint.id } })).statusCode,
    ).toBe(404);
    const outbox = await as(admin).call(adminMessagingEndpoints.outbox);
    expect(outbox.json().items.every((item) => item.channel !== 'webhook')).toBe(true);
    expect(
      (await as(admin).call(adminMessagingEndpoints.retry, { params: { id: present(row?.id) } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the signature', () => {
  it('verifies the exact body within five minutes, and nothing else', () => {
    const now = 1_800_000_000;
    const header = signWebhook('whsec_test', '{"a":1}', now);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature('whsec_test', '{"a":1}', header, now + 299)).toBe(true);
    expect(verifyWebhookSignature('whsec_test', '{"a":2}', header, now)).toBe(false);
    expect(verifyWebhookSignature('whsec_other', '{"a":1}', header, now)).toBe(false);
    expect(verifyWebhookSignature('whsec_test', '{"a":1}', header, now + 301)).toBe(false);
    expect(verifyWebhookSignature('whsec_test', '{"a":1}', 'garbage', now)).toBe(false);
  });
});
