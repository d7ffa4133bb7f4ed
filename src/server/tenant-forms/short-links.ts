import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureOptions } from '../context.js';
import { shortLinks } from '../db/schema.js';

/** `/s/{code}` → the tenant form. An unknown code falls through to the not-found screen. */
export const shortLinkRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  app.get(
    '/s/:code',
    { schema: { params: z.object({ code: z.string() }) } },
    async (request, reply) => {
      const [link] = await ctx.db
        .select({ url: shortLinks.originalUrl })
        .from(shortLinks)
        .where(eq(shortLinks.code, request.params.code))
        .limit(1);
      if (!link) return reply.callNotFound();
      return reply.header('cache-control', 'no-store').redirect(link.url, 302);
    },
  );
};
