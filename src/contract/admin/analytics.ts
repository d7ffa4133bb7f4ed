import { z } from 'zod';
import { boundedDaySchema, REFERRAL_SOURCES, riyadhIsoDate } from '../../domain/index.js';
import { endpoint, money, referralStatus } from '../common.js';
import { count, isoDay } from './lists.js';

// ---------- analytics ----------

const DAY_MS = 86_400_000;

/** Analytics range: Riyadh days, 12 weeks up to today unless given, at most two years. */
const analyticsQuery = z
  .object({ from: boundedDaySchema.optional(), to: boundedDaySchema.optional() })
  .transform(({ from, to }) => {
    const end = to ?? riyadhIsoDate(new Date());
    const start = from ?? riyadhIsoDate(new Date(Date.parse(end) - 83 * DAY_MS));
    return { from: start, to: end };
  })
  .refine(({ from, to }) => from <= to, { error: 'تاريخ البداية بعد تاريخ النهاية' })
  .refine(({ from, to }) => Date.parse(to) - Date.parse(from) <= 731 * DAY_MS, {
    error: 'الفترة أطول من سنتين',
  });

const rate = z.number();

export const adminAnalyticsEndpoints = {
  analytics: endpoint({
    method: 'GET',
    path: '/api/admin/analytics',
    access: 'admin',
    summary: 'referrals per week, the funnel, commissions per month, cities, top brokers',
    query: analyticsQuery,
    response: z.object({
      range: z.object({ from: isoDay, to: isoDay }),
      referralsPerWeek: z.array(z.object({ week: isoDay, status: referralStatus, count })),
      funnel: z.array(
        z.object({
          stage: z.enum(['submitted', 'completed', 'accepted', 'signed']),
          count,
          ofPrevious: rate,
          ofSubmitted: rate,
        }),
      ),
      /** `YYYY-MM` in Riyadh. */
      commissionsPerMonth: z.array(z.object({ month: z.string(), paid: money, pending: money })),
      referralsByCity: z.array(z.object({ city: z.string().nullable(), count })),
      topBrokers: z.array(
        z.object({
          id: z.string(),
          fullName: z.string().nullable(),
          brokerCode: z.string(),
          referrals: count,
          signed: count,
          commissions: money,
        }),
      ),
      /** Typed by brokers, through their links, through their QR codes. */
      referralsBySource: z.array(
        z.object({
          source: z.enum(REFERRAL_SOURCES),
          referrals: count,
          completed: count,
          signed: count,
          commissions: money,
        }),
      ),
    }),
  }),
};
