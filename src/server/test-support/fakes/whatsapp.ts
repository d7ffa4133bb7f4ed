/**
 * The WhatsApp Cloud API (Graph API) on 127.0.0.1: sending messages, the template store, and
 * signed webhooks sent back to us.
 */
import { createHmac } from 'node:crypto';
import {
  bearerToken,
  type CommonFailure,
  commonFailureReply,
  type FakeReply,
  type FakeRequest,
  jsonBody,
  startFakeServer,
} from './fake-server.js';

export type WhatsAppFailure =
  | 'token190'
  | 'window131047'
  | 'notOnWhatsApp131026'
  | 'rate130429'
  | 'template132001'
  | CommonFailure;

export type FakeTemplate = {
  id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  body: string;
};

export type WhatsAppRequest = {
  method: string;
  path: string;
  token: string | null;
  query: URLSearchParams;
  body: unknown;
};

export type SentWhatsApp = {
  id: string;
  to: string;
  type: 'template' | 'text';
  opaque: string | null;
  template: {
    name: string;
    language: string;
    parameters: string[];
    buttonParameter: string | null;
  } | null;
  text: string | null;
};

export type FakeWhatsApp = {
  url: string;
  close(): Promise<void>;
  received: WhatsAppRequest[];
  /** Messages accepted, in order. */
  sent: SentWhatsApp[];
  templates: FakeTemplate[];
  /** Recipient (9665XXXXXXXX) → how its messages fail. 131047 applies to free text only. */
  failFor: Map<string, WhatsAppFailure>;
  /** Applies to every request when set. */
  down: CommonFailure | null;
  /** Retry-After sent with rate refusals (seconds). */
  retryAfterSeconds: number;
  /** Adds a template as if created and reviewed already (APPROVED unless told). */
  addTemplate(template: Omit<FakeTemplate, 'id' | 'status'> & { status?: string }): FakeTemplate;
  /** Meta's review: every language of the template becomes APPROVED. */
  approve(name: string): void;
};

export type FakeWhatsAppOptions = {
  port?: number;
  phoneNumberId?: string;
  businessAccountId?: string;
  accessToken?: string;
};

type GraphError = { status: number; code: number; message: string; subcode?: number };

const ERRORS = {
  token190: {
    status: 401,
    code: 190,
    message: 'Error validating access token: Session has expired',
  },
  window131047: {
    status: 400,
    code: 131047,
    message: 'Re-engagement message',
  },
  notOnWhatsApp131026: { status: 400, code: 131026, message: 'Message Undeliverable' },
  rate130429: { status: 429, code: 130429, message: 'Rate limit hit' },
  template132001: {
    status: 404,
    code: 132001,
    message: 'Template name does not exist in the translation',
  },
} satisfies Record<string, GraphError>;

