import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSettingsEndpoints } from '#contract/admin/settings';
import { authEndpoints } from '#contract/auth';
import { brokerEndpoints } from '#contract/brokers';
import { referralLinkEndpoints } from '#contract/referral-links';
import { OTP_PURPOSES } from '#domain';
import { brokers, notifications, referrals } from '../db/schema.js';
import { codeSmsBody } from '../messaging/codes.js';
import { type Caller, client } from '../test-support/client.js';
import { present, unchecked } from '../test-support/endpoints.js';
import { aBroker, anAdmin, aSuperAdmin } from '../test-support/factories.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { nextPhone } from '../test-support/test-app.js';

// Every one-time code has one purpose, and the codes the platform sends
// have a ceiling beyond the per-phone and per-address limits.

const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeEach(async () => {
  // Each test starts with fresh counters, as after a day.
  await t.database.db.execute('delete from rate_limits');
  await t.database.db.execute(
    "delete from system_config where key in ('otp_hourly_ceiling','otp_daily_ceiling','link_otp_daily_ceiling')",
  );
  t.sms.sent.length = 0;
});

const as = (caller: Caller) => client(t).as(caller);
/** Forgets the codes the test's own sign-ups sent, so a ceiling counts only what follows. */
const freshCounters = async () => {
  await t.database.db.execute('delete from rate_limits');
  t.sms.sent.length = 0;
};
const stranger = () => client(t).as(null);

/** A broker who takes requests through a link, and the link's code. */
async function aLinkBroker(): Promise<string> {
  const broker = await aBroker(t, { fullName: 'سارة العتيبي' });
  return (await as(broker).call(referralLinkEndpoints.mine)).json().code;
}

const linkCode = (link: string, phone: string) =>
  stranger().call(referralLinkEndpoints.sendCode, { params: { code: link }, body: { phone } });
const signInCode = (phone: string, purpose?: 'sign_in' | 'reset') =>
  stranger().call(authEndpoints.sendOtp, {
    body: {
      phone,
      ...(purpose ? { purpose } : {}),
    },
  });

