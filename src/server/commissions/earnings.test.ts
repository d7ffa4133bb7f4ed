import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { commissionEndpoints } from '#contract/commissions';
import { commissions } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { unchecked } from '../test-support/endpoints.js';
import { aBroker, anAdmin, aSignedContract } from '../test-support/factories.js';
import { anIbanOnProfile } from '../test-support/iban.js';
import { askForPayout } from '../test-support/payouts.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import type { TestBroker } from '../test-support/test-app.js';

let admin: TestBroker;
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeAll(async () => {
  admin = await anAdmin(t);
});

const as = (caller: Caller) => client(t).as(caller);
const earnings = async (caller: Caller) =>
  (await as(caller).call(commissionEndpoints.earnings)).json();

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
    const first = await askForPayout(t, broker, 1500);
    expect(first.statusCode).toBe(201);
    const paid = await as(admin).call(adminPayoutEndpoints.pay, {
      params: { id: first.json().id },
      body: {},
    });
    expect(paid.statusCode).toBe(200);
    const second = await askForPayout(t, broker, 600);
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

    const summary = (await as(broker).call(commissionEndpoints.summary)).json();
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
    await askForPayout(t, broker, 400);
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
    const theirs = await as(other).call(commissionEndpoints.earnings, {
      query: unchecked({ brokerId: broker.id }),
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().totals).toEqual(zeroMonth);
    expect(theirs.json().months.every((m) => m.pending === '0.00')).toBe(true);

    // An admin's broker view is the admin's own money, never a broker's.
    const adminView = await as(admin).call(commissionEndpoints.earnings, {
      query: unchecked({ brokerId: broker.id }),
    });
    expect(adminView.statusCode).toBe(200);
    expect(adminView.json().totals).toEqual(zeroMonth);
  });

  it('refuses a caller who is not signed in, in Arabic', async () => {
    const anonymous = await as(null).call(commissionEndpoints.earnings);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<ApiError>().message).toMatch(/[\u0600-\u06FF]/);
  });
});
