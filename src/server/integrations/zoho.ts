import { createHash } from 'node:crypto';
import { toInternationalPhone, toMoneyString } from '#domain';
import { type ConnectionCheck, DeliveryError } from './delivery.js';
import {
  asText,
  isRecord,
  malformed,
  type ProviderResponse,
  parseJson,
  providerFetch,
  requestJson,
  statusError,
  tryJson,
} from './http.js';

export type ZohoSettings = {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /**
   * The accounts server of the Zoho account's data centre (Saudi Arabia's by default:
   * https://accounts.zoho.sa, documented in
   * https://www.zoho.com/accounts/protocol/oauth/multi-dc.html). Every CRM call goes to the
   * `api_domain` that server answers with each token, never a hard-coded host: Saudi Arabia's
   * API host, https://www.zohoapis.sa, is documented only in Bigin's multi-DC table
   * (https://www.bigin.com/developer/docs/apis/multi-dc.html), not on the CRM pages.
   */
  accountsUrl?: string;
  timeoutMs?: number;
};

export type LeadFields = {
  tenantPhone: string;
  rentAmount: number | null;
  brokerCode: string;
  city: string | null;
  referralId: string;
  /** The referral's status as an Arabic label. */
  status: string;
};

const PROVIDER = 'Zoho';
/** The CRM API version the calls use. */
const API = '/crm/v7';
/** A token is dropped this long before Zoho says it expires. */
const TOKEN_MARGIN_MS = 60_000;
/**
 * Zoho: "maximum of 10 access tokens from a refresh token in a span of 10 minutes", refused
 * beyond with «Access Denied» (https://www.zoho.com/crm/developer/docs/api/v8/token-validity.html).
 */
export const ZOHO_TOKEN_LIMIT = 10;
export const ZOHO_TOKEN_WINDOW_MS = 10 * 60_000;

/**
 * The OAuth scopes ZOHO_REFRESH_TOKEN must be generated with, comma-separated as Zoho's API
 * console takes them:
 * - `ZohoCRM.modules.leads.ALL`: insert ({ALL|WRITE|CREATE},
 *   https://www.zoho.com/crm/developer/docs/api/v5/insert-records.html), update
 *   ({ALL|WRITE|UPDATE}, https://www.zoho.com/crm/developer/docs/api/v7/update-records.html) and
 *   search ({ALL|READ}) Leads;
 * - `ZohoSearch.securesearch.READ`: Search Records needs it besides the module's scope
 *   ("(and) scope=ZohoSearch.securesearch.READ",
 *   https://www.zoho.com/crm/developer/docs/api/v8/search-records.html);
 * - `ZohoCRM.org.READ`: the test connection's GET /org
 *   (https://www.zoho.com/crm/developer/docs/api/v2.1/get-org-data.html).
 * A call the token's scopes do not cover answers 401 OAUTH_SCOPE_MISMATCH.
 */
export const ZOHO_SCOPES =
  'ZohoCRM.modules.leads.ALL,ZohoSearch.securesearch.READ,ZohoCRM.org.READ';

/**
 * Takes one access token from the budget of the refresh token named by `key` (a hash, never
 * the token), or rejects with `tokenBudgetSpent`: Zoho counts the tokens of a refresh token
 * across every instance that holds it. The default counts in memory, per instance; the
 * outbox's is shared through the database (messaging/crm.ts, `sharedTokenBudget`).
 */
export type TokenBudget = (key: string) => Promise<void>;

/** The `rate` failure of a spent token budget: wait until the budget's window ends. */
export function tokenBudgetSpent(retryAfterMs: number): DeliveryError {
  return new DeliveryError(
    'rate',
    'token limit',
    'Zoho: too many access tokens for this refresh token; waiting for the limit to reset',
    Math.max(1_000, retryAfterMs),
  );
}

/** Zoho's limit, counted in this process only (a sliding ten minutes). */
function memoryTokenBudget(limit = ZOHO_TOKEN_LIMIT, windowMs = ZOHO_TOKEN_WINDOW_MS): TokenBudget {
  const taken = new Map<string, number[]>();
  return async (key) => {
    const now = Date.now();
    const times = (taken.get(key) ?? []).filter((at) => at > now - windowMs);
    taken.set(key, times);
    if (times.length >= limit) throw tokenBudgetSpent((times[0] ?? now) + windowMs - now);
    times.push(now);
  };
}

