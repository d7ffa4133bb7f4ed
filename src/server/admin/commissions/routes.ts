import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { formatSar } from '#domain';
import { auditBy } from '../../audit/service.js';
import { confirmCommissionPayment, reverseCommission } from '../../commissions/payouts.js';
import type { FeatureOptions } from '../../context.js';
import { notFound } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { isUuid } from '../../ids.js';
import { notify } from '../../notifications/service.js';
import { currentBroker } from '../../plugins/session.js';
import { listAdminCommissions } from './service.js';

/** The commissions tab: commissions and the transfer requests, and paying them. */
export const adminCommissionRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (
  app,
  { ctx },
) => {
  const { db } = ctx;

  serve(app, adminCommissionEndpoints.list, async (request) =>
    listAdminCommissions(db, request.query),
  );

  serve(app, adminCommissionEndpoints.confirmPayment, async (request) => {
    if (!isUuid(request.params.id)) throw notFound('العمولة غير موجودة');
    const result = await confirmCommissionPayment(
      db,
      request.params.id,
      currentBroker(request).id,
      request.body.transferReference ?? null,
      auditBy(request),
    );
    if (result.changed) {
      await notify(db, result.brokerId, {
        type: 'success',
        title: 'تم دفع العمولة',
        message:
          Number(result.deducted) > 0
            ? `سُوّيت عمولة بقيمة ${formatSar(result.amount)}: حُوّل ${formatSar(result.sent)} إلى حسابك وخُصم ${formatSar(result.deducted)} مقابل عمولات ملغاة.`
            : `تم تحويل عمولة بقيمة ${formatSar(result.amount)} إلى حسابك.`,
        link: '/commissions',
      });
    }
    return { ok: true as const, changed: result.changed };
  });

  serve(app, adminCommissionEndpoints.reverse, async (request) => {
    if (!isUuid(request.params.id)) throw notFound('العمولة غير موجودة');
    const result = await reverseCommission(
      db,
      request.params.id,
      currentBroker(request).id,
      request.body.reason,
      auditBy(request),
    );
    if (result.changed) {
      const owed = Number(result.toRecover) > 0;
      await notify(db, result.brokerId, {
        type: 'warning',
        title: 'أُلغيت عمولة',
        message: `أُلغيت عمولة بقيمة ${formatSar(result.amount)} لإلغاء العقد: ${request.body.reason}${owed ? `. يُخصم ما دُفع منها (${formatSar(result.toRecover)}) من دفعتك القادمة.` : ''}`,
        link: '/commissions',
      });
    }
    return { ok: true as const, changed: result.changed };
  });
};
