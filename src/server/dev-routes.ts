import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devEndpoints } from '#contract/dev';
import { normalizeSaudiMobile } from '#domain';
import type { FeatureOptions } from './context.js';
import { brokers, commissions, outboundMessages, referrals } from './db/schema.js';
import { notFound } from './errors.js';
import { serve } from './http/serve.js';
import { isUuid } from './ids.js';

/**
 * Development only, never registered in production: what the outbox sent to a phone (console
 * SMS adapter), so a developer or a browser test can open the tenant's link without a real
 * handset; and a clock for one referral (and its broker's last IBAN change), so a journey can
 * live through the days a holding period, an IBAN hold or an expiry waits.
 */
export const devRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
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

  serve(app, devEndpoints.clock, async (request) => {
    const { referralId, days } = request.body;
    const back = sql`make_interval(days => ${days})`;
    const moved = isUuid(referralId)
      ? await ctx.db.transaction(async (tx) => {
          const rows = await tx
            .update(referrals)
            .set({
              createdAt: sql`${referrals.createdAt} - ${back}`,
              submittedAt: sql`${referrals.submittedAt} - ${back}`,
              statusChangedAt: sql`${referrals.statusChangedAt} - ${back}`,
              stageDueAt: sql`${referrals.stageDueAt} - ${back}`,
            })
            .where(eq(referrals.id, referralId))
            .returning({ id: referrals.id, brokerId: referrals.brokerId });
          // The broker's days pass too: the 48 hours a new IBAN holds payouts for.
          for (const row of rows) {
            await tx
              .update(brokers)
              .set({ ibanChangedAt: sql`${brokers.ibanChangedAt} - ${back}` })
              .where(eq(brokers.id, row.brokerId));
          }
          await tx
            .update(commissions)
            .set({
              createdAt: sql`${commissions.createdAt} - ${back}`,
              payableAt: sql`${commissions.payableAt} - ${back}`,
              payDueAt: sql`${commissions.payDueAt} - ${back}`,
            })
            .where(eq(commissions.referralId, referralId));
          return rows.length;
        })
      : 0;
    if (moved === 0) throw notFound('الإحالة غير موجودة');
    return {
      expiredReferrals: await app.scheduledJobs.expireReferrals(),
      releasedCommissions: await app.scheduledJobs.releaseCommissions(),
    };
  });
};
