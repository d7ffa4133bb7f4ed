import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeServer, startFakeServer } from '../test-support/fakes/fake-server.js';
import {
  type FakeUnifonic,
  startFakeUnifonic,
  type UnifonicErCode,
  type UnifonicStatus,
} from '../test-support/fakes/unifonic.js';
import { RECIPIENT, TO } from '../test-support/recipient.js';
import { DeliveryError } from './delivery.js';
import { parseDeliveryReport, UnifonicSmsSender } from './unifonic.js';

// The adapter against a fake that answers as Unifonic's documents say (the fake's
// header lists them: U1 parameters, U2 OpenAPI, U3 HTTP statuses, U4 ER codes).

let fake: FakeUnifonic;
let sender: UnifonicSmsSender;

const BODY = 'أكمل بياناتك عبر الرابط: https://example.sa/s/Secret123Code';
const APP_SID = 'sid-1';

const senderWith = (settings: Partial<ConstructorParameters<typeof UnifonicSmsSender>[0]> = {}) =>
  new UnifonicSmsSender({ appSid: APP_SID, senderId: 'Shareek', baseUrl: fake.url, ...settings });

beforeAll(async () => {
  fake = await startFakeUnifonic({ appSid: APP_SID, senderIds: ['Shareek'] });
  sender = senderWith();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.received.length = 0;
  fake.queries.length = 0;
  fake.messages.length = 0;
  fake.failFor.clear();
  fake.queryFailure = null;
  fake.down = null;
  fake.duplicateFilter = null;
  fake.successStyle = { success: 'true', idKey: 'MessageID', numericId: true };
});

/** What admins may see: never the text, the phone number or the AppSid. */
function expectSafe(error: DeliveryError) {
  for (const secret of ['Secret123Code', RECIPIENT, TO, APP_SID]) {
    expect(error.message).not.toContain(secret);
    expect(error.code).not.toContain(secret);
  }
}

/** The DeliveryError a call rejects with. */
async function rejection(call: Promise<unknown>): Promise<DeliveryError> {
  const error = await call.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DeliveryError);
  expectSafe(error as DeliveryError);
  return error as DeliveryError;
}

const failure = (s: UnifonicSmsSender = sender, to = TO, body = BODY) =>
  rejection(s.send({ to, body, purpose: 'test', messageId: 'outbox-1' }));

describe('Unifonic adapter: sending', () => {
  it('posts the form Unifonic expects, as a service message, and returns its message id', async () => {
    const accepted = await sender.send({
      to: TO,
      body: BODY,
      purpose: 'tenant_link',
      messageId: 'outbox-1',
    });
    expect(accepted.providerMessageId).toMatch(/^\d+$/);
    expect(fake.received).toEqual([
      {
        path: '/rest/SMS/messages',
        appSid: APP_SID,
        senderId: 'Shareek',
        recipient: RECIPIENT,
        body: BODY,
        correlationId: 'outbox-1',
        responseType: 'JSON',
        // U1: "3-Services"; never promotional (5) nor awareness (6).
        messageType: '3',
        statusCallback: null,
      },
    ]);
  });

  it('a one-time code goes without a CorrelationID, still as a service message', async () => {
    await sender.send({ to: TO, body: 'رمز التحقق: 4821', purpose: 'otp' });
    expect(fake.received[0]).toMatchObject({ correlationId: null, messageType: '3' });
  });

  it('sends statusCallback when set: an HTTPS URL on a public address (U2)', async () => {
    const url = 'https://shareek.example.sa/api/webhooks/unifonic/s3cr3t';
    await senderWith({ statusCallbackUrl: url }).send({ to: TO, body: BODY, purpose: 'test' });
    expect(fake.received[0]?.statusCallback).toBe(url);
    expect(fake.messages[0]?.statusCallback).toBe(url);
  });

  it('a statusCallback Unifonic cannot reach (plain HTTP, a private address) is refused: set-up', async () => {
    for (const url of ['http://shareek.example.sa/hook', 'https://127.0.0.1/hook']) {
      const error = await failure(senderWith({ statusCallbackUrl: url }));
      expect({ kind: error.kind, code: error.code }).toEqual({ kind: 'config', code: 'HTTP 406' });
    }
  });

  it.each([
    { success: true, idKey: 'MessageID', numericId: true },
    { success: 'true', idKey: 'MessageId', numericId: false },
    { success: true, idKey: 'messageId', numericId: false },
    { success: 'true', idKey: 'message_id', numericId: true },
  ] as const)('reads a success leniently: %o', async (style) => {
    fake.successStyle = style;
    const { providerMessageId } = await sender.send({ to: TO, body: BODY, purpose: 'otp' });
    expect(providerMessageId).toMatch(/^\d+$/);
  });
});