/** An access token and the API host of the account's data centre that came with it. */
type AccessToken = { token: string; apiDomain: string; expiresAt: number };

/** A number no tenant has, for the test connection's read-only search. */
const PROBE_PHONE = '0500000000';

/**
 * A Lead built from standard fields only, so it fits any Zoho org; what has no standard field
 * goes into Description, one line each.
 */
export function leadRecord(fields: LeadFields): Record<string, string | null> {
  const rent = fields.rentAmount === null ? 'غير محدد' : `${toMoneyString(fields.rentAmount)} ر.س`;
  return {
    Last_Name: `مستأجر ${fields.tenantPhone}`,
    Mobile: `+${toInternationalPhone(fields.tenantPhone)}`,
    City: fields.city,
    Lead_Source: 'Broker referral',
    Description: [
      `الإيجار السنوي: ${rent}`,
      `رمز الوسيط: ${fields.brokerCode}`,
      `رقم الإحالة: ${fields.referralId}`,
      `الحالة: ${fields.status}`,
    ].join('\n'),
  };
}

/** Zoho CRM's Leads, with an OAuth access token refreshed as sparingly as Zoho requires. */
export class ZohoCrm {
  private readonly clientId: string;
  private readonly clientSecret: string;
  private readonly refreshToken: string;
  private readonly accountsUrl: string;
  private readonly timeoutMs: number | undefined;
  private current: AccessToken | null = null;
  /** The refresh under way, shared by every call that needs a token meanwhile. */
  private refreshing: Promise<AccessToken> | null = null;
  private readonly tokenBudget: TokenBudget;
  /** The refresh token's name in the token budget: a hash, so the budget never holds it. */
  private readonly budgetKey: string;

  constructor(
    {
      clientId,
      clientSecret,
      refreshToken,
      accountsUrl = 'https://accounts.zoho.sa',
      timeoutMs,
    }: ZohoSettings,
    { tokenBudget = memoryTokenBudget() }: { tokenBudget?: TokenBudget } = {},
  ) {
    this.clientId = clientId;
    this.clientSecret = clientSecret;
    this.refreshToken = refreshToken;
    this.accountsUrl = accountsUrl.replace(/\/+$/, '');
    this.timeoutMs = timeoutMs;
    this.tokenBudget = tokenBudget;
    const hash = createHash('sha256').update(`${clientId}\n${refreshToken}`).digest('hex');
    this.budgetKey = `zoho:token:${hash.slice(0, 24)}`;
  }

  /**
   * The console's «اختبار الاتصال»: the organisation (GET /org, scope ZohoCRM.org.READ), then
   * a read-only search for a number no tenant has, which proves the scopes every referral's
   * lead needs to be found (ZohoSearch.securesearch.READ and the Leads scope). Writing is not
   * tried: the CRM test tool makes a test lead for that.
   */
  async testConnection(): Promise<ConnectionCheck> {
    const response = await this.call('GET', '/org');
    const answer = parseJson(PROVIDER, response);
    const org = isRecord(answer) && Array.isArray(answer.org) ? answer.org[0] : null;
    const name = isRecord(org) ? (asText(org.company_name) ?? asText(org.id)) : null;
    if (!name) throw malformed(PROVIDER, response);
    await this.searchLeadsByPhone(PROBE_PHONE);
    return {
      detail: `نظام إدارة العملاء: ${name}، مركز البيانات ${new URL(this.accountsUrl).host}`,
    };
  }

  /**
   * The live leads (Zoho's search leaves converted ones out) whose Mobile or Phone is this
   * number. Zoho's phone search is not exact ("equals … behaves like contains",
   * https://www.zoho.com/crm/developer/docs/api/v2.1/search-records.html), so each record's
   * number is compared here.
   */
  async searchLeadsByPhone(phone: string): Promise<{ id: string }[]> {
    const wanted = toInternationalPhone(phone);
    const query = new URLSearchParams({ phone: wanted });
    const response = await this.call('GET', `/Leads/search?${query}`);
    if (response.status === 204) return [];
    const answer = parseJson(PROVIDER, response);
    if (!isRecord(answer) || !Array.isArray(answer.data)) throw malformed(PROVIDER, response);
    return answer.data.flatMap((lead) => {
      if (!isRecord(lead)) return [];
      const id = asText(lead.id);
      const same = [lead.Mobile, lead.Phone].some(
        (value) => typeof value === 'string' && value && toInternationalPhone(value) === wanted,
      );
      return id && same ? [{ id }] : [];
    });
  }

