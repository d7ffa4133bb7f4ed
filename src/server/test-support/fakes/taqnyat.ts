/**
 * Taqnyat's SMS API on 127.0.0.1 (decision record 056), as far as anything is published (quoted in
 * .exp/research-sms.md, items 6–8):
 * - T1 https://dev.taqnyat.sa/en/doc/sms: base https://api.taqnyat.sa/, "Bearer token must be
 *   submitted withen the header Authorization", numbers "in international format without 00 or
 *   symbol (+)", JSON answers.
 * - The official PHP library, https://github.com/taqnyat/php (TaqnyatSms.php): `POST
 *   /v1/messages` `{recipients, sender, body}` and `GET /account/balance`.
 * - Answer shapes: found only in a third-party package's fixtures, github
 *   Fateel-Tech/taqnyat-sms-laravel tests/Fixtures (message-data.json, account-balance.json,
 *   unauthorized.json): the shapes below follow them.
 * Taqnyat's list of error statuses was not found, nor any delivery report or status API (items 7
 * and 8): this fake has none, and marks each status it chose that no document gives.
 */
import type { CommonFailure, FakeProvider, FakeReply, FakeRequest } from './fake-server.js';
import { bearerToken, commonFailureReply, jsonBody, startFakeProvider } from './fake-server.js';

export type TaqnyatFailure =
  /** 401 `{"statusCode":401,"message":"invalid credentials information"}` (unauthorized.json). */
  | 'auth401'
  /** 403: not documented; a token refused for this account, as the adapter treats it. */
  | 'forbidden403'
  /** 400: not documented; a request Taqnyat refuses (a sender name not active…). */
  | 'badRequest400'
  /** 429: not documented (nor any Retry-After); the usual "too many requests". */
  | 'rate429'
  /** 201 with the number in `rejected` (the fixture's field; a refusal's shape is assumed). */
  | 'rejected'
  | CommonFailure;

export type TaqnyatRequest = {
  path: string;
  token: string | null;
  recipients: string[];
  body: string | null;
  sender: string | null;
};

/**
 * How a send's success is written: HTTP status, the body's `statusCode` (null: left out) and
 * `accepted`/`rejected` as strings like "[966500000000,]" (the fixture) or as arrays.
 */
export type TaqnyatSuccessStyle = {
  httpStatus: number;
  statusCode: number | null;
  lists: 'string' | 'array';
};

export type FakeTaqnyat = FakeProvider & {
  /** Every send (`POST /v1/messages`) and request to an unknown path, in order. */
  received: TaqnyatRequest[];
  /** The bearer token of every `GET /account/balance`, in order. */
  balanceChecks: (string | null)[];
  /** Recipient (9665XXXXXXXX) → how its messages fail. */
  failFor: Map<string, TaqnyatFailure>;
  successStyle: TaqnyatSuccessStyle;
  /**
   * The balance `GET /account/balance` answers (account-balance.json's fields); null leaves
   * `balance` and `currency` out.
   */
  balance: { balance: string; currency: string } | null;
};

export async function startFakeTaqnyat({
  token = 'test-taqnyat-token',
} = {}): Promise<FakeTaqnyat> {
  let nextId = 1_700_000;
  const unauthorized: FakeReply = {
    status: 401,
    json: { statusCode: 401, message: 'invalid credentials information' },
  };

  const send = (request: FakeRequest): FakeReply => {
    const json = jsonBody(request);
    const fields =
      typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
    const recipients = Array.isArray(fields.recipients) ? fields.recipients.map(String) : [];
    const received: TaqnyatRequest = {
      path: request.path,
      token: bearerToken(request.headers),
      recipients,
      body: typeof fields.body === 'string' ? fields.body : null,
      sender: typeof fields.sender === 'string' ? fields.sender : null,
    };
    fake.received.push(received);
    if (fake.down) return commonFailureReply(fake.down);
    if (request.method !== 'POST' || request.path !== '/v1/messages') {
      return { status: 404, json: { statusCode: 404, message: 'Not Found' } };
    }
    const failure = recipients.map((r) => fake.failFor.get(r)).find(Boolean);
    if (received.token !== token || failure === 'auth401') return unauthorized;
    if (failure === 'forbidden403') {
      return { status: 403, json: { statusCode: 403, message: 'Forbidden' } };
    }
    if (failure === 'rate429') {
      return { status: 429, json: { statusCode: 429, message: 'Too Many Requests' } };
    }
    // Not documented: a request missing a field Taqnyat requires ("You must have an active
    // sender name", T1) is refused with 400 here.
    if (!received.body || !received.sender || recipients.length === 0) {
      return { status: 400, json: { statusCode: 400, message: 'missing parameters' } };
    }
    if (failure === 'badRequest400') {
      return { status: 400, json: { statusCode: 400, message: 'Bad Request' } };
    }
    if (failure && failure !== 'rejected') return commonFailureReply(failure);

    const refused = recipients.filter((r) => fake.failFor.get(r) === 'rejected');
    const accepted = recipients.filter((r) => !refused.includes(r));
    const { httpStatus, statusCode, lists } = fake.successStyle;
    // message-data.json writes both lists as strings, each number followed by a comma.
    const list = (numbers: string[]) =>
      lists === 'array' ? numbers.map(Number) : `[${numbers.map((n) => `${n},`).join('')}]`;
    return {
      status: httpStatus,
      json: {
        ...(statusCode === null ? {} : { statusCode }),
        messageId: nextId++,
        cost: 0.026,
        currency: 'SAR',
        totalCount: recipients.length,
        msgLength: 1,
        accepted: list(accepted),
        rejected: list(refused),
      },
    };
  };

  const balance = (request: FakeRequest): FakeReply => {
    const given = bearerToken(request.headers);
    fake.balanceChecks.push(given);
    if (fake.down) return commonFailureReply(fake.down);
    if (given !== token) return unauthorized;
    // account-balance.json.
    return {
      status: 200,
      json: {
        statusCode: 200,
        accountStatus: 'active',
        accountExpiryDate: '23-08-2030',
        ...(fake.balance ?? {}),
      },
    };
  };

  const fake: FakeTaqnyat = await startFakeProvider(
    (request) =>
      request.method === 'GET' && request.path === '/account/balance'
        ? balance(request)
        : send(request),
    {
      received: [],
      balanceChecks: [],
      failFor: new Map(),
      successStyle: { httpStatus: 201, statusCode: 201, lists: 'string' },
      balance: { balance: '2044.000', currency: 'SAR' },
    },
  );
  return fake;
}