describe('Unifonic adapter: HTTP statuses as U3 documents them', () => {
  it.each<[UnifonicStatus, DeliveryError['kind']]>([
    [401, 'config'], // Authentication failed
    [402, 'config'], // Missing parameter AppSid
    [403, 'config'], // Invalid IP Address
    [459, 'config'], // Authentication parameters are incorrectly base64 encoded
    [480, 'config'], // This user cannot use specified SenderID
    [440, 'config'], // Wrong sender format
    [410, 'recipient'], // Invalid recipient format
    [481, 'recipient'], // Country does not exist
    [482, 'recipient'], // Invalid dest num
    [483, 'recipient'], // Operator is not found
    [412, 'content'], // Message body is too long
    [421, 'content'], // No message body specified
    [449, 'content'], // Message body is empty
    [429, 'rate'], // Too many requests generated by this user
    [599, 'transient'], // Request failed
    [400, 'config'], // No rules matched: any other 4xx is our request or account
    [404, 'config'], // Incompatible API version
    [456, 'config'], // Wrong correlationId format
  ])('HTTP %i → %s', async (status, kind) => {
    fake.failFor.set(RECIPIENT, { status });
    const error = await failure();
    expect({ kind: error.kind, code: error.code }).toEqual({ kind, code: `HTTP ${status}` });
  });

  it('429 carries no wait of its own: Unifonic documents no Retry-After', async () => {
    fake.failFor.set(RECIPIENT, 'rate429');
    const error = await failure();
    expect(error.kind).toBe('rate');
    expect(error.retryAfterMs).toBeUndefined();
  });

  it('409 "This message is duplicate" after an attempt that got no answer: our message, accepted', async () => {
    fake.failFor.set(RECIPIENT, { status: 409 });
    await expect(
      sender.send({
        to: TO,
        body: BODY,
        purpose: 'test',
        messageId: 'outbox-1',
        unconfirmed: true,
      }),
    ).resolves.toEqual({ providerMessageId: null });
  });

  it('409 otherwise (a resend of a link that failed): refused for now, waits 10 minutes', async () => {
    fake.failFor.set(RECIPIENT, { status: 409 });
    const error = await failure();
    expect([error.kind, error.code, error.retryAfterMs]).toEqual(['rate', 'duplicate', 600_000]);
  });

  it.each([
    ['server500', 'HTTP 500'],
    ['malformed', 'malformed'],
    ['close', 'network'],
  ] as const)('%s → transient (%s)', async (mode, code) => {
    fake.failFor.set(RECIPIENT, mode);
    const error = await failure();
    expect({ kind: error.kind, code: error.code }).toEqual({ kind: 'transient', code });
  });

  it('gives up after its time limit: transient timeout', async () => {
    fake.failFor.set(RECIPIENT, 'hang');
    const error = await failure(senderWith({ timeoutMs: 300 }));
    expect({ kind: error.kind, code: error.code }).toEqual({ kind: 'transient', code: 'timeout' });
  });

  it('the fake checks what Unifonic checks: AppSid, sender ID, destination, body', async () => {
    expect((await failure(senderWith({ appSid: 'other' }))).code).toBe('HTTP 401');
    expect((await failure(senderWith({ senderId: 'Nope' }))).code).toBe('HTTP 480');
    const badNumber = await failure(sender, '0123');
    expect({ kind: badNumber.kind, code: badNumber.code }).toEqual({
      kind: 'recipient',
      code: 'HTTP 482',
    });
    const empty = await failure(sender, TO, '');
    expect({ kind: empty.kind, code: empty.code }).toEqual({ kind: 'content', code: 'HTTP 449' });
    expect(fake.messages).toHaveLength(0);
  });

  it('a provider down for everyone is transient', async () => {
    fake.down = 'server500';
    expect((await failure()).kind).toBe('transient');
  });
});

