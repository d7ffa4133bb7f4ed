/**
 * The WhatsApp Cloud API (Graph API) on 127.0.0.1: sending messages, the template store, the
 * WABA's phone numbers, and signed webhooks sent back to us. It behaves as Meta's documents
 * say, and invents nothing: only error codes Meta lists, Meta's error body, no Retry-After
 * header (Meta's pages never mention one), and failures reported late, by webhook, as well as
 * in the answer.
 */
import { createHmac } from 'node:crypto';
import type { CommonFailure, FakeProvider, FakeReply, FakeRequest } from './fake-server.js';
import { bearerToken, commonFailureReply, jsonBody, startFakeProvider } from './fake-server.js';

/** Meta's "WhatsApp error codes" page, where every code and text below comes from. */
const ERROR_CODES_URL =
  'https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes';

type MetaError = { status: number; title: string; details: string };

/**
 * The codes the fake can answer, each as on Meta's error-codes page (ERROR_CODES_URL): its
 * title (which Meta puts in `message` as "(#code) title") and its `details`. Titles are "to be
 * deprecated" and nothing decides by them. 132018 is listed
 * there under "Marketing Messages API for WhatsApp error codes" only. The HTTP statuses are
 * Meta's as far as its tables give them; the adapter never decides by them ("Build your app's
 * error handling around error codes instead of subcodes or HTTP response status codes").
 * 131030 (a test number's allowed recipients) is absent on purpose: Meta's current page does
 * not list it.
 */
export const META_ERRORS = {
  0: {
    status: 401,
    title: 'AuthException',
    details: 'We were unable to authenticate the app user.',
  },
  1: { status: 400, title: 'API Unknown', details: 'Invalid request or possible server error.' },
  2: {
    status: 503,
    title: 'API Service',
    details: 'Temporary due to downtime or due to being overloaded.',
  },
  3: { status: 500, title: 'API Method', details: 'Capability or permissions issue.' },
  4: {
    status: 429,
    title: 'API Too Many Calls',
    details: 'The app has reached its API call rate limit.',
  },
  10: {
    status: 403,
    title: 'Permission Denied',
    details: 'Permission is either not granted or has been removed.',
  },
  100: {
    status: 400,
    title: 'Invalid parameter',
    details: 'The request included one or more unsupported or misspelled parameters.',
  },
  190: {
    status: 401,
    title: 'Access token has expired',
    details: 'Your access token has expired.',
  },
  200: {
    status: 403,
    title: 'API Permission',
    details: 'Permission is either not granted or has been removed.',
  },
  368: {
    status: 403,
    title: 'Temporarily blocked for policies violations',
    details:
      'The WhatsApp Business Account associated with the app has been restricted or disabled for violating a platform policy.',
  },
  80007: {
    status: 429,
    title: 'Rate limit issues',
    details: 'The WhatsApp Business Account has reached its rate limit.',
  },
  130429: {
    status: 429,
    title: 'Rate limit hit',
    details: 'Cloud API message throughput has been reached.',
  },
  131000: {
    status: 500,
    title: 'Something went wrong',
    details: 'Message failed to send due to an unknown error.',
  },
  131005: {
    status: 403,
    title: 'Access denied',
    details: 'Permission is either not granted or has been removed.',
  },
  131008: {
    status: 400,
    title: 'Required parameter is missing',
    details: 'The request is missing a required parameter.',
  },
  131009: {
    status: 400,
    title: 'Parameter value is not valid',
    details: 'One or more parameter values are invalid.',
  },
  131016: {
    status: 503,
    title: 'Service unavailable',
    details: 'A service is temporarily unavailable.',
  },
  131021: {
    status: 400,
    title: 'Recipient cannot be sender',
    details: 'Sender and recipient phone number is the same.',
  },
  131026: { status: 400, title: 'Message Undeliverable', details: 'Unable to deliver message.' },
  131031: {
    status: 403,
    title: 'Account has been locked',
    details:
      'Business Account has been restricted or disabled for violating a platform policy, or we were unable to verify data included in the request against data set on the WhatsApp Business Account.',
  },
  131042: {
    status: 400,
    title: 'Business eligibility payment issue',
    details: 'There was an error related to your payment method.',
  },
  131045: {
    status: 400,
    title: 'Incorrect certificate',
    details: 'Message failed to send due to a phone number registration error.',
  },
  131047: {
    status: 400,
    title: 'Re-engagement message',
    details:
      'More than 24 hours have passed since the recipient last replied to the sender number.',
  },
  131048: {
    status: 429,
    title: 'Spam rate limit hit',
    details:
      'Message failed to send because there are restrictions on how many messages can be sent from this phone number. This may be because too many previous messages were blocked or flagged as spam.',
  },
  131049: {
    status: 400,
    title: 'This message was not delivered to maintain healthy ecosystem engagement.',
    details: 'This message was not delivered to maintain healthy ecosystem engagement.',
  },
  131056: {
    status: 429,
    title: '(Business Account, Consumer Account) pair rate limit hit',
    details:
      'Too many messages sent from the sender phone number to the same recipient phone number in a short period of time.',
  },
  132000: {
    status: 400,
    title: 'Template Param Count Mismatch',
    details:
      'The number of variable parameter values included in the request did not match the number of variable parameters defined in the template.',
  },
  132001: {
    status: 404,
    title: 'Template does not exist',
    details:
      'The template does not exist in the specified language or the template has not been approved.',
  },
  132005: {
    status: 400,
    title: 'Template Hydrated Text Too Long',
    details: 'Translated text is too long.',
  },
  132007: {
    status: 400,
    title: 'Template Format Character Policy Violated',
    details: 'Template content violates a WhatsApp policy.',
  },
  132012: {
    status: 400,
    title: 'Template Parameter Format Mismatch',
    details: 'Variable parameter values formatted incorrectly.',
  },
  132015: {
    status: 400,
    title: 'Template is Paused',
    details: 'Template is paused due to low quality so it cannot be sent in a template message.',
  },
  132016: {
    status: 400,
    title: 'Template is Disabled',
    details:
      'Template has been paused too many times due to low quality and is now permanently disabled.',
  },
  132018: {
    status: 400,
    title: 'Template validation error',
    details: "There's an issue with the parameters in your template.",
  },
  133010: {
    status: 400,
    title: 'Phone number Not Registered',
    details: 'Phone number not registered on the WhatsApp Business Platform.',
  },
  135000: {
    status: 400,
    title: 'Generic user error',
    details: 'Message failed to send because of an unknown error with your request parameters.',
  },
} satisfies Record<number, MetaError>;

