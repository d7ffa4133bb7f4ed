import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookEndpoints as contract } from '#contract/webhooks';
import { auditBy } from '../audit/service.js';
import type { FeatureOptions } from '../context.js';
import { serve } from '../http/serve.js';
import { currentBroker } from '../plugins/session.js';
import {
  checkEndpointUrl,
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  rotateSecret,
  toDeliveryView,
  toEndpointView,
  updateEndpoint,
} from './service.js';

/**
 * Signed outgoing webhooks, super-admins only (issue 16 item 6; docs/webhooks.md): the
 * endpoints and their secrets, the delivery log and resend.
 */
export const webhookRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const requireHttps = config.env === 'production';

  serve(app, contract.list, async () => listEndpoints(db));

  serve(app, contract.create, async (request, reply) => {
    const { url, description, events } = request.body;
    const endpoint = await createEndpoint(
      db,
      {
        url: checkEndpointUrl(url, requireHttps),
        description: description || null,
        events,
        createdBy: currentBroker(request).id,
      },
      auditBy(request),
    );
    return reply.status(201).send({ endpoint: toEndpointView(endpoint), secret: endpoint.secret });
  });

  serve(app, contract.update, async (request) => {
    const { url, description, events, active } = request.body;
    const endpoint = await updateEndpoint(
      db,
      request.params.id,
      {
        url: url === undefined ? undefined : checkEndpointUrl(url, requireHttps),
        description: description === undefined ? undefined : description || null,
        events,
        active,
      },
      auditBy(request),
    );
    return toEndpointView(endpoint);
  });

  serve(app, contract.rotateSecret, async (request) => {
    const endpoint = await rotateSecret(db, request.params.id, auditBy(request));
    return { endpoint: toEndpointView(endpoint), secret: endpoint.secret };
  });

  serve(app, contract.remove, async (request) => {
    await deleteEndpoint(db, request.params.id, auditBy(request));
    return { ok: true as const };
  });

  serve(app, contract.deliveries, async (request) => listDeliveries(db, request.query));

  serve(app, contract.resend, async (request, reply) => {
    const resent = await resendDelivery(db, request.params.id, auditBy(request));
    ctx.outbox.kick();
    return reply.status(201).send(toDeliveryView(resent));
  });
};