describe('Unifonic adapter: ER codes in a 200 answer (U4)', () => {
  it.each<[UnifonicErCode, DeliveryError['kind']]>([
    ['ER-01', 'config'], // No rate found or insufficient funds
    ['ER-02', 'recipient'], // Invalid destination number
    ['ER-03', 'recipient'], // … too long
    ['ER-04', 'recipient'], // … too short
    ['ER-05', 'recipient'], // No route found for the destination number
    ['ER-06', 'content'], // Invalid or empty message body
    ['ER-07', 'content'], // Message filtered
    ['ER-08', 'config'], // Invalid SenderID
  ])('%s → %s', async (errorCode, kind) => {
    fake.failFor.set(RECIPIENT, { errorCode });
    const error = await failure();
    expect({ kind: error.kind, code: error.code }).toEqual({ kind, code: errorCode });
  });

  it('ER-07 tells the admin the likely cause in the Kingdom: an unregistered link domain', async () => {
    fake.failFor.set(RECIPIENT, { errorCode: 'ER-07' });
    expect((await failure()).message).toMatch(/filtered.*link.*domain.*not registered/i);
  });

  it('ER-09, a duplicate: accepted when an earlier attempt may have gone, else waits', async () => {
    fake.failFor.set(RECIPIENT, { errorCode: 'ER-09' });
    await expect(
      sender.send({ to: TO, body: BODY, purpose: 'test', unconfirmed: true }),
    ).resolves.toEqual({ providerMessageId: null });
    expect((await failure()).kind).toBe('rate');
  });

  it('the old names for ER-01 and ER-03 still work', async () => {
    fake.failFor.set(RECIPIENT, 'noBalance');
    expect((await failure()).code).toBe('ER-01');
    fake.failFor.set(RECIPIENT, 'badDestination');
    expect((await failure()).code).toBe('ER-03');
  });

  it.each([
    ['409', 409],
    ['ER-09', 'ER-09'],
  ] as const)(
    'a duplicate filter (%s): a retry of an unanswered attempt is a success with no new message',
    async (_, answer) => {
      fake.duplicateFilter = { answer, windowMs: 60_000 };
      const message = { to: TO, body: BODY, purpose: 'test' as const, messageId: 'outbox-1' };
      const first = await sender.send(message);
      expect(first.providerMessageId).toMatch(/^\d+$/);
      await expect(sender.send({ ...message, unconfirmed: true })).resolves.toEqual({
        providerMessageId: null,
      });
      expect((await rejection(sender.send(message))).kind).toBe('rate');
      expect(fake.received).toHaveLength(3);
      expect(fake.messages).toHaveLength(1);
    },
  );

  describe('answers no document describes', () => {
    let odd: FakeServer;
    let reply: { status: number; json: unknown };
    beforeAll(async () => {
      odd = await startFakeServer(() => reply);
    });
    afterAll(() => odd.close());

    it.each([
      [{ success: 'false', message: 'x', errorCode: 'ER-42' }, 'ER-42'],
      [{ success: false, message: 'x' }, 'unknown'],
    ])('200 with success false and an unknown code → transient', async (json, code) => {
      reply = { status: 200, json };
      const error = await failure(senderWith({ baseUrl: odd.url }));
      expect({ kind: error.kind, code: error.code }).toEqual({ kind: 'transient', code });
    });

    it('a 5xx Unifonic does not list is transient', async () => {
      reply = { status: 503, json: {} };
      expect((await failure(senderWith({ baseUrl: odd.url }))).kind).toBe('transient');
    });
  });
});

