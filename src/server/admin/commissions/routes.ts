import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { auditBy } from '../../audit/service.js';
import type { FeatureOptions } from '../../context.js';
import { serve } from '../../http/serve.js';
import { reverseCommission } from '../../ledger/reversals.js';
import { confirmCommissionPayment } from '../../ledger/settlement.js';
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
    const result = await confirmCommissionPayment(
      db,
      request.params.id,
      currentBroker(request).id,
      request.body.transferReference ?? null,
      {
        record: auditBy(request),
        issuer: ctx.config.providerTax,
        shownVat: request.body.vatAmount ?? null,
      },
    );
    return { ok: true as const, changed: result.changed };
  });

  serve(app, adminCommissionEndpoints.reverse, async (request) => {
    const result = await reverseCommission(
      db,
      request.params.id,
      currentBroker(request).id,
      request.body.reason,
      auditBy(request),
    );
    return { ok: true as const, changed: result.changed };
  });
};
