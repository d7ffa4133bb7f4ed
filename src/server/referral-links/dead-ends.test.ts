import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LINK_RETIRED, referralLinkEndpoints } from '#contract/referral-links';
import { referralEndpoints } from '#contract/referrals';
import { loadConfig } from '../config.js';
import { authFailures, brokers, referrals, retiredLinkCodes } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { aBroker } from '../test-support/factories.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { nextPhone, type TestBroker } from '../test-support/test-app.js';

// Issue 32: every way a tenant's link can fail to take a request is told apart, so the page
// can explain it kindly and offer a next step, and none of them shows what is private.

const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });

const as = (caller: Caller) => client(t).as(caller);
const codeOf = async (broker: TestBroker) =>
  (await as(broker).call(referralLinkEndpoints.mine)).json().code;
const open = (code: string) => as(null).call(referralLinkEndpoints.open, { params: { code } });
const sendCode = (code: string) =>
  as(null).call(referralLinkEndpoints.sendCode, { params: { code }, body: { phone: nextPhone() } });
const visitsOf = async (broker: TestBroker) =>
  (await as(broker).call(referralLinkEndpoints.funnel))
    .json()
    .weeks.reduce((n, w) => n + w.visits, 0);

type Retired = ApiError & { brokerName: string | null };

describe('a link that takes no request says why', () => {
  it('an unknown code: 404 NOT_FOUND, with nothing about anyone', async () => {
    for (const code of ['34679ACD', 'nope']) {
      const unknown = await open(code);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({
        code: 'NOT_FOUND',
        message: 'هذا الرابط غير موجود أو لم يعد صالحاً',
      });
    }
  });

  it('a replaced code: 404 LINK_RETIRED naming the broker as the page did; sending a code is refused the same way, and no visit is counted', async () => {
    const broker = await aBroker(t, { fullName: 'هند القحطاني' });
    const first = await codeOf(broker);
    await as(broker).call(referralLinkEndpoints.regenerate);
    const second = await codeOf(broker);
    await as(broker).call(referralLinkEndpoints.regenerate);
    const current = await codeOf(broker);

    // Both earlier codes are retired, each naming the broker.
    for (const code of [first, second]) {
      const retired = await open(code);
      expect(retired.statusCode).toBe(404);
      expect(retired.json<Retired>()).toEqual({
        code: LINK_RETIRED,
        message: 'هذا الرابط غير موجود أو لم يعد صالحاً',
        brokerName: 'هند القحطاني',
      });
      expect(retired.body).not.toContain(broker.phone);
      expect(retired.body).not.toContain(current);
    }
    expect(await visitsOf(broker)).toBe(0);

    const refused = await sendCode(first);
    expect(refused.statusCode).toBe(404);
    expect(refused.json<Retired>().code).toBe(LINK_RETIRED);
    expect(
      (
        await as(null).call(referralLinkEndpoints.request, {
          params: { code: first },
          body: { phone: nextPhone(), otp: '1234' },
        })
      ).json<Retired>().code,
    ).toBe(LINK_RETIRED);
    expect(
      await t.database.db.select().from(referrals).where(eq(referrals.brokerId, broker.id)),
    ).toEqual([]);
    // The current code still works.
    expect((await open(current)).statusCode).toBe(200);
  });

  it('a replaced code of a broker without a shown name, or of a deleted account, names nobody', async () => {
    const nameless = await aBroker(t, { fullName: null });
    const old = await codeOf(nameless);
    await as(nameless).call(referralLinkEndpoints.regenerate);
    expect((await open(old)).json<Retired>()).toMatchObject({
      code: LINK_RETIRED,
      brokerName: null,
    });

    const leaving = await aBroker(t, { fullName: 'سلطان المطيري' });
    const before = await codeOf(leaving);
    await as(leaving).call(referralLinkEndpoints.regenerate);
    const live = await codeOf(leaving);
    await t.database.db
      .update(brokers)
      .set({ deletedAt: new Date() })
      .where(eq(brokers.id, leaving.id));
    for (const code of [before, live]) {
      const gone = await open(code);
      expect(gone.statusCode).toBe(404);
      expect(gone.json<Retired>()).toMatchObject({ code: LINK_RETIRED, brokerName: null });
      expect(gone.body).not.toContain('سلطان');
    }
  });

  it('a replaced code names the broker only while they take requests', async () => {
    const broker = await aBroker(t, { fullName: 'ريان الغامدي' });
    const old = await codeOf(broker);
    await as(broker).call(referralLinkEndpoints.regenerate);
    expect((await open(old)).json<Retired>().brokerName).toBe('ريان الغامدي');
    await t.database.db.update(brokers).set({ isActive: false }).where(eq(brokers.id, broker.id));
    const gone = await open(old);
    expect(gone.json<Retired>()).toMatchObject({ code: LINK_RETIRED, brokerName: null });
    expect(gone.body).not.toContain('ريان');
    // A name stored before the rule names nobody either.
    await t.database.db
      .update(brokers)
      .set({ isActive: true, fullName: 'ريان www.evil.sa' })
      .where(eq(brokers.id, broker.id));
    expect((await open(old)).json<Retired>().brokerName).toBeNull();
  });

  it("a retired code outlives its broker's row: deleting the row is refused, so the code is never issued again", async () => {
    const broker = await aBroker(t, { fullName: 'منيرة الدوسري' });
    const old = await codeOf(broker);
    await as(broker).call(referralLinkEndpoints.regenerate);
    await expect(
      t.database.db.execute(sql`delete from brokers where id = ${broker.id}`),
    ).rejects.toThrow();
    expect(
      await t.database.db.select().from(retiredLinkCodes).where(eq(retiredLinkCodes.code, old)),
    ).toHaveLength(1);
  });

  it('an inactive broker: named by nobody, with the reason; no code is sent, in neutral words', async () => {
    const inactive = await aBroker(t, { active: false, fullName: 'ماجد الحربي' });
    await t.database.db
      .update(brokers)
      .set({ officeName: 'مكتب الحربي', falLicense: '1100012345' })
      .where(eq(brokers.id, inactive.id));
    const code = await codeOf(inactive);
    const opened = await open(code);
    // Issue 32 review: a broker is named only while they take requests.
    expect(opened.json()).toEqual({
      brokerName: null,
      officeName: null,
      falLicense: null,
      canReceive: false,
      unavailableReason: 'broker_inactive',
    });
    for (const hidden of [inactive.phone, 'ماجد', 'الحربي', '1100012345']) {
      expect(opened.body).not.toContain(hidden);
    }
    const refused = await sendCode(code);
    expect(refused.statusCode).toBe(403);
    // Nothing about the broker's account: neither «مفعل» nor «مراجعة».
    expect(refused.json<ApiError>()).toEqual({
      code: 'BROKER_UNAVAILABLE',
      message: 'لا يستقبل هذا الوسيط طلبات عبر هذا الرابط حالياً',
    });
  });

  it('a broker without a name: no name (never the broker code), the reason, and no code sent', async () => {
    const nameless = await aBroker(t, { fullName: '   ' });
    const code = await codeOf(nameless);
    const brokerCode = (
      await t.database.db
        .select({ brokerCode: brokers.brokerCode })
        .from(brokers)
        .where(eq(brokers.id, nameless.id))
    )[0]?.brokerCode;
    const opened = await open(code);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      brokerName: null,
      canReceive: false,
      unavailableReason: 'broker_unnamed',
    });
    expect(opened.body).not.toContain(String(brokerCode));
    expect(opened.body).not.toContain(nameless.phone);
    expect((await sendCode(code)).statusCode).toBe(403);
  });

  it('an inactive broker without a name is told as inactive first', async () => {
    const both = await aBroker(t, { active: false, fullName: null });
    expect((await open(await codeOf(both))).json()).toMatchObject({
      brokerName: null,
      unavailableReason: 'broker_inactive',
    });
  });

  it('a replaced code is kept once, as the broker’s, and is not the new one', async () => {
    const broker = await aBroker(t, { fullName: 'نوف العنزي' });
    const old = await codeOf(broker);
    await as(broker).call(referralLinkEndpoints.regenerate);
    const rows = await t.database.db
      .select()
      .from(retiredLinkCodes)
      .where(eq(retiredLinkCodes.brokerId, broker.id));
    expect(rows.map((row) => row.code)).toEqual([old]);
    expect(await codeOf(broker)).not.toBe(old);
  });
});

