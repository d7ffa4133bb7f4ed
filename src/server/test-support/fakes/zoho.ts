/**
 * Zoho's accounts server (OAuth refresh) and CRM API (Leads, organisation) on one 127.0.0.1
 * server: the token answer's `api_domain` points back at it. Each behaviour follows a Zoho
 * document, named where it is implemented; where Zoho documents nothing, the comment says what
 * was assumed.
 */
import { randomBytes } from 'node:crypto';
import type { FakeProvider, FakeReply, FakeRequest } from './fake-server.js';
import { commonFailureReply, jsonBody, startFakeProvider } from './fake-server.js';

export type ZohoRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The `Zoho-oauthtoken` sent, if any. */
  token: string | null;
  /** Form fields for the token endpoint, JSON otherwise. */
  body: unknown;
};

export type ZohoLead = Record<string, unknown> & { id: string };

export type FakeZoho = FakeProvider & {
  received: ZohoRequest[];
  /** Requests to the token endpoint so far, refused ones included. */
  tokenRequests: number;
  /** When each access token was issued (ms since the epoch): Zoho's throttle counts them. */
  issuedAt: number[];
  /** Lifetime of the tokens issued from now on (seconds; Zoho's is 3600). */
  tokenLifetimeSeconds: number;
  /** Refreshes answer HTTP 200 `{error:'invalid_code'}`, as for a revoked refresh token. */
  refuseRefresh: boolean;
  /**
   * The scopes the refresh token was generated with; the access tokens issued from now on carry
   * them, and a call they do not cover answers 401 OAUTH_SCOPE_MISMATCH.
   */
  scopes: string[];
  /**
   * Lead fields the org marked «Do not allow duplicate values». None by default: Leads' only
   * system duplicate check is Email (upsert), and no org has Mobile unique unless set so.
   */
  uniqueFields: Set<string>;
  /** Live leads, by id. */
  leads: Map<string, ZohoLead>;
  /** Leads converted by sales: gone from Leads, hidden from searches. */
  converted: Map<string, ZohoLead>;
  /** The organisation's name, as GET /org answers it. */
  companyName: string;
  /**
   * The next insert gets no answer: its connection cut once the lead is made (`after-create`:
   * an answer lost on the way back) or before anything is made (`before-create`), or left
   * hanging once the lead is made (`hang-after-create`: the caller's time-out).
   */
  dropNextInsert: 'after-create' | 'hang-after-create' | 'before-create' | null;
  /** Every token issued so far answers 401 INVALID_TOKEN from now on. */
  expireTokens(): void;
  /** Sales converts the lead (into a contact, account and deal): its id no longer updates. */
  convertLead(id: string): void;
  /** Sales deletes the lead. */
  deleteLead(id: string): void;
};

/** What this product asks for (zoho.ts's ZOHO_SCOPES), as a refresh token made by the README's steps carries. */
export const FAKE_ZOHO_DEFAULT_SCOPES = [
  'ZohoCRM.modules.leads.ALL',
  'ZohoSearch.securesearch.READ',
  'ZohoCRM.org.READ',
];

export type FakeZohoOptions = {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  refreshToken?: string;
  /** The refresh token's scopes (FAKE_ZOHO_DEFAULT_SCOPES when not given). */
  scopes?: string[];
};

/**
 * Zoho's token limits (https://www.zoho.com/crm/developer/docs/api/v8/token-validity.html):
 * "maximum of 10 access tokens from a refresh token in a span of 10 minutes".
 */
const TOKENS_PER_SPAN = 10;
const TOKEN_SPAN_MS = 10 * 60_000;

