import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bonusEndpoints } from '#contract/bonuses';
import { auditBy } from '../audit/service.js';
import type { FeatureOptions } from '../context.js';
import { serve } from '../http/serve.js';
import { currentBroker } from '../plugins/session.js';
import { closeBonus, createBonus, deleteBonus, listBonuses, updateBonus } from './service.js';

/** Bonuses (decision record 074): the super-admins' definitions. Registered under /api. */
export const bonusRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  serve(app, bonusEndpoints.list, async () => listBonuses(db));

  serve(app, bonusEndpoints.create, async (request, reply) =>
    reply
      .status(201)
      .send(await createBonus(db, currentBroker(request).id, request.body, auditBy(request))),
  );

  serve(app, bonusEndpoints.update, async (request) =>
    updateBonus(db, request.params.id, request.body, auditBy(request)),
  );

  serve(app, bonusEndpoints.close, async (request) =>
    closeBonus(db, request.params.id, auditBy(request)),
  );

  serve(app, bonusEndpoints.remove, async (request) => {
    await deleteBonus(db, request.params.id, auditBy(request));
    return { ok: true as const };
  });
};
