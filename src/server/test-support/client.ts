import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Endpoint } from '#contract/common';
import { type AnswerOf, type CallArgs, type PreparedCall, urlOf } from './endpoints.js';
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
 * The injected response, whose JSON body is typed by the endpoint called (`call`), or as the
 * test says at the reading (`json<ApiError>()`, for a refusal): a raw call's is `unknown` until
 * the test says, where light-my-request's `any` would check nothing.
 */
export type TestResponse<T = unknown> = Omit<LightMyRequestResponse, 'json'> & {
  json<U = T>(): U;
};

/** What a request may carry: JSON (an object) or a raw body (a string) with its own type. */
type Body = InjectOptions['payload'];
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Requests = {
  /**
   * A contract endpoint, the way the web calls it: `:name`s filled from `params`, `query`
   * appended, `body` sent as JSON; the answer typed as the endpoint declares it.
   * `call(referralEndpoints.details, { params: { id } })`.
   */
  call<E extends Endpoint>(
    endpoint: E,
    ...args: CallArgs<E, [options?: RequestOptions]>
  ): Promise<TestResponse<AnswerOf<E>>>;
  /** A call prepared with `callOf`, from a table of calls to different endpoints. */
  send(call: PreparedCall, options?: RequestOptions): Promise<TestResponse>;
  /*
   * The raw calls below take a URL as written: for what the contract cannot say (a malformed
   * path, an unknown route, a raw body), each use says why it is raw.
   */
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
 * `client(t).as(broker).call(referralEndpoints.create, { body: { tenantPhone } })`.
 */
export function client(t: Pick<TestApp, 'app'>): { as(caller: Caller): Requests } {
  return {
    as(caller) {
      const inject = async (
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
        call: (endpoint, ...[input, options]) =>
          inject(
            endpoint.method,
            urlOf(endpoint, input),
            (input as { body?: Body } | undefined)?.body,
            options,
          ),
        send: ({ endpoint, input }, options) =>
          inject(
            endpoint.method,
            urlOf(endpoint, input),
            (input as { body?: Body } | undefined)?.body,
            options,
          ),
        get: (url, options) => inject('GET', url, undefined, options),
        post: (url, body, options) => inject('POST', url, body, options),
        put: (url, body, options) => inject('PUT', url, body, options),
        patch: (url, body, options) => inject('PATCH', url, body, options),
        delete: (url, options) => inject('DELETE', url, undefined, options),
        request: inject,
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
