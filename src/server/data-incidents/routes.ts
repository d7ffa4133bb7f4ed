import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataIncidentEndpoints as contract } from '#contract/data-incidents';
import { auditBy } from '../audit/service.js';
import type { FeatureOptions } from '../context.js';
import { serve } from '../http/serve.js';
import { currentBroker } from '../plugins/session.js';
import { createDataIncident, listDataIncidents, updateDataIncident } from './service.js';

/**
 * The breach register, super-admins only (docs/operations.md, «The breach register»): incidents
 * are recorded, their notices and measures added, closed and reopened; never deleted.
 */
export const dataIncidentRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  serve(app, contract.list, async (request) => listDataIncidents(db, request.query, new Date()));

  serve(app, contract.create, async (request, reply) => {
    const incident = await createDataIncident(
      db,
      request.body,
      currentBroker(request).id,
      auditBy(request),
      new Date(),
    );
    return reply.status(201).send(incident);
  });

  serve(app, contract.update, async (request) =>
    updateDataIncident(db, request.params.id, request.body, auditBy(request), new Date()),
  );
};
