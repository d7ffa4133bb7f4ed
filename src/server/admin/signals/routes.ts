import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSignalEndpoints } from '#contract/admin/signals';
import { formatSar, toMoneyString } from '#domain';
import { auditBy } from '../../audit/service.js';
import type { FeatureOptions } from '../../context.js';
import { serve } from '../../http/serve.js';
import { notify } from '../../notifications/service.js';
import { currentBroker } from '../../plugins/session.js';
import { fillDeadlinesAfterCommit } from '../../service-clocks.js';
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
      const { signal, payableCents } = await closeSignal(
        db,
        request.params.id,
        { status, note: request.body.note, adminId: currentBroker(request).id },
        auditBy(request),
      );
      // A released commission's payment deadline, from the moment it became payable; and its
      // broker hears that it may be asked for (never why it was held).
      await fillDeadlinesAfterCommit(db, request.log);
      if (payableCents > 0) {
        await notify(db, signal.brokerId, {
          type: 'success',
          title: 'انتهت مراجعة عمولتك',
          message: `أصبح مبلغ ${formatSar(toMoneyString(payableCents / 100))} من عمولاتك قابلاً للتحويل، ويمكنك الآن طلب تحويله.`,
          link: '/commissions',
        });
      }
      return { ok: true as const };
    });
  }
};
