import { z } from 'zod';
import { activationQuestionBody } from '../domain/index.js';
import { endpoint, idParams, isoDateTime, ok } from './common.js';

// ---------- activation questions (decision record 076) ----------

/** A question as a broker reads it before requesting activation. */
const askedQuestion = z.object({ id: z.string(), prompt: z.string(), required: z.boolean() });

/** A question as super-admins manage it: how many brokers answered it so far. */
const activationQuestion = askedQuestion.extend({
  createdAt: isoDateTime,
  answered: z.number().int(),
});

export const activationQuestionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/superadmin/activation-questions',
    access: 'superadmin',
    summary: 'the questions asked of brokers requesting activation, in the order asked',
    response: z.object({ items: z.array(activationQuestion) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/superadmin/activation-questions',
    access: 'superadmin',
    summary: 'add a question to the activation request, at most ten at once (audited)',
    body: activationQuestionBody,
    status: 201,
    response: activationQuestion,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/superadmin/activation-questions/:id',
    access: 'superadmin',
    summary: 'change a question; answers already given keep the question as it was read (audited)',
    params: idParams,
    body: activationQuestionBody,
    notFound: 'السؤال غير موجود',
    response: activationQuestion,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/superadmin/activation-questions/:id',
    access: 'superadmin',
    summary: 'stop asking a question; the answers given to it are kept (audited)',
    params: idParams,
    notFound: 'السؤال غير موجود',
    response: ok,
  }),
  asked: endpoint({
    method: 'GET',
    path: '/api/broker/activation-questions',
    access: 'broker',
    summary: 'the questions an activation request answers, in order',
    response: z.object({ items: z.array(askedQuestion) }),
  }),
  answers: endpoint({
    method: 'GET',
    path: '/api/admin/brokers/:id/activation-answers',
    access: 'admin',
    summary:
      "the broker's answers with their latest activation request, each with the question as read",
    params: idParams,
    notFound: 'الوسيط غير موجود',
    response: z.object({
      /** When the request they came with was made; null when no request carried answers. */
      requestedAt: isoDateTime.nullable(),
      items: z.array(z.object({ prompt: z.string(), answer: z.string() })),
    }),
  }),
};