  /**
   * Inserts a lead, at most once. Zoho has no idempotency key, and on Leads it finds duplicates
   * only by Email (upsert's system check) or by a field the org marked «Do not allow duplicate
   * values» (https://www.zoho.com/crm/developer/docs/api/v7/upsert-records.html): upsert on
   * Mobile would need every org to mark Mobile unique, a set-up step that would also stop sales
   * from entering two leads with one number. So the insert stays an insert (callers search
   * first), and when its answer is lost on the way back (a time-out, a cut connection, a 5xx or
   * a garbled body, any of which may follow a lead Zoho made) the phone is searched again
   * before anything else: a lead found is this one; none found, the failure stands (transient:
   * the outbox tries later, and its next attempt searches first too), never a blind second
   * insert. With a field marked unique, Zoho's DUPLICATE_DATA gives the existing lead back.
   */
  async createLead(fields: LeadFields): Promise<{ id: string; duplicate: boolean }> {
    let sent = false;
    let result: RecordResult;
    try {
      const response = await this.call('POST', '/Leads', { data: [leadRecord(fields)] }, () => {
        sent = true;
      });
      result = recordResult(response);
      if (result.code !== 'SUCCESS' && result.code !== 'DUPLICATE_DATA') {
        throw recordError(result.code, response);
      }
    } catch (error) {
      if (!(sent && error instanceof DeliveryError && error.kind === 'transient')) throw error;
      const found = await this.searchLeadsByPhone(fields.tenantPhone).catch(() => []);
      const id = found[0]?.id;
      if (id) return { id, duplicate: true };
      throw error;
    }
    if (result.code === 'DUPLICATE_DATA') {
      if (result.duplicateId) return { id: result.duplicateId, duplicate: true };
      throw new DeliveryError('config', 'DUPLICATE_DATA', 'Zoho: lead refused (DUPLICATE_DATA)');
    }
    if (result.id) return { id: result.id, duplicate: false };
    // Made, but with no id to keep: the next attempt finds it by its phone.
    throw new DeliveryError('transient', 'malformed', 'Zoho: an insert answered without an id');
  }

  /**
   * Updates the lead; false when Zoho has no live lead with this id: sales converted it (into a
   * contact and deal) or deleted it, which Zoho answers as any wrong id, INVALID_DATA "the id
   * given seems to be invalid" (https://www.zoho.com/crm/developer/docs/api/v7/update-records.html).
   */
  async updateLead(id: string, fields: LeadFields): Promise<boolean> {
    const path = `/Leads/${encodeURIComponent(id)}`;
    const response = await this.call('PUT', path, { data: [leadRecord(fields)] });
    const result = recordResult(response);
    if (result.code === 'SUCCESS') return true;
    if (result.code === 'INVALID_DATA' && result.aboutId) return false;
    throw recordError(result.code, response);
  }