describe('Unifonic adapter: lookup by CorrelationID (U2 GetMessagesDetails)', () => {
  const send = (messageId: string) =>
    sender.send({ to: TO, body: BODY, purpose: 'test', messageId });

  it('asks GetMessagesDetails by CorrelationID and finds a queued message pending', async () => {
    const { providerMessageId } = await send('outbox-7');
    await expect(sender.lookup('outbox-7')).resolves.toEqual({
      found: true,
      providerMessageId,
      state: 'pending',
      code: null,
      failure: null,
    });
    expect(fake.queries).toEqual([
      { appSid: APP_SID, correlationId: 'outbox-7', messageId: null, recipient: null },
    ]);
    // A query sends nothing.
    expect(fake.received).toHaveLength(1);
  });

  it('no message with that CorrelationID: not found (the send never reached Unifonic)', async () => {
    await send('outbox-7');
    await expect(sender.lookup('outbox-8')).resolves.toEqual({ found: false });
  });

  it('follows the message to delivered', async () => {
    const { providerMessageId } = await send('outbox-7');
    fake.setState('outbox-7', 'Sent');
    await expect(sender.lookup('outbox-7')).resolves.toMatchObject({ state: 'pending' });
    fake.deliver(providerMessageId ?? '');
    await expect(sender.lookup('outbox-7')).resolves.toMatchObject({ state: 'delivered' });
  });

  it('sees a late failure: accepted at first, undelivered afterwards', async () => {
    await send('outbox-7');
    fake.fail('outbox-7');
    await expect(sender.lookup('outbox-7')).resolves.toMatchObject({
      found: true,
      state: 'failed',
      code: null,
    });
  });

  it.each(['Undelivered', 'Rejected', 'Failed'] as const)('%s → failed', async (state) => {
    await send('outbox-7');
    fake.setState('outbox-7', state);
    await expect(sender.lookup('outbox-7')).resolves.toMatchObject({ state: 'failed' });
  });

  it('"Delivery not confirmed" (the operator never answered, U6) is not a failure', async () => {
    await send('outbox-7');
    fake.setState('outbox-7', 'Delivery not confirmed');
    await expect(sender.lookup('outbox-7')).resolves.toMatchObject({ state: 'pending' });
  });

  it('reads an ER code when the details carry one (U2 documents no such field: assumed)', async () => {
    await send('outbox-7');
    fake.fail('outbox-7', 'Undelivered', { ErrorCode: 'ER-07' });
    await expect(sender.lookup('outbox-7')).resolves.toMatchObject({
      state: 'failed',
      code: 'ER-07',
    });
  });

  it('sent twice (a retry after a timeout): delivered if either copy was', async () => {
    await send('outbox-7');
    const { providerMessageId: second } = await send('outbox-7');
    const [first] = fake.messages;
    fake.fail(String(first?.MessageID));
    fake.deliver(second ?? '');
    await expect(sender.lookup('outbox-7')).resolves.toMatchObject({
      state: 'delivered',
      providerMessageId: second,
    });
  });

  it.each<[UnifonicStatus, DeliveryError['kind']]>([
    [401, 'config'],
    [403, 'config'],
    [429, 'rate'],
    [599, 'transient'],
  ])('a refused query is classified like a send: HTTP %i → %s', async (status, kind) => {
    fake.queryFailure = { status };
    const error = await rejection(sender.lookup('outbox-7'));
    expect({ kind: error.kind, code: error.code }).toEqual({ kind, code: `HTTP ${status}` });
  });

  it('a wrong AppSid is a set-up problem for a query too', async () => {
    const error = await rejection(senderWith({ appSid: 'other' }).lookup('outbox-7'));
    expect(error.kind).toBe('config');
  });
});

describe('Unifonic adapter: testConnection', () => {
  it('one authenticated query that sends nothing', async () => {
    await expect(sender.testConnection()).resolves.toEqual({
      detail: 'يونيفونك: قُبل معرّف التطبيق؛ اسم المرسل Shareek يُتحقق منه عند أول رسالة',
    });
    expect(fake.received).toHaveLength(0);
    expect(fake.queries).toEqual([
      { appSid: APP_SID, correlationId: 'connection-test', messageId: null, recipient: null },
    ]);
  });

  it('rejects, classified: a wrong AppSid, a refused IP address, Unifonic down', async () => {
    const wrongSid = await rejection(senderWith({ appSid: 'other' }).testConnection());
    expect({ kind: wrongSid.kind, code: wrongSid.code }).toEqual({
      kind: 'config',
      code: 'HTTP 401',
    });
    fake.queryFailure = { status: 403 };
    const refusedIp = await rejection(sender.testConnection());
    expect({ kind: refusedIp.kind, code: refusedIp.code }).toEqual({
      kind: 'config',
      code: 'HTTP 403',
    });
    fake.queryFailure = null;
    fake.down = 'server500';
    const down = await rejection(sender.testConnection());
    expect({ kind: down.kind, code: down.code }).toEqual({ kind: 'transient', code: 'HTTP 500' });
  });
});

