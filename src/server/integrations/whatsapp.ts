import { createHmac, timingSafeEqual } from 'node:crypto';
import { toInternationalPhone } from '#domain';
import {
  type Accepted,
  type ConnectionCheck,
  DeliveryError,
  type FailureKind,
} from './delivery.js';
import {
  asText,
  isRecord,
  malformed,
  type ProviderResponse,
  parseJson,
  requestJson,
  statusError,
  tryJson,
} from './http.js';

export type WhatsAppSettings = {
  phoneNumberId: string;
  accessToken: string;
  businessAccountId: string;
  appSecret: string;
  verifyToken: string;
  baseUrl?: string;
  graphVersion?: string;
};

/**
 * A listed template's status in our terms. `FLAGGED` is documented as a template event
 * (message_template_status_update reference); should Meta's list ever report it, the template
 * is still sendable, so it is kept rather than folded into DISABLED.
 */
export type TemplateStatus =
  | 'APPROVED'
  | 'FLAGGED'
  | 'PENDING'
  | 'REJECTED'
  | 'PAUSED'
  | 'DISABLED';
type TemplateCategory = 'UTILITY' | 'MARKETING' | 'AUTHENTICATION';

export type RemoteTemplate = {
  name: string;
  language: string;
  status: TemplateStatus;
  category: TemplateCategory;
  /** The BODY component's text ('' when it has none). */
  content: string;
};

export type TemplateMessage = {
  to: string;
  template: string;
  language: string;
  /** The body's {{1}}, {{2}}… in order. */
  parameters: string[];
  /** The suffix of the first button's dynamic URL, when the template has one. */
  buttonParameter?: string;
  /**
   * Our outbox id, sent as `biz_opaque_callback_data`. Meta only echoes it back in the status
   * webhooks: "Cloud API does not process this field, it just returns it as part of
   * sent/delivered/read message webhooks" (Messages API reference,
   * https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages). It is NOT an
   * idempotency key: Meta documents no de-duplication, so a repeated POST sends again.
   */
  opaque: string;
};

export type TextMessage = { to: string; body: string; opaque: string };

export type NewTemplate = {
  name: string;
  language: string;
  category: TemplateCategory;
  body: string;
  /** Sample values for the body's parameters, which Meta requires to review it. */
  example: string[];
};

const PROVIDER = 'WhatsApp';
/**
 * The Graph API version in our URLs when WHATSAPP_GRAPH_VERSION does not name one. Meta's
 * changelog (https://developers.facebook.com/docs/graph-api/changelog/versions/) lists v26.0
 * (29 Jul 2026) as the latest; v21.0 is usable until 21 January 2027. "A version will no longer
 * be usable two years after the date that the subsequent version is released"
 * (https://developers.facebook.com/docs/graph-api/guides/versioning).
 */
export const DEFAULT_GRAPH_VERSION = 'v26.0';
const TEMPLATE_STATUSES: readonly string[] = [
  'APPROVED',
  'FLAGGED',
  'PENDING',
  'REJECTED',
  'PAUSED',
  'DISABLED',
] satisfies TemplateStatus[];
const TEMPLATE_CATEGORIES: readonly string[] = [
  'UTILITY',
  'MARKETING',
  'AUTHENTICATION',
] satisfies TemplateCategory[];
/** Pages followed when listing templates (100 each). */
const MAX_TEMPLATE_PAGES = 10;

/** Phone numbers pages followed by `testConnection` (a WABA has a handful). */
const MAX_NUMBER_PAGES = 5;

/**
 * Meta's error codes and what each means for us, from Meta's "WhatsApp error codes" page
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes).
 * Meta: "Build your app's error handling around error codes instead of subcodes or HTTP
 * response status codes", so the HTTP status is never consulted when a code is given. The
 * same codes come "either synchronously as a Graph API response, asynchronously via Webhook,
 * or sometimes through both methods": one table serves the Graph answer, the status webhook's
 * `statuses[].errors[]` and the webhook's `value.errors[]` (webhook.ts).
 */
