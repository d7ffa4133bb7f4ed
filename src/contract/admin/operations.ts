import { z } from 'zod';
import { TIMED_STAGES } from '../../domain/index.js';
import { endpoint, isoDateTime, money, referralStatus } from '../common.js';
import { count, isoDay } from './lists.js';

// ---------- operations: the console's cards and the admin dashboard ----------

const adminSummary = z.object({
  totalBrokers: count,
  activeBrokers: count,
  totalReferrals: count,
  totalCommissions: money,
});

export const adminOperationsEndpoints = {
  summary: endpoint({
    method: 'GET',
    path: '/api/admin/summary',
    access: 'admin',
    summary: "the console's cards: brokers, active brokers, referrals, commissions",
    response: adminSummary,
  }),
  dashboard: endpoint({
    method: 'GET',
    path: '/api/admin/operations',
    access: 'admin',
    summary: 'the admin dashboard: reviews, activation requests, open transfers, weekly referrals',
    response: z.object({
      summary: adminSummary,
      awaitingReview: z.object({
        total: count,
        items: z.array(
          z.object({
            id: z.string(),
            number: count,
            tenantPhone: z.string(),
            status: referralStatus,
            submittedAt: isoDateTime,
            brokerName: z.string().nullable(),
            tenantDataReceived: z.boolean(),
          }),
        ),
      }),
      activationRequests: z.object({
        total: count,
        items: z.array(
          z.object({
            id: z.string(),
            fullName: z.string().nullable(),
            phone: z.string(),
            brokerCode: z.string(),
            activationRequestedAt: isoDateTime.nullable(),
          }),
        ),
      }),
      unsettledPayouts: z.object({ count, amount: money }),
      /** Open fraud and duplicate signals: each holds money until an admin decides. */
      openSignals: count,
      /**
       * Service promises in working time: per timed stage, the referrals in it and those past
       * their deadline; `commission_payment`, the payable commissions and those unpaid past it.
       */
      serviceBreaches: z.array(
        z.object({
          stage: z.enum([...TIMED_STAGES, 'commission_payment']),
          open: count,
          overdue: count,
        }),
      ),
      /** The Sunday starting each Riyadh week with referrals in the last eight. */
      referralsPerWeek: z.array(z.object({ week: isoDay, count })),
    }),
  }),
};
