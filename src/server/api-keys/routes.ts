import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyEndpoints } from '#contract/api-keys';
import { auditBy } from '../audit/service.js';
import { confirmPassword } from '../auth/confirm-password.js';
import type { FeatureOptions } from '../context.js';
import { serve } from '../http/serve.js';
import { currentAccount, currentBroker } from '../plugins/session.js';
import { createApiKey, listApiKeys, revokeApiKey } from './service.js';

/** The inbound API's keys (decision record 077), managed by super-admins. Registered under /api. */
export const apiKeyRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  serve(app, apiKeyEndpoints.list, async () => listApiKeys(db));

  serve(app, apiKeyEndpoints.create, async (request, reply) => {
    const me = await currentAccount(db, request);
    const { password, ...key } = request.body;
    await confirmPassword(
      db,
      me,
      password,
      { ip: request.ip, perAddress: ctx.config.authRateLimitPerAddress },
      { scope: 'api-key', required: 'يرجى إدخال كلمة المرور الحالية لإنشاء المفتاح' },
    );
    return reply.status(201).send(await createApiKey(db, me.id, key, auditBy(request)));
  });

  serve(app, apiKeyEndpoints.revoke, async (request) =>
    revokeApiKey(db, request.params.id, currentBroker(request).id, auditBy(request)),
  );
};
