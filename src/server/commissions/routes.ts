import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commissionEndpoints } from '#contract/commissions';
import { auditBy } from '../audit/service.js';
import { confirmPasswordForIban } from '../brokers/bank-account.js';
import type { FeatureOptions } from '../context.js';
import { serve } from '../http/serve.js';
import { sendPrintable, sendXml } from '../invoices/document-replies.js';
import { brokerDocuments, documentOf } from '../invoices/payment-documents.js';
import { brokerDeductions } from '../ledger/adjustments.js';
import { commissionSummary } from '../ledger/balances.js';
import { payoutDestination } from '../offices/membership.js';
import { currentAccount, currentBroker } from '../plugins/session.js';
import { assertTermsAccepted } from '../program-terms/service.js';
import { commissionEarnings, listCommissions, listPayouts, requestPayout } from './service.js';

export const commissionRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  serve(app, commissionEndpoints.list, async (request) =>
    listCommissions(db, currentBroker(request).id, request.query),
  );

  serve(app, commissionEndpoints.summary, async (request) =>
    commissionSummary(db, currentBroker(request).id),
  );

  serve(app, commissionEndpoints.deductions, async (request) =>
    brokerDeductions(db, currentBroker(request).id),
  );

  serve(app, commissionEndpoints.earnings, async (request) =>
    commissionEarnings(db, currentBroker(request).id),
  );

  serve(app, commissionEndpoints.payouts, async (request) =>
    listPayouts(db, currentBroker(request).id),
  );

  serve(app, commissionEndpoints.documents, async (request) =>
    brokerDocuments(db, currentBroker(request).id),
  );

  serve(app, commissionEndpoints.document, async (request, reply) =>
    sendPrintable(reply, await documentOf(db, request.params.id, currentBroker(request).id)),
  );

  serve(app, commissionEndpoints.documentXml, async (request, reply) =>
    sendXml(reply, await documentOf(db, request.params.id, currentBroker(request).id)),
  );

  serve(app, commissionEndpoints.requestPayout, async (request, reply) => {
    const me = await currentAccount(db, request);
    // Nobody is paid under terms they did not accept (decision 076).
    await assertTermsAccepted(db, me.id, 'payout');
    const { amount, bankAccount, password } = request.body;
    // A first IBAN is put on the profile by this request: the password again, as on the
    // profile. With one there already, none is needed.
    // Paid to the office's IBAN (decision 080), nothing goes on the profile.
    const toOffice = (await payoutDestination(db, me.id)).officeId !== null;
    const firstIban = !toOffice && !me.iban;
    if (firstIban) {
      await confirmPasswordForIban(db, me, password, {
        ip: request.ip,
        perAddress: ctx.config.authRateLimitPerAddress,
      });
    }
    // The audit rows are written in the request's transaction: all or none.
    const created = await requestPayout(
      db,
      me.id,
      { amount, iban: bankAccount, passwordConfirmed: firstIban },
      { record: auditBy(request), brand: ctx.config.brand, outbox: ctx.outbox },
    );
    return reply.status(201).send({
      id: created.id,
      amount: created.amount,
      vatAmount: created.vatAmount,
      iban: created.iban,
      status: created.status,
      createdAt: created.createdAt.toISOString(),
    });
  });
};
