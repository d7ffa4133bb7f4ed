/**
 * The API client (docs/architecture.md#on-the-web): cookies on every call, JSON bodies, a non-OK
 * response becomes an Error whose message is "<status>: <body text or status text>".
 */
import type { z } from 'zod';
import type { Endpoint, ResponseOf } from '#contract/common';

/** The JSON body a contract endpoint takes, as the web sends it. */
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;

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

export async function apiRequest<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<T> {
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

/**
 * A contract path made concrete: `:name` segments filled from `params` (URI-encoded), then the
 * query string from `query`, leaving out empty values (undefined, null, '').
 */
export function apiUrl(path: string, params?: Values, query?: Values): string {
  const filled = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`missing ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/** Calls a contract endpoint: its method and path, `:params` filled, query and JSON body. */
export function callApi<E extends Endpoint, T = ResponseOf<E>>(
  endpoint: E,
  options: { params?: Values; query?: Values; body?: unknown } = {},
): Promise<T> {
  return apiRequest<T>(
    endpoint.method,
    apiUrl(endpoint.path, options.params, options.query),
    options.body,
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