export type MetaErrorCode = keyof typeof META_ERRORS;

/** The named failures earlier tests use, as Meta's codes. */
const NAMED_FAILURES = {
  token190: 190,
  window131047: 131047,
  notOnWhatsApp131026: 131026,
  rate130429: 130429,
  template132001: 132001,
} as const satisfies Record<string, MetaErrorCode>;

/**
 * How a recipient's messages fail in the answer: one of Meta's documented codes (131047
 * applies to free text only: a template may open a conversation), a name for one of them, or
 * a failure every fake imitates.
 */
export type WhatsAppFailure = keyof typeof NAMED_FAILURES | MetaErrorCode | CommonFailure;

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

/** The business phone number the WABA lists (`GET /{WABA_ID}/phone_numbers`). */
export type FakePhoneNumber = {
  displayPhoneNumber: string;
  verifiedName: string;
  /** GREEN, YELLOW, RED or NA. */
  qualityRating: string;
};

export type FakeWhatsApp = FakeProvider & {
  received: WhatsAppRequest[];
  /** Messages accepted, in order (late failures included: Meta accepted them). */
  sent: SentWhatsApp[];
  templates: FakeTemplate[];
  /** Recipient (9665XXXXXXXX) → how its messages fail in the answer. */
  failFor: Map<string, WhatsAppFailure>;
  /**
   * Recipient → the code of a failure Meta reports only later: the message is accepted (200
   * and a wamid) and a signed `failed` status with `errors[]` is queued for the callback URL.
   * Meta: errors are "returned either synchronously as a Graph API response, asynchronously
   * via Webhook, or sometimes through both methods … monitor both the Graph API response and
   * the `messages` webhook" (ERROR_CODES_URL); a status webhook's `errors[]` is "only included
   * if failure to send or deliver message"
   * (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/status).
   */
  failLaterFor: Map<string, MetaErrorCode>;
  /** The WABA's phone number with our phone number id. */
  number: FakePhoneNumber;
  /** The app's callback URL and app secret (App Dashboard); null: webhooks stay queued. */
  webhook: { url: string; appSecret: string } | null;
  /** Webhook bodies waiting to be posted to the callback URL, oldest first. */
  outgoing: unknown[];
  /**
   * Posts the queued webhooks in order, each signed with `X-Hub-Signature-256`; one answered
   * other than 2xx stays queued, to be sent again (Meta redelivers what is not acknowledged).
   * Resolves with the HTTP statuses answered.
   */
  deliverWebhooks(): Promise<number[]>;
  /** Adds a template as if created and reviewed already (APPROVED unless told). */
  addTemplate(template: Omit<FakeTemplate, 'id' | 'status'> & { status?: string }): FakeTemplate;
  /** Meta's review: every language of the template becomes APPROVED. */
  approve(name: string): void;
  /**
   * A template event (message_template_status_update) for every language of `name`: the
   * template store follows it where Meta says what the template becomes, and the webhook is
   * queued.
   */
  templateEvent(name: string, event: TemplateEvent, reason?: string): void;
  /** Queues a `value.errors[]` webhook: a system, app or account level error, no message. */
  reportError(code: MetaErrorCode): void;
};