export async function startFakeZoho({
  clientId = '1000.TESTCLIENT',
  clientSecret = 'test-client-secret',
  refreshToken = '1000.test-refresh-token',
  scopes = FAKE_ZOHO_DEFAULT_SCOPES,
  port = 0,
}: FakeZohoOptions = {}): Promise<FakeZoho> {
  /** Token → when it stops working (ms since the epoch) and the scopes it carries. */
  const tokens = new Map<string, { until: number; scopes: string[] }>();
  let nextLeadId = 1;

  const handle = (request: FakeRequest): FakeReply => {
    const isToken = request.path === '/oauth/v2/token';
    const auth = /^Zoho-oauthtoken (.+)$/.exec(request.headers.authorization ?? '');
    const body = isToken
      ? Object.fromEntries(new URLSearchParams(request.text))
      : jsonBody(request);
    fake.received.push({
      method: request.method,
      path: request.path,
      query: request.query,
      token: auth?.[1] ?? null,
      body,
    });
    if (fake.down) return commonFailureReply(fake.down);
    if (isToken && request.method === 'POST') return issueToken(new URLSearchParams(request.text));

    if (!auth?.[1]) {
      return crmError(401, 'AUTHENTICATION_FAILURE', 'Authentication failed');
    }
    const token = tokens.get(auth[1]);
    if (!token || token.until <= Date.now()) {
      return crmError(401, 'INVALID_TOKEN', 'invalid oauth token');
    }
    const route = routeOf(request.method, request.path);
    if (!route) {
      return crmError(
        404,
        'INVALID_URL_PATTERN',
        'Please check if the URL trying to access is a correct one',
      );
    }
    // Each API page lists the scopes it needs; a token without them is refused with
    // OAUTH_SCOPE_MISMATCH, HTTP 401, "Unauthorized", as the possible-errors lists of
    // https://www.zoho.com/crm/developer/docs/api/v7/upsert-records.html and
    // https://www.zoho.com/crm/developer/docs/api/v7/update-records.html say.
    if (!route.needs.every((need) => allows(token.scopes, need))) {
      return crmError(401, 'OAUTH_SCOPE_MISMATCH', 'Unauthorized');
    }
    switch (route.name) {
      case 'search':
        return search(request.query);
      case 'insert':
        return createLead(body);
      case 'update':
        return updateLead(route.id, body);
      case 'org':
        return org();
    }
  };

  const issueToken = (form: URLSearchParams): FakeReply => {
    fake.tokenRequests++;
    // Zoho answers refused refreshes with HTTP 200 and an `error`.
    if (form.get('grant_type') !== 'refresh_token') {
      return { status: 200, json: { error: 'unsupported_grant_type' } };
    }
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      return { status: 200, json: { error: 'invalid_client' } };
    }
    if (form.get('refresh_token') !== refreshToken || fake.refuseRefresh) {
      return { status: 200, json: { error: 'invalid_code' } };
    }
    const now = Date.now();
    const recent = fake.issuedAt.filter((at) => at > now - TOKEN_SPAN_MS);
    if (recent.length >= TOKENS_PER_SPAN) {
      // The body of https://www.zoho.com/crm/developer/docs/api/v8/token-validity.html; "the
      // status code … remains 200" (Kaizen #43,
      // https://help.zoho.com/portal/en/community/topic/kaizen-43-tokens-and-limitations).
      return {
        status: 200,
        json: {
          error_description:
            'You have made too many requests continuously. Please try again after some time.',
          error: 'Access Denied',
          status: 'failure',
        },
      };
    }
    fake.issuedAt.push(now);
    const token = `1000.${randomBytes(16).toString('hex')}`;
    tokens.set(token, { until: now + fake.tokenLifetimeSeconds * 1000, scopes: [...fake.scopes] });
    // Zoho's refresh answer (https://zoho.com/developer/docs/vertical-solutions/api/v6/refresh.html):
    // the token's scopes, space-separated, and the API domain of the account's data centre.
    return {
      status: 200,
      json: {
        access_token: token,
        scope: fake.scopes.join(' '),
        api_domain: fake.url,
        token_type: 'Bearer',
        expires_in: fake.tokenLifetimeSeconds,
      },
    };
  };

  /**
   * `?phone=` searches every phone field (Kaizen #30,
   * https://help.zoho.com/portal/en/community/topic/kaizen-30-parameters-in-zoho-crm-apis-part-2-2),
   * and a match need not be exact: "When you use "equals" … the response will contain records
   * with ABC as well as ABC Inc" (https://www.zoho.com/crm/developer/docs/api/v2.1/search-records.html),
   * so a number containing the one searched is found too. Converted leads are left out, as Get
   * Records documents for `converted` ("Default value is false … false - get only
   * non-converted records", https://www.zoho.com/crm/developer/docs/api/v7/get-records.html;
   * assumed the same for Search). No match: 204, no body.
   */
  const search = (query: URLSearchParams): FakeReply => {
    const phone = digits(query.get('phone') ?? '');
    if (!phone)
      return crmError(400, 'REQUIRED_PARAM_MISSING', 'One of the expected parameter is missing');
    const found = [...fake.leads.values()].filter(
      (lead) => digits(lead.Mobile).includes(phone) || digits(lead.Phone).includes(phone),
    );
    if (found.length === 0) return { status: 204 };
    return {
      status: 200,
      json: { data: found, info: { count: found.length, more_records: false } },
    };
  };

  /**
   * Insert Records: "Duplicates are checked for every insert record API call based on unique
   * fields" (https://www.zoho.com/crm/developer/docs/api/v5/insert-records.html), that is
   * fields the org marked «Do not allow duplicate values»
   * (https://www.zoho.com/crm/developer/docs/api/v7/upsert-records.html): DUPLICATE_DATA with
   * the existing record in `details.duplicate_record`. An org has none unless set so.
   */
  const createLead = (body: unknown): FakeReply => {
    const record = firstRecord(body);
    if (!record) return crmError(400, 'INVALID_DATA', 'invalid data');
    if (typeof record.Last_Name !== 'string' || !record.Last_Name) {
      return recordError('MANDATORY_NOT_FOUND', 'required field not found', {
        api_name: 'Last_Name',
        json_path: '$.data[0].Last_Name',
      });
    }
    const drop = fake.dropNextInsert;
    fake.dropNextInsert = null;
    if (drop === 'before-create') return 'close';
    for (const field of fake.uniqueFields) {
      const value = digits(record[field]) || record[field];
      const existing = [...fake.leads.values()].find(
        (lead) => value && (digits(lead[field]) || lead[field]) === value,
      );
      if (existing) {
        return recordError('DUPLICATE_DATA', 'duplicate data', {
          api_name: field,
          json_path: `$.data[0].${field}`,
          duplicate_record: { id: existing.id, module: { api_name: 'Leads', id: '1' } },
        });
      }
    }
    const id = String(6_000_000_000_000 + nextLeadId++);
    fake.leads.set(id, { ...record, id });
    if (drop === 'after-create') return 'close';
    if (drop === 'hang-after-create') return 'hang';
    return {
      status: 201,
      json: {
        data: [{ code: 'SUCCESS', details: { id }, message: 'record added', status: 'success' }],
      },
    };
  };

  /**
   * Update Records (https://www.zoho.com/crm/developer/docs/api/v7/update-records.html): an id
   * that is no live lead (converted or deleted; Zoho documents nothing more specific) answers
   * INVALID_DATA, HTTP 400, "the id given seems to be invalid". The `details` are not
   * documented; third-party examples show the id.
   */
  const updateLead = (id: string, body: unknown): FakeReply => {
    const record = firstRecord(body);
    const lead = fake.leads.get(id);
    if (!record) return crmError(400, 'INVALID_DATA', 'invalid data');
    if (!lead) return recordError('INVALID_DATA', 'the id given seems to be invalid', { id });
    fake.leads.set(id, { ...lead, ...record, id });
    return {
      status: 200,
      json: {
        data: [{ code: 'SUCCESS', details: { id }, message: 'record updated', status: 'success' }],
      },
    };
  };

  /**
   * Organization API (https://www.zoho.com/crm/developer/docs/api/v2.1/get-org-data.html), its
   * answer shaped as in https://www.zoho.com/developer/help/scripting/get-org-info.html.
   */
  const org = (): FakeReply => ({
    status: 200,
    json: {
      org: [
        {
          id: '2853142000000131027',
          company_name: fake.companyName,
          country_code: 'SA',
          currency_locale: 'ar_SA',
          iso_code: 'SAR',
          time_zone: 'Asia/Riyadh',
          primary_email: 'crm@example.sa',
        },
      ],
    },
  });

  const fake: FakeZoho = await startFakeProvider(
    handle,
    {
      received: [],
      tokenRequests: 0,
      issuedAt: [],
      tokenLifetimeSeconds: 3600,
      refuseRefresh: false,
      scopes: [...scopes],
      uniqueFields: new Set(),
      leads: new Map(),
      converted: new Map(),
      companyName: 'شريك العقار',
      dropNextInsert: null,
      expireTokens: () => tokens.clear(),
      convertLead: (id) => {
        const lead = fake.leads.get(id);
        if (!lead) throw new Error(`no lead ${id}`);
        fake.leads.delete(id);
        fake.converted.set(id, lead);
      },
      deleteLead: (id) => {
        if (!fake.leads.delete(id)) throw new Error(`no lead ${id}`);
      },
    },
    port,
  );
  return fake;
}

