import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeServer } from '../test-support/fakes/fake-server.js';
import {
  type FakeWhatsApp,
  sendStatusWebhook,
  startFakeWhatsApp,
  webhookBody,
} from '../test-support/fakes/whatsapp.js';
import { DeliveryError } from './delivery.js';
import {
  parseWhatsAppWebhook,
  verifyWhatsAppSignature,
  WhatsAppCloudApi,
  type WhatsAppSettings,
} from './whatsapp.js';

const TO = '0551234567';
const RECIPIENT = '966551234567';
const TOKEN = 'EAAG-test-access-token';
const SECRET = 'app-secret';

let fake: FakeWhatsApp;
let settings: WhatsAppSettings;
let api: WhatsAppCloudApi;

beforeAll(async () => {
  fake = await startFakeWhatsApp({
    phoneNumberId: '111',
    businessAccountId: '222',
    accessToken: TOKEN,
  });
  settings = {
    phoneNumberId: '111',
    businessAccountId: '222',
    accessToken: TOKEN,
    appSecret: SECRET,
    verifyToken: 'verify',
    baseUrl: fake.url,
  };
  api = new WhatsAppCloudApi(settings);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.received.length = 0;
  fake.sent.length = 0;
  fake.templates.length = 0;
  fake.failFor.clear();
  fake.down = null;
  fake.addTemplate({
    name: 'referral_update',
    language: 'ar',
    category: 'UTILITY',
    body: 'تم تحديث حالة الإحالة {{1}} إلى {{2}}',
  });
});

const templateMessage = {
  to: TO,
  template: 'referral_update',
  language: 'ar',
  parameters: ['R-1001', 'قيد المراجعة'],
  buttonParameter: 'abc123',
  opaque: 'outbox-7',
};

async function failure(promise: Promise<unknown>): Promise<DeliveryError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DeliveryError);
  const delivery = error as DeliveryError;
  expect(delivery.message).not.toContain(TOKEN);
  expect(delivery.message).not.toContain('secret-text');
  return delivery;
}

describe('WhatsApp Cloud API adapter: messages', () => {
  it('sends a template with body and button parameters', async () => {
    const { providerMessageId } = await api.sendTemplate(templateMessage);
    expect(providerMessageId).toMatch(/^wamid\./);
    expect(fake.received[0]).toMatchObject({
      method: 'POST',
      path: '/v21.0/111/messages',
      token: TOKEN,
      body: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: RECIPIENT,
        type: 'template',
        biz_opaque_callback_data: 'outbox-7',
        template: {
          name: 'referral_update',
          language: { code: 'ar' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'R-1001' },
                { type: 'text', text: 'قيد المراجعة' },
              ],
            },
            {
              type: 'button',
              sub_type: 'url',
              index: '0',
              parameters: [{ type: 'text', text: 'abc123' }],
            },
          ],
        },
      },
    });
    expect(fake.sent).toEqual([
      {
        id: providerMessageId,
        to: RECIPIENT,
        type: 'template',
        opaque: 'outbox-7',
        template: {
          name: 'referral_update',
          language: 'ar',
          parameters: ['R-1001', 'قيد المراجعة'],
          buttonParameter: 'abc123',
        },
        text: null,
      },
    ]);
  });

  it('sends free text', async () => {
    const { providerMessageId } = await api.sendText({ to: TO, body: 'مرحبا', opaque: 'o-1' });
    expect(fake.sent).toEqual([
      {
        id: providerMessageId,
        to: RECIPIENT,
        type: 'text',
        opaque: 'o-1',
        template: null,
        text: 'مرحبا',
      },
    ]);
  });

  it.each([
    ['token190', 'config', '190'],
    ['notOnWhatsApp131026', 'recipient', '131026'],
    ['rate130429', 'rate', '130429'],
    ['template132001', 'template', '132001'],
    ['server500', 'transient', 'HTTP 500'],
    ['malformed', 'transient', 'malformed'],
    ['close', 'transient', 'network'],
  ] as const)('%s → %s (%s)', async (mode, kind, code) => {
    fake.failFor.set(RECIPIENT, mode);
    const error = await failure(api.sendTemplate(templateMessage));
    expect({ kind: error.kind, code: error.code }).toEqual({ kind, code });
  });

  it('gives up after its time limit: transient timeout', async () => {
    fake.failFor.set(RECIPIENT, 'hang');
    const quick = new WhatsAppCloudApi({ ...settings, timeoutMs: 300 });
    const error = await failure(quick.sendTemplate(templateMessage));
    expect({ kind: error.kind, code: error.code }).toEqual({ kind: 'transient', code: 'timeout' });
  });

  it('a closed 24-hour window stops free text (window) but not templates', async () => {
    fake.failFor.set(RECIPIENT, 'window131047');
    const error = await failure(api.sendText({ to: TO, body: 'secret-text', opaque: 'o' }));
    expect({ kind: error.kind, code: error.code }).toEqual({ kind: 'window', code: '131047' });
    await expect(api.sendTemplate(templateMessage)).resolves.toBeTruthy();
  });

  it('rate limits carry Retry-After', async () => {
    fake.failFor.set(RECIPIENT, 'rate130429');
    fake.retryAfterSeconds = 5;
    expect((await failure(api.sendTemplate(templateMessage))).retryAfterMs).toBe(5_000);
  });

  it('a missing, pending or paused template, or a wrong parameter count, is a template problem', async () => {
    const missing = await failure(api.sendTemplate({ ...templateMessage, template: 'nope' }));
    expect([missing.kind, missing.code]).toEqual(['template', '132001']);
    fake.addTemplate({
      name: 'pending',
      language: 'ar',
      category: 'UTILITY',
      body: 'x',
      status: 'PENDING',
    });
    const pending = await failure(
      api.sendTemplate({ ...templateMessage, template: 'pending', parameters: [] }),
    );
    expect(pending.code).toBe('132001');
    fake.addTemplate({
      name: 'paused',
      language: 'ar',
      category: 'UTILITY',
      body: 'x',
      status: 'PAUSED',
    });
    const paused = await failure(
      api.sendTemplate({ ...templateMessage, template: 'paused', parameters: [] }),
    );
    expect([paused.kind, paused.code]).toEqual(['template', '132015']);
    const count = await failure(api.sendTemplate({ ...templateMessage, parameters: ['one'] }));
    expect([count.kind, count.code]).toEqual(['template', '132000']);
  });

  it('a wrong token or phone number id is a set-up problem', async () => {
    const wrongToken = new WhatsAppCloudApi({ ...settings, accessToken: 'other-token' });
    expect((await failure(wrongToken.sendText({ to: TO, body: 'x', opaque: 'o' }))).code).toBe(
      '190',
    );
    const wrongNumber = new WhatsAppCloudApi({ ...settings, phoneNumberId: '999' });
    const error = await failure(wrongNumber.sendText({ to: TO, body: 'x', opaque: 'o' }));
    expect([error.kind, error.code]).toEqual(['config', '100']);
  });
});

