import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTaqnyat, startFakeTaqnyat } from '../test-support/fakes/taqnyat.js';
import { DeliveryError } from './delivery.js';
import { TaqnyatSmsSender } from './taqnyat.js';

const TO = '0551234567';
const RECIPIENT = '966551234567';
const BODY = 'رمز التحقق: 4821';

let fake: FakeTaqnyat;
let sender: TaqnyatSmsSender;

beforeAll(async () => {
  fake = await startFakeTaqnyat({ token: 'tq-token' });
  sender = new TaqnyatSmsSender({
    token: 'tq-token',
    sender: 'Shareek',
    baseUrl: fake.url,
  });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.received.length = 0;
  fake.failFor.clear();
  fake.down = null;
});

async function failure(s: TaqnyatSmsSender = sender): Promise<DeliveryError> {
  const error = await s.send({ to: TO, body: BODY, purpose: 'otp' }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DeliveryError);
  const delivery = error as DeliveryError;
  expect(delivery.message).not.toContain('4821');
  expect(delivery.message).not.toContain('tq-token');
  return delivery;
}

describe('Taqnyat adapter', () => {
  it('posts JSON with the bearer token and returns the message id', async () => {
    const { providerMessageId } = await sender.send({ to: TO, body: BODY, purpose: 'otp' });
    expect(providerMessageId).toMatch(/^\d+$/);
    expect(fake.received).toEqual([
      {
        path: '/v1/messages',
        token: 'tq-token',
        recipients: [RECIPIENT],
        body: BODY,
        sender: 'Shareek',
      },
    ]);
  });

  it.each([
    ['auth401', 'config', 'HTTP 401'],
    ['rejected', 'recipient', 'rejected'],
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
    const quick = new TaqnyatSmsSender({
      token: 'tq-token',
      sender: 'Shareek',
      baseUrl: fake.url,
      timeoutMs: 300,
    });
    const error = await failure(quick);
    expect({ kind: error.kind, code: error.code }).toEqual({ kind: 'transient', code: 'timeout' });
  });

  it('a wrong token is a set-up problem', async () => {
    const wrong = new TaqnyatSmsSender({ token: 'other', sender: 'Shareek', baseUrl: fake.url });
    expect((await failure(wrong)).kind).toBe('config');
  });

  it('a provider down for everyone is transient', async () => {
    fake.down = 'close';
    expect((await failure()).kind).toBe('transient');
  });
});
