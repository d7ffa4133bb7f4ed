import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookEndpoints as contract } from '#contract/webhooks';
import { auditBy } from '../audit/service.js';
import type { FeatureOptions } from '../context.js';
import { serve } from '../http/serve.js';
import { currentBroker } from '../plugins/session.js';
import { WEBHOOK_PRIVATE_RANGES_KEY } from '../settings/service.js';
import { allowedRanges, systemResolve } from './address-guard.js';
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
  type UrlPolicy,
  updateEndpoint,
} from './service.js';

/**
 * Signed outgoing webhooks, super-admins only (docs/webhooks.md): the
 * endpoints and their secrets, the delivery log and resend.
 */
export const webhookRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const requireHttps = config.env === 'production';
  /** The rules an address is saved under, the private ranges as they are now. */
  const policy = async (request: FastifyRequest): Promise<UrlPolicy> => {
    const { ranges, valid } = await allowedRanges(db);
    if (!valid) {
      request.log.warn(
        `${WEBHOOK_PRIVATE_RANGES_KEY} is not a list of CIDR ranges: no private range is allowed`,
      );
    }
    return { requireHttps, allowed: ranges, resolve: systemResolve };
  };

  serve(app, contract.list, async () => listEndpoints(db));

  serve(app, contract.create, async (request, reply) => {
    const { url, description, events } = request.body;
    const endpoint = await createEndpoint(
      db,
      {
        url: await checkEndpointUrl(url, await policy(request)),
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
        url: url === undefined ? undefined : await checkEndpointUrl(url, await policy(request)),
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
    const resent = await resendDelivery(ctx, request.params.id, auditBy(request));
    return reply.status(201).send(toDeliveryView(resent));
  });
};
