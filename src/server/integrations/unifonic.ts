import { toInternationalPhone } from '#domain';
import { type Accepted, DeliveryError } from './delivery.js';
import { asText, isRecord, malformed, parseJson, providerFetch, statusError } from './http.js';
import type { SmsMessage, SmsSender } from './sms.js';

export type UnifonicSettings = {
  appSid: string;
  senderId: string;
  baseUrl?: string;
  timeoutMs?: number;
};

const PROVIDER = 'Unifonic';
/** Unifonic spells the id's key differently from one answer to the next. */
const ID_KEYS = ['MessageID', 'MessageId', 'messageId', 'message_id'] as const;

/** Unifonic's REST SMS API (`POST /rest/SMS/messages`, form-encoded). */
export class UnifonicSmsSender implements SmsSender {
  readonly provider = 'unifonic';
  private readonly appSid: string;
  private readonly senderId: string;
  private readonly baseUrl: string;
  private readonly timeoutMs: number | undefined;

  constructor({
    appSid,
    senderId,
    baseUrl = 'https://el.cloud.unifonic.com',
    timeoutMs,
  }: UnifonicSettings) {
    this.appSid = appSid;
    this.senderId = senderId;
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.timeoutMs = timeoutMs;
  }

  async send({ to, body, messageId }: SmsMessage): Promise<Accepted> {
    const form = new URLSearchParams({
      AppSid: this.appSid,
      SenderID: this.senderId,
      Recipient: toInternationalPhone(to),
      Body: body,
      responseType: 'JSON',
    });
    if (messageId) form.set('CorrelationID', messageId);
    const response = await providerFetch(
      PROVIDER,
      `${this.baseUrl}/rest/SMS/messages`,
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
    const byStatus = statusError(PROVIDER, response);
    if (byStatus) throw byStatus;
    if (response.status === 401 || response.status === 403) {
      throw new DeliveryError('config', `HTTP ${response.status}`, 'Unifonic: AppSid refused');
    }
    if (response.status === 480) {
      throw new DeliveryError('config', 'HTTP 480', 'Unifonic: sender ID not allowed');
    }
    if (response.status === 482) {
      throw new DeliveryError('recipient', 'HTTP 482', 'Unifonic: invalid destination number');
    }

    const answer = parseJson(PROVIDER, response);
    if (!isRecord(answer)) throw malformed(PROVIDER, response);
    const errorCode = asText(answer.errorCode);
    if (answer.success === true || answer.success === 'true') {
      // Accepted even without an id: retrying an accepted message would send it twice.
      return { providerMessageId: messageIdOf(answer) };
    }
    throw unifonicError(errorCode, response.status);
  }
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

function unifonicError(errorCode: string | null, status: number): DeliveryError {
  if (errorCode === 'ER-01') {
    return new DeliveryError('config', errorCode, 'Unifonic: insufficient balance');
  }
  if (errorCode && /^ER-0[2-5]$/.test(errorCode)) {
    return new DeliveryError(
      'recipient',
      errorCode,
      `Unifonic: destination refused (${errorCode})`,
    );
  }
  // Any other refusal with a 4xx is about our request or account: retrying will not change it.
  if (status >= 400) {
    const code = errorCode ?? `HTTP ${status}`;
    return new DeliveryError('config', code, `Unifonic: request refused (${code})`);
  }
  const code = errorCode ?? 'unknown';
  return new DeliveryError('transient', code, `Unifonic: message not accepted (${code})`);
}