/** A scope a call needs: `scope.{one of operations}`, or the scope's ALL. */
type Need = { scope: string; operations: string[] };

type Route =
  | { name: 'search' | 'insert' | 'org'; needs: Need[] }
  | { name: 'update'; id: string; needs: Need[] };

const LEADS = 'ZohoCRM.modules.leads';

/** The call and the scopes its Zoho page lists. */
function routeOf(method: string, path: string): Route | null {
  if (method === 'GET' && path === '/crm/v7/Leads/search') {
    // "scope=ZohoCRM.modules.{module_name}.{operation_type} (and) scope=ZohoSearch.securesearch.READ"
    // (https://www.zoho.com/crm/developer/docs/api/v8/search-records.html).
    return {
      name: 'search',
      needs: [
        { scope: LEADS, operations: ['READ'] },
        { scope: 'ZohoSearch.securesearch', operations: ['READ'] },
      ],
    };
  }
  if (method === 'POST' && path === '/crm/v7/Leads') {
    // {ALL|WRITE|CREATE} (https://www.zoho.com/crm/developer/docs/api/v5/insert-records.html).
    return { name: 'insert', needs: [{ scope: LEADS, operations: ['WRITE', 'CREATE'] }] };
  }
  const update = /^\/crm\/v7\/Leads\/([^/]+)$/.exec(path);
  if (method === 'PUT' && update?.[1] && update[1] !== 'search') {
    // {ALL|WRITE|UPDATE} (https://www.zoho.com/crm/developer/docs/api/v7/update-records.html).
    return {
      name: 'update',
      id: decodeURIComponent(update[1]),
      needs: [{ scope: LEADS, operations: ['WRITE', 'UPDATE'] }],
    };
  }
  if (method === 'GET' && path === '/crm/v7/org') {
    // "scope=ZohoCRM.org.{operation_type}", ALL or READ
    // (https://www.zoho.com/crm/developer/docs/api/v2.1/get-org-data.html).
    return { name: 'org', needs: [{ scope: 'ZohoCRM.org', operations: ['READ'] }] };
  }
  return null;
}