describe('one rule for whether a broker takes a referral', () => {
  it('a name stored before the public rule: the link says unnamed, and a typed referral is refused too', async () => {
    const broker = await aBroker(t);
    const code = await codeOf(broker);
    await t.database.db
      .update(brokers)
      .set({ fullName: 'نورة 0551234567' })
      .where(eq(brokers.id, broker.id));
    expect((await open(code)).json()).toMatchObject({
      brokerName: null,
      unavailableReason: 'broker_unnamed',
    });
    const typed = await as(broker).call(referralEndpoints.create, {
      body: { tenantPhone: nextPhone() },
    });
    expect(typed.statusCode).toBe(403);
    expect(typed.json<ApiError>().code).toBe('PROFILE_INCOMPLETE');
  });
});

describe("a tenant's spent wrong-code budget", () => {
  /** Ten wrong codes today: the phone's whole budget (src/server/auth/otp.ts). */
  async function spendBudget(phone: string): Promise<void> {
    await t.database.db
      .insert(authFailures)
      .values(Array.from({ length: 10 }, () => ({ phone, kind: 'otp' })));
  }

  it('is said without offering a password the tenant does not have, with the wait, at both steps', async () => {
    const broker = await aBroker(t, { fullName: 'سارة العتيبي' });
    const code = await codeOf(broker);
    const phone = nextPhone();
    await spendBudget(phone);
    const answers = [
      await as(null).call(referralLinkEndpoints.sendCode, { params: { code }, body: { phone } }),
      await as(null).call(referralLinkEndpoints.request, {
        params: { code },
        body: { phone, otp: '1234' },
      }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(429);
      const body = answer.json<ApiError & { retryAfter: number }>();
      expect(body.code).toBe('OTP_BUDGET_EXHAUSTED');
      expect(body.message).not.toContain('كلمة المرور');
      expect(body.message).toMatch(
        /^أوقفنا التحقق برمز لهذا الرقم مؤقتاً لكثرة المحاولات الخاطئة\. حاول مرة أخرى بعد (٢٤|٢٣) ساعة، أو راسلنا على واتساب$/,
      );
      expect(body.retryAfter).toBeGreaterThan(23 * 3600);
      expect(Number(answer.headers['retry-after'])).toBe(body.retryAfter);
    }
    expect(
      await t.database.db.select().from(referrals).where(eq(referrals.brokerId, broker.id)),
    ).toEqual([]);
  });
});

describe("the provider's identity", () => {
  it('is public, the server’s own settings, and nothing else', async () => {
    const answer = await as(null).call(referralLinkEndpoints.provider);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(loadConfig({}).provider);
    expect(Object.keys(answer.json()).sort()).toEqual([
      'commercialRegistration',
      'email',
      'legalName',
      'licenseIssuer',
      'licenseNumber',
      'phone',
      'privacyUrl',
      'whatsapp',
    ]);
    // Development's defaults say they are demo data.
    expect(answer.json().legalName).toContain('بيانات للعرض');
    expect(answer.json().licenseIssuer).toContain('بيانات للعرض');
  });
});
