import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { auditLog, commissions, fraudSignals, referrals } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { unchecked } from '../test-support/endpoints.js';
import { aBroker, aLease, anAdmin, aReferral } from '../test-support/factories.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import type { TestBroker } from '../test-support/test-app.js';

/**
 * Issue 33 item 2 (decision 069): a contract is signed with its Ejar contract number, annual
 * rent and dates; the same lease on two referrals holds both commissions.
 */
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
let admin: TestBroker;
beforeAll(async () => {
  admin = await anAdmin(t);
});

const as = (caller: Caller) => client(t).as(caller);
const sign = (id: string, body: Record<string, unknown>) =>
  as(admin).call(adminReferralEndpoints.changeStatus, {
    params: { id },
    body: unchecked({ status: 'contract_signed', ...body }),
  });
const referralRow = async (id: string) =>
  (await t.database.db.select().from(referrals).where(eq(referrals.id, id)))[0];
const commissionOf = async (id: string) =>
  (await t.database.db.select().from(commissions).where(eq(commissions.referralId, id)))[0];

describe('signing a contract names the Ejar lease', () => {
  const lease = {
    contractId: '20127868659/1',
    contractRent: 60000,
    contractStartsOn: '2026-12-01',
    contractEndsOn: '2027-11-30',
  };

  it.each([
    [{ contractId: undefined }, 'يرجى إدخال رقم عقد إيجار لتوقيع العقد'],
    [{ contractRent: undefined }, 'يرجى إدخال الإيجار السنوي في العقد لتوقيع العقد'],
    [{ contractStartsOn: undefined }, 'يرجى إدخال تاريخ بداية العقد'],
    [{ contractEndsOn: undefined }, 'يرجى إدخال تاريخ نهاية العقد'],
    [{ contractEndsOn: '2026-11-30' }, 'تاريخ نهاية العقد يجب أن يكون بعد تاريخ بدايته'],
    [{ contractEndsOn: '2037-12-02' }, 'مدة العقد يجب ألا تتجاوز عشر سنوات'],
    [
      { contractId: 'C-2026-001' },
      'رقم عقد إيجار يتكون من ١١ رقماً، ويمكن أن يليه رقم النسخة بعد شرطة مائلة، مثل ٢٠١٢٧٨٦٨٦٥٩/١',
    ],
    [
      { contractId: '2012786865' },
      'رقم عقد إيجار يتكون من ١١ رقماً، ويمكن أن يليه رقم النسخة بعد شرطة مائلة، مثل ٢٠١٢٧٨٦٨٦٥٩/١',
    ],
    [{ contractStartsOn: '2026-02-30' }, 'صيغة التاريخ غير صحيحة'],
  ])('refuses %o in Arabic and changes nothing', async (change, message) => {
    const broker = await aBroker(t);
    const referral = await aReferral(t, broker);
    const response = await sign(referral.id, { ...lease, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toBe(message);
    expect((await referralRow(referral.id))?.status).toBe('pending_completion');
    expect(await commissionOf(referral.id)).toBeUndefined();
  });

  it('keeps the number as Ejar prints it, whatever the keyboard, with the dates, on record', async () => {
    const broker = await aBroker(t);
    const referral = await aReferral(t, broker);
    const response = await sign(referral.id, {
      ...lease,
      contractId: ' ٢٠١٢٧٨٦٨٦٥٩ / ١ ',
      contractRent: '٦٠٠٠٠',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().commissionCreated).toBe('600.00');
    expect(await referralRow(referral.id)).toMatchObject({
      contractId: '20127868659/1',
      contractRent: 60000,
      contractStartsOn: '2026-12-01',
      contractEndsOn: '2027-11-30',
    });
    expect((await commissionOf(referral.id))?.contractNumber).toBe('20127868659/1');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'referral.status_change'), eq(auditLog.entityId, referral.id)),
      );
    expect(entry?.after).toMatchObject({
      contractId: '20127868659/1',
      contractStartsOn: '2026-12-01',
      contractEndsOn: '2027-11-30',
    });

    // «تمت إضافة العمولة» afterwards asks for nothing again.
    const added = await as(admin).call(adminReferralEndpoints.changeStatus, {
      params: { id: referral.id },
      body: { status: 'commission_added' },
    });
    expect(added.statusCode).toBe(200);
  });
});

describe('one lease, two referrals', () => {
  it('holds both commissions with a signal naming the other referral', async () => {
    const first = await aReferral(t, await aBroker(t));
    const second = await aReferral(t, await aBroker(t));
    const unrelated = await aReferral(t, await aBroker(t));
    const lease = aLease(60000);
    const register = lease.contractId.split('/')[0];
    expect((await sign(first.id, lease)).statusCode).toBe(200);
    expect((await sign(unrelated.id, aLease(60000))).statusCode).toBe(200);
    expect((await commissionOf(first.id))?.signalHold).toBe(false);

    // The same register number, another version: the same lease.
    const again = await sign(second.id, { ...lease, contractId: `${register}/2` });
    expect(again.statusCode).toBe(200);
    for (const id of [first.id, second.id]) {
      expect(await commissionOf(id)).toMatchObject({ status: 'on_hold', signalHold: true });
      const [signal] = await t.database.db
        .select()
        .from(fraudSignals)
        .where(and(eq(fraudSignals.referralId, id), eq(fraudSignals.kind, 'duplicate_contract')));
      expect(signal).toMatchObject({ status: 'open', scope: 'referral' });
      expect(signal?.reason).toContain(`رقم عقد إيجار ${register}`);
    }
    expect((await commissionOf(unrelated.id))?.signalHold).toBe(false);
  });

  it('holds both when the same lease is signed on two referrals at the same moment', async () => {
    const first = await aReferral(t, await aBroker(t));
    const second = await aReferral(t, await aBroker(t));
    const lease = aLease(60000);
    const answers = await Promise.all([sign(first.id, lease), sign(second.id, lease)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    for (const id of [first.id, second.id]) {
      expect(await commissionOf(id)).toMatchObject({ status: 'on_hold', signalHold: true });
    }
  });

  it('a free-text number stored before the rule signs no lease, and matches no other', async () => {
    const referral = await aReferral(t, await aBroker(t));
    const other = await aReferral(t, await aBroker(t));
    for (const id of [referral.id, other.id]) {
      await t.database.db.update(referrals).set({ contractId: 'C-77' }).where(eq(referrals.id, id));
    }
    const { contractId: _number, ...withoutNumber } = aLease(60000);
    const refused = await sign(referral.id, withoutNumber);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiError>().message).toBe('يرجى إدخال رقم عقد إيجار لتوقيع العقد');
    // «تمت إضافة العمولة» straight away signs too, and asks the same.
    const added = await as(admin).call(adminReferralEndpoints.changeStatus, {
      params: { id: referral.id },
      body: { status: 'commission_added', ...withoutNumber },
    });
    expect(added.statusCode).toBe(400);
    expect(await commissionOf(referral.id)).toBeUndefined();
  });
});