const ERROR_KINDS: Record<string, FailureKind> = {
  // Authentication and permissions: a new token or the missing permission (token debugger).
  '0': 'config', // AuthException: token expired or invalidated
  '3': 'config', // "Capability or permissions issue" (HTTP 500, yet nothing a retry fixes)
  '10': 'config', // permission not granted or removed
  '190': 'config', // access token expired
  // 200-299 (permission not granted or removed): a range, in classifyWhatsAppError.
  '131005': 'config', // permission not granted or removed
  // The account: policy, payment, registration. An admin must act in Meta's Business Manager.
  '368': 'config', // WABA restricted or disabled for violating a platform policy
  '131031': 'config', // account restricted or disabled, or two-step PIN incorrect
  '131042': 'config', // payment method
  '131045': 'config', // phone number registration error
  '133010': 'config', // phone number not registered on the platform
  // 133000-133016 (registering and deregistering the number): a range, in classifyWhatsAppError.
  '33': 'config', // "Parameter value is not valid": the business phone number has been deleted
  '130497': 'config', // the business account may not message users in this country
  '131037': 'config', // the number's display name needs approval before messages can be sent
  // Our request is wrong: a developer must act (retrying the same request cannot help).
  '100': 'config', // invalid parameter (also: a phone number id or WABA id that does not exist)
  '131008': 'config', // required parameter missing
  '131009': 'config', // parameter value invalid
  '135000': 'config', // "unknown error with your request parameters"
  // 131030 "Recipient phone number not in allowed list" is NOT on Meta's current page: the only
  // evidence is a real API answer quoted in https://github.com/Neurotech-HQ/heyoo/issues/40
  // ("Recipient's phone number is not whitelisted: add the recipient's phone number to a
  // recipient list"). It is a test number's set-up (its allowed recipients), so set-up.
  '131030': 'config',
  // Rate limits (retry waits in RATE_WAIT_MS).
  '4': 'rate', // the app's API call rate limit
  '80007': 'rate', // the WABA's rate limit
  '130429': 'rate', // Cloud API throughput reached
  '131048': 'rate', // spam rate limit: restricted by quality (Meta gives no retry schedule)
  '131056': 'rate', // too many messages to the same recipient (pair rate limit)
  // Meta's side: unknown error, service unavailable. Retried.
  '1': 'transient', // API Unknown: invalid request or possible server error
  '2': 'transient', // API Service: downtime or overload
  '131000': 'transient', // "failed to send due to an unknown error": "Try again"
  '131016': 'transient', // a service is temporarily unavailable
  '131057': 'transient', // the business account is in maintenance mode
  // This recipient cannot get it on WhatsApp: SMS instead when fallback is on.
  '131021': 'recipient', // "Sender and recipient phone number is the same"
  '131026': 'recipient', // not a WhatsApp number, terms not accepted, or an old client
  '131049': 'recipient', // "to maintain healthy ecosystem engagement": no resend within 24 h
  '130472': 'recipient', // the user's number is part of an experiment: not sent to them
  '131050': 'recipient', // the user stopped marketing messages from the business
  '131047': 'window', // more than 24 hours since the recipient last replied
  // The template: missing, unapproved, paused, disabled, or its parameters are wrong.
  '132000': 'template', // number of parameters does not match
  '132001': 'template', // does not exist in the language, or not approved
  '132005': 'template', // translated text too long
  '132007': 'template', // content violates a WhatsApp policy
  '132012': 'template', // parameter values formatted incorrectly
  '132015': 'template', // paused for low quality
  '132016': 'template', // paused too many times: permanently disabled
  '132018': 'template', // "Template validation error" (listed under the Marketing Messages API)
  '132068': 'template', // the template's flow is blocked
  '131051': 'config', // unsupported message type: our request
  '132069': 'rate', // the flow is throttled: 10 messages with it in the last hour
};

