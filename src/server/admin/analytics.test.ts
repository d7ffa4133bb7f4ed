import { describe, expect, it } from 'vitest';
import { adminAnalyticsEndpoints } from '#contract/admin/analytics';
import type { CommissionStatus, ReferralStatus } from '#domain';
import { commissions, referrals, tenantForms } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import type { QueryOf } from '../test-support/endpoints.js';
import { aBroker, anAdmin } from '../test-support/factories.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { nextPhone } from '../test-support/test-app.js';

const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });

const as = (caller: Caller) => client(t).as(caller);

/** A referral submitted at a given instant, with its status, form and commission. */
async function seed(
  brokerId: string,
  submittedAt: string,
  status: ReferralStatus,
  extra: {
    city?: string;
    form?: boolean;
    commission?: { amount: string; status: CommissionStatus };
  } = {},
) {
  const tenantPhone = nextPhone();
  const [row] = await t.database.db
    .insert(referrals)
    .values({
      brokerId,
      tenantPhone,
      status,
      city: extra.city ?? null,
      formToken: `analytics-${tenantPhone}`,
      submittedAt: new Date(submittedAt),
    })
    .returning();
  if (!row) throw new Error('not inserted');
  if (extra.form) {
    await t.database.db.insert(tenantForms).values({
      referralId: row.id,
      tenantPhone,
      name: 'م',
      income: '9000',
      monthlyObligations: '0',
    });
  }
  if (extra.commission) {
    await t.database.db.insert(commissions).values({
      brokerId,
      referralId: row.id,
      amount: extra.commission.amount,
      paidAmount: extra.commission.status === 'paid' ? extra.commission.amount : '0',
      status: extra.commission.status,
      createdAt: new Date(submittedAt),
    });
  }
}

describe('GET /api/admin/analytics', () => {
  it('computes weeks (Sunday first, Riyadh time), the funnel, months, cities and top brokers', async () => {
    const admin = await anAdmin(t);
    const a = await aBroker(t, { fullName: 'الأول' });
    const b = await aBroker(t, { fullName: 'الثاني' });
    // 2019-03-02 22:30 UTC is Sunday 3 March 01:30 in Riyadh: the week of Sunday 3 March.
    await seed(a.id, '2019-03-02T22:30:00Z', 'contract_signed', {
      city: 'riyadh',
      form: true,
      commission: { amount: '600.00', status: 'paid' },
    });
    await seed(a.id, '2019-03-05T10:00:00Z', 'commission_added', {
      city: 'riyadh',
      commission: { amount: '500.00', status: 'pending' },
    });
    await seed(a.id, '2019-03-06T10:00:00Z', 'under_review', { city: 'jeddah', form: true });
    await seed(b.id, '2019-04-10T10:00:00Z', 'pending_completion');
    // Outside the range: the day after it ends, in Riyadh.
    await seed(b.id, '2019-04-30T21:00:00Z', 'pending_completion');

    const response = await as(admin).call(adminAnalyticsEndpoints.analytics, {
      query: { from: '2019-03-01', to: '2019-04-30' },
    });
    expect(response.statusCode).toBe(200);
    const data = response.json();
    expect(data.referralsPerWeek).toEqual([
      { week: '2019-03-03', status: 'commission_added', count: 1 },
      { week: '2019-03-03', status: 'contract_signed', count: 1 },
      { week: '2019-03-03', status: 'under_review', count: 1 },
      { week: '2019-04-07', status: 'pending_completion', count: 1 },
    ]);
    expect(data.funnel).toEqual([
      { stage: 'submitted', count: 4, ofPrevious: 1, ofSubmitted: 1 },
      { stage: 'completed', count: 3, ofPrevious: 0.75, ofSubmitted: 0.75 },
      { stage: 'accepted', count: 2, ofPrevious: 2 / 3, ofSubmitted: 0.5 },
      { stage: 'signed', count: 2, ofPrevious: 1, ofSubmitted: 0.5 },
    ]);
    expect(data.commissionsPerMonth).toEqual([
      { month: '2019-03', paid: '600.00', pending: '500.00' },
    ]);
    // b signed up without a city; a's referrals carry their own.
    expect(data.referralsByCity).toEqual([
      { city: 'riyadh', count: 2 },
      { city: 'jeddah', count: 1 },
      { city: null, count: 1 },
    ]);
    expect(data.topBrokers).toEqual([
      expect.objectContaining({ id: a.id, referrals: 3, signed: 2, commissions: '1100.00' }),
      expect.objectContaining({ id: b.id, referrals: 1, signed: 0, commissions: '0.00' }),
    ]);
  });

  it('defaults to the last twelve weeks and refuses bad ranges in Arabic', async () => {
    const admin = await anAdmin(t);
    const get = (query?: QueryOf<typeof adminAnalyticsEndpoints.analytics>) =>
      as(admin).call(adminAnalyticsEndpoints.analytics, { query });
    const fallback = (await get()).json();
    expect(Date.parse(fallback.range.to) - Date.parse(fallback.range.from)).toBe(83 * 86_400_000);
    const reversed = await get({ from: '2020-02-01', to: '2020-01-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json<ApiError>().message).toBe('تاريخ البداية بعد تاريخ النهاية');
    expect((await get({ from: '2010-01-01', to: '2020-01-01' })).json<ApiError>().message).toBe(
      'الفترة أطول من سنتين',
    );
    expect((await get({ from: 'yesterday' })).json<ApiError>().message).toBe(
      'صيغة التاريخ غير صحيحة',
    );
  });

  it('is for admins only', async () => {
    const broker = await aBroker(t);
    expect((await as(null).call(adminAnalyticsEndpoints.analytics)).statusCode).toBe(401);
    expect((await as(broker).call(adminAnalyticsEndpoints.analytics)).statusCode).toBe(403);
  });
});
