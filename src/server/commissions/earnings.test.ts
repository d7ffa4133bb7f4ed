import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { commissionEndpoints } from '#contract/commissions';
import type { ResponseOf } from '#contract/common';
import { commissions } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { aBroker, anAdmin, aSignedContract } from '../test-support/factories.js';
import { anIbanOnProfile, ibanFor } from '../test-support/iban.js';
import type { ApiError, CommissionSummary } from '../test-support/responses.js';
import { createTestApp, type TestApp, type TestBroker } from '../test-support/test-app.js';

type Earnings = ResponseOf<typeof commissionEndpoints.earnings>;

let t: TestApp;
let admin: TestBroker;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  admin = await anAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const as = (caller: Caller) => client(t).as(caller);
const earnings = async (caller: Caller) =>
  (await as(caller).get('/api/commissions/earnings')).json<Earnings>();

/** The Riyadh calendar month `YYYY-MM` that is `back` months before the one holding now. */
function riyadhMonth(back: number): { key: string; midMonth: Date } {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Riyadh',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number);
  const midMonth = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1 - back, 15, 12));
  return { key: midMonth.toISOString().slice(0, 7), midMonth };
}

const zeroMonth = { paid: '0.00', pending: '0.00', held: '0.00', onHold: '0.00' };

describe('earnings', () => {
  it('splits each month into paid, held and pending, adding up to the summary', async () => {
    const older = await aSignedContract(t, admin, { rent: 200_000 });
    const broker = older.broker;
    await aSignedContract(t, admin, { broker, rent: 100_000 });
    const twoMonthsAgo = riyadhMonth(2);
    await t.database.db
      .update(commissions)
      .set({ createdAt: twoMonthsAgo.midMonth })
      .where(eq(commissions.id, older.commission.id));

    // 1,500 requested and paid (settling the older commission first), then 600 requested.
    await anIbanOnProfile(t, broker);
    const first = await as(broker).post('/api/commissions/request-transfer', {
      amount: 1500,
      bankAccount: ibanFor(broker.phone),
    });
    expect(first.statusCode).toBe(201);
    const paid = await as(admin).post(
      `/api/admin/payouts/${first.json<{ id: string }>().id}/pay`,
      {},
    );
    expect(paid.statusCode).toBe(200);
    const second = await as(broker).post('/api/commissions/request-transfer', {
      amount: 600,
      bankAccount: ibanFor(broker.phone),
    });
    expect(second.statusCode).toBe(201);

    const view = await earnings(broker);
    expect(view.months.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => riyadhMonth(11 - i).key),
    );
    const byMonth = new Map(view.months.map(({ month, ...rest }) => [month, rest]));
    expect(byMonth.get(twoMonthsAgo.key)).toEqual({
      paid: '1500.00',
      held: '500.00',
      pending: '0.00',
      onHold: '0.00',
    });
    expect(byMonth.get(riyadhMonth(0).key)).toEqual({
      paid: '0.00',
      held: '100.00',
      pending: '900.00',
      onHold: '0.00',
    });
    expect(byMonth.get(riyadhMonth(1).key)).toEqual(zeroMonth);
    expect(view.totals).toEqual({
      paid: '1500.00',
      held: '600.00',
      pending: '900.00',
      onHold: '0.00',
    });
    expect(view.unsettledPayouts).toBe('600.00');

    const summary = (await as(broker).get('/api/commissions/summary')).json<CommissionSummary>();
    expect(summary).toEqual({
      total: '3000.00',
      paid: view.totals.paid,
      pending: view.totals.pending,
      requested: view.totals.held,
      onHold: view.totals.onHold,
      reversed: '0.00',
      toRecover: '0.00',
    });
  });

  it('leaves out commissions older than twelve months, but not the requests that hold them', async () => {
    const { broker, commission } = await aSignedContract(t, admin, { rent: 100_000 });
    await t.database.db
      .update(commissions)
      .set({ createdAt: riyadhMonth(12).midMonth })
      .where(eq(commissions.id, commission.id));
    await anIbanOnProfile(t, broker);
    await as(broker).post('/api/commissions/request-transfer', {
      amount: 400,
      bankAccount: ibanFor(broker.phone),
    });
    const view = await earnings(broker);
    expect(view.months).toHaveLength(12);
    expect(view.months.every((m) => m.paid === '0.00' && m.held === '0.00')).toBe(true);
    expect(view.totals).toEqual(zeroMonth);
    expect(view.unsettledPayouts).toBe('400.00');
  });

  it("shows only the session broker's money, whatever the caller sends", async () => {
    const { broker } = await aSignedContract(t, admin, { rent: 100_000 });
    expect((await earnings(broker)).totals.pending).toBe('1000.00');

    const other = await aBroker(t);
    const theirs = await as(other).get(`/api/commissions/earnings?brokerId=${broker.id}`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<Earnings>().totals).toEqual(zeroMonth);
    expect(theirs.json<Earnings>().months.every((m) => m.pending === '0.00')).toBe(true);

    // An admin's broker view is the admin's own money, never a broker's.
    const adminView = await as(admin).get(`/api/commissions/earnings?brokerId=${broker.id}`);
    expect(adminView.statusCode).toBe(200);
    expect(adminView.json<Earnings>().totals).toEqual(zeroMonth);
  });

  it('refuses a caller who is not signed in, in Arabic', async () => {
    const anonymous = await as(null).get('/api/commissions/earnings');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<ApiError>().message).toMatch(/[\u0600-\u06FF]/);
  });
});