/**
 * How long to wait before the next try, per rate-limit code. Meta sends no Retry-After
 * header (none of its pages mentions one), so these are ours; the outbox waits the longer of
 * this and its own exponential backoff.
 * - 130429: throughput is counted per second ("up to 80 messages per second … the API will
 *   return error code 130429 until you are within your allowed level again",
 *   https://developers.facebook.com/documentation/business-messaging/whatsapp/throughput).
 * - 131056: "1 message every 6 seconds to the same WhatsApp user … Exceeding this limit
 *   triggers error code 131056"; Meta asks to "retry after 4^X seconds" (X = failures so far,
 *   https://developers.facebook.com/documentation/business-messaging/whatsapp/about-the-platform).
 *   The pair's minimum interval, 6 s, is the floor; the outbox's doubling backoff does the rest.
 * - 4 and 80007: the app's and the WABA's call budgets are counted per hour (the WABA's, on
 *   the same page: 200, or 5000 with a registered number, requests an hour per app): 5 minutes,
 *   not a busy loop.
 * - 131048: a quality-based restriction of the number lasts hours, not seconds: 30 minutes
 *   (the outbox's longest backoff).
 */
const RATE_WAIT_MS: Record<string, number> = {
  '4': 5 * 60_000,
  '80007': 5 * 60_000,
  '130429': 1_000,
  '131048': 30 * 60_000,
  '132069': 60 * 60_000,
  '131056': 6_000,
};

export type WhatsAppErrorClass = { kind: FailureKind; retryAfterMs?: number };

/**
 * The class of one of Meta's error codes (Graph answer or webhook error), by ERROR_KINDS;
 * codes 200–299 (permissions) and 133000–133016 (the number's registration) are set-up;
 * anything else, or no code, is `transient`.
 */
export function classifyWhatsAppError(
  code: string | number | null | undefined,
): WhatsAppErrorClass {
  const key = code === null || code === undefined ? '' : String(code).trim();
  const numeric = /^\d+$/.test(key) ? Number(key) : Number.NaN;
  const kind: FailureKind =
    ERROR_KINDS[key] ??
    ((numeric >= 200 && numeric <= 299) || (numeric >= 133000 && numeric <= 133016)
      ? 'config'
      : 'transient');
  const wait = kind === 'rate' ? RATE_WAIT_MS[key] : undefined;
  return wait === undefined ? { kind } : { kind, retryAfterMs: wait };
}

/** Meta's quality rating of a number (GREEN, YELLOW, RED), as an admin reads it. */
const QUALITY_WORDS: Record<string, string> = {
  GREEN: 'عالية',
  YELLOW: 'متوسطة',
  RED: 'منخفضة',
};

/** WhatsApp Cloud API (Meta Graph API): messages and message templates. */
export class WhatsAppCloudApi {
  private readonly settings: Required<WhatsAppSettings>;
  private readonly timeoutMs: number | undefined;

  constructor({ timeoutMs, ...settings }: WhatsAppSettings & { timeoutMs?: number }) {
    this.settings = {
      ...settings,
      baseUrl: (settings.baseUrl ?? 'https://graph.facebook.com').replace(/\/+$/, ''),
      graphVersion: settings.graphVersion ?? DEFAULT_GRAPH_VERSION,
    };
    this.timeoutMs = timeoutMs;
  }

