import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, commissions, referrals, transferRequests } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { aBroker, aReferral } from '../test-support/factories.js';
import { addsUp } from '../test-support/money.js';
import type { ApiError, Commission, CommissionSummary } from '../test-support/responses.js';
import { createTestApp, type TestApp, type TestBroker } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
});
afterAll(async () => {
  await t.close();
});

const IBAN = 'SA0380000000608010167519';
const as = (caller: Caller) => client(t).as(caller);
type TransferRequest = { id: string; amount: string; iban: string; status: string };

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

async function summary(b: TestBroker) {
  return (await as(b).get('/api/commissions/summary')).json<CommissionSummary>();
}

describe('commissions', () => {
  it('lists real and potential commissions; potential ones are not counted', async () => {
    const b = await aBroker(t);
    await earn(b, '600.00');
    const accepted = await aReferral(t, b, { rent: 80000 });
    await t.database.db
      .update(referrals)
      .set({ status: 'preparing_tenant_contract' })
      .where(eq(referrals.id, accepted.id));

    const list = (await as(b).get('/api/commissions')).json<Commission[]>();
    expect(list.map((c: { status: string; amount: string }) => [c.status, c.amount])).toEqual([
      ['pending', '600.00'],
      ['potential', '800.00'],
    ]);
    expect(await summary(b)).toEqual({
      total: '600.00',
      paid: '0.00',
      pending: '600.00',
      requested: '0.00',
    });
  });

  it('another broker sees none of them', async () => {
    const b = await aBroker(t);
    await earn(b, '500.00');
    const other = await aBroker(t);
    expect((await as(other).get('/api/commissions')).json()).toEqual([]);
    expect((await summary(other)).total).toBe('0.00');
  });
});

describe('transfer requests', () => {
  it('keeps the request with its IBAN and holds the money invariant', async () => {
    const b = await aBroker(t);
    await earn(b, '500.00');
    await earn(b, '750.00', '250.00');
    expect(await summary(b)).toEqual({
      total: '1250.00',
      paid: '250.00',
      pending: '1000.00',
      requested: '0.00',
    });

    const response = await as(b).post('/api/commissions/request-transfer', {
      amount: '٦٠٠٫٥٠',
      bankAccount: 'sa03 8000 0000 6080 1016 7519',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ amount: '600.50', iban: IBAN, status: 'open' });

    const after = await summary(b);
    expect(after).toEqual({
      total: '1250.00',
      paid: '250.00',
      pending: '399.50',
      requested: '600.50',
    });
    expect(addsUp(after)).toBe(true);

    const history = (await as(b).get('/api/commissions/transfer-requests')).json<
      TransferRequest[]
    >();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ amount: '600.50', iban: IBAN, status: 'open' });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, response.json<TransferRequest>().id));
    expect(entry?.action).toBe('transfer_request.create');
  });

  it('refuses more than what is available', async () => {
    const b = await aBroker(t);
    await earn(b, '500.00');
    const response = await as(b).post('/api/commissions/request-transfer', {
      amount: 500.01,
      bankAccount: IBAN,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toBe('المبلغ المطلوب أكبر من المبلغ المتاح للتحويل');
    expect(
      await t.database.db
        .select()
        .from(transferRequests)
        .where(eq(transferRequests.brokerId, b.id)),
    ).toEqual([]);
  });

  it('two concurrent requests never together exceed what is available', async () => {
    const b = await aBroker(t);
    await earn(b, '1000.00');
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        as(b).post('/api/commissions/request-transfer', {
          amount: 400,
          bankAccount: IBAN,
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(2);
    const s = await summary(b);
    expect(s).toEqual({ total: '1000.00', paid: '0.00', pending: '200.00', requested: '800.00' });
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
    const response = await as(b).post('/api/commissions/request-transfer', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toBe(message);
  });

  it('needs a session', async () => {
    expect((await as(null).get('/api/commissions')).statusCode).toBe(401);
    expect((await as(null).get('/api/commissions/summary')).statusCode).toBe(401);
    expect(
      (
        await as(null).post('/api/commissions/request-transfer', {
          amount: 1,
          bankAccount: IBAN,
        })
      ).statusCode,
    ).toBe(401);
  });
});