/**
 * The `event` values of message_template_status_update
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/message_template_status_update).
 */
export type TemplateEvent =
  | 'APPROVED'
  | 'ARCHIVED'
  | 'UNARCHIVED'
  | 'DELETED'
  | 'DISABLED'
  | 'FLAGGED'
  | 'IN_APPEAL'
  | 'LIMIT_EXCEEDED'
  | 'LOCKED'
  | 'PAUSED'
  | 'PENDING'
  | 'REINSTATED'
  | 'PENDING_DELETION'
  | 'REJECTED';

/**
 * What the template store shows after an event. REINSTATED: "no longer flagged or disabled
 * and can be sent … again". FLAGGED: still sendable, so its listed status does not change (the
 * list's statuses are not documented to include it). DELETED: gone from the list. UNARCHIVED
 * restores "its previous status", ARCHIVED, LOCKED and LIMIT_EXCEEDED say nothing about the
 * list: unchanged.
 */
const EVENT_STATUS: Partial<Record<TemplateEvent, string>> = {
  APPROVED: 'APPROVED',
  REINSTATED: 'APPROVED',
  PAUSED: 'PAUSED',
  DISABLED: 'DISABLED',
  REJECTED: 'REJECTED',
  PENDING: 'PENDING',
  IN_APPEAL: 'IN_APPEAL',
  PENDING_DELETION: 'PENDING_DELETION',
};

