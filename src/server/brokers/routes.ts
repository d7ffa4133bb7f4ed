import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureOptions } from '../context.js';
import { currentBroker } from '../plugins/session.js';
import { toProfile } from './profile.js';

export const brokerRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app) => {
  app.get('/profile', { config: { access: 'broker' } }, async (request) =>
    toProfile(currentBroker(request)),
  );
};
