import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { commissionEndpoints } from '#contract/commissions';
import { auditLog, commissions, payouts, referrals } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { type BodyOf, unchecked } from '../test-support/endpoints.js';
import { aBroker, aLease, anAdmin, aReferral } from '../test-support/factories.js';
import { addsUp } from '../test-support/money.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { summaryWith } from '../test-support/summary.js';
import type { TestBroker } from '../test-support/test-app.js';

const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });

const IBAN = 'SA0380000000608010167519';
const as = (caller: Caller) => client(t).as(caller);

/** A signed referral with a commission of the given amount, as the admin flow will make it. */
async function earn(b: TestBroker, amount: string, paidAmount = '0') {
  const referral = await aReferral(t, b);
  await t.database.db
    .update(referrals)
    .set({ status: 'contract_signed' })
    .where(eq(referrals.id, referral.id));
  await t.database.db.insert(commissions).values({
    brokerId: b.id,
    referralId: referral.id,
    amount,
    paidAmount,
    status: paidAmount === amount ? 'paid' : 'pending',
  });
  return referral.id;
}

/** Stores a commission rate with system_config's trigger off: no instance hears of it. */
async function storeRateUnannounced(rate: string) {
  const { db } = t.database;
  await db.execute(sql`alter table system_config disable trigger system_config_changed`);
  await db.execute(sql`insert into system_config (key, value) values ('commission_rate', ${rate})`);
  await db.execute(sql`alter table system_config enable trigger system_config_changed`);
}

/** A referral being prepared for its contract: the broker's list shows its potential commission. */
async function anAcceptedReferral(b: TestBroker, rent: number) {
  const referral = await aReferral(t, b, { rent });
  await t.database.db
    .update(referrals)
    .set({ status: 'preparing_tenant_contract' })
    .where(eq(referrals.id, referral.id));
  return referral;
}

/**
 * The broker asks for `amount` to `bankAccount`, with the password again: the first IBAN of a
 * transfer request becomes the profile's (decision record 050).
 */
const requestPayout = (
  b: TestBroker,
  amount: BodyOf<typeof commissionEndpoints.requestPayout>['amount'],
  bankAccount = IBAN,
) =>
  as(b).call(commissionEndpoints.requestPayout, {
    body: { amount, bankAccount, password: 'secret123' },
  });

async function summary(b: TestBroker) {
  return (await as(b).call(commissionEndpoints.summary)).json();
}