export async function startFakeWhatsApp({
  phoneNumberId = '100200300400500',
  businessAccountId = '900800700600500',
  accessToken = 'test-whatsapp-token',
  port = 0,
}: FakeWhatsAppOptions = {}): Promise<FakeWhatsApp> {
  let nextId = 1;
  const handle = (request: FakeRequest): FakeReply => {
    const body = jsonBody(request);
    const token = bearerToken(request.headers);
    fake.received.push({
      method: request.method,
      path: request.path,
      token,
      query: request.query,
      body,
    });
    if (fake.down) return commonFailureReply(fake.down);
    if (token !== accessToken) {
      return graphError({ status: 401, code: 190, message: 'Invalid OAuth access token' });
    }
    const match = /^\/v\d+\.\d+\/([^/]+)\/([^/]+)$/.exec(request.path);
    const [, node, edge] = match ?? [];
    if (node === phoneNumberId && edge === 'messages' && request.method === 'POST') {
      return sendMessage(body);
    }
    if (node === businessAccountId && edge === 'message_templates') {
      if (request.method === 'GET') return listTemplates(request.query);
      if (request.method === 'POST') return createTemplate(body);
    }
    return graphError({
      status: 400,
      code: 100,
      subcode: 33,
      message: `Unsupported ${request.method.toLowerCase()} request. Object with ID '${node}' does not exist`,
    });
  };

  const sendMessage = (body: unknown): FakeReply => {
    const message = record(body);
    const to = typeof message.to === 'string' ? message.to : '';
    if (message.messaging_product !== 'whatsapp' || !/^9665\d{8}$/.test(to)) {
      return graphError({ status: 400, code: 100, message: 'Invalid parameter' });
    }
    const failure = fake.failFor.get(to);
    if (
      failure === 'hang' ||
      failure === 'close' ||
      failure === 'server500' ||
      failure === 'malformed'
    ) {
      return commonFailureReply(failure);
    }
    if (failure === 'rate130429') {
      return graphError(ERRORS.rate130429, { 'retry-after': String(fake.retryAfterSeconds) });
    }
    if (failure && (failure !== 'window131047' || message.type === 'text')) {
      return graphError(ERRORS[failure]);
    }
    const id = `wamid.FAKE${String(nextId++).padStart(8, '0')}`;
    const opaque =
      typeof message.biz_opaque_callback_data === 'string'
        ? message.biz_opaque_callback_data
        : null;
    if (message.type === 'text') {
      const text = record(message.text).body;
      if (typeof text !== 'string' || !text) {
        return graphError({ status: 400, code: 100, message: 'Param text[body] is required' });
      }
      fake.sent.push({ id, to, type: 'text', opaque, template: null, text });
    } else if (message.type === 'template') {
      const template = record(message.template);
      const name = String(template.name);
      const language = String(record(template.language).code);
      const stored = fake.templates.find((t) => t.name === name && t.language === language);
      if (stored?.status === 'PAUSED') {
        return graphError({ status: 400, code: 132015, message: 'Template is Paused' });
      }
      if (stored?.status !== 'APPROVED') return graphError(ERRORS.template132001);
      const components = Array.isArray(template.components) ? template.components.map(record) : [];
      const texts = (component: Record<string, unknown> | undefined) =>
        (Array.isArray(component?.parameters) ? component.parameters : []).map((p) =>
          String(record(p).text),
        );
      const parameters = texts(components.find((c) => c.type === 'body'));
      const expected = new Set(stored.body.match(/\{\{\d+\}\}/g) ?? []).size;
      if (parameters.length !== expected) {
        return graphError({
          status: 400,
          code: 132000,
          message: 'Number of parameters does not match',
        });
      }
      const [buttonParameter = null] = texts(components.find((c) => c.type === 'button'));
      fake.sent.push({
        id,
        to,
        type: 'template',
        opaque,
        template: { name, language, parameters, buttonParameter },
        text: null,
      });
    } else {
      return graphError({ status: 400, code: 100, message: 'Invalid parameter: type' });
    }
    return {
      status: 200,
      json: {
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: to }],
        messages: [{ id, ...(message.type === 'template' ? { message_status: 'accepted' } : {}) }],
      },
    };
  };

  const listTemplates = (query: URLSearchParams): FakeReply => {
    const limit = Math.max(1, Number(query.get('limit') ?? 25) || 25);
    const start = Number(query.get('after') ?? 0) || 0;
    const page = fake.templates.slice(start, start + limit);
    const end = start + page.length;
    return {
      status: 200,
      json: {
        data: page.map((t) => ({
          id: t.id,
          name: t.name,
          language: t.language,
          status: t.status,
          category: t.category,
          components: [{ type: 'BODY', text: t.body }],
        })),
        paging: {
          cursors: { before: String(start), after: String(end) },
          ...(end < fake.templates.length ? { next: `${fake.url}/next?after=${end}` } : {}),
        },
      },
    };
  };

  const createTemplate = (body: unknown): FakeReply => {
    const template = record(body);
    const name = typeof template.name === 'string' ? template.name : '';
    const language = typeof template.language === 'string' ? template.language : '';
    const category = typeof template.category === 'string' ? template.category : '';
    const components = Array.isArray(template.components) ? template.components.map(record) : [];
    const bodyComponent = components.find((c) => c.type === 'BODY');
    // Authentication templates carry no text: Meta writes it (here, as it does in Arabic).
    const text =
      category === 'AUTHENTICATION' && bodyComponent?.add_security_recommendation === true
        ? '*{{1}}* هو رمز التحقق الخاص بك. لأمانك، لا تشارك هذا الرمز.'
        : bodyComponent?.text;
    if (!/^[a-z0-9_]{1,512}$/.test(name) || !language || !category || typeof text !== 'string') {
      return graphError({ status: 400, code: 100, message: 'Invalid parameter' });
    }
    if (fake.templates.some((t) => t.name === name && t.language === language)) {
      return graphError({
        status: 400,
        code: 100,
        subcode: 2388024,
        message: 'Message template already exists',
      });
    }
    const created = fake.addTemplate({ name, language, category, body: text, status: 'PENDING' });
    return { status: 200, json: { id: created.id, status: created.status, category } };
  };

  const server = await startFakeServer(handle, port);
  let nextTemplateId = 1;
  const fake: FakeWhatsApp = {
    ...server,
    received: [],
    sent: [],
    templates: [],
    failFor: new Map(),
    down: null,
    retryAfterSeconds: 60,
    addTemplate: ({ status = 'APPROVED', ...template }) => {
      const stored = { id: String(7_000_000 + nextTemplateId++), status, ...template };
      fake.templates.push(stored);
      return stored;
    },
    approve: (name) => {
      for (const template of fake.templates) {
        if (template.name === name) template.status = 'APPROVED';
      }
    },
  };
  return fake;
}

