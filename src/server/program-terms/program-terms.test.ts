import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { commissionEndpoints } from '#contract/commissions';
import { programTermsEndpoints } from '#contract/program-terms';
import { referralEndpoints } from '#contract/referrals';
import {
  auditLog,
  commissions,
  payouts,
  programTermsAcceptances,
  referrals,
} from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { aBroker, aReferral } from '../test-support/factories.js';
import { anIbanOnProfile } from '../test-support/iban.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { anAdminAndASuperAdmin } from '../test-support/staff.js';
import type { TestBroker } from '../test-support/test-app.js';

// Decision 075: versioned program terms, accepted by each broker before referring; a new
// version asks again.

const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
let admin: TestBroker;
let root: TestBroker;
beforeAll(async () => {
  ({ admin, root } = await anAdminAndASuperAdmin(t));
});

const as = (caller: Caller) => client(t).as(caller);
const TERMS_V1 =
  '# شروط برنامج الشركاء\nيحيل الوسيط المستأجرين **بموافقتهم** فقط.\n\n- رخصة فال سارية\n- لا عمولة دون عقد موثق في إيجار';
const TERMS_V2 = `${TERMS_V1}\n- تُصرف العمولة خلال ثلاثة أيام عمل من استحقاقها`;
const refer = (broker: TestBroker) =>
  as(broker).call(referralEndpoints.create, {
    body: { tenantPhone: `05${String(Date.now()).slice(-8)}`, rent: 60000 },
  });

describe('the program terms', () => {
  it('before any version, brokers refer as before; only super-admins publish, in Arabic', async () => {
    const broker = await aBroker(t);
    expect((await as(broker).call(programTermsEndpoints.mine)).json()).toEqual({
      current: null,
      acceptedVersion: null,
      acceptedAt: null,
    });
    await aReferral(t, broker);
    expect(
      (await as(admin).call(programTermsEndpoints.publish, { body: { body: TERMS_V1 } }))
        .statusCode,
    ).toBe(403);
    for (const body of ['قصير', `${TERMS_V1}\u202E`]) {
      const refused = await as(root).call(programTermsEndpoints.publish, { body: { body } });
      expect(refused.statusCode).toBe(400);
    }
    expect(
      (await as(root).call(programTermsEndpoints.publish, { body: { body: 'قصير' } })).body,
    ).toContain('يرجى كتابة نص الشروط (٥٠ حرفاً على الأقل)');
    expect((await as(root).call(programTermsEndpoints.list)).json().items).toEqual([]);
  });

  it('a broker accepts the version in force before referring, and a new version asks again', async () => {
    const broker = await aBroker(t);
    const published = await as(root).call(programTermsEndpoints.publish, {
      body: { body: TERMS_V1 },
    });
    expect(published.statusCode, published.body).toBe(201);
    expect(published.json().version).toBe(1);

    const blocked = await refer(broker);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json<ApiError>()).toEqual({
      code: 'TERMS_NOT_ACCEPTED',
      message: 'يرجى قراءة شروط البرنامج والموافقة عليها قبل إضافة إحالة',
    });
    // A version never shown is not accepted.
    const stale = await as(broker).call(programTermsEndpoints.accept, { body: { version: 2 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ApiError>().message).toBe(
      'نُشرت نسخة أحدث من شروط البرنامج؛ راجعها ثم وافق عليها',
    );
    const accepted = await as(broker).call(programTermsEndpoints.accept, {
      body: { version: 1 },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      current: { version: 1, body: TERMS_V1 },
      acceptedVersion: 1,
    });
    const [kept] = await t.database.db
      .select()
      .from(programTermsAcceptances)
      .where(eq(programTermsAcceptances.brokerId, broker.id));
    // What, when and from where: the text's hash, the address and the browser.
    expect(kept?.version).toBe(1);
    expect(kept?.bodySha256).toBe(createHash('sha256').update(TERMS_V1).digest('hex'));
    expect(kept?.ipAddress).toBeTruthy();
    expect(kept?.userAgent).toBeTruthy();
    expect((await refer(broker)).statusCode).toBe(201);

    // The same text again is no new version.
    const same = await as(root).call(programTermsEndpoints.publish, { body: { body: TERMS_V1 } });
    expect(same.statusCode).toBe(409);
    expect(same.json<ApiError>().message).toBe(
      'هذا النص هو النسخة السارية نفسها؛ عدّله قبل نشر نسخة جديدة',
    );

    // Version 2: asked again, with its own message.
    await as(root).call(programTermsEndpoints.publish, { body: { body: TERMS_V2 } });
    const again = await refer(broker);
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().message).toBe(
      'نُشرت نسخة جديدة من شروط البرنامج؛ يرجى قراءتها والموافقة عليها قبل إضافة إحالة',
    );
    expect(
      (await as(broker).call(programTermsEndpoints.accept, { body: { version: 1 } })).statusCode,
    ).toBe(409);
    expect(
      (await as(broker).call(programTermsEndpoints.accept, { body: { version: 2 } })).statusCode,
    ).toBe(200);
    // Twice is once.
    await as(broker).call(programTermsEndpoints.accept, { body: { version: 2 } });
    expect((await refer(broker)).statusCode).toBe(201);

    const versions = (await as(root).call(programTermsEndpoints.list)).json().items;
    expect(versions.map((v) => [v.version, v.accepted])).toEqual([
      [2, 1],
      [1, 1],
    ]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, broker.id));
    expect(
      audits.filter((row) => row.action === 'program_terms.accept').map((row) => row.after),
    ).toEqual(expect.arrayContaining([{ version: 1 }, { version: 2 }]));
    expect(audits.filter((row) => row.action === 'program_terms.accept')).toHaveLength(2);
  });

  it('a transfer request waits for the terms in force: nobody is paid under terms not accepted', async () => {
    const broker = await aBroker(t);
    const current = (await as(broker).call(programTermsEndpoints.mine)).json().current;
    if (!current) throw new Error('the earlier test published the terms');
    await as(broker).call(programTermsEndpoints.accept, { body: { version: current.version } });
    const referral = await aReferral(t, broker);
    await t.database.db
      .update(referrals)
      .set({ status: 'contract_signed' })
      .where(eq(referrals.id, referral.id));
    await t.database.db.insert(commissions).values({
      brokerId: broker.id,
      referralId: referral.id,
      amount: '600.00',
      status: 'pending',
    });
    const iban = await anIbanOnProfile(t, broker);
    const cashOut = () =>
      as(broker).call(commissionEndpoints.requestPayout, {
        body: { amount: 600, bankAccount: iban },
      });

    await as(root).call(programTermsEndpoints.publish, {
      body: { body: `${TERMS_V2}\n- تُحفظ بيانات المستأجرين سرية` },
    });
    const held = await cashOut();
    expect(held.statusCode).toBe(409);
    expect(held.json<ApiError>()).toEqual({
      code: 'TERMS_NOT_ACCEPTED',
      message:
        'نُشرت نسخة جديدة من شروط البرنامج؛ يرجى قراءتها والموافقة عليها قبل طلب تحويل العمولة',
    });
    expect(
      await t.database.db.select().from(payouts).where(eq(payouts.brokerId, broker.id)),
    ).toEqual([]);
    await as(broker).call(programTermsEndpoints.accept, {
      body: { version: current.version + 1 },
    });
    const sent = await cashOut();
    expect(sent.statusCode, sent.body).toBe(201);
  });
});
