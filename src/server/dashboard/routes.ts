import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referralEndpoints } from '#contract/referrals';
import type { FeatureOptions } from '../context.js';
import { brokerStanding } from '../groups/standing.js';
import { serve } from '../http/serve.js';
import { currentBroker } from '../plugins/session.js';
import { brokerMetrics } from '../referrals/service.js';

export const dashboardRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  serve(app, referralEndpoints.metrics, async (request) =>
    brokerMetrics(ctx.db, currentBroker(request).id),
  );

  serve(app, referralEndpoints.standing, async (request) =>
    brokerStanding(ctx.db, currentBroker(request).id),
  );
};
