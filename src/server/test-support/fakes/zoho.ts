/**
 * Zoho's accounts server (OAuth refresh) and CRM Leads API on one 127.0.0.1 server: the token
 * answer's `api_domain` points back at it.
 */
import { randomBytes } from 'node:crypto';
import {
  type CommonFailure,
  commonFailureReply,
  type FakeReply,
  type FakeRequest,
  jsonBody,
  startFakeServer,
} from './fake-server.js';

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

export type FakeZoho = {
  url: string;
  close(): Promise<void>;
  received: ZohoRequest[];
  /** Requests to the token endpoint so far, refused ones included. */
  tokenRequests: number;
  /** Lifetime of the tokens issued from now on (seconds; Zoho's is 3600). */
  tokenLifetimeSeconds: number;
  /** Refreshes answer HTTP 200 `{error:'invalid_code'}`, as for a revoked refresh token. */
  refuseRefresh: boolean;
  /** DUPLICATE_DATA for a new lead whose Mobile another lead has. */
  duplicateCheck: boolean;
  leads: Map<string, ZohoLead>;
  /** Applies to every request when set. */
  down: CommonFailure | null;
  /** Every token issued so far answers 401 INVALID_TOKEN from now on. */
  expireTokens(): void;
};

export type FakeZohoOptions = {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  refreshToken?: string;
};

export async function startFakeZoho({
  clientId = '1000.TESTCLIENT',
  clientSecret = 'test-client-secret',
  refreshToken = '1000.test-refresh-token',
  port = 0,
}: FakeZohoOptions = {}): Promise<FakeZoho> {
  /** Token → when it stops working (ms since the epoch). */
  const tokens = new Map<string, number>();
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
    if ((tokens.get(auth[1]) ?? 0) <= Date.now()) {
      return crmError(401, 'INVALID_TOKEN', 'invalid oauth token');
    }
    const leadPath = /^\/crm\/v7\/Leads(?:\/([^/]+))?$/.exec(request.path);
    if (request.method === 'GET' && request.path === '/crm/v7/Leads/search') {
      return search(request.query);
    }
    if (request.method === 'POST' && leadPath && !leadPath[1]) return createLead(body);
    if (request.method === 'PUT' && leadPath?.[1]) return updateLead(leadPath[1], body);
    return crmError(
      404,
      'INVALID_URL_PATTERN',
      'Please check if the URL trying to access is a correct one',
    );
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
    const token = `1000.${randomBytes(16).toString('hex')}`;
    tokens.set(token, Date.now() + fake.tokenLifetimeSeconds * 1000);
    return {
      status: 200,
      json: {
        access_token: token,
        scope: 'ZohoCRM.modules.leads.ALL',
        api_domain: fake.url,
        token_type: 'Bearer',
        expires_in: fake.tokenLifetimeSeconds,
      },
    };
  };

  const search = (query: URLSearchParams): FakeReply => {
    const phone = digits(query.get('phone') ?? '');
    if (!phone)
      return crmError(400, 'REQUIRED_PARAM_MISSING', 'One of the expected parameter is missing');
    const found = [...fake.leads.values()].filter(
      (lead) => digits(lead.Mobile) === phone || digits(lead.Phone) === phone,
    );
    if (found.length === 0) return { status: 204 };
    return {
      status: 200,
      json: { data: found, info: { count: found.length, more_records: false } },
    };
  };

  const createLead = (body: unknown): FakeReply => {
    const record = firstRecord(body);
    if (!record) return crmError(400, 'INVALID_DATA', 'invalid data');
    if (typeof record.Last_Name !== 'string' || !record.Last_Name) {
      return recordError('MANDATORY_NOT_FOUND', 'required field not found', {
        api_name: 'Last_Name',
        json_path: '$.data[0].Last_Name',
      });
    }
    const existing = [...fake.leads.values()].find(
      (lead) => digits(record.Mobile) !== '' && digits(lead.Mobile) === digits(record.Mobile),
    );
    if (fake.duplicateCheck && existing) {
      return recordError('DUPLICATE_DATA', 'duplicate data', {
        api_name: 'Mobile',
        json_path: '$.data[0].Mobile',
        duplicate_record: { id: existing.id, module: { api_name: 'Leads', id: '1' } },
      });
    }
    const id = String(6_000_000_000_000 + nextLeadId++);
    fake.leads.set(id, { ...record, id });
    return {
      status: 201,
      json: {
        data: [{ code: 'SUCCESS', details: { id }, message: 'record added', status: 'success' }],
      },
    };
  };

  const updateLead = (id: string, body: unknown): FakeReply => {
    const record = firstRecord(body);
    const lead = fake.leads.get(id);
    if (!record) return crmError(400, 'INVALID_DATA', 'invalid data');
    if (!lead) {
      return recordError('INVALID_DATA', 'the related id given seems to be invalid', { id });
    }
    fake.leads.set(id, { ...lead, ...record, id });
    return {
      status: 200,
      json: {
        data: [{ code: 'SUCCESS', details: { id }, message: 'record updated', status: 'success' }],
      },
    };
  };

  const server = await startFakeServer(handle, port);
  const fake: FakeZoho = {
    ...server,
    received: [],
    tokenRequests: 0,
    tokenLifetimeSeconds: 3600,
    refuseRefresh: false,
    duplicateCheck: true,
    leads: new Map(),
    down: null,
    expireTokens: () => tokens.clear(),
  };
  return fake;
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
