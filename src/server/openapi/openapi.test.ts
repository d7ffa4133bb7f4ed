import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '#contract/common';
import { inboundEndpoints } from '#contract/inbound';
import { WEBHOOK_EVENTS } from '#domain';
import { client } from '../test-support/client.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';

// Issue 35 item 2, decision 078: the OpenAPI 3.1 document is made from the contract, validates
// as OpenAPI, and names every inbound endpoint the server serves and every webhook event.

const t = sharedTestApp();

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { 'x-scope'?: string; parameters: { name: string }[] }>>;
  webhooks: Record<string, { post: { requestBody: unknown } }>;
};

const documentOf = async () => {
  const answered = await client(t).as(null).get('/api/openapi.json');
  expect(answered.statusCode).toBe(200);
  expect(answered.headers['content-type']).toContain('application/json');
  return answered.json<Document>();
};

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1', async () => {
    const document = await documentOf();
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // The validator refuses what is not OpenAPI: a document without its info.
    const broken = structuredClone(document) as unknown as Record<string, unknown>;
    delete broken.info;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('names every inbound endpoint the server serves, with its scope, and every webhook event', async () => {
    const document = await documentOf();
    const served = t.app.routeRecord.filter((route) => route.access === 'apiKey');
    expect(served.length).toBe(Object.keys(inboundEndpoints).length);
    for (const route of served) {
      const path = route.path.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(
        document.paths[path]?.[route.method.toLowerCase()],
        `${route.method} ${path}`,
      ).toBeDefined();
    }
    for (const endpoint of Object.values(inboundEndpoints) as Endpoint[]) {
      const operation =
        document.paths[endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[
          endpoint.method.toLowerCase()
        ];
      expect(operation?.['x-scope']).toBe(endpoint.scope);
      if (endpoint.method !== 'GET') {
        expect(operation?.parameters.map((parameter) => parameter.name)).toContain(
          'Idempotency-Key',
        );
      }
    }
    expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    // The status change's body as the console's: the lease fields a signed contract needs.
    const change = document.paths['/api/v1/referrals/{id}/status']?.post as unknown as {
      requestBody: { content: { 'application/json': { schema: { properties: object } } } };
    };
    expect(Object.keys(change.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining([
        'status',
        'contractId',
        'contractRent',
        'contractStartsOn',
        'contractEndsOn',
      ]),
    );
  });
});
