import type { FastifyBaseLogger } from 'fastify';
import { awardAllBonuses } from './bonuses/award.js';
import { remindExpiringLicenses } from './brokers/fal-license.js';
import type { AppContext } from './context.js';
import { eraseClosedReferralDocuments } from './files/retention.js';
import { promoteBrokers } from './groups/promotion.js';
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
  /**
   * The documents of referrals closed longer ago than the retention period, erased (files/
   * retention.ts); a file storage could not remove is logged on `log`. Answers how many referrals.
   */
  eraseClosedDocuments: (log: Pick<FastifyBaseLogger, 'warn'>) => Promise<number>;
  /** Brokers whose FAL licence ends in 30 or 7 days, reminded once each; answers how many. */
  remindFalLicenses: () => Promise<number>;
  /** Brokers a promotion rule now moves to a higher group, moved; answers how many. */
  promoteBrokers: () => Promise<number>;
  /** Bonuses brokers have reached and were not paid, paid; answers how many. */
  awardBonuses: () => Promise<number>;
};

export function scheduledJobsFor(
  ctx: Pick<AppContext, 'db' | 'config' | 'channels' | 'outbox' | 'storage'>,
): ScheduledJobs {
  return {
    expireReferrals: () => expireUncompletedReferrals(ctx),
    releaseCommissions: () => releaseHeldCommissions(ctx.db),
    fillDeadlines: () => fillServiceDeadlines(ctx.db),
    eraseClosedDocuments: (log) => eraseClosedReferralDocuments(ctx.db, ctx.storage, log),
    remindFalLicenses: () => remindExpiringLicenses(ctx),
    promoteBrokers: () => promoteBrokers(ctx.db),
    awardBonuses: () => awardAllBonuses(ctx.db),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    scheduledJobs: ScheduledJobs;
  }
}