describe('WhatsApp Cloud API adapter: templates', () => {
  it('creates a template as PENDING, lists it, and lists it APPROVED once reviewed', async () => {
    const created = await api.createTemplate({
      name: 'broker_welcome',
      language: 'ar',
      category: 'UTILITY',
      body: 'أهلاً {{1}}',
      example: ['أحمد'],
    });
    expect(created).toEqual({ id: expect.any(String), status: 'PENDING' });
    expect(fake.received[0]).toMatchObject({
      method: 'POST',
      path: '/v21.0/222/message_templates',
      body: {
        name: 'broker_welcome',
        language: 'ar',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'أهلاً {{1}}', example: { body_text: [['أحمد']] } }],
      },
    });
    expect(await api.listTemplates()).toContainEqual({
      name: 'broker_welcome',
      language: 'ar',
      status: 'PENDING',
      category: 'UTILITY',
      content: 'أهلاً {{1}}',
    });
    fake.approve('broker_welcome');
    const listed = await api.listTemplates();
    expect(listed.find((t) => t.name === 'broker_welcome')?.status).toBe('APPROVED');
  });

  it('a body without parameters sends no example; a duplicate is refused as set-up', async () => {
    await api.createTemplate({
      name: 'plain',
      language: 'ar',
      category: 'UTILITY',
      body: 'مرحبا',
      example: [],
    });
    expect(fake.received[0]?.body).toMatchObject({ components: [{ type: 'BODY', text: 'مرحبا' }] });
    expect(JSON.stringify(fake.received[0]?.body)).not.toContain('example');
    const again = api.createTemplate({
      name: 'plain',
      language: 'ar',
      category: 'UTILITY',
      body: 'x',
      example: [],
    });
    expect((await failure(again)).kind).toBe('config');
  });

  it('follows the pages of a long template list', async () => {
    for (let i = 0; i < 120; i++) {
      fake.addTemplate({ name: `t_${i}`, language: 'ar', category: 'MARKETING', body: '' });
    }
    const listed = await api.listTemplates();
    expect(listed).toHaveLength(121);
    expect(fake.received.map((r) => r.query.get('after'))).toEqual([null, '100']);
  });
});

