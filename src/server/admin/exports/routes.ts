import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportEndpoints } from '#contract/admin/exports';
import { riyadhIsoDate } from '#domain';
import { audit } from '../../audit/service.js';
import type { FeatureOptions } from '../../context.js';
import { AppError } from '../../errors.js';
import { exportSheet, writeWorkbook } from '../../exports/service.js';
import { serve } from '../../http/serve.js';
import { errorLogFields } from '../../plugins/log-safety.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** GET /api/admin/export/{brokers|referrals|commissions}: every matching row as .xlsx. */
export const exportRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  serve(app, exportEndpoints.download, async (request, reply) => {
    const { type } = request.params;
    const { search, filter, status, overdue } = request.query;
    const sheet = await exportSheet(db, type, request.query).catch((error: unknown) => {
      request.log.error(errorLogFields(error), 'export failed');
      throw new AppError(500, 'EXPORT_FAILED', 'فشل في تصدير البيانات');
    });
    await audit(db, request, {
      action: 'export.download',
      entityType: type,
      entityId: null,
      after: { search: search ?? null, filter, status: status ?? null, overdue: overdue ?? null },
    });
    const output = new PassThrough();
    writeWorkbook(sheet, output, ctx.config.brand.productName).catch((error: unknown) => {
      request.log.error(errorLogFields(error), 'export stream failed');
      output.destroy(error instanceof Error ? error : new Error('export failed'));
    });
    return reply
      .header('content-type', XLSX)
      .header(
        'content-disposition',
        `attachment; filename="${type}_${riyadhIsoDate(new Date())}.xlsx"`,
      )
      .header('cache-control', 'no-store')
      .send(output);
  });
};
