import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureOptions } from '../context.js';
import { currentBroker } from '../plugins/session.js';
import { brokerMetrics } from '../referrals/service.js';

export const dashboardRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  app.get('/metrics', { config: { access: 'broker' } }, async (request) =>
    brokerMetrics(ctx.db, currentBroker(request).id),
  );
};