describe('WhatsApp webhooks', () => {
  const raw = Buffer.from('{"object":"whatsapp_business_account"}');
  const sign = (body: Buffer, secret = SECRET) =>
    `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

  it('verifies the signature in constant time, refusing bad, missing and malformed ones', () => {
    expect(verifyWhatsAppSignature(raw, sign(raw), SECRET)).toBe(true);
    expect(verifyWhatsAppSignature(raw, sign(raw, 'other'), SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(Buffer.from('{}'), sign(raw), SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(raw, undefined, SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(raw, '', SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(raw, sign(raw).slice(0, -2), SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(raw, `${sign(raw)}00`, SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(raw, sign(raw).replace('sha256=', 'sha1='), SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(raw, `sha256=${'z'.repeat(64)}`, SECRET)).toBe(false);
  });

  it('parses statuses in the order given and template updates', () => {
    const body = webhookBody([
      {
        field: 'messages',
        statuses: [
          {
            id: 'wamid.A',
            status: 'read',
            recipientId: RECIPIENT,
            timestamp: 1_700_000_200,
            opaque: 'o-1',
          },
          {
            id: 'wamid.A',
            status: 'delivered',
            recipientId: RECIPIENT,
            timestamp: 1_700_000_100,
            opaque: 'o-1',
          },
          {
            id: 'wamid.B',
            status: 'failed',
            recipientId: RECIPIENT,
            timestamp: 1_700_000_000,
            error: { code: 131026, title: 'Message undeliverable' },
          },
        ],
      },
      { field: 'template', name: 'referral_update', language: 'ar', event: 'APPROVED' },
      {
        field: 'template',
        name: 'broker_welcome',
        language: 'ar',
        event: 'REJECTED',
        reason: 'INVALID_FORMAT',
      },
    ]);
    expect(parseWhatsAppWebhook(body)).toEqual({
      statuses: [
        {
          providerMessageId: 'wamid.A',
          status: 'read',
          at: new Date(1_700_000_200_000),
          opaque: 'o-1',
          errorCode: null,
          errorTitle: null,
        },
        {
          providerMessageId: 'wamid.A',
          status: 'delivered',
          at: new Date(1_700_000_100_000),
          opaque: 'o-1',
          errorCode: null,
          errorTitle: null,
        },
        {
          providerMessageId: 'wamid.B',
          status: 'failed',
          at: new Date(1_700_000_000_000),
          opaque: null,
          errorCode: '131026',
          errorTitle: 'Message undeliverable',
        },
      ],
      templates: [
        { name: 'referral_update', language: 'ar', status: 'APPROVED', reason: null },
        { name: 'broker_welcome', language: 'ar', status: 'REJECTED', reason: 'INVALID_FORMAT' },
      ],
    });
  });

  it.each([
    null,
    undefined,
    'text',
    42,
    [],
    {},
    { entry: 'x' },
    { entry: [null, { changes: 'x' }, { changes: [null, { field: 'messages' }] }] },
    {
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: {
                statuses: [
                  { id: 'x', status: 'weird', timestamp: '1' },
                  { status: 'sent' },
                  { id: 'y', status: 'sent' },
                ],
              },
            },
          ],
        },
      ],
    },
    {
      entry: [
        { changes: [{ field: 'message_template_status_update', value: { event: 'APPROVED' } }] },
      ],
    },
    { entry: [{ changes: [{ field: 'account_update', value: { event: 'VERIFIED_ACCOUNT' } }] }] },
  ])('ignores what it does not understand: %j', (body) => {
    expect(parseWhatsAppWebhook(body)).toEqual({ statuses: [], templates: [] });
  });

  it('the fake posts signed webhooks that verify and parse', async () => {
    const got: { valid: boolean; body: unknown }[] = [];
    const receiver = await startFakeServer((request) => {
      got.push({
        valid: verifyWhatsAppSignature(
          Buffer.from(request.text),
          request.headers['x-hub-signature-256'] as string | undefined,
          SECRET,
        ),
        body: JSON.parse(request.text),
      });
      return { status: 200 };
    });
    try {
      const response = await sendStatusWebhook(`${receiver.url}/webhooks/whatsapp`, SECRET, [
        { id: 'wamid.C', status: 'delivered', recipientId: RECIPIENT, opaque: 'o-9' },
      ]);
      expect(response.status).toBe(200);
      expect(got[0]?.valid).toBe(true);
      expect(parseWhatsAppWebhook(got[0]?.body).statuses).toMatchObject([
        { providerMessageId: 'wamid.C', status: 'delivered', opaque: 'o-9' },
      ]);
    } finally {
      await receiver.close();
    }
  });
});
