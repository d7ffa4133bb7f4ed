import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatSar } from '../../domain/index.js';
import { auditBy } from '../audit/service.js';
import type { FeatureOptions } from '../context.js';
import { notFound } from '../errors.js';
import { isUuid } from '../ids.js';
import { notify } from '../notifications/service.js';
import { currentBroker } from '../plugins/session.js';
import { adminSummary, listAdminCommissions, listTransferRequestsForAdmin } from './lists.js';
import { confirmCommissionPayment, payTransferRequest, rejectTransferRequest } from './payouts.js';

const idParams = z.object({ id: z.string() });
const reference = z
  .object({
    transferReference: z
      .string()
      .trim()
      .max(100, { error: 'مرجع التحويل أطول من المسموح' })
      .nullish(),
  })
  .default({});
const admin = { access: 'admin' as const };

export const payoutRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get('/summary', { config: admin }, async () => adminSummary(db));

  app.get(
    '/commissions',
    {
      config: admin,
      schema: {
        querystring: z.object({
          search: z.string().trim().max(100).optional(),
          status: z.enum(['pending', 'requested', 'paid']).optional(),
          page: z.coerce.number().int().min(1).max(100_000).default(1),
        }),
      },
    },
    async (request) => listAdminCommissions(db, request.query),
  );

  app.post(
    '/commissions/:id/confirm-payment',
    { config: admin, schema: { params: idParams, body: reference } },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound('العمولة غير موجودة');
      const result = await confirmCommissionPayment(
        db,
        request.params.id,
        request.body.transferReference ?? null,
        auditBy(request),
      );
      if (result.changed) {
        await notify(db, result.brokerId, {
          type: 'success',
          title: 'تم دفع العمولة',
          message: `تم تحويل عمولة بقيمة ${formatSar(result.amount)} إلى حسابك.`,
          link: '/commissions',
        });
      }
      return { ok: true, changed: result.changed };
    },
  );

  app.get(
    '/transfer-requests',
    {
      config: admin,
      schema: {
        querystring: z.object({
          status: z
            .enum(['open', 'paid', 'rejected'], { error: 'حالة غير معروفة' })
            .default('open'),
          page: z.coerce.number().int().min(1).max(100_000).default(1),
        }),
      },
    },
    async (request) => listTransferRequestsForAdmin(db, request.query),
  );

  app.post(
    '/transfer-requests/:id/pay',
    { config: admin, schema: { params: idParams, body: reference } },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound('طلب التحويل غير موجود');
      const result = await payTransferRequest(
        db,
        request.params.id,
        currentBroker(request).id,
        request.body.transferReference ?? null,
        auditBy(request),
      );
      if (result.changed) {
        await notify(db, result.request.brokerId, {
          type: 'success',
          title: 'تم تنفيذ طلب التحويل',
          message: `تم تحويل ${formatSar(result.request.amount)} إلى حسابك البنكي.`,
          link: '/commissions',
        });
      }
      return { ok: true, changed: result.changed };
    },
  );

  app.post(
    '/transfer-requests/:id/reject',
    {
      config: admin,
      schema: {
        params: idParams,
        body: z.object({
          reason: z
            .string({ error: 'يرجى كتابة سبب الرفض' })
            .trim()
            .min(1, { error: 'يرجى كتابة سبب الرفض' })
            .max(500, { error: 'النص أطول من المسموح' }),
        }),
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound('طلب التحويل غير موجود');
      const rejected = await rejectTransferRequest(
        db,
        request.params.id,
        currentBroker(request).id,
        request.body.reason,
        auditBy(request),
      );
      await notify(db, rejected.brokerId, {
        type: 'warning',
        title: 'تم رفض طلب التحويل',
        message: `رُفض طلب تحويل ${formatSar(rejected.amount)}: ${rejected.rejectionReason}`,
        link: '/commissions',
      });
      return { ok: true };
    },
  );
};
