import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSignalEndpoints } from '#contract/admin/signals';
import { auditBy } from '../../audit/service.js';
import type { FeatureOptions } from '../../context.js';
import { serve } from '../../http/serve.js';
import { currentBroker } from '../../plugins/session.js';
import { closeSignal, listSignals } from '../../signals/service.js';

/** The signals tab: fraud and duplicate signals, resolved or dismissed with a note. */
export const adminSignalRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  serve(app, adminSignalEndpoints.list, async (request) => listSignals(db, request.query));

  for (const [endpoint, status] of [
    [adminSignalEndpoints.resolve, 'resolved'],
    [adminSignalEndpoints.dismiss, 'dismissed'],
  ] as const) {
    serve(app, endpoint, async (request) => {
      await closeSignal(
        db,
        request.log,
        request.params.id,
        { status, note: request.body.note, adminId: currentBroker(request).id },
        auditBy(request),
      );
      return { ok: true as const };
    });
  }
};
