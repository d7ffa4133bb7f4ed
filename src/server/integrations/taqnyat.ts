import { toInternationalPhone } from '#domain';
import { type Accepted, DeliveryError } from './delivery.js';
import { asText, isRecord, malformed, parseJson, providerFetch, statusError } from './http.js';
import type { SmsMessage, SmsSender } from './sms.js';

export type TaqnyatSettings = {
  token: string;
  sender: string;
  baseUrl?: string;
  timeoutMs?: number;
};

const PROVIDER = 'Taqnyat';

/** Taqnyat's SMS API (`POST /v1/messages`, bearer token, JSON). */
export class TaqnyatSmsSender implements SmsSender {
  readonly provider = 'taqnyat';
  private readonly token: string;
  private readonly sender: string;
  private readonly baseUrl: string;
  private readonly timeoutMs: number | undefined;

  constructor({ token, sender, baseUrl = 'https://api.taqnyat.sa', timeoutMs }: TaqnyatSettings) {
    this.token = token;
    this.sender = sender;
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.timeoutMs = timeoutMs;
  }

  async send({ to, body }: SmsMessage): Promise<Accepted> {
    const response = await providerFetch(
      PROVIDER,
      `${this.baseUrl}/v1/messages`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          recipients: [toInternationalPhone(to)],
          body,
          sender: this.sender,
        }),
      },
      this.timeoutMs,
    );
    const byStatus = statusError(PROVIDER, response);
    if (byStatus) throw byStatus;
    if (response.status === 401 || response.status === 403) {
      throw new DeliveryError('config', `HTTP ${response.status}`, 'Taqnyat: token refused');
    }
    if (response.status >= 400) {
      // Wrong sender name, missing parameters…: our set-up, not something a retry fixes.
      const code = `HTTP ${response.status}`;
      throw new DeliveryError('config', code, `Taqnyat: request refused (${code})`);
    }

    const answer = parseJson(PROVIDER, response);
    if (!isRecord(answer)) throw malformed(PROVIDER, response);
    // `accepted` and `rejected` are strings such as "[966500000000,]": a digit in `rejected`
    // means our only recipient was refused, even with HTTP 201.
    const rejected = Array.isArray(answer.rejected)
      ? answer.rejected.join(',')
      : (asText(answer.rejected) ?? '');
    if (/\d/.test(rejected)) {
      throw new DeliveryError('recipient', 'rejected', 'Taqnyat: recipient rejected');
    }
    return { providerMessageId: asText(answer.messageId) };
  }
}