/**
 * Whether the token's scopes cover a need: `{scope}.ALL`, `{scope}.{operation}`, or for a
 * module `ZohoCRM.modules.ALL` ("scope=ZohoCRM.modules.ALL (or)
 * scope=ZohoCRM.modules.{module_name}.{operation_type}",
 * https://www.zoho.com/crm/developer/docs/api/v2/search-records.html). Compared without case.
 */
function allows(granted: string[], { scope, operations }: Need): boolean {
  const have = new Set(granted.map((s) => s.trim().toLowerCase()));
  const wanted = [...operations, 'ALL'].map((op) => `${scope}.${op}`.toLowerCase());
  if (scope.startsWith('ZohoCRM.modules.')) wanted.push('zohocrm.modules.all');
  return wanted.some((s) => have.has(s));
}

function crmError(status: number, code: string, message: string): FakeReply {
  return { status, json: { code, details: {}, message, status: 'error' } };
}

/** One record's refusal, as Zoho answers a single-record insert or update. */
function recordError(code: string, message: string, details: Record<string, unknown>): FakeReply {
  return { status: 400, json: { data: [{ code, details, message, status: 'error' }] } };
}

function firstRecord(body: unknown): Record<string, unknown> | null {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : null;
  const first: unknown = Array.isArray(data) ? data[0] : null;
  return typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : null;
}

function digits(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\D/g, '') : '';
}