  sendTemplate({
    to,
    template,
    language,
    parameters,
    buttonParameter,
    opaque,
  }: TemplateMessage): Promise<Accepted> {
    const components: unknown[] = [
      { type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) },
    ];
    if (buttonParameter) {
      components.push({
        type: 'button',
        sub_type: 'url',
        index: '0',
        parameters: [{ type: 'text', text: buttonParameter }],
      });
    }
    return this.sendMessage(to, opaque, {
      type: 'template',
      template: { name: template, language: { code: language }, components },
    });
  }

  sendText({ to, body, opaque }: TextMessage): Promise<Accepted> {
    return this.sendMessage(to, opaque, { type: 'text', text: { body } });
  }

  async listTemplates(): Promise<RemoteTemplate[]> {
    const templates: RemoteTemplate[] = [];
    let after: string | null = null;
    for (let page = 0; page < MAX_TEMPLATE_PAGES; page++) {
      const query = new URLSearchParams({ limit: '100' });
      if (after) query.set('after', after);
      const response = await this.call(
        'GET',
        `${this.settings.businessAccountId}/message_templates?${query}`,
      );
      const answer = parseJson(PROVIDER, response);
      if (!isRecord(answer) || !Array.isArray(answer.data)) throw malformed(PROVIDER, response);
      for (const item of answer.data) {
        const template = remoteTemplate(item);
        if (template) templates.push(template);
      }
      after = nextCursor(answer.paging);
      if (!after) break;
    }
    return templates;
  }

  async createTemplate({
    name,
    language,
    category,
    body,
    example,
  }: NewTemplate): Promise<{ id: string; status: string }> {
    const response = await this.call(
      'POST',
      `${this.settings.businessAccountId}/message_templates`,
      {
        name,
        language,
        category,
        components:
          category === 'AUTHENTICATION'
            ? // Meta writes an authentication template's text itself (in the template's
              // language): we choose the security line, the expiry and the copy-code button.
              [
                { type: 'BODY', add_security_recommendation: true },
                { type: 'FOOTER', code_expiration_minutes: 5 },
                { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE' }] },
              ]
            : [
                {
                  type: 'BODY',
                  text: body,
                  ...(example.length ? { example: { body_text: [example] } } : {}),
                },
              ],
      },
    );
    const answer = parseJson(PROVIDER, response);
    const id = isRecord(answer) ? asText(answer.id) : null;
    if (!isRecord(answer) || !id) throw malformed(PROVIDER, response);
    return { id, status: asText(answer.status) ?? 'PENDING' };
  }

  /**
   * One harmless authenticated call that sends nothing: the WABA's phone numbers
   * (`GET /{WABA_ID}/phone_numbers`, permissions whatsapp_business_management and
   * whatsapp_business_messaging,
   * https://developers.facebook.com/docs/graph-api/reference/whats-app-business-account/phone_numbers/),
   * which proves the token, the WABA id (templates) and that our phone number id (messages)
   * belongs to it. It counts against the WABA's management budget (200 an hour, or 5000 with
   * a registered number), which an admin's click does not dent.
   */
  async testConnection(): Promise<ConnectionCheck> {
    const { businessAccountId, phoneNumberId } = this.settings;
    let after: string | null = null;
    for (let page = 0; page < MAX_NUMBER_PAGES; page++) {
      const query = new URLSearchParams({
        fields: 'id,display_phone_number,verified_name,quality_rating',
      });
      if (after) query.set('after', after);
      const response = await this.call('GET', `${businessAccountId}/phone_numbers?${query}`);
      const answer = parseJson(PROVIDER, response);
      if (!isRecord(answer) || !Array.isArray(answer.data)) throw malformed(PROVIDER, response);
      const number = answer.data.find((n) => isRecord(n) && asText(n.id) === phoneNumberId);
      if (isRecord(number)) {
        const name = asText(number.verified_name);
        const display = asText(number.display_phone_number);
        if (!name || !display) throw malformed(PROVIDER, response);
        const quality = QUALITY_WORDS[asText(number.quality_rating) ?? ''] ?? 'غير معروفة';
        return {
          detail: `واتساب: ${name.slice(0, 120)} (${display.slice(0, 40)})، جودة الرقم ${quality}`,
        };
      }
      after = nextCursor(answer.paging);
      if (!after) break;
    }
    throw new DeliveryError(
      'config',
      'phone_number_id',
      'WhatsApp: WHATSAPP_PHONE_NUMBER_ID is not a phone number of WHATSAPP_BUSINESS_ACCOUNT_ID',
    );
  }

  private async sendMessage(
    to: string,
    opaque: string,
    content: Record<string, unknown>,
  ): Promise<Accepted> {
    const response = await this.call('POST', `${this.settings.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: toInternationalPhone(to),
      // Echoed back in the status webhooks (webhook.ts finds a row being sent by it), never
      // processed by Meta: not an idempotency key (see TemplateMessage.opaque).
      biz_opaque_callback_data: opaque,
      ...content,
    });
    const answer = parseJson(PROVIDER, response);
    const first = isRecord(answer) && Array.isArray(answer.messages) ? answer.messages[0] : null;
    const id = isRecord(first) ? asText(first.id) : null;
    if (!id) throw malformed(PROVIDER, response);
    return { providerMessageId: id };
  }

  /** One Graph API call; resolves with a 2xx answer, rejects with a classified error. */
  private async call(method: 'GET' | 'POST', path: string, json?: unknown) {
    const { baseUrl, graphVersion, accessToken } = this.settings;
    const response = await requestJson(
      PROVIDER,
      `${baseUrl}/${graphVersion}/${path}`,
      { method, authorization: `Bearer ${accessToken}`, json },
      this.timeoutMs,
    );
    if (response.status >= 200 && response.status < 300) return response;
    throw graphError(response, accessToken);
  }
}

function graphError(response: ProviderResponse, accessToken: string): DeliveryError {
  const { status } = response;
  const answer = tryJson(response.text);
  const error = isRecord(answer) && isRecord(answer.error) ? answer.error : null;
  const code = error ? asText(error.code) : null;
  if (error && code) {
    // By Meta's code alone, whatever the HTTP status (a rate limit may come as 400 or 429,
    // a permissions problem as 500). No Retry-After: Meta sends none.
    const { kind, retryAfterMs } = classifyWhatsAppError(code);
    const title = safeTitle(asText(error.message), accessToken);
    return new DeliveryError(
      kind,
      code,
      `WhatsApp: ${title ?? `error ${code}`} (${code})`,
      retryAfterMs,
    );
  }
  const byStatus = statusError(PROVIDER, response);
  if (byStatus) return byStatus;
  if (status === 401 || status === 403) {
    return new DeliveryError('config', `HTTP ${status}`, 'WhatsApp: access token refused');
  }
  return malformed(PROVIDER, response);
}

/** The Graph error's own short message, without anything that could be a token. */
function safeTitle(message: string | null, accessToken: string): string | null {
  if (!message) return null;
  return message
    .replace(/^\(#\d+\)\s*/, '')
    .split(accessToken)
    .join('…')
    .replace(/[A-Za-z0-9_-]{32,}/g, '…')
    .slice(0, 160);
}

function remoteTemplate(item: unknown): RemoteTemplate | null {
  if (!isRecord(item)) return null;
  const name = asText(item.name);
  const language = asText(item.language);
  if (!name || !language) return null;
  const body = Array.isArray(item.components)
    ? item.components.find((c) => isRecord(c) && c.type === 'BODY')
    : undefined;
  return {
    name,
    language,
    status: templateStatus(asText(item.status)),
    category: templateCategory(asText(item.category)),
    content: (isRecord(body) && asText(body.text)) || '',
  };
}

/**
 * Meta's other states in ours: IN_APPEAL is under review again (PENDING); PENDING_DELETION,
 * DELETED, ARCHIVED, LIMIT_EXCEEDED and anything unknown cannot be sent (DISABLED), as the
 * webhook's events of the same names are stored (templates.ts).
 */
function templateStatus(status: string | null): TemplateStatus {
  if (status && TEMPLATE_STATUSES.includes(status)) return status as TemplateStatus;
  return status === 'IN_APPEAL' ? 'PENDING' : 'DISABLED';
}

/** An unknown category is treated as the most restricted one, marketing. */
function templateCategory(category: string | null): TemplateCategory {
  return category && TEMPLATE_CATEGORIES.includes(category)
    ? (category as TemplateCategory)
    : 'MARKETING';
}

function nextCursor(paging: unknown): string | null {
  if (!isRecord(paging) || !paging.next || !isRecord(paging.cursors)) return null;
  return asText(paging.cursors.after);
}

/**
 * Meta signs each webhook with `X-Hub-Signature-256: sha256=<hex HMAC-SHA256(raw body, app
 * secret)>`; false for a missing, malformed or wrong signature.
 */
export function verifyWhatsAppSignature(
  rawBody: Buffer,
  header: string | undefined,
  appSecret: string,
): boolean {
  const match = header ? /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim()) : null;
  if (!match?.[1] || !appSecret) return false;
  const given = Buffer.from(match[1], 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * One of Meta's status webhooks (`statuses[]`,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/status).
 * A `failed` one carries `errors[]` ("only included if failure to send or deliver message"):
 * Meta accepts some messages and reports their failure only here, later.
 */
export type WebhookStatus = {
  providerMessageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: Date;
  opaque: string | null;
  errorCode: string | null;
  errorTitle: string | null;
};

export type WebhookTemplateUpdate = {
  name: string;
  language: string | null;
  /**
   * Meta's event as sent (message_template_status_update reference,
   * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/message_template_status_update):
   * APPROVED, REJECTED, PENDING, PAUSED, DISABLED, FLAGGED, REINSTATED, ARCHIVED, UNARCHIVED,
   * PENDING_DELETION, DELETED, IN_APPEAL, LIMIT_EXCEEDED, LOCKED… (templates.ts maps them).
   */
  status: string;
  reason: string | null;
};

/**
 * An error with no message of ours: `entry.changes.value.errors[]`, sent when "A system-level
 * problem prevents a request from being processed" or "An app- or account-level problem
 * prevents a request from being processed"
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/errors).
 */
export type WebhookError = {
  code: string | null;
  title: string | null;
  details: string | null;
  /** The business phone number it is about (`metadata.phone_number_id`), when given. */
  phoneNumberId: string | null;
};

const DELIVERY_STATUSES: readonly string[] = [
  'sent',
  'delivered',
  'read',
  'failed',
] satisfies WebhookStatus['status'][];

/**
 * The message statuses, template updates and account-level errors in a webhook, in the order
 * given (Meta does not promise delivery order). Whatever is not understood is skipped; it
 * never throws.
 */
export function parseWhatsAppWebhook(body: unknown): {
  statuses: WebhookStatus[];
  templates: WebhookTemplateUpdate[];
  errors: WebhookError[];
} {
  const statuses: WebhookStatus[] = [];
  const templates: WebhookTemplateUpdate[] = [];
  const errors: WebhookError[] = [];
  if (!isRecord(body) || !Array.isArray(body.entry)) return { statuses, templates, errors };
  for (const entry of body.entry) {
    if (!isRecord(entry) || !Array.isArray(entry.changes)) continue;
    for (const change of entry.changes) {
      if (!isRecord(change) || !isRecord(change.value)) continue;
      const { value } = change;
      if (change.field === 'messages') {
        if (Array.isArray(value.statuses)) {
          for (const item of value.statuses) {
            const status = webhookStatus(item);
            if (status) statuses.push(status);
          }
        }
        if (Array.isArray(value.errors)) {
          const phoneNumberId = isRecord(value.metadata)
            ? asText(value.metadata.phone_number_id)
            : null;
          for (const item of value.errors) {
            const error = webhookError(item, phoneNumberId);
            if (error) errors.push(error);
          }
        }
      } else if (change.field === 'message_template_status_update') {
        const update = templateUpdate(value);
        if (update) templates.push(update);
      }
    }
  }
  return { statuses, templates, errors };
}

function webhookStatus(item: unknown): WebhookStatus | null {
  if (!isRecord(item)) return null;
  const id = asText(item.id);
  const status = asText(item.status);
  const timestamp = asText(item.timestamp);
  const seconds = timestamp ? Number(timestamp) : Number.NaN;
  if (!id || !status || !DELIVERY_STATUSES.includes(status) || !Number.isFinite(seconds)) {
    return null;
  }
  const error = Array.isArray(item.errors) && isRecord(item.errors[0]) ? item.errors[0] : null;
  return {
    providerMessageId: id,
    status: status as WebhookStatus['status'],
    at: new Date(seconds * 1000),
    opaque: asText(item.biz_opaque_callback_data),
    errorCode: error ? asText(error.code) : null,
    errorTitle: error ? (asText(error.title) ?? asText(error.message)) : null,
  };
}

/** `{ code, title, message, error_data: { details }, href }`; null when it has nothing. */
function webhookError(item: unknown, phoneNumberId: string | null): WebhookError | null {
  if (!isRecord(item)) return null;
  const code = asText(item.code);
  const title = asText(item.title) ?? asText(item.message);
  if (!code && !title) return null;
  return {
    code,
    title: title ? title.slice(0, 200) : null,
    details: isRecord(item.error_data)
      ? (asText(item.error_data.details)?.slice(0, 300) ?? null)
      : null,
    phoneNumberId,
  };
}

function templateUpdate(value: Record<string, unknown>): WebhookTemplateUpdate | null {
  const name = asText(value.message_template_name);
  const status = asText(value.event);
  if (!name || !status) return null;
  const reason = asText(value.reason);
  return {
    name,
    language: asText(value.message_template_language),
    status,
    // Meta sends "NONE" when there is no reason.
    reason: reason && reason !== 'NONE' ? reason : null,
  };
}
