/** Taqnyat's `POST /v1/messages` on 127.0.0.1, with its documented refusals as switches. */
import {
  bearerToken,
  type CommonFailure,
  commonFailureReply,
  type FakeReply,
  type FakeRequest,
  jsonBody,
  startFakeServer,
} from './fake-server.js';

export type TaqnyatFailure = 'auth401' | 'rejected' | CommonFailure;

export type TaqnyatRequest = {
  path: string;
  token: string | null;
  recipients: string[];
  body: string | null;
  sender: string | null;
};

export type FakeTaqnyat = {
  url: string;
  close(): Promise<void>;
  received: TaqnyatRequest[];
  /** Recipient (9665XXXXXXXX) → how its messages fail. */
  failFor: Map<string, TaqnyatFailure>;
  /** Applies to every request when set. */
  down: CommonFailure | null;
};

export async function startFakeTaqnyat({
  token = 'test-taqnyat-token',
} = {}): Promise<FakeTaqnyat> {
  let nextId = 1_700_000;
  const handle = (request: FakeRequest): FakeReply => {
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
    if (received.token !== token || failure === 'auth401') {
      return { status: 401, json: { statusCode: 401, message: 'invalid credentials information' } };
    }
    if (!received.body || !received.sender || recipients.length === 0) {
      return { status: 400, json: { statusCode: 400, message: 'missing parameters' } };
    }
    if (failure && failure !== 'rejected') return commonFailureReply(failure);

    const refused = recipients.filter((r) => fake.failFor.get(r) === 'rejected');
    const accepted = recipients.filter((r) => !refused.includes(r));
    // Taqnyat sends both lists as strings, each number followed by a comma.
    const list = (numbers: string[]) => `[${numbers.map((n) => `${n},`).join('')}]`;
    return {
      status: 201,
      json: {
        statusCode: 201,
        messageId: nextId++,
        cost: '0.0500',
        currency: 'SAR',
        totalCount: recipients.length,
        msgLength: 1,
        accepted: list(accepted),
        rejected: list(refused),
      },
    };
  };
  const server = await startFakeServer(handle);
  const fake: FakeTaqnyat = { ...server, received: [], failFor: new Map(), down: null };
  return fake;
}