describe('a code has one purpose', () => {
  it("a code asked through a broker's link never signs in to the account with that phone", async () => {
    const admin = await anAdmin(t);
    const link = await aLinkBroker();
    const sent = await linkCode(link, admin.phone);
    expect(sent.statusCode).toBe(200);
    // The message says what the code is for.
    expect(t.sms.sent.at(-1)?.body).toContain('رمز طلب الدفع الشهري');

    const [before] = await t.database.db
      .select({ passwordHash: brokers.passwordHash })
      .from(brokers)
      .where(eq(brokers.id, admin.id));
    const taken = await stranger().call(authEndpoints.verifyOtp, {
      body: {
        phone: admin.phone,
        otp: present(sent.json().otpCode),
        password: 'attacker1',
      },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json<ApiError>().code).toBe('OTP_WRONG_PURPOSE');
    expect(taken.json<ApiError>().message).toContain('لطلب دفع الإيجار شهرياً');
    expect(taken.cookies).toHaveLength(0);
    const [after] = await t.database.db
      .select({ passwordHash: brokers.passwordHash })
      .from(brokers)
      .where(eq(brokers.id, admin.id));
    expect(after?.passwordHash).toBe(before?.passwordHash);
    // The owner's session still stands.
    expect((await as(admin).call(brokerEndpoints.profile)).statusCode).toBe(200);

    // Nor does it verify for creating an account or a reset, and once offered it is burnt.
    for (const endpoint of [authEndpoints.verifyOtpOnly, authEndpoints.verifyOtpTemp]) {
      const again = await stranger().call(endpoint, {
        body: { phone: admin.phone, otp: present(sent.json().otpCode) },
      });
      expect(again.statusCode, endpoint.path).toBe(400);
    }
    const request = await stranger().call(referralLinkEndpoints.request, {
      params: { code: link },
      body: {
        phone: admin.phone,
        otp: present(sent.json().otpCode),
      },
    });
    expect(request.statusCode).toBe(400);
  });

  it('a sign-in code never makes a referral through a link', async () => {
    const link = await aLinkBroker();
    const phone = nextPhone();
    const sent = await signInCode(phone);
    expect(t.sms.sent.at(-1)?.body).toContain('رمز الدخول أو التسجيل');
    const request = await stranger().call(referralLinkEndpoints.request, {
      params: { code: link },
      body: {
        phone,
        otp: present(sent.json().otpCode),
      },
    });
    expect(request.statusCode).toBe(400);
    expect(request.json<ApiError>().code).toBe('OTP_WRONG_PURPOSE');
    expect(request.json<ApiError>().message).toMatch(/[\u0600-\u06FF]/);
    const made = await t.database.db
      .select({ id: referrals.id })
      .from(referrals)
      .where(eq(referrals.tenantPhone, phone));
    expect(made).toHaveLength(0);
  });

  it('a reset code only resets, and a sign-in code never resets', async () => {
    const broker = await aBroker(t);
    const reset = await signInCode(broker.phone, 'reset');
    expect(t.sms.sent.at(-1)?.body).toContain('رمز استعادة كلمة المرور');
    const asSignIn = await stranger().call(authEndpoints.verifyOtpOnly, {
      body: {
        phone: broker.phone,
        otp: present(reset.json().otpCode),
      },
    });
    expect(asSignIn.json<ApiError>().code).toBe('OTP_WRONG_PURPOSE');

    const signIn = await signInCode(broker.phone);
    const asReset = await stranger().call(authEndpoints.verifyOtpTemp, {
      body: {
        phone: broker.phone,
        otp: present(signIn.json().otpCode),
      },
    });
    expect(asReset.json<ApiError>().code).toBe('OTP_WRONG_PURPOSE');

    const fresh = await signInCode(broker.phone, 'reset');
    const verified = await stranger().call(authEndpoints.verifyOtpTemp, {
      body: {
        phone: broker.phone,
        otp: present(fresh.json().otpCode),
      },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('a wrong code is just wrong, whatever the live code is for: nothing is learnt', async () => {
    const link = await aLinkBroker();
    const phone = nextPhone();
    const sent = await linkCode(link, phone);
    const guess = sent.json().otpCode === '0000' ? '1111' : '0000';
    const wrong = await stranger().call(authEndpoints.verifyOtpOnly, {
      body: { phone, otp: guess },
    });
    expect(wrong.json<ApiError>().code).toBe('OTP_INVALID');
  });

  it('each purpose names itself in one SMS part (70 UCS-2 characters), for a short product name', () => {
    for (const purpose of OTP_PURPOSES) {
      const body = codeSmsBody('شريك١', purpose, '1234');
      expect(body.length, body).toBeLessThanOrEqual(70);
    }
  });

  it('refuses an unknown purpose with an Arabic message', async () => {
    const refused = await stranger().call(authEndpoints.sendOtp, {
      body: {
        phone: nextPhone(),
        purpose: unchecked('referral_request'),
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiError>().message).toMatch(/[\u0600-\u06FF]/);
    expect(t.sms.sent).toHaveLength(0);
  });
});

describe('the SMS bill has a ceiling', () => {
  const ceilingAlerts = async () =>
    (
      await t.database.db
        .select({ message: notifications.message })
        .from(notifications)
        .where(eq(notifications.title, 'بلغ إرسال رموز التحقق حده الأقصى'))
    ).map((row) => row.message);

  it('only super-admins set the ceilings, each a whole number', async () => {
    const admin = await anAdmin(t);
    const root = await aSuperAdmin(t);
    const byAdmin = await as(admin).call(adminSettingsEndpoints.set, {
      body: {
        key: 'otp_hourly_ceiling',
        value: '5',
      },
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json<ApiError>().message).toMatch(/[\u0600-\u06FF]/);
    const bad = await as(root).call(adminSettingsEndpoints.set, {
      body: { key: 'otp_daily_ceiling', value: '0' },
    });
    expect(bad.statusCode).toBe(400);
    const good = await as(root).call(adminSettingsEndpoints.set, {
      body: {
        key: 'otp_daily_ceiling',
        value: '5000',
      },
    });
    expect(good.statusCode).toBe(200);
  });

  it('stops codes from every phone and address at the hourly ceiling, and tells the admins once', async () => {
    const root = await aSuperAdmin(t);
    const link = await aLinkBroker();
    await as(root).call(adminSettingsEndpoints.set, {
      body: { key: 'otp_hourly_ceiling', value: '3' },
    });
    await freshCounters();
    const alertsBefore = (await ceilingAlerts()).length;
    for (let i = 0; i < 3; i++) {
      const sent = await stranger().call(
        authEndpoints.sendOtp,
        { body: { phone: nextPhone() } },
        { remoteAddress: `203.0.113.${i + 1}` },
      );
      expect(sent.statusCode).toBe(200);
    }
    for (let i = 0; i < 3; i++) {
      const refused = await stranger().call(
        authEndpoints.sendOtp,
        { body: { phone: nextPhone() } },
        { remoteAddress: `203.0.113.${i + 10}` },
      );
      expect(refused.statusCode).toBe(429);
      expect(refused.json<ApiError>().code).toBe('OTP_CEILING_REACHED');
      expect(refused.json<ApiError>().message).toMatch(/[\u0600-\u06FF]/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(t.sms.sent).toHaveLength(3);
    const alerts = (await ceilingAlerts()).slice(alertsBefore);
    const admins = await t.database.db
      .select({ id: brokers.id })
      .from(brokers)
      .where(eq(brokers.isAdmin, true));
    // Once per admin, not once per refused code.
    expect(alerts).toHaveLength(admins.length);
    expect(alerts[0]).toContain('لهذه الساعة');

    // The links' codes count against the same ceiling.
    expect((await linkCode(link, nextPhone())).statusCode).toBe(429);
  });

  it('stops at the daily ceiling too', async () => {
    const root = await aSuperAdmin(t);
    await as(root).call(adminSettingsEndpoints.set, {
      body: { key: 'otp_daily_ceiling', value: '2' },
    });
    await freshCounters();
    expect((await signInCode(nextPhone())).statusCode).toBe(200);
    expect((await signInCode(nextPhone())).statusCode).toBe(200);
    const refused = await signInCode(nextPhone());
    expect(refused.json<ApiError>().code).toBe('OTP_CEILING_REACHED');
    expect((await ceilingAlerts()).some((m) => m.includes('حدها اليومي'))).toBe(true);
  });

  it("a code refused by one ceiling spends none of the others: a flooded link leaves the platform's budget", async () => {
    const root = await aSuperAdmin(t);
    const link = await aLinkBroker();
    await as(root).call(adminSettingsEndpoints.set, {
      body: { key: 'link_otp_daily_ceiling', value: '1' },
    });
    await as(root).call(adminSettingsEndpoints.set, {
      body: { key: 'otp_hourly_ceiling', value: '3' },
    });
    await freshCounters();
    expect((await linkCode(link, nextPhone())).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      const refused = await stranger().call(
        referralLinkEndpoints.sendCode,
        { params: { code: link }, body: { phone: nextPhone() } },
        { remoteAddress: `192.0.2.${i + 1}` },
      );
      expect(refused.json<ApiError>().code).toBe('OTP_CEILING_REACHED');
    }
    // One code of the hour's three is spent: two more go out.
    expect((await signInCode(nextPhone())).statusCode).toBe(200);
    expect((await signInCode(nextPhone())).statusCode).toBe(200);
    expect((await signInCode(nextPhone())).json<ApiError>().code).toBe('OTP_CEILING_REACHED');
  });

  it('holds one link to its daily ceiling from every address, leaving other links alone', async () => {
    const root = await aSuperAdmin(t);
    await as(root).call(adminSettingsEndpoints.set, {
      body: { key: 'link_otp_daily_ceiling', value: '2' },
    });
    const busy = await aLinkBroker();
    const quiet = await aLinkBroker();
    await freshCounters();
    for (let i = 0; i < 2; i++) {
      const sent = await stranger().call(
        referralLinkEndpoints.sendCode,
        { params: { code: busy }, body: { phone: nextPhone() } },
        { remoteAddress: `198.51.100.${i + 1}` },
      );
      expect(sent.statusCode).toBe(200);
    }
    const refused = await stranger().call(
      referralLinkEndpoints.sendCode,
      { params: { code: busy }, body: { phone: nextPhone() } },
      { remoteAddress: '198.51.100.99' },
    );
    expect(refused.json<ApiError>().code).toBe('OTP_CEILING_REACHED');
    expect((await linkCode(quiet, nextPhone())).statusCode).toBe(200);
    // Sign-in codes are not the link's.
    expect((await signInCode(nextPhone())).statusCode).toBe(200);
    expect((await ceilingAlerts()).some((m) => m.includes('رابط الإحالة'))).toBe(true);
  });
});
