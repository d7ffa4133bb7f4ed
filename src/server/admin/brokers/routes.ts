import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import { auditBy } from '../../audit/service.js';
import { toProfile } from '../../brokers/profile.js';
import type { FeatureOptions } from '../../context.js';
import { serve } from '../../http/serve.js';
import { currentBroker } from '../../plugins/session.js';
import { setBrokerActive } from './activation.js';
import { listAdminBrokers } from './service.js';

/** The brokers tab: the list, activation and deactivation. */
export const adminBrokerRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db, config } = ctx;

  serve(app, adminBrokerEndpoints.list, async (request) =>
    listAdminBrokers(db, config.protectedPhone, request.query),
  );

  for (const [endpoint, isActive] of [
    [adminBrokerEndpoints.activate, true],
    [adminBrokerEndpoints.deactivate, false],
  ] as const) {
    serve(app, endpoint, async (request) => {
      const updated = await setBrokerActive(
        db,
        { brokerId: request.params.id, isActive, callerId: currentBroker(request).id },
        { protectedPhone: config.protectedPhone, record: auditBy(request) },
      );
      return toProfile(updated);
    });
  }
};
