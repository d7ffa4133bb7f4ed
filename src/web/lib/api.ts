/**
 * The API client (docs/architecture.md#on-the-web): cookies on every call, JSON bodies, a non-OK
 * response becomes an Error whose message is "<status>: <body text or status text>".
 */
import type { z } from 'zod';
import { apiUrl, type Endpoint, type ResponseOf } from '#contract/common';
import { takeFirstRead } from './first-reads';

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** The `:params` of a contract endpoint's path, as the web fills them. */
export type ParamsOf<E extends Endpoint> = InputOf<E['params']>;
/** The query a contract endpoint reads, as the web sends it. */
export type QueryOf<E extends Endpoint> = InputOf<E['query']>;
/** The JSON body a contract endpoint takes, as the web sends it. */
export type BodyOf<E extends Endpoint> = InputOf<E['body']>;

/**
 * One part of a call (its params, query or body), as the endpoint declares it: required when
 * the schema needs a value, optional when it accepts none (a query of optional fields, a body
 * with a default), absent when the endpoint declares none.
 */
type Part<K extends string, S> = [S] extends [z.ZodType]
  ? undefined extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : object extends z.input<S>
      ? { [P in K]?: z.input<S> }
      : { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** What a call to a contract endpoint passes, typed from the endpoint's schemas. */
type CallOptions<E extends Endpoint> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  Part<'body', E['body']>;

/** The options argument: optional when the endpoint requires none of its parts. */
type OptionsArg<E extends Endpoint> =
  object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }

  /** The JSON body of the error, when the server sent one. */
  get data(): Record<string, unknown> | null {
    try {
      const parsed: unknown = JSON.parse(this.body);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) {
    throw new ApiError(response.status, await response.text(), response.statusText);
  }
}

async function apiRequest<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<T> {
  const first = method === 'GET' ? takeFirstRead(url) : undefined;
  if (first) return first.answer as T;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  await throwIfNotOk(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

type Values = Record<string, string | number | boolean | null | undefined>;

/** A contract endpoint's address: its path with `:params` filled, and its query. */
export function endpointUrl<E extends Endpoint>(endpoint: E, ...[options]: OptionsArg<E>): string {
  return apiUrl(
    endpoint.path,
    options?.params as Values | undefined,
    options?.query as Values | undefined,
  );
}

/**
 * Calls a contract endpoint: its method and path, `:params` filled, query and JSON body, each
 * typed from the endpoint's schemas; the answer typed from its response schema.
 */
export function callApi<E extends Endpoint>(
  endpoint: E,
  ...[options]: OptionsArg<E>
): Promise<ResponseOf<E>> {
  return apiRequest<ResponseOf<E>>(
    endpoint.method,
    apiUrl(
      endpoint.path,
      options?.params as Values | undefined,
      options?.query as Values | undefined,
    ),
    options?.body,
  );
}

/** The server's Arabic message when it sent one, else the screen's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const message = error.data?.message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

/** The server's Arabic message for each refused field (`fields` of a 400), by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  const fields = error instanceof ApiError ? error.data?.fields : undefined;
  return typeof fields === 'object' && fields !== null ? (fields as Record<string, string>) : {};
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
