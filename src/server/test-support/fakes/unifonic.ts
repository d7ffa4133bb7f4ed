/** Unifonic's `POST /rest/SMS/messages` on 127.0.0.1, with its documented refusals as switches. */
import {
  type CommonFailure,
  commonFailureReply,
  type FakeReply,
  type FakeRequest,
  startFakeServer,
} from './fake-server.js';

export type UnifonicFailure =
  | 'auth401'
  | 'rate429'
  | 'sender480'
  | 'invalid482'
  | 'noBalance'
  | 'badDestination'
  | CommonFailure;

export type UnifonicRequest = {
  path: string;
  appSid: string | null;
  senderId: string | null;
  recipient: string | null;
  body: string | null;
  correlationId: string | null;
  responseType: string | null;
};

/** Unifonic's successes differ in `success`'s type and the id's key and type. */
export type UnifonicSuccessStyle = {
  success: 'true' | true;
  idKey: 'MessageID' | 'MessageId' | 'messageId' | 'message_id';
  numericId: boolean;
};

export type FakeUnifonic = {
  url: string;
  close(): Promise<void>;
  received: UnifonicRequest[];
  /** Recipient (9665XXXXXXXX) → how its messages fail. */
  failFor: Map<string, UnifonicFailure>;
  /** Applies to every request when set. */
  down: CommonFailure | null;
  successStyle: UnifonicSuccessStyle;
  /** Retry-After sent with 429 (seconds). */
  retryAfterSeconds: number;
  /** How long each answer takes (a provider under load); the request is received at once. */
  latencyMs: number;
  /**
   * The first SMS to `phone` (05XXXXXXXX) whose text matches, as it arrives: the code a
   * sign-up needs, the link a tenant opens. Fails after `timeoutMs`.
   */
  waitFor(phone: string, pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
};

export type FakeUnifonicOptions = { appSid?: string; senderIds?: string[] };

export async function startFakeUnifonic({
  appSid = 'test-app-sid',
  senderIds = ['Shareek'],
}: FakeUnifonicOptions = {}): Promise<FakeUnifonic> {
  let nextId = 3_100_000_000;
  const handle = ({ method, path, text }: FakeRequest): FakeReply => {
    const form = new URLSearchParams(text);
    const request: UnifonicRequest = {
      path,
      appSid: form.get('AppSid'),
      senderId: form.get('SenderID'),
      recipient: form.get('Recipient'),
      body: form.get('Body'),
      correlationId: form.get('CorrelationID'),
      responseType: form.get('responseType'),
    };
    fake.received.push(request);
    if (fake.down) return commonFailureReply(fake.down);
    if (method !== 'POST' || path !== '/rest/SMS/messages') {
      return { status: 404, json: { success: 'false', message: 'Not found' } };
    }
    const failure = fake.failFor.get(request.recipient ?? '');
    if (request.appSid !== appSid || failure === 'auth401') {
      return refusal(401, 'ER-00', 'Authentication failed');
    }
    if (failure === 'rate429') {
      return {
        status: 429,
        headers: { 'retry-after': String(fake.retryAfterSeconds) },
        json: { success: 'false', message: 'Too many requests', errorCode: 'ER-429' },
      };
    }
    if (!senderIds.includes(request.senderId ?? '') || failure === 'sender480') {
      return refusal(480, 'ER-480', 'This user cannot use specified SenderID');
    }
    if (!/^9665\d{8}$/.test(request.recipient ?? '') || failure === 'invalid482') {
      return refusal(482, 'ER-482', 'Invalid dest num');
    }
    if (!request.body) return refusal(400, 'ER-06', 'Message body is required');
    if (failure === 'noBalance') return refusal(200, 'ER-01', 'Insufficient balance');
    if (failure === 'badDestination') return refusal(200, 'ER-03', 'Destination not allowed');
    if (failure) return commonFailureReply(failure);

    const { success, idKey, numericId } = fake.successStyle;
    const id = nextId++;
    return {
      status: 200,
      json: {
        success,
        message: '',
        errorCode: 'ER-00',
        data: {
          [idKey]: numericId ? id : String(id),
          CorrelationID: request.correlationId,
          NumberOfUnits: 1,
          Cost: 0.05,
          Balance: 100,
          Recipient: Number(request.recipient),
          Status: 'Queued',
        },
      },
    };
  };
  const server = await startFakeServer(async (request) => {
    const reply = handle(request);
    if (fake.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.latencyMs));
    return reply;
  });
  const fake: FakeUnifonic = {
    ...server,
    received: [],
    failFor: new Map(),
    down: null,
    successStyle: { success: 'true', idKey: 'MessageID', numericId: true },
    retryAfterSeconds: 30,
    latencyMs: 0,
    async waitFor(phone, pattern, timeoutMs = 15_000) {
      const to = `966${phone.slice(1)}`;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        for (const message of fake.received) {
          const found = message.recipient === to ? pattern.exec(message.body ?? '') : null;
          if (found) return found;
        }
        if (Date.now() > deadline) throw new Error(`no SMS to ${phone} matching ${pattern}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
  return fake;
}

function refusal(status: number, errorCode: string, message: string): FakeReply {
  return { status, json: { success: 'false', message, errorCode, data: null } };
}
