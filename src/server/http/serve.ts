import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '#contract/common';
import { notFound } from '../errors.js';
import { isUuid } from '../ids.js';

type Part<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request a handler of the endpoint gets: its params, query and body already parsed. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Part<E['params']>;
  Querystring: Part<E['query']>;
  Body: Part<E['body']>;
}>;

/** What the handler answers: the declared JSON, or the reply it sent itself. */
type Answer<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.input<E['response']> | FastifyReply
  : unknown;

/**
 * Serves an endpoint of the contract inside a plugin registered under a prefix of its path:
 * method, path, access and schemas come from the declaration, so none is written twice, and
 * the response schema makes the serializer drop anything the contract does not declare.
 */
export function serve<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<Answer<E>>,
): void {
  if (!endpoint.path.startsWith(app.prefix)) {
    throw new Error(`${endpoint.path} is not under the plugin prefix ${app.prefix}`);
  }
  const missing = endpoint.notFound;
  if (endpoint.path.includes('/:id') !== (missing !== undefined)) {
    throw new Error(
      `${endpoint.path}: a path with :id declares its notFound message, no other does`,
    );
  }
  // Any text reaches an `:id`; what cannot be an id names nothing: 404, as for an unknown one.
  const handle: typeof handler =
    missing === undefined
      ? handler
      : async (request, reply) => {
          const { id } = request.params as { id?: unknown };
          if (typeof id !== 'string' || !isUuid(id)) throw notFound(missing);
          return handler(request, reply);
        };
  const url = endpoint.path.slice(app.prefix.length) || '/';
  app.route({
    method: endpoint.method,
    url,
    config: {
      access: endpoint.access,
      ...(endpoint.scope ? { scope: endpoint.scope } : {}),
      summary: endpoint.summary,
      ...(endpoint.response === null ? { notJson: true } : {}),
    },
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.response ? { response: { [endpoint.status ?? 200]: endpoint.response } } : {}),
    },
    // Fastify's generic handler type cannot see the parsed schemas; the validator compiler
    // guarantees the request has the shapes EndpointRequest<E> names.
    handler: handle as unknown as (
      request: FastifyRequest,
      reply: FastifyReply,
    ) => Promise<unknown>,
  });
}
