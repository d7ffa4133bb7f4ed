/**
 * Unifonic's REST SMS API, as Unifonic documents it (the sources, quoted, are in
 * .exp/research-sms.md):
 * - U1 https://docs.unifonic.com/docs/sending-your-first-sms-via-unifonic-api (parameters)
 * - U2 the "SMS API" OpenAPI, https://docs.unifonic.com/resources/AutoDocsSrc/api-documentation/SMS%20API%2011.json
 * - U3 https://docs.unifonic.com/reference/http-status-codes (HTTP statuses)
 * - U4 https://docs.unifonic.com/docs/understanding-reasons-of-sms-non-delivery (ER codes)
 * - U6 https://docs.unifonic.com/docs/understanding-sms-delivery (message states)
 * - U10 https://support.unifonic.com/hc/en-us/articles/205049882-Can-I-receive-DLR-receipt-update-through-a-webhook-
 *   (legacy delivery report fields)
 */
import { toInternationalPhone } from '#domain';
import {
  type Accepted,
  type ConnectionCheck,
  DeliveryError,
  type FailureKind,
} from './delivery.js';
import { asText, isRecord, malformed, parseJson, providerFetch } from './http.js';
import type { SmsLookup, SmsMessage, SmsSender } from './sms.js';

export type UnifonicSettings = {
  appSid: string;
  senderId: string;
  baseUrl?: string;
  timeoutMs?: number;
  /**
   * Where Unifonic posts each message's delivery status, sent as `statusCallback` with every
   * message. U2: "It must be a valid HTTPS URL and should resolve to a public IP address only."
   */
  statusCallbackUrl?: string;
};

const PROVIDER = 'Unifonic';
/** Unifonic spells the id's key differently from one answer to the next. */
const ID_KEYS = ['MessageID', 'MessageId', 'messageId', 'message_id'] as const;
/**
 * U1, `MessageType`: "Message Classification (KSA traffic only) 1-Warning (Government entities
 * only) 3-Services 5-Promotional (For advertisement sender only *-AD) 6-Awareness". Codes,
 * tenants' links, status updates and notices are all service messages, never promotional: with
 * type 3 no sending window applies (U7, https://docs.unifonic.com/docs/compliance-sms, leaves
 * service messages without one; promotional and awareness traffic is held to daytime).
 */
const MESSAGE_TYPE_SERVICES = '3';
/** The CorrelationID `testConnection` asks about: no message of ours carries it. */
const CONNECTION_TEST_ID = 'connection-test';

/**
 * HTTP statuses (U3) that say what is wrong. 409 ("This message is duplicate") is not here: it
 * means an identical message was just accepted (see `DUPLICATE`). 429 is `rate`, 5xx and 599
 * ("Request failed") `transient`, and any other 4xx `config`: the request or the account is
 * wrong, and retrying the same request cannot change that.
 */
const BY_STATUS: Record<number, [FailureKind, string]> = {
  401: ['config', 'authentication failed (AppSid refused)'],
  402: ['config', 'AppSid missing'],
  403: ['config', 'IP address not allowed'],
  459: ['config', 'authentication parameters wrongly base64-encoded'],
  440: ['config', 'wrong sender ID format'],
  480: ['config', 'this account cannot use the sender ID'],
  410: ['recipient', 'invalid recipient format'],
  481: ['recipient', 'country does not exist'],
  482: ['recipient', 'invalid destination number'],
  483: ['recipient', 'operator not found'],
  412: ['content', 'message body too long'],
  421: ['content', 'no message body specified'],
  449: ['content', 'message body is empty'],
};

/**
 * The non-delivery codes (U4) Unifonic gives in a 200 answer whose `success` is false. ER-09
 * is not here (see `DUPLICATE`); an unknown code is `transient`.
 */
const BY_ER_CODE: Record<string, [FailureKind, string]> = {
  'ER-01': ['config', 'no rate or insufficient balance'],
  'ER-02': ['recipient', 'invalid destination number'],
  'ER-03': ['recipient', 'destination number too long'],
  'ER-04': ['recipient', 'destination number too short'],
  'ER-05': ['recipient', 'no route to the destination number'],
  'ER-06': ['content', 'invalid or empty message body'],
  // U4: "flagged as going against mobile operator guidelines … filtered (blocked) by Unifonic or
  // by the operator". In the Kingdom the usual cause is a link whose domain the sender has not
  // registered with the operators (or, with Unifonic's "Trusted Domains", with Unifonic).
  'ER-07': [
    'content',
    'message filtered by Unifonic or the operator (in Saudi Arabia typically a link whose domain is not registered for the sender)',
  ],
  'ER-08': ['config', 'sender ID invalid or not registered with the operators'],
};