describe('parseDeliveryReport', () => {
  it("reads the legacy KB's report (U10): MessageID, DLR Delivered/Undeliverable", () => {
    const fields = {
      MessageID: '3100000001',
      DLR: 'Delivered',
      Recipient: RECIPIENT,
      TimeCreated: '2026-01-01 10:00:00',
      SCTS: '2026-01-01 10:00:02',
      DLRTimestamp: '2026-01-01 10:00:03',
    };
    expect(parseDeliveryReport(fields)).toEqual({
      providerMessageId: '3100000001',
      correlationId: null,
      state: 'delivered',
      code: null,
    });
    expect(parseDeliveryReport({ ...fields, DLR: 'Undeliverable' })).toMatchObject({
      state: 'failed',
    });
  });

  it('reads a form body, raw or decoded, and a JSON body as text', () => {
    const form = 'MessageID=3100000002&DLR=Undeliverable&Recipient=966551234567';
    const expected = { providerMessageId: '3100000002', state: 'failed' };
    expect(parseDeliveryReport(form)).toMatchObject(expected);
    expect(parseDeliveryReport(new URLSearchParams(form))).toMatchObject(expected);
    expect(
      parseDeliveryReport({ MessageID: ['3100000002'], DLR: ['Undeliverable'] }),
    ).toMatchObject(expected);
    expect(parseDeliveryReport('{"MessageID":3100000002,"DLR":"Undeliverable"}')).toMatchObject(
      expected,
    );
  });

  it('any key case and spelling, CorrelationID, Status and an ER code', () => {
    expect(
      parseDeliveryReport({
        messageId: 3100000003,
        correlationId: 'outbox-9',
        status: 'undelivered',
        errorCode: 'ER-07',
      }),
    ).toEqual({
      providerMessageId: '3100000003',
      correlationId: 'outbox-9',
      state: 'failed',
      code: 'ER-07',
    });
    expect(
      parseDeliveryReport({
        message_id: '3100000004',
        CORRELATIONID: 'outbox-10',
        Status: 'Rejected',
      }),
    ).toMatchObject({
      providerMessageId: '3100000004',
      correlationId: 'outbox-10',
      state: 'failed',
    });
    expect(parseDeliveryReport({ CorrelationID: 'outbox-11', Status: 'Failed' })).toMatchObject({
      providerMessageId: null,
      correlationId: 'outbox-11',
      state: 'failed',
    });
  });

  it('Queued and Sent are pending; a delivered report carries no code; ER-00 is no code', () => {
    expect(parseDeliveryReport({ MessageID: '1', Status: 'Queued' })?.state).toBe('pending');
    expect(parseDeliveryReport({ data: { MessageID: '1', DLR: 'Sent' } })?.state).toBe('pending');
    expect(
      parseDeliveryReport({ MessageID: '1', DLR: 'Delivered', errorCode: 'ER-02' })?.code,
    ).toBe(null);
    expect(parseDeliveryReport({ MessageID: '1', DLR: 'Failed', errorCode: 'ER-00' })?.code).toBe(
      null,
    );
  });

  it.each([
    ['nothing', null],
    ['a number', 42],
    ['an array', [{ MessageID: '1', DLR: 'Delivered' }]],
    ['broken JSON', '{"MessageID":'],
    ['no id', { DLR: 'Delivered', Recipient: RECIPIENT }],
    ['no state', { MessageID: '1' }],
    ['a state nobody documents', { MessageID: '1', DLR: 'Teleported' }],
  ])('null for %s', (_, body) => {
    expect(parseDeliveryReport(body)).toBeNull();
  });

  describe("the fake's reports reach a receiver and parse", () => {
    let receiver: FakeServer;
    const got: { contentType: string | undefined; text: string }[] = [];
    beforeAll(async () => {
      receiver = await startFakeServer(({ headers, text }) => {
        got.push({ contentType: headers['content-type'], text });
        return { status: 200, text: 'ok' };
      });
    });
    afterAll(() => receiver.close());

    it.each(['json', 'form'] as const)('as %s', async (as) => {
      got.length = 0;
      const { providerMessageId } = await sender.send({
        to: TO,
        body: BODY,
        purpose: 'test',
        messageId: 'outbox-12',
      });
      fake.fail('outbox-12');
      expect(await fake.report('outbox-12', { url: `${receiver.url}/hook`, as })).toBe(200);
      const [{ contentType, text } = { contentType: '', text: '' }] = got;
      const body = contentType?.includes('json') ? JSON.parse(text) : text;
      expect(parseDeliveryReport(body)).toEqual({
        providerMessageId,
        correlationId: null,
        state: 'failed',
        code: null,
      });
    });
  });
});
