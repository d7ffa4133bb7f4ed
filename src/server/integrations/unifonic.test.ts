import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeUnifonic, startFakeUnifonic } from '../test-support/fakes/unifonic.js';
import { DeliveryError } from './delivery.js';
import { UnifonicSmsSender } from './unifonic.js';

const TO = '0551234567';
const RECIPIENT = '966551234567';
const BODY = 'أكمل بياناتك عبر الرابط: https://example.sa/s/Secret123Code';

let fake: FakeUnifonic;
let sender: UnifonicSmsSender;

beforeAll(async () => {
  fake = await startFakeUnifonic({ appSid: 'sid-1', senderIds: ['Shareek'] });
  sender = new UnifonicSmsSender({
    appSid: 'sid-1',
    senderId: 'Shareek',
    baseUrl: fake.url,
  });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.received.length = 0;
  fake.failFor.clear();
  fake.down = null;
  fake.successStyle = { success: 'true', idKey: 'MessageID', numericId: true };
});

/** The DeliveryError `send` rejects with. */
async function failure(s: UnifonicSmsSender = sender, to = TO): Promise<DeliveryError> {
  const error = await s.send({ to, body: BODY, purpose: 'test' }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DeliveryError);
  const delivery = error as DeliveryError;
  // Shown to admins: never the text.
  expect(delivery.message).not.toContain('Secret123Code');
  return delivery;
}

describe('Unifonic adapter', () => {
  it('posts the form Unifonic expects and returns its message id', async () => {
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
        appSid: 'sid-1',
        senderId: 'Shareek',
        recipient: RECIPIENT,
        body: BODY,
        correlationId: 'outbox-1',
        responseType: 'JSON',
      },
    ]);
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

  it.each([
    ['auth401', 'config', 'HTTP 401'],
    ['rate429', 'rate', 'HTTP 429'],
    ['sender480', 'config', 'HTTP 480'],
    ['invalid482', 'recipient', 'HTTP 482'],
    ['noBalance', 'config', 'ER-01'],
    ['badDestination', 'recipient', 'ER-03'],
    ['server500', 'transient', 'HTTP 500'],
    ['malformed', 'transient', 'malformed'],
    ['close', 'transient', 'network'],
  ] as const)('%s → %s (%s)', async (mode, kind, code) => {
    fake.failFor.set(RECIPIENT, mode);
    const error = await failure();
    expect({ kind: error.kind, code: error.code }).toEqual({ kind, code });
  });

  it('gives up after its time limit: transient timeout', async () => {
    fake.failFor.set(RECIPIENT, 'hang');
    const quick = new UnifonicSmsSender({
      appSid: 'sid-1',
      senderId: 'Shareek',
      baseUrl: fake.url,
      timeoutMs: 300,
    });
    const error = await failure(quick);
    expect({ kind: error.kind, code: error.code }).toEqual({ kind: 'transient', code: 'timeout' });
  });

  it('429 carries Retry-After', async () => {
    fake.failFor.set(RECIPIENT, 'rate429');
    fake.retryAfterSeconds = 12;
    expect((await failure()).retryAfterMs).toBe(12_000);
  });

  it('a wrong AppSid or sender ID is a set-up problem', async () => {
    const wrongSid = new UnifonicSmsSender({
      appSid: 'other',
      senderId: 'Shareek',
      baseUrl: fake.url,
    });
    expect((await failure(wrongSid)).kind).toBe('config');
    const wrongSender = new UnifonicSmsSender({
      appSid: 'sid-1',
      senderId: 'Nope',
      baseUrl: fake.url,
    });
    expect((await failure(wrongSender)).code).toBe('HTTP 480');
  });

  it('a provider down for everyone is transient', async () => {
    fake.down = 'server500';
    expect((await failure()).kind).toBe('transient');
  });
});
