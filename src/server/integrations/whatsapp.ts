import { createHmac, timingSafeEqual } from 'node:crypto';
import { toInternationalPhone } from '#domain';
import { type Accepted, DeliveryError, type FailureKind } from './delivery.js';
import {
  asText,
  isRecord,
  malformed,
  type ProviderResponse,
  parseJson,
  providerFetch,
  retryAfterMs,
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

export type TemplateStatus = 'APPROVED' | 'PENDING' | 'REJECTED' | 'PAUSED' | 'DISABLED';
export type TemplateCategory = 'UTILITY' | 'MARKETING' | 'AUTHENTICATION';

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
  /** Comes back in the status webhooks (`biz_opaque_callback_data`): our outbox id. */
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
const TEMPLATE_STATUSES: readonly string[] = [
  'APPROVED',
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

/** Graph API error codes with a kind other than the status's default. */
const ERROR_KINDS: Record<string, FailureKind> = {
  '190': 'config',
  '10': 'config',
  '100': 'config',
  '200': 'config',
  // Application, account and pair rate limits arrive with HTTP 400: still only "slow down".
  '4': 'rate',
  '80007': 'rate',
  '130429': 'rate',
  '131048': 'rate',
  '131056': 'rate',
  '131000': 'transient',
  '131026': 'recipient',
  '131030': 'recipient',
  '131047': 'window',
  '132000': 'template',
  '132001': 'template',
  '132005': 'template',
  '132007': 'template',
  '132015': 'template',
  '132016': 'template',
};

/** WhatsApp Cloud API (Meta Graph API): messages and message templates. */
export class WhatsAppCloudApi {
  private readonly settings: Required<WhatsAppSettings>;
  private readonly timeoutMs: number | undefined;

  constructor({ timeoutMs, ...settings }: WhatsAppSettings & { timeoutMs?: number }) {
    this.settings = {
      ...settings,
      baseUrl: (settings.baseUrl ?? 'https://graph.facebook.com').replace(/\/+$/, ''),
      graphVersion: settings.graphVersion ?? 'v21.0',
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

  private async sendMessage(
    to: string,
    opaque: string,
    content: Record<string, unknown>,
  ): Promise<Accepted> {
    const response = await this.call('POST', `${this.settings.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: toInternationalPhone(to),
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
    const response = await providerFetch(
      PROVIDER,
      `${baseUrl}/${graphVersion}/${path}`,
      {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          accept: 'application/json',
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      },
      this.timeoutMs,
    );
    if (response.status >= 200 && response.status < 300) return response;
    throw graphError(response, accessToken);
  }
}

function graphError(response: ProviderResponse, accessToken: string): DeliveryError {
  const { status } = response;
  const retryAfter = retryAfterMs(response.headers);
  const answer = tryJson(response.text);
  const error = isRecord(answer) && isRecord(answer.error) ? answer.error : null;
  const code = error ? asText(error.code) : null;
  if (error && code) {
    const kind: FailureKind =
      ERROR_KINDS[code] ?? (status === 429 ? 'rate' : status >= 500 ? 'transient' : 'config');
    const title = safeTitle(asText(error.message), accessToken);
    return new DeliveryError(
      kind,
      code,
      `WhatsApp: ${title ?? `error ${code}`} (${code})`,
      kind === 'rate' ? retryAfter : undefined,
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

/** Meta's other states (IN_APPEAL, PENDING_DELETION, DELETED, LIMIT_EXCEEDED…) in our five. */
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
  /** Meta's event as sent: APPROVED, REJECTED, PENDING, PAUSED, DISABLED, FLAGGED… */
  status: string;
  reason: string | null;
};

const DELIVERY_STATUSES: readonly string[] = [
  'sent',
  'delivered',
  'read',
  'failed',
] satisfies WebhookStatus['status'][];

/**
 * The message statuses and template updates in a webhook, in the order given (Meta does not
 * promise delivery order). Whatever is not understood is skipped; it never throws.
 */
export function parseWhatsAppWebhook(body: unknown): {
  statuses: WebhookStatus[];
  templates: WebhookTemplateUpdate[];
} {
  const statuses: WebhookStatus[] = [];
  const templates: WebhookTemplateUpdate[] = [];
  if (!isRecord(body) || !Array.isArray(body.entry)) return { statuses, templates };
  for (const entry of body.entry) {
    if (!isRecord(entry) || !Array.isArray(entry.changes)) continue;
    for (const change of entry.changes) {
      if (!isRecord(change) || !isRecord(change.value)) continue;
      if (change.field === 'messages' && Array.isArray(change.value.statuses)) {
        for (const item of change.value.statuses) {
          const status = webhookStatus(item);
          if (status) statuses.push(status);
        }
      } else if (change.field === 'message_template_status_update') {
        const update = templateUpdate(change.value);
        if (update) templates.push(update);
      }
    }
  }
  return { statuses, templates };
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
