import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transferRequestBodySchema } from '../../domain/index.js';
import { audit } from '../audit/service.js';
import type { FeatureOptions } from '../context.js';
import { currentBroker } from '../plugins/session.js';
import {
  commissionSummary,
  listCommissions,
  listTransferRequests,
  requestTransfer,
} from './service.js';

export const commissionRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const broker = { access: 'broker' as const };

  app.get('/', { config: broker }, async (request) =>
    listCommissions(db, currentBroker(request).id),
  );

  app.get('/summary', { config: broker }, async (request) =>
    commissionSummary(db, currentBroker(request).id),
  );

  app.get('/transfer-requests', { config: broker }, async (request) =>
    listTransferRequests(db, currentBroker(request).id),
  );

  app.post(
    '/request-transfer',
    { config: broker, schema: { body: transferRequestBodySchema } },
    async (request, reply) => {
      const me = currentBroker(request);
      const created = await requestTransfer(db, me.id, {
        amount: request.body.amount,
        iban: request.body.bankAccount,
      });
      await audit(db, request, {
        action: 'transfer_request.create',
        entityType: 'transfer_request',
        entityId: created.id,
        after: { amount: created.amount, iban: created.iban },
      });
      return reply.status(201).send({
        id: created.id,
        amount: created.amount,
        iban: created.iban,
        status: created.status,
        createdAt: created.createdAt.toISOString(),
      });
    },
  );
};