function graphError(
  { status, code, message, subcode }: GraphError,
  headers?: Record<string, string>,
): FakeReply {
  return {
    status,
    ...(headers ? { headers } : {}),
    json: {
      error: {
        message,
        type: code === 190 ? 'OAuthException' : 'GraphMethodException',
        code,
        ...(subcode ? { error_subcode: subcode } : {}),
        error_data: { messaging_product: 'whatsapp', details: message },
        fbtrace_id: 'AbCdEfGhIjK',
      },
    },
  };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export type StatusUpdate = {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  recipientId: string;
  /** Seconds since the epoch; now when absent. */
  timestamp?: number;
  opaque?: string;
  error?: { code: number; title: string };
};

export type TemplateUpdate = {
  name: string;
  language: string;
  event: string;
  reason?: string;
};

/** A webhook body as Meta sends it, with one change per item. */
export function webhookBody(
  changes: (
    | { field: 'messages'; statuses: StatusUpdate[] }
    | ({ field: 'template' } & TemplateUpdate)
  )[],
): unknown {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '900800700600500',
        changes: changes.map((change) =>
          change.field === 'messages'
            ? {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: {
                    display_phone_number: '966110000000',
                    phone_number_id: '100200300400500',
                  },
                  statuses: change.statuses.map((s) => ({
                    id: s.id,
                    status: s.status,
                    timestamp: String(s.timestamp ?? Math.floor(Date.now() / 1000)),
                    recipient_id: s.recipientId,
                    ...(s.opaque ? { biz_opaque_callback_data: s.opaque } : {}),
                    ...(s.error ? { errors: [{ ...s.error, message: s.error.title }] } : {}),
                  })),
                },
              }
            : {
                field: 'message_template_status_update',
                value: {
                  event: change.event,
                  message_template_id: 7_000_001,
                  message_template_name: change.name,
                  message_template_language: change.language,
                  reason: change.reason ?? 'NONE',
                },
              },
        ),
      },
    ],
  };
}

/** Posts `body` to `targetUrl` signed with `appSecret`, as Meta does (X-Hub-Signature-256). */
export function postSignedWebhook(targetUrl: string, appSecret: string, body: unknown) {
  const raw = JSON.stringify(body);
  const signature = createHmac('sha256', appSecret).update(raw).digest('hex');
  return fetch(targetUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${signature}` },
    body: raw,
  });
}

export function sendStatusWebhook(targetUrl: string, appSecret: string, statuses: StatusUpdate[]) {
  return postSignedWebhook(targetUrl, appSecret, webhookBody([{ field: 'messages', statuses }]));
}
