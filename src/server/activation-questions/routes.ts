import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activationQuestionEndpoints } from '#contract/activation-questions';
import { auditBy } from '../audit/service.js';
import { findBrokerById } from '../brokers/service.js';
import type { FeatureOptions } from '../context.js';
import { notFound } from '../errors.js';
import { serve } from '../http/serve.js';
import { currentBroker } from '../plugins/session.js';
import {
  askedQuestions,
  createActivationQuestion,
  latestActivationAnswers,
  listActivationQuestions,
  retireActivationQuestion,
  updateActivationQuestion,
} from './service.js';

/**
 * Activation questions (decision record 076): super-admins manage them, brokers read them before
 * requesting activation (the answers travel with the request, brokers/routes.ts), admins read
 * the answers. Registered under /api: each endpoint's access is its own.
 */
export const activationQuestionRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (
  app,
  { ctx },
) => {
  const { db } = ctx;

  serve(app, activationQuestionEndpoints.list, async () => listActivationQuestions(db));

  serve(app, activationQuestionEndpoints.create, async (request, reply) =>
    reply
      .status(201)
      .send(
        await createActivationQuestion(
          db,
          currentBroker(request).id,
          request.body,
          auditBy(request),
        ),
      ),
  );

  serve(app, activationQuestionEndpoints.update, async (request) =>
    updateActivationQuestion(db, request.params.id, request.body, auditBy(request)),
  );

  serve(app, activationQuestionEndpoints.remove, async (request) => {
    await retireActivationQuestion(db, request.params.id, auditBy(request));
    return { ok: true as const };
  });

  serve(app, activationQuestionEndpoints.asked, async () => askedQuestions(db));

  serve(app, activationQuestionEndpoints.answers, async (request) => {
    const broker = await findBrokerById(db, request.params.id);
    if (!broker) throw notFound('الوسيط غير موجود');
    return latestActivationAnswers(db, broker.id);
  });
};