/**
 * HTTP 409 "This message is duplicate" (U3) and ER-09 "duplicates a recent message with the
 * same content to the same recipient" (U4): the same text to the same number was just accepted.
 * Whether that was this message depends on whether an earlier attempt of it may have gone
 * (`SmsMessage.unconfirmed`): see `send`.
 */
const DUPLICATE = Symbol('duplicate');
/**
 * How long a message refused as a duplicate waits before it is sent again. Unifonic does not
 * publish the length of its duplicate filter's window: ten minutes is our choice.
 */
const DUPLICATE_WAIT_MS = 10 * 60_000;

/** Unifonic's REST SMS API (`POST /rest/SMS/messages`, form-encoded, as U1's example). */
export class UnifonicSmsSender implements SmsSender {
  readonly provider = 'unifonic';
  private readonly appSid: string;
  private readonly senderId: string;
  private readonly baseUrl: string;
  private readonly timeoutMs: number | undefined;
  private readonly statusCallbackUrl: string | undefined;

  constructor({
    appSid,
    senderId,
    baseUrl = 'https://el.cloud.unifonic.com',
    timeoutMs,
    statusCallbackUrl,
  }: UnifonicSettings) {
    this.appSid = appSid;
    this.senderId = senderId;
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.timeoutMs = timeoutMs;
    this.statusCallbackUrl = statusCallbackUrl;
  }

  async send({ to, body, messageId, unconfirmed = false }: SmsMessage): Promise<Accepted> {
    const form = new URLSearchParams({
      AppSid: this.appSid,
      SenderID: this.senderId,
      Recipient: toInternationalPhone(to),
      Body: body,
      responseType: 'JSON',
      MessageType: MESSAGE_TYPE_SERVICES,
    });
    // The outbox row's id, by which `lookup` finds the message again. NOT an idempotency key:
    // U1 only says it is a "Unique identifier value that is attached to requests and
    // messages"; the de-duplication Unifonic documents is by content (409, ER-09), so the same
    // row sent twice may well reach the phone twice.
    if (messageId) form.set('CorrelationID', messageId);
    if (this.statusCallbackUrl) form.set('statusCallback', this.statusCallbackUrl);
    const answer = await this.call('/rest/SMS/messages', form);
    if (answer === DUPLICATE) {
      // Our own earlier attempt may be the identical message Unifonic just took: accepted (a
      // retry would send it twice). Otherwise it is another message with the same text (the
      // broker's resend of a link that failed, an admin's retry): refused for now, so it waits
      // and goes once the provider's duplicate window has passed.
      if (unconfirmed) return { providerMessageId: null };
      throw new DeliveryError(
        'rate',
        'duplicate',
        'Unifonic: refused as a duplicate of a recent identical message; sent again later',
        DUPLICATE_WAIT_MS,
      );
    }
    return { providerMessageId: messageIdOf(answer) };
  }

  /**
   * What Unifonic knows of the message sent with this CorrelationID (U2, `POST
   * /rest/SMS/Messages/GetMessagesDetails`, filtered by `CorrelationID`). Sent more than once
   * (a retry after a timeout), it counts as delivered if any copy was, pending if any may still
   * be, failed only when every copy failed.
   */
  async lookup(messageId: string): Promise<SmsLookup> {
    const messages = messagesOf(await this.details(messageId)).filter((message) => {
      // Only a message that carries our id: an answer that ignored the filter (or a message
      // without one, such as a one-time code) must never settle a row.
      const correlation = asText(message.CorrelationID);
      return correlation === messageId;
    });
    const found = messages.map((message) => ({
      providerMessageId: messageIdOf(message),
      state: stateOf(message.DLR, message.Status) ?? ('pending' as const),
      code: errorCodeOf(message),
    }));
    const best =
      found.find((m) => m.state === 'delivered') ??
      found.find((m) => m.state === 'pending') ??
      found[0];
    if (!best) return { found: false };
    const failed = best.state === 'failed';
    return {
      found: true,
      ...best,
      code: failed ? best.code : null,
      failure: failed ? undeliveredError(best.code) : null,
    };
  }

