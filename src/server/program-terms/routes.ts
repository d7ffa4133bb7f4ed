import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { programTermsEndpoints } from '#contract/program-terms';
import { auditBy } from '../audit/service.js';
import type { FeatureOptions } from '../context.js';
import { serve } from '../http/serve.js';
import { currentBroker } from '../plugins/session.js';
import {
  acceptProgramTerms,
  brokerProgramTerms,
  listProgramTerms,
  publishProgramTerms,
} from './service.js';

/** The program terms (decision record 075). Registered under /api: each endpoint's access is its own. */
export const programTermsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  serve(app, programTermsEndpoints.list, async () => listProgramTerms(db));

  serve(app, programTermsEndpoints.publish, async (request, reply) =>
    reply
      .status(201)
      .send(
        await publishProgramTerms(
          db,
          currentBroker(request).id,
          request.body.body,
          auditBy(request),
        ),
      ),
  );

  serve(app, programTermsEndpoints.mine, async (request) =>
    brokerProgramTerms(db, currentBroker(request).id),
  );

  serve(app, programTermsEndpoints.accept, async (request) =>
    acceptProgramTerms(
      db,
      currentBroker(request).id,
      {
        version: request.body.version,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      },
      auditBy(request),
    ),
  );
};
