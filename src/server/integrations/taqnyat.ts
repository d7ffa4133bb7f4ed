/**
 * Taqnyat's SMS API. Sources (quoted in .exp/research-sms.md, items 6–8):
 * - T1 https://dev.taqnyat.sa/en/doc/sms: base https://api.taqnyat.sa/, bearer token in the
 *   Authorization header, numbers in international form without 00 or +, JSON answers.
 * - The official PHP library, https://github.com/taqnyat/php (TaqnyatSms.php): `POST
 *   /v1/messages` with `{recipients, sender, body}` and `GET /account/balance`.
 * - The answers' shape is documented nowhere we could find; a third-party package's fixtures
 *   (github Fateel-Tech/taqnyat-sms-laravel, tests/Fixtures) show `{"statusCode":201,
 *   "messageId":…, "accepted":"[966500000000,]", "rejected":"[]"}` and `{"statusCode":401,
 *   "message":"invalid credentials information"}`.
 *
 * Taqnyat documents neither delivery reports nor a message status API in the documents we could
 * find (research items 7 and 8): a Taqnyat message is "sent" once accepted, and there is no
 * `lookup`. So a send whose answer was lost (a timeout) cannot be checked afterwards.
 */
import { formatSar, toInternationalPhone } from '#domain';
import { type Accepted, type ConnectionCheck, DeliveryError } from './delivery.js';
import { asText, isRecord, malformed, parseJson, requestJson } from './http.js';
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
  private readonly settings: TaqnyatSettings & { baseUrl: string };

  constructor(settings: TaqnyatSettings) {
    this.settings = {
      ...settings,
      baseUrl: (settings.baseUrl ?? 'https://api.taqnyat.sa').replace(/\/+$/, ''),
    };
  }

  async send({ to, body }: SmsMessage): Promise<Accepted> {
    const answer = await this.call('POST', '/v1/messages', {
      recipients: [toInternationalPhone(to)],
      body,
      sender: this.settings.sender,
    });
    // `accepted` and `rejected` are strings such as "[966500000000,]" in the fixture, or arrays:
    // a digit in `rejected` means our only recipient was refused, even with HTTP 201.
    const rejected = Array.isArray(answer.rejected)
      ? answer.rejected.join(',')
      : (asText(answer.rejected) ?? '');
    if (/\d/.test(rejected)) {
      throw new DeliveryError('recipient', 'rejected', 'Taqnyat: recipient rejected');
    }
    return { providerMessageId: asText(answer.messageId) };
  }

  /**
   * `GET /account/balance` (the official PHP library's `balance()`): authenticated, sends
   * nothing. It proves the token, not the sender name, which only a send checks.
   */
  async testConnection(): Promise<ConnectionCheck> {
    const answer = await this.call('GET', '/account/balance');
    const balance = asText(answer.balance)?.trim();
    const currency = asText(answer.currency)?.trim();
    const amount = balance ? Number(balance) : Number.NaN;
    if (Number.isFinite(amount) && currency === 'SAR') {
      return { detail: `تقنيات: قُبل الرمز، والرصيد ${formatSar(amount)}` };
    }
    return { detail: 'تقنيات: قُبل الرمز' };
  }

  /** The answer when Taqnyat took the request; throws a classified `DeliveryError` otherwise. */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    json?: unknown,
  ): Promise<Record<string, unknown>> {
    const response = await requestJson(
      PROVIDER,
      `${this.settings.baseUrl}${path}`,
      { method, authorization: `Bearer ${this.settings.token}`, json },
      this.settings.timeoutMs,
    );
    if (response.status !== 200 && response.status !== 201) throw byStatus(response.status);
    const answer = parseJson(PROVIDER, response);
    if (!isRecord(answer)) throw malformed(PROVIDER, response);
    // The body repeats the status (`statusCode`); a success needs both to say so.
    if (answer.statusCode !== undefined && answer.statusCode !== null) {
      const statusCode = Number(answer.statusCode);
      if (!Number.isInteger(statusCode)) throw malformed(PROVIDER, response);
      if (statusCode !== 200 && statusCode !== 201) throw byStatus(statusCode);
    }
    return answer;
  }
}

/**
 * Taqnyat's error list was not found (research item 6), so by the status alone: 401 and 403
 * (token refused), 400 and any other 4xx (a sender name not active, a missing field: our set-up,
 * which a retry does not fix) are `config`; 429 is `rate` (no Retry-After is documented); 5xx
 * `transient`.
 */
function byStatus(status: number): DeliveryError {
  const code = `HTTP ${status}`;
  if (status === 401 || status === 403) {
    return new DeliveryError('config', code, 'Taqnyat: token refused');
  }
  if (status === 429) return new DeliveryError('rate', code, 'Taqnyat: too many requests');
  if (status >= 500) return new DeliveryError('transient', code, `Taqnyat: server error (${code})`);
  if (status >= 400) {
    return new DeliveryError('config', code, `Taqnyat: request refused (${code})`);
  }
  // A 2xx other than 200/201 (or a body's statusCode saying so): not a success we know.
  return new DeliveryError('transient', code, `Taqnyat: unexpected answer (${code})`);
}
