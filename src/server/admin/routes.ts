import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureOptions } from '../context.js';
import { adminAnalyticsRoutes } from './analytics/routes.js';
import { adminBrokerRoutes } from './brokers/routes.js';
import { adminCommissionRoutes } from './commissions/routes.js';
import { exportRoutes } from './exports/routes.js';
import { adminMessagingRoutes } from './messaging/routes.js';
import { adminOperationsRoutes } from './operations/routes.js';
import { adminDocumentRoutes } from './payouts/documents.js';
import { adminPayoutRoutes } from './payouts/routes.js';
import { adminReferralRoutes } from './referrals/routes.js';
import { settingsRoutes } from './settings/routes.js';
import { adminSignalRoutes } from './signals/routes.js';

/**
 * The operations console's API under /api/admin: one sub-plugin per tab of the console, each
 * in the folder of its name (routes and the queries they run).
 */
export const adminRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  // The prefix is this plugin's; the tabs' routes sit under it.
  const options = { ctx };
  await app.register(adminOperationsRoutes, options);
  await app.register(adminBrokerRoutes, options);
  await app.register(adminReferralRoutes, options);
  await app.register(adminCommissionRoutes, options);
  await app.register(adminPayoutRoutes, options);
  await app.register(adminDocumentRoutes, options);
  await app.register(settingsRoutes, options);
  await app.register(adminAnalyticsRoutes, options);
  await app.register(adminSignalRoutes, options);
  await app.register(adminMessagingRoutes, options);
  await app.register(exportRoutes, options);
};
