import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { groupEndpoints } from '#contract/groups';
import { auditBy } from '../audit/service.js';
import type { FeatureOptions } from '../context.js';
import { serve } from '../http/serve.js';
import { currentBroker } from '../plugins/session.js';
import {
  addPromotionRule,
  brokerTermsView,
  createGroup,
  deleteGroup,
  listGroups,
  makeDefaultGroup,
  moveBroker,
  removePromotionRule,
  setCommissionOverride,
  updateGroup,
} from './service.js';

/**
 * Broker groups (decision record 072): the super-admins' groups and promotion rules, a broker's
 * group and override, and the admins' view of a broker's terms. Registered under /api: each
 * endpoint's access is its own.
 */
export const groupRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  serve(app, groupEndpoints.list, async () => listGroups(db));

  serve(app, groupEndpoints.create, async (request, reply) =>
    reply.status(201).send(await createGroup(db, request.body, auditBy(request))),
  );

  serve(app, groupEndpoints.update, async (request) =>
    updateGroup(db, currentBroker(request).id, request.params.id, request.body, auditBy(request)),
  );

  serve(app, groupEndpoints.remove, async (request) => {
    await deleteGroup(db, request.params.id, auditBy(request));
    return { ok: true as const };
  });

  serve(app, groupEndpoints.makeDefault, async (request) =>
    makeDefaultGroup(db, request.params.id, auditBy(request)),
  );

  serve(app, groupEndpoints.addRule, async (request, reply) =>
    reply.status(201).send(await addPromotionRule(db, request.body, auditBy(request))),
  );

  serve(app, groupEndpoints.removeRule, async (request) => {
    await removePromotionRule(db, request.params.id, auditBy(request));
    return { ok: true as const };
  });

  serve(app, groupEndpoints.brokerTerms, async (request) => brokerTermsView(db, request.params.id));

  serve(app, groupEndpoints.moveBroker, async (request) =>
    moveBroker(db, currentBroker(request).id, request.params.id, request.body, auditBy(request)),
  );

  serve(app, groupEndpoints.setOverride, async (request) =>
    setCommissionOverride(
      db,
      currentBroker(request).id,
      request.params.id,
      request.body,
      auditBy(request),
    ),
  );
};
