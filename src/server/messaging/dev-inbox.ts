import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devEndpoints } from '#contract/admin';
import { normalizeSaudiMobile } from '#domain';
import type { FeatureOptions } from '../context.js';
import { outboundMessages } from '../db/schema.js';
import { serve } from '../http/serve.js';

/**
 * Development only (console SMS adapter): what the outbox sent to a phone, so a developer or a
 * browser test can open the tenant's link without a real handset. Never registered in production.
 */
export const devInboxRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  serve(app, devEndpoints.inbox, async (request) => {
    const phone = normalizeSaudiMobile(request.query.phone) ?? '';
    const rows = await ctx.db
      .select({
        body: outboundMessages.body,
        status: outboundMessages.status,
        createdAt: outboundMessages.createdAt,
      })
      .from(outboundMessages)
      .where(and(eq(outboundMessages.recipient, phone), eq(outboundMessages.channel, 'sms')))
      .orderBy(desc(outboundMessages.createdAt))
      .limit(20);
    return rows.map((r) => ({
      body: r.body,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    }));
  });
};