describe('commissions', () => {
  it('lists real and potential commissions; potential ones are not counted', async () => {
    const b = await aBroker(t);
    await earn(b, '600.00');
    await anAcceptedReferral(b, 80_000);

    const list = (await as(b).call(commissionEndpoints.list)).json().items;
    expect(list.map((c) => [c.status, c.amount])).toEqual([
      ['pending', '600.00'],
      ['potential', '800.00'],
    ]);
    expect(await summary(b)).toEqual(summaryWith({ total: '600.00', pending: '600.00' }));
  });

  it('pages the list like the other lists: commissions newest first, then the potential ones', async () => {
    const b = await aBroker(t);
    const first = await earn(b, '500.00');
    const second = await earn(b, '700.00', '700.00');
    const third = await earn(b, '900.00');
    const potential: string[] = [];
    for (const rent of [60_000, 120_000]) {
      const accepted = await aReferral(t, b, { rent });
      await t.database.db
        .update(referrals)
        .set({ status: 'accepted_awaiting_owner_contract' })
        .where(eq(referrals.id, accepted.id));
      potential.push(accepted.id);
    }
    const page = async (n: number) =>
      (await as(b).call(commissionEndpoints.list, { query: { page: n, pageSize: 2 } })).json();

    const pages = await Promise.all([page(1), page(2), page(3), page(4)]);
    expect(pages.map((p) => [p.page, p.pageSize, p.total])).toEqual([
      [1, 2, 5],
      [2, 2, 5],
      [3, 2, 5],
      [4, 2, 5],
    ]);
    expect(pages.map((p) => p.items.map((c) => [c.referralId, c.status, c.amount]))).toEqual([
      [
        [third, 'pending', '900.00'],
        [second, 'paid', '700.00'],
      ],
      [
        [first, 'pending', '500.00'],
        [potential[1], 'potential', '1200.00'],
      ],
      [[potential[0], 'potential', '600.00']],
      [],
    ]);
    // The first page is the default, twenty to a page.
    const firstPage = (await as(b).call(commissionEndpoints.list)).json();
    expect([firstPage.page, firstPage.pageSize, firstPage.items.length]).toEqual([1, 20, 5]);
  });

  it('the kept commission rule follows a change made by hand in the database', async () => {
    const b = await aBroker(t);
    await anAcceptedReferral(b, 80_000);
    const estimate = async () =>
      (await as(b).call(commissionEndpoints.list)).json().items[0]?.amount;
    /** Reads until the estimate is `amount`; false if it is not within five seconds. */
    const becomes = async (amount: string) => {
      for (const started = Date.now(); Date.now() - started < 5_000; ) {
        if ((await estimate()) === amount) return true;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return false;
    };
    expect(await estimate()).toBe('800.00');
    // Kept in memory: a change nobody announces (the trigger switched off) is not read.
    await storeRateUnannounced('0.02');
    try {
      expect(await estimate()).toBe('800.00');
      // Not through the product: system_config's trigger announces it all the same.
      await t.database.db.execute(
        sql`update system_config set value = '0.02' where key = 'commission_rate'`,
      );
      expect(await becomes('1600.00')).toBe(true);
    } finally {
      await t.database.db.execute(sql`delete from system_config where key = 'commission_rate'`);
    }
    expect(await becomes('800.00')).toBe(true);
  });

  it('writes a commission with the rule read in its own transaction, never the kept one', async () => {
    const admin = await anAdmin(t);
    const b = await aBroker(t);
    const accepted = await anAcceptedReferral(b, 80_000);
    const listed = async () => (await as(b).call(commissionEndpoints.list)).json().items;
    expect((await listed())[0]?.amount).toBe('800.00');
    // A change nobody announces: the kept rule still estimates 1%.
    await storeRateUnannounced('0.02');
    try {
      expect((await listed())[0]).toMatchObject({ status: 'potential', amount: '800.00' });
      const signed = await as(admin).call(adminReferralEndpoints.changeStatus, {
        params: { id: accepted.id },
        body: {
          status: 'contract_signed',
          ...aLease(80_000),
        },
      });
      expect(signed.statusCode).toBe(200);
      // The commission itself is priced with the rule as stored: 2% of 80,000.
      expect((await listed())[0]).toMatchObject({ status: 'pending', amount: '1600.00' });
    } finally {
      await t.database.db.execute(sql`delete from system_config where key = 'commission_rate'`);
    }
  });

  it('refuses a page it cannot serve with an Arabic message', async () => {
    const b = await aBroker(t);
    for (const query of [{ page: 0 }, { page: 'abc' }, { pageSize: 101 }, { page: 10001 }]) {
      const response = await as(b).call(commissionEndpoints.list, { query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json<ApiError>().message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('another broker sees none of them', async () => {
    const b = await aBroker(t);
    await earn(b, '500.00');
    const other = await aBroker(t);
    expect((await as(other).call(commissionEndpoints.list)).json().items).toEqual([]);
    expect((await summary(other)).total).toBe('0.00');
  });
});

describe('transfer requests', () => {
  it('keeps the request with its IBAN and holds the money invariant', async () => {
    const b = await aBroker(t);
    await earn(b, '500.00');
    await earn(b, '750.00', '250.00');
    expect(await summary(b)).toEqual(
      summaryWith({ total: '1250.00', paid: '250.00', pending: '1000.00' }),
    );

    const response = await requestPayout(b, '٦٠٠٫٥٠', 'sa03 8000 0000 6080 1016 7519');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ amount: '600.50', iban: IBAN, status: 'draft' });

    const after = await summary(b);
    expect(after).toEqual(
      summaryWith({ total: '1250.00', paid: '250.00', pending: '399.50', requested: '600.50' }),
    );
    expect(addsUp(after)).toBe(true);

    const history = (await as(b).call(commissionEndpoints.payouts)).json();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ amount: '600.50', iban: IBAN, status: 'draft' });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, response.json().id));
    expect(entry?.action).toBe('payout.request');
  });

  it('refuses more than what is available', async () => {
    const b = await aBroker(t);
    await earn(b, '500.00');
    const response = await requestPayout(b, 500.01);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toBe('المبلغ المطلوب أكبر من المبلغ المتاح للتحويل');
    expect(await t.database.db.select().from(payouts).where(eq(payouts.brokerId, b.id))).toEqual(
      [],
    );
  });

  it('two concurrent requests never together exceed what is available', async () => {
    const b = await aBroker(t);
    await earn(b, '1000.00');
    const results = await Promise.all(Array.from({ length: 4 }, () => requestPayout(b, 400)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(2);
    const s = await summary(b);
    expect(s).toEqual(summaryWith({ total: '1000.00', pending: '200.00', requested: '800.00' }));
    expect(addsUp(s)).toBe(true);
  });

  it.each([
    [{ amount: '', bankAccount: IBAN }, 'يرجى إكمال جميع الحقول المطلوبة'],
    [{ bankAccount: IBAN }, 'يرجى إكمال جميع الحقول المطلوبة'],
    [{ amount: 100 }, 'يرجى إكمال جميع الحقول المطلوبة'],
    [{ amount: -5, bankAccount: IBAN }, 'يرجى إدخال مبلغ صحيح'],
    [{ amount: '10.555', bankAccount: IBAN }, 'يرجى إدخال مبلغ صحيح'],
    [{ amount: 'مئة', bankAccount: IBAN }, 'يرجى إدخال مبلغ صحيح'],
    [{ amount: 100, bankAccount: 'SA0480000000608010167519' }, 'يرجى إدخال رقم آيبان سعودي صحيح'],
    [{ amount: 100, bankAccount: 'GB82WEST12345698765432' }, 'يرجى إدخال رقم آيبان سعودي صحيح'],
  ])('refuses %o', async (payload, message) => {
    const b = await aBroker(t);
    await earn(b, '500.00');
    const response = await as(b).call(commissionEndpoints.requestPayout, {
      body: unchecked(payload),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toBe(message);
  });

  it('needs a session', async () => {
    expect((await as(null).call(commissionEndpoints.list)).statusCode).toBe(401);
    expect((await as(null).call(commissionEndpoints.summary)).statusCode).toBe(401);
    expect(
      (
        await as(null).call(commissionEndpoints.requestPayout, {
          body: {
            amount: 1,
            bankAccount: IBAN,
          },
        })
      ).statusCode,
    ).toBe(401);
  });
});
