import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.js';
import { sharedTokenBudget, upsertLead } from '../messaging/crm.js';
import { freshDatabase } from '../test-support/database.js';
import {
  FAKE_ZOHO_DEFAULT_SCOPES,
  type FakeZoho,
  startFakeZoho,
} from '../test-support/fakes/zoho.js';
import { DeliveryError } from './delivery.js';
import { type LeadFields, leadRecord, ZOHO_SCOPES, ZohoCrm, type ZohoSettings } from './zoho.js';

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

/** The README's scope before decision record 056: no search scope, no org scope. */
const OLD_SCOPES = ['ZohoCRM.modules.leads.ALL'];

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
  fake.issuedAt.length = 0;
  fake.tokenLifetimeSeconds = 3600;
  fake.refuseRefresh = false;
  fake.scopes = [...FAKE_ZOHO_DEFAULT_SCOPES];
  fake.uniqueFields.clear();
  fake.leads.clear();
  fake.converted.clear();
  fake.dropNextInsert = null;
  fake.down = null;
  fake.expireTokens();
});

/** The CRM calls the fake received (token requests left out), as `METHOD path`. */
const crmCalls = () =>
  fake.received.filter((r) => r.path !== '/oauth/v2/token').map((r) => `${r.method} ${r.path}`);

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

  it('never asks for more than 10 tokens in 10 minutes (one instance, counted in memory)', async () => {
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

  it('inserts twice without a unique field: Zoho checks Leads for duplicates by Email only', async () => {
    const crm = new ZohoCrm(settings);
    const first = await crm.createLead(lead);
    expect(first).toEqual({ id: expect.any(String), duplicate: false });
    expect(fake.leads.get(first.id)).toMatchObject(leadRecord(lead));
    expect((await crm.createLead(lead)).id).not.toBe(first.id);
    expect(fake.leads.size).toBe(2);
  });

  it('with Mobile marked unique in the org, DUPLICATE_DATA gives the existing lead back', async () => {
    fake.uniqueFields.add('Mobile');
    const crm = new ZohoCrm(settings);
    const created = await crm.createLead(lead);
    expect(await crm.createLead({ ...lead, referralId: 'R-2' })).toEqual({
      id: created.id,
      duplicate: true,
    });
    expect(fake.leads.size).toBe(1);
  });

  it('an id Zoho does not take is no failure: updateLead answers false', async () => {
    const crm = new ZohoCrm(settings);
    expect(await crm.updateLead('404', lead)).toBe(false);
    const { id } = await crm.createLead(lead);
    expect(await crm.updateLead(id, { ...lead, status: 'مكتمل' })).toBe(true);
  });

  it('search keeps only leads whose number is this one: Zoho’s match is not exact', async () => {
    const crm = new ZohoCrm(settings);
    fake.leads.set('1', { id: '1', Last_Name: 'x', Mobile: '+9665512345678' });
    fake.leads.set('2', { id: '2', Last_Name: 'y', Phone: '+966 55 123 4567' });
    expect(await crm.searchLeadsByPhone('0551234567')).toEqual([{ id: '2' }]);
    expect(fake.received.at(-1)?.query.get('phone')).toBe('966551234567');
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

describe('Zoho CRM adapter: scopes', () => {
  it('the fake refuses a call its token’s scopes do not cover, in Zoho’s words', async () => {
    fake.scopes = OLD_SCOPES;
    const issued = await fetch(`${fake.url}/oauth/v2/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token', ...toForm(credentials) }),
    });
    const { access_token: token, scope } = (await issued.json()) as {
      access_token: string;
      scope: string;
    };
    expect(scope).toBe('ZohoCRM.modules.leads.ALL');
    const search = await fetch(`${fake.url}/crm/v7/Leads/search?phone=966551234567`, {
      headers: { authorization: `Zoho-oauthtoken ${token}` },
    });
    expect(search.status).toBe(401);
    expect(await search.json()).toEqual({
      code: 'OAUTH_SCOPE_MISMATCH',
      details: {},
      message: 'Unauthorized',
      status: 'error',
    });
  });

  it('with the README’s old scope a lead is refused as a set-up error naming the scopes; with ZOHO_SCOPES it is made', async () => {
    fake.scopes = OLD_SCOPES;
    const error = await failure(upsertLead(new ZohoCrm(settings), lead, null));
    expect([error.kind, error.code]).toEqual(['config', 'OAUTH_SCOPE_MISMATCH']);
    expect(error.message).toContain(ZOHO_SCOPES);
    expect(fake.leads.size).toBe(0);

    // A refresh token generated with the scopes the README now names (the server restarts
    // with it: a new adapter).
    fake.scopes = ZOHO_SCOPES.split(',');
    const id = await upsertLead(new ZohoCrm(settings), lead, null);
    expect(fake.leads.get(id)).toMatchObject(leadRecord(lead));
  });

  it.each([
    [['ZohoCRM.modules.ALL', 'ZohoSearch.securesearch.ALL'], true, true, true],
    [['ZohoCRM.modules.leads.READ', 'ZohoSearch.securesearch.READ'], true, false, false],
    [['ZohoCRM.modules.leads.CREATE', 'ZohoCRM.modules.leads.UPDATE'], false, true, true],
    [['ZohoCRM.modules.leads.CREATE', 'ZohoSearch.securesearch.READ'], false, true, false],
  ])('scopes %j: search %s, insert %s, update %s', async (scopes, search, insert, update) => {
    fake.scopes = scopes;
    const crm = new ZohoCrm(settings);
    const outcome = (promise: Promise<unknown>) =>
      promise.then(
        () => true,
        (error: unknown) => {
          expect(error).toMatchObject({ kind: 'config', code: 'OAUTH_SCOPE_MISMATCH' });
          return false;
        },
      );
    fake.leads.set('7', { id: '7', Last_Name: 'x', Mobile: '+966551234567' });
    expect(await outcome(crm.searchLeadsByPhone('0551234567'))).toBe(search);
    expect(await outcome(crm.createLead(lead))).toBe(insert);
    expect(await outcome(crm.updateLead('7', lead))).toBe(update);
  });
});

describe('Zoho CRM: a lead converted or deleted by sales', () => {
  it.each([
    ['converted', (id: string) => fake.convertLead(id)],
    ['deleted', (id: string) => fake.deleteLead(id)],
  ])('%s: the next update makes a new lead, whose id is kept', async (_, remove) => {
    const crm = new ZohoCrm(settings);
    const first = await upsertLead(crm, lead, null);
    remove(first);
    fake.received.length = 0;
    const next = await upsertLead(crm, { ...lead, status: 'مكتمل' }, first);
    expect(next).not.toBe(first);
    expect(fake.leads.get(next)?.Description).toContain('الحالة: مكتمل');
    expect(crmCalls()).toEqual([
      `PUT /crm/v7/Leads/${first}`,
      'GET /crm/v7/Leads/search',
      'POST /crm/v7/Leads',
    ]);
    // And the one after updates the new lead only.
    expect(await upsertLead(crm, { ...lead, status: 'ملغي' }, next)).toBe(next);
    expect(fake.leads.size).toBe(1);
  });

  it('another live lead with the number (made by sales) is updated instead', async () => {
    const crm = new ZohoCrm(settings);
    const first = await upsertLead(crm, lead, null);
    fake.convertLead(first);
    fake.leads.set('900', { id: '900', Last_Name: 'يدوي', Mobile: '+966 55 123 4567' });
    fake.leads.set('901', { id: '901', Last_Name: 'other', Mobile: '+9665512345670' });
    expect(await upsertLead(crm, { ...lead, status: 'مكتمل' }, first)).toBe('900');
    expect(fake.leads.get('900')?.Description).toContain('الحالة: مكتمل');
    expect(fake.leads.size).toBe(2);
  });
});

describe('Zoho CRM: an insert whose answer is lost makes one lead', () => {
  it.each([
    ['cut after the lead is made', 'after-create', {}],
    ['timed out after the lead is made', 'hang-after-create', { timeoutMs: 300 }],
  ] as const)('%s: searched again, found, not inserted again', async (_, drop, options) => {
    const crm = new ZohoCrm({ ...settings, ...options });
    fake.dropNextInsert = drop;
    const id = await upsertLead(crm, lead, null);
    expect([...fake.leads.keys()]).toEqual([id]);
    expect(crmCalls()).toEqual([
      'GET /crm/v7/Leads/search',
      'POST /crm/v7/Leads',
      'GET /crm/v7/Leads/search',
    ]);
  });

  it('cut before anything is made: a transient failure, no second insert; the next attempt makes it', async () => {
    const crm = new ZohoCrm(settings);
    fake.dropNextInsert = 'before-create';
    const error = await failure(upsertLead(crm, lead, null));
    expect([error.kind, error.code]).toEqual(['transient', 'network']);
    expect(fake.leads.size).toBe(0);
    expect(crmCalls().filter((c) => c.startsWith('POST'))).toHaveLength(1);
    const id = await upsertLead(crm, lead, null);
    expect([...fake.leads.keys()]).toEqual([id]);
  });
});

describe('Zoho CRM: the token limit across instances', () => {
  it('Zoho’s throttle, «Access Denied» with HTTP 200, is a rate limit until its window ends', async () => {
    // Two instances counting in memory each: together they pass Zoho's 10 tokens.
    fake.tokenLifetimeSeconds = 30;
    const a = new ZohoCrm(settings);
    const b = new ZohoCrm(settings);
    for (let i = 0; i < 5; i++) {
      await a.searchLeadsByPhone('0551234567');
      await b.searchLeadsByPhone('0551234567');
    }
    const error = await failure(a.searchLeadsByPhone('0551234567'));
    expect([error.kind, error.code, error.retryAfterMs]).toEqual([
      'rate',
      'Access Denied',
      600_000,
    ]);
    expect(fake.tokenRequests).toBe(11);
  });

  it('two instances sharing the database stay within Zoho’s limit together', async () => {
    const { database, drop } = await freshDatabase();
    try {
      fake.tokenLifetimeSeconds = 30;
      const budget = sharedTokenBudget(database.db);
      const a = new ZohoCrm(settings, { tokenBudget: budget });
      const b = new ZohoCrm(settings, { tokenBudget: sharedTokenBudget(database.db) });
      const outcomes: string[] = [];
      for (let i = 0; i < 6; i++) {
        for (const crm of [a, b]) {
          outcomes.push(
            await crm.searchLeadsByPhone('0551234567').then(
              () => 'ok',
              (error: unknown) => {
                expect(error).toBeInstanceOf(DeliveryError);
                const { kind, code, retryAfterMs = 0 } = error as DeliveryError;
                expect(retryAfterMs).toBeGreaterThan(0);
                expect(retryAfterMs).toBeLessThanOrEqual(600_000);
                return `${kind} ${code}`;
              },
            ),
          );
        }
      }
      // Five tokens a fixed window, so any ten minutes (two windows at most) see ten at most.
      expect(outcomes).toEqual([...Array(5).fill('ok'), ...Array(7).fill('rate token limit')]);
      expect(fake.tokenRequests).toBe(5);
      // Counted under a hash: the table never holds the refresh token.
      const keys = await rowsOf<{ key: string }>(database.db, sql`select key from rate_limits`);
      expect(keys).toEqual([{ key: expect.stringMatching(/^zoho:token:[0-9a-f]{24}$/) }]);
    } finally {
      await database.close();
      await drop();
    }
  });
});

describe('Zoho CRM: test connection', () => {
  it('names the organisation and the data centre, after reading the org and searching leads', async () => {
    const check = await new ZohoCrm(settings).testConnection();
    expect(check).toEqual({
      detail: `نظام إدارة العملاء: شريك العقار، مركز البيانات ${new URL(fake.url).host}`,
    });
    expect(crmCalls()).toEqual(['GET /crm/v7/org', 'GET /crm/v7/Leads/search']);
    expect(fake.leads.size).toBe(0);
  });

  it.each([
    ['the README’s old scope', OLD_SCOPES],
    ['no search scope', ['ZohoCRM.modules.leads.ALL', 'ZohoCRM.org.READ']],
  ])('%s: a set-up error naming ZOHO_SCOPES', async (_, scopes) => {
    fake.scopes = scopes;
    const error = await failure(new ZohoCrm(settings).testConnection());
    expect([error.kind, error.code]).toEqual(['config', 'OAUTH_SCOPE_MISMATCH']);
    expect(error.message).toContain(ZOHO_SCOPES);
  });

  it('a refused refresh token is a set-up error too', async () => {
    fake.refuseRefresh = true;
    const error = await failure(new ZohoCrm(settings).testConnection());
    expect([error.kind, error.code]).toEqual(['config', 'invalid_code']);
  });
});

function toForm({ clientId, clientSecret, refreshToken }: typeof credentials) {
  return { client_id: clientId, client_secret: clientSecret, refresh_token: refreshToken };
}
