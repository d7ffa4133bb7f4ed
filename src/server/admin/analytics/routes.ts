import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAnalyticsEndpoints } from '#contract/admin/analytics';
import type { FeatureOptions } from '../../context.js';
import { serve } from '../../http/serve.js';
import { adminAnalytics } from './service.js';

/** The analytics tab. */
export const adminAnalyticsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  serve(app, adminAnalyticsEndpoints.analytics, async (request) =>
    adminAnalytics(db, request.query),
  );
};