  /**
   * One CRM call. A token Zoho no longer takes is dropped and the call made once more with a
   * fresh one. Resolves with a 2xx answer or a 4xx carrying per-record results.
   */
  private async call(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    json?: unknown,
    /** Called as the CRM request leaves: from then on Zoho may have acted on it. */
    sending?: () => void,
  ) {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      sending?.();
      const response = await requestJson(
        PROVIDER,
        `${token.apiDomain}${API}${path}`,
        { method, authorization: `Zoho-oauthtoken ${token.token}`, json },
        this.timeoutMs,
      );
      if (response.status >= 200 && response.status < 300) return response;
      const byStatus = statusError(PROVIDER, response);
      if (byStatus) throw byStatus;
      const answer = tryJson(response.text);
      const code = isRecord(answer) ? asText(answer.code) : null;
      if (
        response.status === 401 &&
        (code === 'INVALID_TOKEN' || code === 'AUTHENTICATION_FAILURE')
      ) {
        // Another call may already have replaced it.
        if (this.current === token) this.current = null;
        if (attempt === 0) continue;
      }
      // The token lacks a scope the call needs: 401 OAUTH_SCOPE_MISMATCH, "Unauthorized"
      // (https://www.zoho.com/crm/developer/docs/api/v7/update-records.html). Only a refresh
      // token generated with the right scopes helps.
      if (code === 'OAUTH_SCOPE_MISMATCH') {
        throw new DeliveryError(
          'config',
          code,
          `Zoho: the refresh token lacks a scope; generate one with scope ${ZOHO_SCOPES}`,
        );
      }
      // Per-record refusals (DUPLICATE_DATA…) may come with a 4xx; the caller reads them.
      if (isRecord(answer) && Array.isArray(answer.data)) return response;
      const shown = code ?? `HTTP ${response.status}`;
      throw new DeliveryError('config', shown, `Zoho: request refused (${shown})`);
    }
  }

  private accessToken(): Promise<AccessToken> {
    if (this.current && Date.now() < this.current.expiresAt - TOKEN_MARGIN_MS) {
      return Promise.resolve(this.current);
    }
    if (!this.refreshing) {
      this.refreshing = this.refresh().finally(() => {
        this.refreshing = null;
      });
    }
    return this.refreshing;
  }

  private async refresh(): Promise<AccessToken> {
    await this.tokenBudget(this.budgetKey);
    const response = await providerFetch(
      PROVIDER,
      `${this.accountsUrl}/oauth/v2/token`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: this.clientId,
          client_secret: this.clientSecret,
          refresh_token: this.refreshToken,
        }),
      },
      this.timeoutMs,
    );
    const byStatus = statusError(PROVIDER, response);
    if (byStatus) throw byStatus;
    const answer = tryJson(response.text);
    // A refused refresh may come with HTTP 200 and only `error`.
    const refused = isRecord(answer) ? asText(answer.error) : null;
    if (refused || response.status >= 400) {
      const code = refused ?? `HTTP ${response.status}`;
      const description = isRecord(answer) ? (asText(answer.error_description) ?? '') : '';
      // Zoho's throttle: «Access Denied», "You have made too many requests continuously…"
      // (https://www.zoho.com/crm/developer/docs/api/v8/token-validity.html), or "Token
      // creation throttle limit reached" (https://www.zoho.com/accounts/protocol/oauth/token-limits.html),
      // with HTTP 200 (Kaizen #43, https://help.zoho.com/portal/en/community/topic/kaizen-43-tokens-and-limitations).
      // Something else spends this refresh token too; wait out a whole window.
      if (/^access[ _]denied$/i.test(code) || /too many|throttle/i.test(description)) {
        throw new DeliveryError(
          'rate',
          code,
          'Zoho: too many access tokens requested; waiting for the limit to reset',
          ZOHO_TOKEN_WINDOW_MS,
        );
      }
      throw new DeliveryError('config', code, `Zoho: access token refused (${code})`);
    }
    if (!isRecord(answer)) throw malformed(PROVIDER, response);
    const token = asText(answer.access_token);
    const apiDomain = asText(answer.api_domain);
    const expiresIn = Number(answer.expires_in);
    if (!token || !apiDomain || !Number.isFinite(expiresIn)) throw malformed(PROVIDER, response);
    this.current = {
      token,
      apiDomain: apiDomain.replace(/\/+$/, ''),
      expiresAt: Date.now() + expiresIn * 1000,
    };
    return this.current;
  }
}

type RecordResult = {
  code: string | null;
  id: string | null;
  duplicateId: string | null;
  /** The refusal is about the record's id (an update's "the id given seems to be invalid"). */
  aboutId: boolean;
};

/** The first record's outcome in `{data:[{code, details, message, status}]}`. */
function recordResult(response: ProviderResponse): RecordResult {
  const answer = parseJson(PROVIDER, response);
  const first = isRecord(answer) && Array.isArray(answer.data) ? answer.data[0] : null;
  if (!isRecord(first)) throw malformed(PROVIDER, response);
  const details = isRecord(first.details) ? first.details : {};
  const duplicate = isRecord(details.duplicate_record) ? details.duplicate_record : {};
  return {
    code: asText(first.code),
    id: asText(details.id),
    duplicateId: asText(details.id) ?? asText(duplicate.id),
    // Zoho documents the message; what `details` holds then is not documented.
    aboutId: /\bid given\b/i.test(asText(first.message) ?? '') || details.api_name === 'id',
  };
}

function recordError(code: string | null, response: ProviderResponse): DeliveryError {
  if (!code) return malformed(PROVIDER, response);
  return new DeliveryError('config', code, `Zoho: lead refused (${code})`);
}
