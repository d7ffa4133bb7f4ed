import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeZoho, startFakeZoho } from '../test-support/fakes/zoho.js';
import { DeliveryError } from './delivery.js';
import { type LeadFields, leadRecord, ZohoCrm, type ZohoSettings } from './zoho.js';

const credentials = {
  clientId: '1000.CLIENT',
  clientSecret: 'client-secret',
  refreshToken: '1000.refresh-token',
};

const lead: LeadFields = {
  tenantPhone: '0551234567',
  rentAmount: 60000,
  brokerCode: 'B-1234',
  city: 'الرياض',
  referralId: 'R-1001',
  status: 'جديد',
};

let fake: FakeZoho;
let settings: ZohoSettings;

beforeAll(async () => {
  fake = await startFakeZoho(credentials);
  settings = { ...credentials, accountsUrl: fake.url };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.received.length = 0;
  fake.tokenRequests = 0;
  fake.tokenLifetimeSeconds = 3600;
  fake.refuseRefresh = false;
  fake.duplicateCheck = true;
  fake.leads.clear();
  fake.down = null;
  fake.expireTokens();
});

async function failure(promise: Promise<unknown>): Promise<DeliveryError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DeliveryError);
  const delivery = error as DeliveryError;
  for (const secret of Object.values(credentials)) expect(delivery.message).not.toContain(secret);
  return delivery;
}

describe('leadRecord', () => {
  it('maps a referral onto standard Lead fields only', () => {
    expect(leadRecord(lead)).toEqual({
      Last_Name: 'مستأجر 0551234567',
      Mobile: '+966551234567',
      City: 'الرياض',
      Lead_Source: 'Broker referral',
      Description: [
        'الإيجار السنوي: 60000.00 ر.س',
        'رمز الوسيط: B-1234',
        'رقم الإحالة: R-1001',
        'الحالة: جديد',
      ].join('\n'),
    });
  });

  it('says when the rent is unknown and leaves the city empty', () => {
    const record = leadRecord({ ...lead, rentAmount: null, city: null });
    expect(record.City).toBeNull();
    expect(record.Description).toContain('الإيجار السنوي: غير محدد');
  });
});

describe('Zoho CRM adapter: access tokens', () => {
  it('refreshes once with the refresh token and reuses the token on the returned api domain', async () => {
    const crm = new ZohoCrm(settings);
    await crm.searchLeadsByPhone('0551234567');
    await crm.searchLeadsByPhone('0551234568');
    expect(fake.tokenRequests).toBe(1);
    const [token, ...calls] = fake.received;
    expect(token).toMatchObject({
      method: 'POST',
      path: '/oauth/v2/token',
      body: {
        grant_type: 'refresh_token',
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        refresh_token: credentials.refreshToken,
      },
    });
    expect(calls.map((c) => [c.path, c.query.get('phone')])).toEqual([
      ['/crm/v7/Leads/search', '966551234567'],
      ['/crm/v7/Leads/search', '966551234568'],
    ]);
    expect(calls[0]?.token).toMatch(/^1000\./);
  });

  it('five calls at once share one refresh', async () => {
    const crm = new ZohoCrm(settings);
    await Promise.all(Array.from({ length: 5 }, () => crm.searchLeadsByPhone('0551234567')));
    expect(fake.tokenRequests).toBe(1);
  });

  it('does not use a token within a minute of its expiry', async () => {
    fake.tokenLifetimeSeconds = 30;
    const crm = new ZohoCrm(settings);
    await crm.searchLeadsByPhone('0551234567');
    await crm.searchLeadsByPhone('0551234567');
    expect(fake.tokenRequests).toBe(2);
  });

  it('an expired token is dropped, refreshed once and the call retried once', async () => {
    const crm = new ZohoCrm(settings);
    const { id } = await crm.createLead(lead);
    fake.expireTokens();
    await Promise.all([
      crm.updateLead(id, { ...lead, status: 'مكتمل' }),
      crm.searchLeadsByPhone('0551234567'),
    ]);
    expect(fake.tokenRequests).toBe(2);
    expect(fake.leads.get(id)?.Description).toContain('الحالة: مكتمل');
  });

  it('a refresh refused with HTTP 200 and an error is a set-up problem', async () => {
    fake.refuseRefresh = true;
    const error = await failure(new ZohoCrm(settings).searchLeadsByPhone('0551234567'));
    expect([error.kind, error.code]).toEqual(['config', 'invalid_code']);
    const wrongClient = new ZohoCrm({ ...settings, clientSecret: 'other' });
    fake.refuseRefresh = false;
    expect((await failure(wrongClient.searchLeadsByPhone('0551234567'))).code).toBe(
      'invalid_client',
    );
  });

  it('never asks for more than 10 tokens in 10 minutes', async () => {
    fake.tokenLifetimeSeconds = 30;
    const crm = new ZohoCrm(settings);
    for (let i = 0; i < 10; i++) await crm.searchLeadsByPhone('0551234567');
    const error = await failure(crm.searchLeadsByPhone('0551234567'));
    expect(error.kind).toBe('rate');
    expect(error.retryAfterMs).toBeGreaterThan(0);
    expect(fake.tokenRequests).toBe(10);
  });

  it('a token refused again after a refresh is a set-up problem, not a loop', async () => {
    // Tokens that expire the moment they are issued.
    fake.tokenLifetimeSeconds = 0;
    const error = await failure(new ZohoCrm(settings).searchLeadsByPhone('0551234567'));
    expect([error.kind, error.code]).toEqual(['config', 'INVALID_TOKEN']);
    expect(fake.tokenRequests).toBe(2);
  });
});

describe('Zoho CRM adapter: leads', () => {
  it('search answers [] for 204 and the ids otherwise', async () => {
    const crm = new ZohoCrm(settings);
    expect(await crm.searchLeadsByPhone('0551234567')).toEqual([]);
    const { id } = await crm.createLead(lead);
    expect(await crm.searchLeadsByPhone('0551234567')).toEqual([{ id }]);
  });

  it('creates a lead, and a duplicate Mobile gives the existing lead back', async () => {
    const crm = new ZohoCrm(settings);
    const created = await crm.createLead(lead);
    expect(created).toEqual({ id: expect.any(String), duplicate: false });
    expect(fake.leads.get(created.id)).toMatchObject(leadRecord(lead));
    expect(await crm.createLead({ ...lead, referralId: 'R-2' })).toEqual({
      id: created.id,
      duplicate: true,
    });
    fake.duplicateCheck = false;
    expect((await crm.createLead(lead)).duplicate).toBe(false);
  });

  it('a refused record is a set-up problem with Zoho’s code', async () => {
    const crm = new ZohoCrm(settings);
    const error = await failure(crm.updateLead('404', lead));
    expect([error.kind, error.code]).toEqual(['config', 'INVALID_DATA']);
  });

  it.each([
    ['server500', 'HTTP 500'],
    ['malformed', 'malformed'],
    ['close', 'network'],
  ] as const)('%s → transient (%s)', async (mode, code) => {
    const crm = new ZohoCrm(settings);
    await crm.searchLeadsByPhone('0551234567');
    fake.down = mode;
    const error = await failure(crm.searchLeadsByPhone('0551234567'));
    expect([error.kind, error.code]).toEqual(['transient', code]);
  });

  it('gives up after its time limit: transient timeout', async () => {
    fake.down = 'hang';
    const error = await failure(new ZohoCrm({ ...settings, timeoutMs: 300 }).createLead(lead));
    expect([error.kind, error.code]).toEqual(['transient', 'timeout']);
  });
});
