import { z } from 'zod';
import type { Endpoint } from '#contract/common';
import { inboundEndpoints } from '#contract/inbound';
import { webhookEnvelope } from '#contract/webhook-events';
import { WEBHOOK_EVENTS } from '#domain';

/**
 * The OpenAPI 3.1 document of the inbound API and the webhooks (issue 35 item 2, decision record
 * 078), made from the contract: each `apiKey` endpoint's path, scope, parameters, body and answer,
 * and each webhook event's body, as the JSON Schema (2020-12) Zod makes of their schemas. Nothing
 * is written twice: a change to the contract is a change to the document.
 */

type JsonSchema = Record<string, unknown>;

/** A schema as JSON Schema, as a caller writes it (`input`) or the server answers it (`output`). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    // A transform's result or a refinement has no JSON Schema: what the caller sends is described.
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** `/api/v1/referrals/:id` as OpenAPI writes it: `/api/v1/referrals/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

/** The parameters of an object schema (a query's, the path's), one per property. */
function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

const ERROR_STATUSES = ['400', '401', '403', '404', '409', '422', '429'] as const;

function operationOf(name: string, endpoint: Endpoint) {
  const changes = endpoint.method !== 'GET';
  const ok = String(endpoint.status ?? 200);
  return {
    operationId: name,
    summary: endpoint.summary,
    ...(endpoint.scope ? { 'x-scope': endpoint.scope } : {}),
    security: [{ apiKey: [] }],
    parameters: [
      ...parametersOf(endpoint.params, 'path'),
      ...parametersOf(endpoint.query, 'query'),
      ...(changes
        ? [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: true,
              description:
                'Runs the call once: the same key with the same request answers the first answer.',
              schema: { type: 'string', pattern: '^[\\x21-\\x7e]{8,100}$' },
            },
          ]
        : []),
    ],
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } },
          },
        }
      : {}),
    responses: {
      [ok]: {
        description: 'OK',
        content: endpoint.response
          ? { 'application/json': { schema: jsonSchema(endpoint.response, 'output') } }
          : {},
      },
      ...Object.fromEntries(
        ERROR_STATUSES.filter((status) => status !== '404' || endpoint.notFound !== undefined)
          .filter((status) => changes || (status !== '409' && status !== '422'))
          .map((status) => [status, { $ref: '#/components/responses/Error' }]),
      ),
    },
  };
}

/** The whole document; `serverUrl` is the product's public address. */
export function openApiDocument({ serverUrl, product }: { serverUrl: string; product: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, endpoint] of Object.entries(inboundEndpoints) as [string, Endpoint][]) {
    const path = openApiPath(endpoint.path);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operationOf(name, endpoint) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${product} inbound API`,
      version: '1',
      description:
        "The provider's systems read referrals, commissions and payouts and move a referral's status with an API key (Authorization: Bearer). Refusals are { code, message (Arabic), messageEn }. Webhooks are signed (x-shareek-signature, see docs/webhooks.md).",
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
    paths,
    webhooks: Object.fromEntries(
      WEBHOOK_EVENTS.map((type) => [
        type,
        {
          post: {
            operationId: `webhook:${type}`,
            summary: `The ${type} event`,
            requestBody: {
              required: true,
              content: {
                'application/json': { schema: jsonSchema(webhookEnvelope(type), 'output') },
              },
            },
            responses: { '2XX': { description: 'Received; any other answer is retried.' } },
          },
        },
      ]),
    ),
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A key a super-admin created, with the scopes each operation names (x-scope).',
        },
      },
      responses: {
        Error: {
          description: 'A refusal: a stable code, and its message in Arabic and in English.',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['code', 'message', 'messageEn'],
                properties: {
                  code: { type: 'string', description: 'Stable: clients branch on it.' },
                  message: { type: 'string', description: 'Arabic, for people.' },
                  messageEn: { type: 'string', description: 'English, for engineers.' },
                  fields: {
                    type: 'object',
                    additionalProperties: { type: 'string' },
                    description: 'For a 400: the Arabic message of each refused field.',
                  },
                },
              },
            },
          },
        },
      },
    },
  };
}