export type FakeWhatsAppOptions = {
  port?: number;
  phoneNumberId?: string;
  businessAccountId?: string;
  accessToken?: string;
};

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
    // Every call carries the access token (Authorization: Bearer); a wrong one is code 190.
    if (token !== accessToken) {
      return graphError(190, 'Invalid OAuth access token - Cannot parse access token');
    }
    const match = /^\/v\d+\.\d+\/([^/]+)(?:\/([^/]+))?$/.exec(request.path);
    const [, node, edge] = match ?? [];
    if (node === phoneNumberId && edge === 'messages' && request.method === 'POST') {
      return sendMessage(body);
    }
    if (node === phoneNumberId && edge === undefined && request.method === 'GET') {
      return { status: 200, json: phoneNumber(request.query) };
    }
    if (node === businessAccountId && edge === 'phone_numbers' && request.method === 'GET') {
      return listPhoneNumbers(request.query);
    }
    if (node === businessAccountId && edge === 'message_templates') {
      if (request.method === 'GET') return listTemplates(request.query);
      if (request.method === 'POST') return createTemplate(body);
    }
    // Graph's answer for an id that is not ours (or an edge it does not have): code 100.
    return graphError(
      100,
      `Unsupported ${request.method.toLowerCase()} request. Object with ID '${node}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
      'GraphMethodException',
    );
  };

  /**
   * The phone number node with the fields asked for (and its id), as
   * `GET /{WABA_ID}/phone_numbers` lists them: code_verification_status,
   * display_phone_number, id, quality_rating, verified_name
   * (https://developers.facebook.com/docs/graph-api/reference/whats-app-business-account/phone_numbers/).
   */
  const phoneNumber = (query: URLSearchParams) => {
    const all: Record<string, string> = {
      verified_name: fake.number.verifiedName,
      display_phone_number: fake.number.displayPhoneNumber,
      quality_rating: fake.number.qualityRating,
      code_verification_status: 'VERIFIED',
    };
    const fields = query
      .get('fields')
      ?.split(',')
      .map((f) => f.trim());
    const picked = fields
      ? Object.fromEntries(Object.entries(all).filter(([key]) => fields.includes(key)))
      : all;
    return { ...picked, id: phoneNumberId };
  };

  const listPhoneNumbers = (query: URLSearchParams): FakeReply => ({
    status: 200,
    json: { data: [phoneNumber(query)], paging: { cursors: { before: '0', after: '1' } } },
  });

  const sendMessage = (body: unknown): FakeReply => {
    const message = record(body);
    const to = typeof message.to === 'string' ? message.to : '';
    if (message.messaging_product !== 'whatsapp' || !/^9665\d{8}$/.test(to)) {
      return graphError(100);
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
    const code = failure === undefined ? undefined : codeOf(failure);
    // A closed 24-hour window stops free text; a template may still open a conversation.
    if (code !== undefined && (code !== 131047 || message.type === 'text')) {
      return graphError(code);
    }
    const id = `wamid.FAKE${String(nextId++).padStart(8, '0')}`;
    // Echoed in the status webhooks, never processed (Messages API reference): no de-duplication.
    const opaque =
      typeof message.biz_opaque_callback_data === 'string'
        ? message.biz_opaque_callback_data
        : null;
    if (message.type === 'text') {
      const text = record(message.text).body;
      if (typeof text !== 'string' || !text) {
        return graphError(100, 'Param text[body] is required');
      }
      fake.sent.push({ id, to, type: 'text', opaque, template: null, text });
    } else if (message.type === 'template') {
      const template = record(message.template);
      const name = String(template.name);
      const language = String(record(template.language).code);
      const stored = fake.templates.find((t) => t.name === name && t.language === language);
      if (stored?.status === 'PAUSED') return graphError(132015);
      if (stored?.status === 'DISABLED') return graphError(132016);
      if (stored?.status !== 'APPROVED') return graphError(132001);
      const components = Array.isArray(template.components) ? template.components.map(record) : [];
      const texts = (component: Record<string, unknown> | undefined) =>
        (Array.isArray(component?.parameters) ? component.parameters : []).map((p) =>
          String(record(p).text),
        );
      const parameters = texts(components.find((c) => c.type === 'body'));
      const expected = new Set(stored.body.match(/\{\{\d+\}\}/g) ?? []).size;
      if (parameters.length !== expected) return graphError(132000);
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
      return graphError(100, 'Invalid parameter: type');
    }
    const late = fake.failLaterFor.get(to);
    if (late !== undefined) {
      fake.outgoing.push(
        webhookBody([
          {
            field: 'messages',
            statuses: [
              {
                id,
                status: 'failed',
                recipientId: to,
                ...(opaque ? { opaque } : {}),
                error: late,
              },
            ],
          },
        ]),
      );
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
      return graphError(100);
    }
    if (fake.templates.some((t) => t.name === name && t.language === language)) {
      return graphError(100, 'Message template already exists');
    }
    const created = fake.addTemplate({ name, language, category, body: text, status: 'PENDING' });
    return { status: 200, json: { id: created.id, status: created.status, category } };
  };

  let nextTemplateId = 1;
  const fake: FakeWhatsApp = await startFakeProvider(
    handle,
    {
      received: [],
      sent: [],
      templates: [],
      failFor: new Map(),
      failLaterFor: new Map(),
      number: {
        displayPhoneNumber: '+966 11 000 0000',
        verifiedName: 'Shareek',
        qualityRating: 'GREEN',
      },
      webhook: null,
      outgoing: [],
      deliverWebhooks: async () => {
        const target = fake.webhook;
        if (!target) throw new Error('the fake WhatsApp has no callback URL (fake.webhook)');
        const answered: number[] = [];
        const waiting = fake.outgoing.splice(0);
        for (const body of waiting) {
          const response = await postSignedWebhook(target.url, target.appSecret, body);
          await response.arrayBuffer();
          answered.push(response.status);
          if (response.status < 200 || response.status >= 300) fake.outgoing.push(body);
        }
        return answered;
      },
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
      templateEvent: (name, event, reason) => {
        const matching = fake.templates.filter((t) => t.name === name);
        for (const template of matching) {
          fake.outgoing.push(
            webhookBody([
              {
                field: 'template',
                name,
                language: template.language,
                event,
                id: Number(template.id),
                ...(reason ? { reason } : {}),
              },
            ]),
          );
          const status = EVENT_STATUS[event];
          if (status) template.status = status;
        }
        if (event === 'DELETED') {
          fake.templates.splice(
            0,
            fake.templates.length,
            ...fake.templates.filter((t) => t.name !== name),
          );
        }
      },
      reportError: (code) => {
        fake.outgoing.push(webhookBody([{ field: 'messages', errors: [code] }]));
      },
    },
    port,
  );
  return fake;
}

const codeOf = (failure: keyof typeof NAMED_FAILURES | MetaErrorCode): MetaErrorCode =>
  typeof failure === 'number' ? failure : NAMED_FAILURES[failure];

/**
 * Meta's error answer: `{ error: { message, type, code, error_data: { messaging_product,
 * details }, fbtrace_id } }`, `message` being "(#code) title" (ERROR_CODES_URL). No
 * `error_subcode` ("Deprecated. Will not be returned in v16.0+ responses") and no Retry-After.
 */
function graphError(code: MetaErrorCode, details?: string, type = 'OAuthException'): FakeReply {
  const known: MetaError = META_ERRORS[code];
  return {
    status: known.status,
    json: {
      error: {
        message: `(#${code}) ${known.title}`,
        type,
        code,
        error_data: { messaging_product: 'whatsapp', details: details ?? known.details },
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
  /** A documented code (its title and details from META_ERRORS), or any code and title. */
  error?: MetaErrorCode | { code: number; title: string };
};

export type TemplateUpdate = {
  name: string;
  language: string;
  event: string;
  reason?: string;
  /** Meta's template id (message_template_id, an integer). */
  id?: number;
};

/**
 * One webhook error entry, as in `statuses[].errors[]` and `value.errors[]`:
 * `{ code, title, message, error_data: { details }, href }`, `message` being "the same as the
 * `title` property value"
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/status).
 */
export function webhookError(error: MetaErrorCode | { code: number; title: string }) {
  const { code, title, details } =
    typeof error === 'number'
      ? { code: error, ...META_ERRORS[error] }
      : { ...error, details: error.title };
  return { code, title, message: title, error_data: { details }, href: ERROR_CODES_URL };
}

const METADATA = { display_phone_number: '966110000000', phone_number_id: '100200300400500' };

/**
 * A webhook body as Meta sends it, with one change per item: message statuses, errors with no
 * message (`value.errors`,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/errors),
 * or a template event.
 */
export function webhookBody(
  changes: (
    | { field: 'messages'; statuses: StatusUpdate[] }
    | { field: 'messages'; errors: (MetaErrorCode | { code: number; title: string })[] }
    | ({ field: 'template' } & TemplateUpdate)
  )[],
): unknown {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '900800700600500',
        changes: changes.map((change) =>
          change.field === 'template'
            ? {
                field: 'message_template_status_update',
                value: {
                  event: change.event,
                  message_template_id: change.id ?? 7_000_001,
                  message_template_name: change.name,
                  message_template_language: change.language,
                  reason: change.reason ?? 'NONE',
                },
              }
            : 'errors' in change
              ? {
                  field: 'messages',
                  value: {
                    messaging_product: 'whatsapp',
                    metadata: METADATA,
                    errors: change.errors.map(webhookError),
                  },
                }
              : {
                  field: 'messages',
                  value: {
                    messaging_product: 'whatsapp',
                    metadata: METADATA,
                    statuses: change.statuses.map((s) => ({
                      id: s.id,
                      status: s.status,
                      timestamp: String(s.timestamp ?? Math.floor(Date.now() / 1000)),
                      recipient_id: s.recipientId,
                      ...(s.opaque ? { biz_opaque_callback_data: s.opaque } : {}),
                      ...(s.error ? { errors: [webhookError(s.error)] } : {}),
                    })),
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
