import type { AppContext } from './context.js';
import { releaseHeldCommissions } from './ledger/holds.js';
import { expireUncompletedReferrals } from './referrals/ownership.js';
import { fillServiceDeadlines } from './service-clocks.js';

/** Work the product does by itself: run by the server's hourly housekeeping (server.ts). */
export type ScheduledJobs = {
  /** Referrals whose tenant sent nothing in 30 days, cancelled; answers how many. */
  expireReferrals: () => Promise<number>;
  /** Commissions past their holding period, made payable; answers how many. */
  releaseCommissions: () => Promise<number>;
  /** Service-clock deadlines still missing, computed (src/server/service-clocks.ts). */
  fillDeadlines: () => Promise<void>;
};

export function scheduledJobsFor(
  ctx: Pick<AppContext, 'db' | 'config' | 'channels' | 'outbox'>,
): ScheduledJobs {
  return {
    expireReferrals: () => expireUncompletedReferrals(ctx),
    releaseCommissions: () => releaseHeldCommissions(ctx.db),
    fillDeadlines: () => fillServiceDeadlines(ctx.db),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    scheduledJobs: ScheduledJobs;
  }
}
