import { z } from 'zod';
import { endpoint, isoDateTime, wholeNumber } from './common.js';

// ---------- development ----------

export const devEndpoints = {
  inbox: endpoint({
    method: 'GET',
    path: '/api/dev/inbox',
    access: 'admin',
    summary: 'development only: the latest 20 SMS the outbox sent to a phone',
    query: z.object({ phone: z.string() }),
    response: z.array(
      z.object({
        body: z.string(),
        // The outbox's own state (pending, sent, failed): a plain text column.
        status: z.string(),
        createdAt: isoDateTime,
      }),
    ),
  }),
  clock: endpoint({
    method: 'POST',
    path: '/api/dev/clock',
    access: 'admin',
    summary:
      'development only: moves a referral and its commission days into the past, then runs the scheduled jobs',
    body: z.object({
      referralId: z.string(),
      days: wholeNumber(z.number, 1, 400, 'يرجى إدخال عدد أيام بين ١ و٤٠٠'),
    }),
    response: z.object({ expiredReferrals: z.number(), releasedCommissions: z.number() }),
  }),
};
