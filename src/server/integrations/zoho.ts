import { toInternationalPhone, toMoneyString } from '#domain';
import { DeliveryError } from './delivery.js';
import {
  asText,
  isRecord,
  malformed,
  type ProviderResponse,
  parseJson,
  providerFetch,
  statusError,
  tryJson,
} from './http.js';

export type ZohoSettings = {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
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
/** A token is dropped this long before Zoho says it expires. */
const TOKEN_MARGIN_MS = 60_000;
/** Zoho allows 10 access tokens per refresh token every 10 minutes. */
const TOKEN_LIMIT = 10;
const TOKEN_LIMIT_WINDOW_MS = 10 * 60_000;

type AccessToken = { token: string; apiDomain: string; expiresAt: number };

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
  private readonly refreshedAt: number[] = [];

  constructor({
    clientId,
    clientSecret,
    refreshToken,
    accountsUrl = 'https://accounts.zoho.sa',
    timeoutMs,
  }: ZohoSettings) {
    this.clientId = clientId;
    this.clientSecret = clientSecret;
    this.refreshToken = refreshToken;
    this.accountsUrl = accountsUrl.replace(/\/+$/, '');
    this.timeoutMs = timeoutMs;
  }

  async searchLeadsByPhone(phone: string): Promise<{ id: string }[]> {
    const query = new URLSearchParams({ phone: toInternationalPhone(phone) });
    const response = await this.call('GET', `/Leads/search?${query}`);
    if (response.status === 204) return [];
    const answer = parseJson(PROVIDER, response);
    if (!isRecord(answer) || !Array.isArray(answer.data)) throw malformed(PROVIDER, response);
    return answer.data.flatMap((lead) => {
      const id = isRecord(lead) ? asText(lead.id) : null;
      return id ? [{ id }] : [];
    });
  }

  /** A lead with the same Mobile (Zoho's duplicate check) gives that lead's id back. */
  async createLead(fields: LeadFields): Promise<{ id: string; duplicate: boolean }> {
    const response = await this.call('POST', '/Leads', { data: [leadRecord(fields)] });
    const result = recordResult(response);
    if (result.code === 'SUCCESS' && result.id) return { id: result.id, duplicate: false };
    if (result.code === 'DUPLICATE_DATA' && result.duplicateId) {
      return { id: result.duplicateId, duplicate: true };
    }
    throw recordError(result.code, response);
  }

  async updateLead(id: string, fields: LeadFields): Promise<void> {
    const path = `/Leads/${encodeURIComponent(id)}`;
    const response = await this.call('PUT', path, { data: [leadRecord(fields)] });
    const result = recordResult(response);
    if (result.code !== 'SUCCESS') throw recordError(result.code, response);
  }

  /**
   * One CRM call. A token Zoho no longer takes is dropped and the call made once more with a
   * fresh one. Resolves with a 2xx answer or a 4xx carrying per-record results.
   */
  private async call(method: 'GET' | 'POST' | 'PUT', path: string, json?: unknown) {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const response = await providerFetch(
        PROVIDER,
        `${token.apiDomain}/crm/v7${path}`,
        {
          method,
          headers: {
            authorization: `Zoho-oauthtoken ${token.token}`,
            accept: 'application/json',
            ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(json === undefined ? {} : { body: JSON.stringify(json) }),
        },
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
    const now = Date.now();
    while (this.refreshedAt.length && (this.refreshedAt[0] ?? 0) <= now - TOKEN_LIMIT_WINDOW_MS) {
      this.refreshedAt.shift();
    }
    if (this.refreshedAt.length >= TOKEN_LIMIT) {
      const wait = (this.refreshedAt[0] ?? now) + TOKEN_LIMIT_WINDOW_MS - now;
      throw new DeliveryError('rate', 'token limit', 'Zoho: too many access tokens', wait);
    }
    this.refreshedAt.push(now);

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
      // Too many token requests is Zoho's «Access Denied»: wait, do not call it a set-up error.
      if (
        /access denied|too many/i.test(
          `${code} ${asText(isRecord(answer) ? answer.error_description : null) ?? ''}`,
        )
      ) {
        throw new DeliveryError('rate', code, 'Zoho: too many token requests', 60_000);
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

type RecordResult = { code: string | null; id: string | null; duplicateId: string | null };

/** The first record's outcome in `{data:[{code, details, status}]}`. */
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
  };
}

function recordError(code: string | null, response: ProviderResponse): DeliveryError {
  if (!code) return malformed(PROVIDER, response);
  return new DeliveryError('config', code, `Zoho: lead refused (${code})`);
}
