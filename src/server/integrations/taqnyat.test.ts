import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTaqnyat, startFakeTaqnyat } from '../test-support/fakes/taqnyat.js';
import { RECIPIENT, TO } from '../test-support/recipient.js';
import { DeliveryError } from './delivery.js';
import { TaqnyatSmsSender } from './taqnyat.js';

// Against a fake that follows what Taqnyat publishes (T1, the official PHP library)
// and, for answer shapes nobody official documents, a third-party package's fixtures (the
// fake's header lists them).

const BODY = 'رمز التحقق: 4821';
const TOKEN = 'tq-token';

let fake: FakeTaqnyat;
let sender: TaqnyatSmsSender;

const senderWith = (settings: Partial<ConstructorParameters<typeof TaqnyatSmsSender>[0]> = {}) =>
  new TaqnyatSmsSender({ token: TOKEN, sender: 'Shareek', baseUrl: fake.url, ...settings });

beforeAll(async () => {
  fake = await startFakeTaqnyat({ token: TOKEN });
  sender = senderWith();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.received.length = 0;
  fake.balanceChecks.length = 0;
  fake.failFor.clear();
  fake.down = null;
  fake.successStyle = { httpStatus: 201, statusCode: 201, lists: 'string' };
  fake.balance = { balance: '2044.000', currency: 'SAR' };
});

async function rejection(call: Promise<unknown>): Promise<DeliveryError> {
  const error = await call.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DeliveryError);
  const delivery = error as DeliveryError;
  for (const secret of ['4821', TOKEN, RECIPIENT, TO]) {
    expect(delivery.message).not.toContain(secret);
    expect(delivery.code).not.toContain(secret);
  }
  return delivery;
}

const failure = (s: TaqnyatSmsSender = sender) =>
  rejection(s.send({ to: TO, body: BODY, purpose: 'otp' }));

describe('Taqnyat adapter: sending', () => {
  it('posts JSON with the bearer token and returns the message id', async () => {
    const { providerMessageId } = await sender.send({ to: TO, body: BODY, purpose: 'otp' });
    expect(providerMessageId).toMatch(/^\d+$/);
    expect(fake.received).toEqual([
      {
        path: '/v1/messages',
        token: TOKEN,
        recipients: [RECIPIENT],
        body: BODY,
        sender: 'Shareek',
      },
    ]);
  });

  it.each([
    { httpStatus: 201, statusCode: 201, lists: 'string' },
    { httpStatus: 201, statusCode: 201, lists: 'array' },
    { httpStatus: 200, statusCode: 200, lists: 'string' },
    { httpStatus: 201, statusCode: null, lists: 'array' },
  ] as const)('a success: %o', async (style) => {
    fake.successStyle = style;
    const { providerMessageId } = await sender.send({ to: TO, body: BODY, purpose: 'otp' });
    expect(providerMessageId).toMatch(/^\d+$/);
  });

  it.each(['string', 'array'] as const)(
    'a number in `rejected` (as a %s) is a refused recipient, even with 201',
    async (lists) => {
      fake.successStyle = { httpStatus: 201, statusCode: 201, lists };
      fake.failFor.set(RECIPIENT, 'rejected');
      const error = await failure();
      expect({ kind: error.kind, code: error.code }).toEqual({
        kind: 'recipient',
        code: 'rejected',
      });
    },
  );

  it('no success without both the HTTP status and the body’s statusCode saying so', async () => {
    fake.successStyle = { httpStatus: 201, statusCode: 401, lists: 'string' };
    const refused = await failure();
    expect({ kind: refused.kind, code: refused.code }).toEqual({
      kind: 'config',
      code: 'HTTP 401',
    });
    fake.successStyle = { httpStatus: 202, statusCode: 201, lists: 'string' };
    const other = await failure();
    expect({ kind: other.kind, code: other.code }).toEqual({
      kind: 'transient',
      code: 'HTTP 202',
    });
  });

  it.each([
    ['auth401', 'config', 'HTTP 401'],
    ['forbidden403', 'config', 'HTTP 403'],
    ['badRequest400', 'config', 'HTTP 400'],
    ['rate429', 'rate', 'HTTP 429'],
    ['server500', 'transient', 'HTTP 500'],
    ['malformed', 'transient', 'malformed'],
    ['close', 'transient', 'network'],
  ] as const)('%s → %s (%s)', async (mode, kind, code) => {
    fake.failFor.set(RECIPIENT, mode);
    const error = await failure();
    expect({ kind: error.kind, code: error.code }).toEqual({ kind, code });
  });

  it('429 carries no wait of its own: Taqnyat documents no Retry-After', async () => {
    fake.failFor.set(RECIPIENT, 'rate429');
    expect((await failure()).retryAfterMs).toBeUndefined();
  });

  it('gives up after its time limit: transient timeout', async () => {
    fake.failFor.set(RECIPIENT, 'hang');
    const error = await failure(senderWith({ timeoutMs: 300 }));
    expect({ kind: error.kind, code: error.code }).toEqual({ kind: 'transient', code: 'timeout' });
  });

  it('a wrong token, or no sender name, is a set-up problem', async () => {
    expect((await failure(senderWith({ token: 'other' }))).code).toBe('HTTP 401');
    const noSender = await failure(senderWith({ sender: '' }));
    expect({ kind: noSender.kind, code: noSender.code }).toEqual({
      kind: 'config',
      code: 'HTTP 400',
    });
  });

  it('a provider down for everyone is transient', async () => {
    fake.down = 'close';
    expect((await failure()).kind).toBe('transient');
  });

  it('has no lookup: Taqnyat documents no status API', () => {
    expect('lookup' in sender).toBe(false);
  });
});

describe('Taqnyat adapter: testConnection (GET /account/balance)', () => {
  it('proves the token and says the balance, sending nothing', async () => {
    fake.balance = { balance: '12.5000', currency: 'SAR' };
    await expect(sender.testConnection()).resolves.toEqual({
      detail: 'تقنيات: قُبل الرمز، والرصيد ١٢٫٥٠ ر.س',
    });
    expect(fake.balanceChecks).toEqual([TOKEN]);
    expect(fake.received).toHaveLength(0);
  });

  it('without a balance in the answer, just the token', async () => {
    fake.balance = null;
    await expect(sender.testConnection()).resolves.toEqual({ detail: 'تقنيات: قُبل الرمز' });
  });

  it('a wrong token: set-up; Taqnyat down: transient', async () => {
    const wrong = await rejection(senderWith({ token: 'other' }).testConnection());
    expect({ kind: wrong.kind, code: wrong.code }).toEqual({ kind: 'config', code: 'HTTP 401' });
    fake.down = 'server500';
    const down = await rejection(sender.testConnection());
    expect({ kind: down.kind, code: down.code }).toEqual({ kind: 'transient', code: 'HTTP 500' });
  });
});