  /**
   * One authenticated call that sends nothing: the message details of a CorrelationID no message
   * carries. It proves the AppSid (and the IP address, 403) but not the sender ID, which only a
   * send checks (480).
   */
  async testConnection(): Promise<ConnectionCheck> {
    await this.details(CONNECTION_TEST_ID);
    return {
      detail: `يونيفونك: قُبل معرّف التطبيق؛ اسم المرسل ${this.senderId} يُتحقق منه عند أول رسالة`,
    };
  }

  private async details(correlationId: string): Promise<Record<string, unknown>> {
    const form = new URLSearchParams({
      AppSid: this.appSid,
      CorrelationID: correlationId,
      responseType: 'JSON',
    });
    const answer = await this.call('/rest/SMS/Messages/GetMessagesDetails', form);
    if (answer === DUPLICATE) {
      // A duplicate refusal to a query means nothing we know of: try again later.
      throw new DeliveryError('transient', 'HTTP 409', 'Unifonic: unexpected answer to a query');
    }
    return answer;
  }

  /** The answer when Unifonic took the request, DUPLICATE for its duplicate refusals. */
  private async call(
    path: string,
    form: URLSearchParams,
  ): Promise<Record<string, unknown> | typeof DUPLICATE> {
    const response = await providerFetch(
      PROVIDER,
      `${this.baseUrl}${path}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form,
      },
      this.timeoutMs,
    );
    if (response.status < 200 || response.status > 299) {
      // U2's errorCode does not reliably match U4's table in error answers (an example pairs
      // ER-02 with "Missing parameter AppSid"): only the status counts here.
      return byStatus(response.status);
    }
    const answer = parseJson(PROVIDER, response);
    if (!isRecord(answer)) throw malformed(PROVIDER, response);
    // U2 types `success` as the string "true" in one schema and the boolean in others.
    if (answer.success === true || answer.success === 'true') return answer;
    return byErrorCode(asText(answer.errorCode));
  }
}

function byStatus(status: number): typeof DUPLICATE {
  if (status === 409) return DUPLICATE;
  const code = `HTTP ${status}`;
  // U3 documents no Retry-After: the outbox's own backoff decides when to try again.
  if (status === 429) throw new DeliveryError('rate', code, 'Unifonic: too many requests');
  if (status >= 500) {
    throw new DeliveryError('transient', code, `Unifonic: request failed (${code})`);
  }
  const known = BY_STATUS[status];
  if (known) throw new DeliveryError(known[0], code, `Unifonic: ${known[1]}`);
  if (status >= 400) throw new DeliveryError('config', code, `Unifonic: request refused (${code})`);
  throw new DeliveryError('transient', code, `Unifonic: unexpected answer (${code})`);
}

function byErrorCode(errorCode: string | null): typeof DUPLICATE {
  if (errorCode === 'ER-09') return DUPLICATE;
  const known = errorCode ? BY_ER_CODE[errorCode] : undefined;
  if (errorCode && known) throw new DeliveryError(known[0], errorCode, `Unifonic: ${known[1]}`);
  const code = errorCode ?? 'unknown';
  throw new DeliveryError('transient', code, `Unifonic: message not accepted (${code})`);
}

/**
 * A message Unifonic took and then reports undelivered (a delivery report or a lookup), by its
 * ER code (U4); without a known code, the operator did not deliver it to the phone.
 */
export function undeliveredError(code: string | null): DeliveryError {
  const known = code ? BY_ER_CODE[code] : undefined;
  if (code && known) return new DeliveryError(known[0], code, `Unifonic: ${known[1]}`);
  const shown = code ?? 'undelivered';
  return new DeliveryError(
    'recipient',
    shown,
    `Unifonic: the operator reports the message undelivered (${shown})`,
  );
}

function messageIdOf(answer: Record<string, unknown>): string | null {
  for (const holder of [answer.data, answer]) {
    if (!isRecord(holder)) continue;
    for (const key of ID_KEYS) {
      const id = asText(holder[key]);
      if (id) return id;
    }
  }
  return null;
}

/** U2: `data.messages`, each with MessageID, CorrelationID, Status, DLR…; none when absent. */
function messagesOf(answer: Record<string, unknown>): Record<string, unknown>[] {
  const messages = isRecord(answer.data) ? answer.data.messages : undefined;
  return Array.isArray(messages) ? messages.filter(isRecord) : [];
}

type DeliveryState = 'pending' | 'delivered' | 'failed';

/**
 * A state word as Unifonic writes it: U6's Queued, Sent, Delivered, Undelivered and "Delivery
 * not confirmed" (the operator never answered: not a failure), U1's Rejected and Failed, U10's
 * Undeliverable. Null for anything else.
 */
function stateWord(value: unknown): DeliveryState | null {
  const word = asText(value)?.trim().toLowerCase();
  if (!word) return null;
  if (word === 'delivered') return 'delivered';
  if (['undelivered', 'undeliverable', 'rejected', 'failed'].includes(word)) return 'failed';
  if (['queued', 'sent', 'accepted', 'delivery not confirmed'].includes(word)) return 'pending';
  return null;
}

/** The most final of several state fields; the first one's word wins a conflict. */
function stateOf(...values: unknown[]): DeliveryState | null {
  const states = values.map(stateWord).filter((s): s is DeliveryState => s !== null);
  return states.find((s) => s !== 'pending') ?? states[0] ?? null;
}

/** An ER code, when a message or report carries one (U2 lists no such field; U4 has the codes). */
function errorCodeOf(fields: Record<string, unknown>): string | null {
  for (const [key, value] of Object.entries(fields)) {
    const name = normalKey(key);
    if (name !== 'errorcode' && name !== 'ercode' && name !== 'error') continue;
    const code = asText(firstOf(value))?.trim();
    if (code && code.toUpperCase() !== 'ER-00' && code.length <= 64) return code;
  }
  return null;
}

function normalKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** A form decoder's repeated key arrives as an array: its first value. */
function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

export type UnifonicDeliveryReport = {
  providerMessageId: string | null;
  correlationId: string | null;
  state: DeliveryState;
  code: string | null;
};

/**
 * A delivery report Unifonic posted to our `statusCallback` (U5,
 * https://docs.unifonic.com/docs/receiving-delivery-status-via-webhook: an HTTPS POST), or null
 * when it names no message or no state we know. The current payload is not documented; the
 * legacy KB (U10) lists MessageID, DLR ("Delivered" or "Undeliverable"), Recipient,
 * TimeCreated, SCTS and DLRTimestamp. So this is tolerant: a JSON or form-decoded object (or its
 * raw text), keys in any case or spelling (MessageID, messageId, message_id; CorrelationID; DLR,
 * Status, status; errorCode), values Queued/Sent/Delivered/Undeliverable/Undelivered/Rejected/
 * Failed in any case, and the same fields under `data`. Unverifiable as it stands (Unifonic
 * signs nothing): the caller confirms with `lookup` before it changes anything.
 */
export function parseDeliveryReport(body: unknown): UnifonicDeliveryReport | null {
  const fields = reportFields(body);
  if (!fields) return null;
  const byKey = new Map<string, unknown>();
  for (const holder of [fields, isRecord(fields.data) ? fields.data : {}]) {
    for (const [key, value] of Object.entries(holder)) {
      const name = normalKey(key);
      if (!byKey.has(name)) byKey.set(name, firstOf(value));
    }
  }
  const text = (name: string) => asText(byKey.get(name))?.trim() || null;
  const providerMessageId = text('messageid') ?? text('msgid');
  const correlationId = text('correlationid');
  const state = stateOf(
    byKey.get('dlr'),
    byKey.get('status'),
    byKey.get('state'),
    byKey.get('deliverystatus'),
    byKey.get('dlrstatus'),
  );
  if ((!providerMessageId && !correlationId) || !state) return null;
  const code = state === 'failed' ? errorCodeOf(Object.fromEntries(byKey)) : null;
  return { providerMessageId, correlationId, state, code };
}

function reportFields(body: unknown): Record<string, unknown> | null {
  if (body instanceof URLSearchParams) return Object.fromEntries(body);
  if (typeof body === 'string') {
    const text = body.trim();
    if (text.startsWith('{')) {
      try {
        const parsed: unknown = JSON.parse(text);
        return isRecord(parsed) ? parsed : null;
      } catch {
        return null;
      }
    }
    return text ? Object.fromEntries(new URLSearchParams(text)) : null;
  }
  return isRecord(body) ? body : null;
}
