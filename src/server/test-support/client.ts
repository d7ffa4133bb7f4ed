import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.js';

/** Who makes a request: a signed-in account, by its session cookie, or nobody (`null`). */
export type Caller = { readonly cookie: string } | null;

export type RequestOptions = {
  headers?: Record<string, string>;
  /** The client's address, for the per-address limits and what the audit log records. */
  remoteAddress?: string;
  /**
   * More `name=value` cookies, sent after the caller's session. One a response did not set
   * (`undefined`) is left out, so a test passes what it got and the server's answer shows it.
   */
  cookies?: readonly (string | undefined)[];
};

/**
 * The injected response, whose JSON body the test reads as the type it expects, said at the
 * request (`get<Page<Row>>(url)`) or at the reading (`json<ApiError>()`, for a refusal): `unknown`
 * until the test says, where light-my-request's `any` would check nothing.
 */
export type TestResponse<T = unknown> = Omit<LightMyRequestResponse, 'json'> & {
  json<U = T>(): U;
};

/** What a request may carry: JSON (an object) or a raw body (a string) with its own type. */
type Body = InjectOptions['payload'];
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Requests = {
  get<T = unknown>(url: string, options?: RequestOptions): Promise<TestResponse<T>>;
  post<T = unknown>(url: string, body?: Body, options?: RequestOptions): Promise<TestResponse<T>>;
  put<T = unknown>(url: string, body?: Body, options?: RequestOptions): Promise<TestResponse<T>>;
  patch<T = unknown>(url: string, body?: Body, options?: RequestOptions): Promise<TestResponse<T>>;
  delete<T = unknown>(url: string, options?: RequestOptions): Promise<TestResponse<T>>;
  /** Any method, for tables of calls (`it.each`) that name the method as data. */
  request<T = unknown>(
    method: Method,
    url: string,
    body?: Body,
    options?: RequestOptions,
  ): Promise<TestResponse<T>>;
};

/**
 * Requests to a test app through `inject`, as the web would make them:
 * `client(t).as(broker).post('/api/referrals', { tenantPhone })`.
 */
export function client(t: Pick<TestApp, 'app'>): { as(caller: Caller): Requests } {
  return {
    as(caller) {
      const send = async (
        method: Method,
        url: string,
        body: Body | undefined,
        options: RequestOptions = {},
      ): Promise<LightMyRequestResponse> => {
        const cookies = [caller?.cookie, ...(options.cookies ?? [])].filter(
          (cookie): cookie is string => cookie !== undefined,
        );
        return t.app.inject({
          method,
          url,
          headers: {
            ...(cookies.length > 0 ? { cookie: cookies.join('; ') } : {}),
            ...options.headers,
          },
          ...(body === undefined ? {} : { payload: body }),
          ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
        });
      };
      return {
        get: (url, options) => send('GET', url, undefined, options),
        post: (url, body, options) => send('POST', url, body, options),
        put: (url, body, options) => send('PUT', url, body, options),
        patch: (url, body, options) => send('PATCH', url, body, options),
        delete: (url, options) => send('DELETE', url, undefined, options),
        request: send,
      };
    },
  };
}

/** The `name=value` of a cookie a response set, for a later request; undefined when unset. */
export function cookieFrom(
  response: { cookies: { name: string; value: string }[] },
  name: string,
): string | undefined {
  const cookie = response.cookies.find((c) => c.name === name);
  return cookie ? `${name}=${cookie.value}` : undefined;
}
