import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOperationsEndpoints } from '#contract/admin/operations';
import type { FeatureOptions } from '../../context.js';
import { serve } from '../../http/serve.js';
import { adminSummary, operationsDashboard } from './service.js';

/** The console's cards and the admin view of the dashboard. */
export const adminOperationsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (
  app,
  { ctx },
) => {
  const { db } = ctx;

  serve(app, adminOperationsEndpoints.summary, async () => adminSummary(db));

  serve(app, adminOperationsEndpoints.dashboard, async () => operationsDashboard(db));
};
