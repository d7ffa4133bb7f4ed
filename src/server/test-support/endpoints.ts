import type { z } from 'zod';
import { apiUrl, type Endpoint, type ResponseOf } from '#contract/common';

/**
 * Calls by contract endpoint, for the tests: what a call carries, typed by the endpoint's own
 * schemas (as a caller writes it, `z.input`), and the URL it goes to (the contract's `apiUrl`,
 * as the web builds it).
 */

/** The part of a call one of the endpoint's schemas types: required, optional or absent. */
type Part<Name extends string, S, Required extends boolean> = S extends z.ZodType
  ? Required extends true
    ? { [K in Name]: z.input<S> }
    : { [K in Name]?: z.input<S> }
  : { [K in Name]?: never };

/** A body is required where the endpoint declares one, unless its schema takes none. */
type BodyRequired<S> = S extends z.ZodType ? (undefined extends z.input<S> ? false : true) : true;

/**
 * What a call by endpoint carries: the `:name`s of its path, its query and its JSON body. The
 * params and the body are required where the endpoint declares them (a body its schema makes
 * optional is not); the query never is.
 */
export type CallInput<E extends Endpoint> = Part<'params', E['params'], true> &
  Part<'query', E['query'], false> &
  Part<'body', E['body'], BodyRequired<E['body']>>;

/** The JSON body an endpoint takes, as a caller writes it: for a helper that passes one on. */
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;

/** The query an endpoint takes, as a caller writes it. */
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType
  ? z.input<E['query']>
  : never;

/** The JSON a call answers with when it succeeds; `unknown` for an answer that is not JSON. */
export type AnswerOf<E extends Endpoint> = E['response'] extends z.ZodType
  ? ResponseOf<E>
  : unknown;

/** The input, left out when the endpoint needs none (no params, no body). */
export type CallArgs<E extends Endpoint, Rest extends unknown[] = []> =
  Record<string, never> extends CallInput<E>
    ? [input?: CallInput<E>, ...rest: Rest]
    : [input: CallInput<E>, ...rest: Rest];

/**
 * An endpoint with its input, checked when written and sent later (`send`): for a table of
 * calls to different endpoints, which one generic call cannot type.
 */
export type PreparedCall = { readonly endpoint: Endpoint; readonly input?: CallInput<Endpoint> };

/** An endpoint and its input, typed as `call` types them, for a table of calls. */
export const callOf = <E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): PreparedCall => ({
  endpoint,
  ...(input === undefined ? {} : { input: input as CallInput<Endpoint> }),
});

type Values = Record<string, unknown>;

/** The endpoint's path made concrete with the call's `params` and `query` (`apiUrl`). */
export function urlOf<E extends Endpoint>(endpoint: E, input: CallInput<E> | undefined): string {
  const { params, query } = (input ?? {}) as { params?: Values; query?: Values };
  return apiUrl(endpoint.path, params, query);
}

/**
 * A value the contract's type refuses, sent on purpose to see the server refuse it too (a
 * wrong-typed field, a missing one): `body: unchecked({ rent: 'lots' })`.
 */
export const unchecked = (value: unknown): never => value as never;

/**
 * A value read from an earlier answer that a later call needs (`items[0]?.id`, the code a test
 * server answers with): missing, the test fails here, saying so, instead of calling with none.
 */
export function present<T>(value: T | null | undefined, what = 'a value read earlier'): T {
  if (value === undefined || value === null) throw new Error(`missing ${what}`);
  return value;
}
