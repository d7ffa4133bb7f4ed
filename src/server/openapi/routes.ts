import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openApiEndpoints } from '#contract/openapi';
import type { FeatureOptions } from '../context.js';
import { serve } from '../http/serve.js';
import { openApiDocument } from './document.js';

/** `/api/openapi.json` (decision record 078): made once, when the server starts. Under /api. */
export const openApiRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const document = JSON.stringify(
    openApiDocument({ serverUrl: ctx.config.publicUrl, product: ctx.config.brand.productName }),
  );
  serve(app, openApiEndpoints.document, async (_request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(document),
  );
};
