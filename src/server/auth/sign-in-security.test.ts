import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { authEndpoints } from '#contract/auth';
import { brokerEndpoints } from '#contract/brokers';
import { devEndpoints } from '#contract/dev';
import { ensureBootstrapSuperAdmin } from '../db/bootstrap.js';
import { auditLog, authFailures, otpVerifications, sessions } from '../db/schema.js';
import { type Caller, client, cookieFrom, type RequestOptions } from '../test-support/client.js';
import { callOf, present } from '../test-support/endpoints.js';
import { aBroker, anAdmin, aSuperAdmin } from '../test-support/factories.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import {
  createTestApp,
  nextPhone,
  sessionCookieFrom,
  type TestApp,
} from '../test-support/test-app.js';

// The sign-in threats of decision record 009, each shown impossible.
let phone: string;
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeEach(() => {
  phone = nextPhone();
  t.sms.sent.length = 0;
});

let addressCounter = 0;
/** A different client address per call, as an attacker rotating machines would have. */
const freshAddress = () => {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

const as = (caller: Caller) => client(t).as(caller);

const sendCode = async (
  target: string,
  options: RequestOptions = {},
  purpose: 'sign_in' | 'reset' = 'sign_in',
): Promise<string> => {
  const response = await as(null).call(
    authEndpoints.sendOtp,
    { body: { phone: target, purpose } },
    options,
  );
  expect(response.statusCode).toBe(200);
  return present(response.json().otpCode);
};
const wrongCode = (code: string) => (code === '0000' ? '1111' : '0000');

/** A code sent to `target`, then the code with a password: the verification's response. */
async function verifiedSignUp(target: string, password = 'secret123') {
  const code = await sendCode(target);
  return as(null).call(authEndpoints.verifyOtp, {
    body: {
      phone: target,
      otp: code,
      password,
    },
  });
}

async function signUp(target: string, password = 'secret123') {
  const response = await verifiedSignUp(target, password);
  expect(response.statusCode).toBe(200);
  return sessionCookieFrom(response);
}

/** Ten wrong codes from ten addresses, over as many codes as the five-tries rule needs. */
async function spendCodeBudget(target: string) {
  for (let i = 0; i < 10; i++) {
    const from = { remoteAddress: freshAddress() };
    const code = i % 5 === 0 ? await sendCode(target, from) : null;
    const guess = wrongCode(code ?? '0000');
    const endpoint = i % 2 === 0 ? authEndpoints.verifyOtpTemp : authEndpoints.verifyOtpOnly;
    const response = await as(null).call(endpoint, { body: { phone: target, otp: guess } }, from);
    expect(response.statusCode).toBe(400);
  }
}

describe('code guessing is bounded per phone, over any 24 hours', () => {
  it('after ten wrong codes from any addresses, code sign-in and recovery answer 429 for the rest of the day; the password still works', async () => {
    await signUp(phone);
    t.sms.sent.length = 0;
    await t.database.db.execute(sql`delete from rate_limits`);
    await spendCodeBudget(phone);
    // The per-15-minute counters are forgotten, as after a quarter of an hour: the budget is not.
    await t.database.db.execute(sql`delete from rate_limits`);

    for (const call of [
      callOf(authEndpoints.sendOtp, { body: { phone } }),
      callOf(authEndpoints.verifyOtp, { body: { phone, otp: '1234', password: 'attacker1' } }),
      callOf(authEndpoints.verifyOtpOnly, { body: { phone, otp: '1234' } }),
      callOf(authEndpoints.verifyOtpTemp, { body: { phone, otp: '1234' } }),
    ]) {
      const refused = await as(null).send(call, { remoteAddress: freshAddress() });
      expect(refused.statusCode, call.endpoint.path).toBe(429);
      expect(refused.json<ApiError>().code).toBe('OTP_BUDGET_EXHAUSTED');
      expect(refused.json<ApiError>().message).toMatch(/[\u0600-\u06FF]/);
      // The rest of the 24 hours, give or take the seconds the test took.
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(24 * 3600);
    }

    // The owner heard of it once, with no code in the message (the notice goes by the outbox).
    await t.app.outbox.drain();
    const notices = t.sms.sent.filter((m) => m.purpose === 'security_notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.to).toBe(phone);
    expect(notices[0]?.body).toContain('٢٤ ساعة');

    const login = await as(null).call(
      authEndpoints.login,
      { body: { phone, password: 'secret123' } },
      { remoteAddress: freshAddress() },
    );
    expect(login.statusCode).toBe(200);

    // A day later the phone has its budget back.
    await t.database.db
      .update(authFailures)
      .set({ createdAt: sql`now() - interval '24 hours 1 minute'` })
      .where(eq(authFailures.phone, phone));
    const code = await sendCode(phone, { remoteAddress: freshAddress() });
    expect(
      (await as(null).call(authEndpoints.verifyOtpOnly, { body: { phone, otp: code } })).statusCode,
    ).toBe(200);
  });

  it('a right code does not count against the budget, and a used code is not a guess', async () => {
    for (let i = 0; i < 12; i++) {
      const code = await sendCode(phone, { remoteAddress: freshAddress() });
      const ok = await as(null).call(authEndpoints.verifyOtpOnly, { body: { phone, otp: code } });
      expect(ok.statusCode).toBe(200);
      expect(
        (await as(null).call(authEndpoints.verifyOtpOnly, { body: { phone, otp: code } }))
          .statusCode,
      ).toBe(400);
      await t.database.db.execute(sql`delete from rate_limits`);
    }
    const failures = await t.database.db
      .select()
      .from(authFailures)
      .where(eq(authFailures.phone, phone));
    expect(failures).toHaveLength(0);
  });

  it('parallel guesses from many addresses never get past the budget', async () => {
    await signUp(phone);
    // Nine wrong codes already; then twenty guesses at once against two fresh codes' worth.
    for (let i = 0; i < 9; i++) {
      if (i % 5 === 0) await sendCode(phone, { remoteAddress: freshAddress() });
      await as(null).call(
        authEndpoints.verifyOtpOnly,
        { body: { phone, otp: '0000' } },
        { remoteAddress: freshAddress() },
      );
    }
    await t.database.db.execute(sql`delete from rate_limits`);
    await sendCode(phone, { remoteAddress: freshAddress() });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        as(null).call(
          authEndpoints.verifyOtpOnly,
          { body: { phone, otp: String(i).padStart(4, '0') } },
          { remoteAddress: freshAddress() },
        ),
      ),
    );
    const [counted] = await t.database.db
      .select({ value: sql<number>`count(*)::int` })
      .from(authFailures)
      .where(and(eq(authFailures.phone, phone), eq(authFailures.kind, 'otp')));
    expect(counted?.value).toBeLessThanOrEqual(10);
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
  });

  it('every password change by code tells the owner by SMS', async () => {
    // This owner's notices only: the recorded SMS are the whole file's, and draining the outbox
    // also delivers what an earlier test left queued.
    const noticesToOwner = () =>
      t.sms.sent.filter((m) => m.purpose === 'security_notice' && m.to === phone);
    await signUp(phone);
    await t.app.outbox.drain();
    expect(noticesToOwner()).toHaveLength(0);

    // Code sign-in on an existing account sets a new password.
    await verifiedSignUp(phone, 'second-pass');
    // Recovery.
    const code2 = await sendCode(phone, {}, 'reset');
    const verified = await as(null).call(authEndpoints.verifyOtpTemp, {
      body: { phone, otp: code2 },
    });
    const reset = await as(null).call(
      authEndpoints.resetPassword,
      { body: { phone, newPassword: 'third-pass' } },
      { cookies: [cookieFrom(verified, 'vrf')] },
    );
    expect(reset.statusCode).toBe(200);

    await t.app.outbox.drain();
    const notices = noticesToOwner();
    expect(notices).toHaveLength(2);
    for (const notice of notices) {
      expect(notice.to).toBe(phone);
      expect(notice.body.startsWith('تم تغيير كلمة المرور')).toBe(true);
    }
  });
});

describe('race-to-reset is impossible, the verification is bound to its client', () => {
  it('another client naming the same phone cannot use the owner’s verification', async () => {
    await signUp(phone);
    const code = await sendCode(phone, {}, 'reset');
    const owner = await as(null).call(authEndpoints.verifyOtpTemp, { body: { phone, otp: code } });
    expect(owner.statusCode).toBe(200);
    const ownerCookie = cookieFrom(owner, 'vrf') as string;
    const setCookie = String(owner.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Max-Age=600');
    // Only the token's hash is stored.
    const [stored] = await t.database.db
      .select()
      .from(otpVerifications)
      .where(eq(otpVerifications.phone, phone));
    expect(stored?.id).not.toBe(ownerCookie.slice('vrf='.length));
    expect(ownerCookie.slice('vrf='.length).length).toBeGreaterThanOrEqual(22); // 128 bits

    for (const cookie of [undefined, 'vrf=forged-token-value-123456', 'vrf=']) {
      for (const call of [
        callOf(authEndpoints.resetPassword, { body: { phone, newPassword: 'attacker1' } }),
        callOf(authEndpoints.createPassword, { body: { phone, password: 'attacker1' } }),
        callOf(authEndpoints.register, { body: { phone: nextPhone(), password: 'attacker1' } }),
      ]) {
        const attempt = await as(null).send(call, {
          remoteAddress: freshAddress(),
          cookies: [cookie],
        });
        expect(attempt.statusCode, `${call.endpoint.path} ${cookie}`).toBe(403);
        expect(attempt.json<ApiError>().message).toBe('يرجى التحقق من رقم الجوال برمز التحقق أولاً');
      }
    }
    // A reset verification does not create accounts, and it works once, for its owner.
    expect(
      (
        await as(null).call(
          authEndpoints.createPassword,
          { body: { phone, password: 'x-pass1' } },
          { cookies: [ownerCookie] },
        )
      ).statusCode,
    ).toBe(403);
    const reset = await as(null).call(
      authEndpoints.resetPassword,
      { body: { phone, newPassword: 'owner-new1' } },
      { cookies: [ownerCookie] },
    );
    expect(reset.statusCode).toBe(200);
    expect(
      (
        await as(null).call(
          authEndpoints.resetPassword,
          { body: { phone, newPassword: 'again-12' } },
          { cookies: [ownerCookie] },
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await as(null).call(authEndpoints.login, { body: { phone, password: 'owner-new1' } }))
        .statusCode,
    ).toBe(200);
  });

  it('a verification for one phone cannot set another phone’s password', async () => {
    const victim = nextPhone();
    await signUp(victim);
    const code = await sendCode(phone);
    const mine = await as(null).call(authEndpoints.verifyOtpOnly, { body: { phone, otp: code } });
    const response = await as(null).call(
      authEndpoints.createPassword,
      { body: { phone: victim, password: 'attacker1' } },
      { cookies: [cookieFrom(mine, 'vrf')] },
    );
    expect(response.statusCode).toBe(403);
  });

  it('an expired verification is refused', async () => {
    const code = await sendCode(phone);
    const verified = await as(null).call(authEndpoints.verifyOtpOnly, {
      body: { phone, otp: code },
    });
    await t.database.db
      .update(otpVerifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(otpVerifications.phone, phone));
    const response = await as(null).call(
      authEndpoints.createPassword,
      { body: { phone, password: 'secret123' } },
      { cookies: [cookieFrom(verified, 'vrf')] },
    );
    expect(response.statusCode).toBe(403);
  });

  it('reset-password, create-password and register are rate limited per phone', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await as(null).call(
            authEndpoints.resetPassword,
            { body: { phone, newPassword: 'whatever1' } },
            { remoteAddress: freshAddress() },
          )
        ).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    const limited = await as(null).call(
      authEndpoints.register,
      { body: { phone, password: 'whatever1' } },
      { remoteAddress: freshAddress() },
    );
    expect(limited.statusCode).toBe(429);
  });
});

describe('per-address limits on the password-setting calls', () => {
  it('one address cannot hammer create-password across phones', async () => {
    const strict = await createTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await client(strict)
          .as(null)
          .call(authEndpoints.createPassword, {
            body: { phone: nextPhone(), password: 'whatever1' },
          });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([403, 403, 403, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe('spoofed addresses', () => {
  const activationRequestIp = async (app: TestApp, headers: Record<string, string>) => {
    const broker = await aBroker(app, { active: false });
    const response = await client(app)
      .as(broker)
      .call(brokerEndpoints.requestActivation, {}, { headers });
    expect(response.statusCode).toBe(200);
    const [row] = await app.database.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, broker.id), eq(auditLog.action, 'broker.request_activation')),
      );
    return row?.ip;
  };

  it('without TRUST_PROXY, X-Forwarded-For changes neither request.ip nor the audit log', async () => {
    expect(await activationRequestIp(t, { 'x-forwarded-for': '203.0.113.9' })).toBe('127.0.0.1');
  });

  it('rotating X-Forwarded-For does not escape the per-address limit', async () => {
    const strict = await createTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const response = await client(strict)
          .as(null)
          .call(
            authEndpoints.sendOtp,
            { body: { phone: nextPhone() } },
            { headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } },
          );
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expect(strict.sms.sent).toHaveLength(5);
    } finally {
      await strict.close();
    }
  });

  // One app each: a slow machine running the suite in parallel must not time out on three.
  it.each(['127.0.0.1', '127.0.0.0/8', '1'])(
    'with TRUST_PROXY=%s naming the proxy, its forwarded address is believed',
    async (trust) => {
      const behindProxy = await createTestApp({
        AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
        TRUST_PROXY: trust,
      });
      try {
        expect(
          await activationRequestIp(behindProxy, { 'x-forwarded-for': '198.18.0.1, 203.0.113.9' }),
        ).toBe('203.0.113.9');
      } finally {
        await behindProxy.close();
      }
    },
  );

  it('a proxy not named is not believed', async () => {
    const other = await createTestApp({
      AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
      TRUST_PROXY: '10.0.0.0/8',
    });
    try {
      expect(await activationRequestIp(other, { 'x-forwarded-for': '203.0.113.9' })).toBe(
        '127.0.0.1',
      );
    } finally {
      await other.close();
    }
  });

  it('per-address limits count an IPv6 /64 as one address', async () => {
    const strict = await createTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 5; i++) {
        const response = await client(strict)
          .as(null)
          .call(
            authEndpoints.checkPhone,
            { body: { phone: nextPhone() } },
            { remoteAddress: `2001:db8:aa:bb::${i.toString(16)}` },
          );
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const elsewhere = await client(strict)
        .as(null)
        .call(
          authEndpoints.checkPhone,
          { body: { phone: nextPhone() } },
          { remoteAddress: '2001:db8:aa:cc::1' },
        );
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('fail-closed defaults', () => {
  it('a production server never hands out a code nor the development inbox', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://example.sa',
    });
    try {
      const sent = await client(prod).as(null).call(authEndpoints.sendOtp, { body: { phone } });
      expect(sent.json()).toEqual({ message: 'تم إرسال رمز التحقق' });
      const admin = await client(prod).as(null).call(devEndpoints.inbox, { query: { phone } });
      expect(admin.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

/** A production app with its bootstrap super-admin, whose password is `root-password`. */
async function productionWithSuperAdmin(superAdminPhone: string): Promise<TestApp> {
  const app = await createTestApp({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://example.sa',
    BOOTSTRAP_SUPERADMIN_PHONE: superAdminPhone,
    BOOTSTRAP_SUPERADMIN_PASSWORD: 'root-password',
  });
  await ensureBootstrapSuperAdmin(app.database.db, {
    phone: superAdminPhone,
    password: 'root-password',
  });
  return app;
}

describe('sessions end on time', () => {
  const profile = (caller: Caller) => as(caller).call(brokerEndpoints.profile);
  const sessionOf = async (brokerId: string) => {
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.brokerId, brokerId));
    if (!row) throw new Error('no session');
    return row;
  };

  it('a broker’s session ends after 7 days without use, and after 30 days in all', async () => {
    const broker = await aBroker(t);
    const session = await sessionOf(broker.id);
    expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBeGreaterThan(
      29 * 86_400_000,
    );
    // Six idle days: still good, and the use is recorded.
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '6 days'` })
      .where(eq(sessions.id, session.id));
    expect((await profile(broker)).statusCode).toBe(200);
    expect(Date.now() - (await sessionOf(broker.id)).lastSeenAt.getTime()).toBeLessThan(60_000);
    // Eight idle days: over.
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '8 days'` })
      .where(eq(sessions.id, session.id));
    expect((await profile(broker)).statusCode).toBe(401);

    const again = await aBroker(t);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.brokerId, again.id));
    expect((await profile(again)).statusCode).toBe(401);
  });

  it('use is recorded at most once an hour, so a read stays a read', async () => {
    const broker = await aBroker(t);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '30 minutes'` })
      .where(eq(sessions.brokerId, broker.id));
    const before = (await sessionOf(broker.id)).lastSeenAt.getTime();
    expect((await profile(broker)).statusCode).toBe(200);
    expect((await sessionOf(broker.id)).lastSeenAt.getTime()).toBe(before);
  });

  it('an admin’s or super-admin’s session ends 12 hours after sign-in, used or not', async () => {
    for (const staffMember of [anAdmin, aSuperAdmin]) {
      const staff = await staffMember(t);
      await t.database.db
        .update(sessions)
        .set({ createdAt: sql`now() - interval '11 hours'`, lastSeenAt: sql`now()` })
        .where(eq(sessions.brokerId, staff.id));
      expect((await profile(staff)).statusCode).toBe(200);
      await t.database.db
        .update(sessions)
        .set({ createdAt: sql`now() - interval '12 hours 1 minute'`, lastSeenAt: sql`now()` })
        .where(eq(sessions.brokerId, staff.id));
      expect((await profile(staff)).statusCode).toBe(401);
    }
    // Signed in as staff, the cookie itself says 12 hours.
    const admin = await anAdmin(t);
    const login = await as(null).call(authEndpoints.login, {
      body: {
        phone: admin.phone,
        password: 'secret123',
      },
    });
    expect(String(login.headers['set-cookie'])).toContain(`Max-Age=${12 * 3600}`);
  });

  it('in production the session cookie is __Host- prefixed and Secure', async () => {
    const root = await productionWithSuperAdmin('0500000077');
    try {
      const signedIn = await client(root)
        .as(null)
        .call(authEndpoints.login, { body: { phone: '0500000077', password: 'root-password' } });
      expect(signedIn.statusCode).toBe(200);
      const setCookie = String(signedIn.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Host-sid=/);
      expect(setCookie).toContain('Secure');
      expect(setCookie).toContain('Path=/');
      const me = await client(root)
        .as(null)
        .call(brokerEndpoints.profile, {}, { cookies: [cookieFrom(signedIn, '__Host-sid')] });
      expect(me.statusCode).toBe(200);
      // The plain name means nothing there.
      const plain = await client(root)
        .as(null)
        .call(brokerEndpoints.profile, {}, { cookies: [`sid=${signedIn.cookies[0]?.value}`] });
      expect(plain.statusCode).toBe(401);
    } finally {
      await root.close();
    }
  });
});

describe('wrong passwords slow a stranger but never lock the owner out', () => {
  it('spraying one account from many addresses stays bounded, and the owner still signs in', async () => {
    await signUp(phone);
    const answers = [];
    for (let i = 0; i < 25; i++) {
      answers.push(
        (
          await as(null).call(
            authEndpoints.login,
            { body: { phone, password: `guess-${i}` } },
            { remoteAddress: freshAddress() },
          )
        ).statusCode,
      );
    }
    // Ten free failures, then each try must wait for the previous one: the rest are refused.
    expect(answers.filter((s) => s === 401).length).toBeLessThanOrEqual(11);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(14);

    // The owner, from their own address, is at most asked to wait a moment.
    const owner = freshAddress();
    const first = await as(null).call(
      authEndpoints.login,
      { body: { phone, password: 'secret123' } },
      { remoteAddress: owner },
    );
    if (first.statusCode === 429) {
      const wait = Number(first.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(300);
      // Let that wait pass.
      await t.database.db
        .update(authFailures)
        .set({ createdAt: sql`created_at - make_interval(secs => ${wait + 1})` })
        .where(eq(authFailures.phone, phone));
      const second = await as(null).call(
        authEndpoints.login,
        { body: { phone, password: 'secret123' } },
        { remoteAddress: owner },
      );
      expect(second.statusCode).toBe(200);
    } else {
      expect(first.statusCode).toBe(200);
    }
  });

  it('the delay grows with the failures and stops at five minutes', async () => {
    await signUp(phone);
    // Twenty failures over the last hours, the latest one just now.
    await t.database.db
      .insert(authFailures)
      .values(Array.from({ length: 20 }, () => ({ phone, kind: 'password' })));
    const refused = await as(null).call(
      authEndpoints.login,
      { body: { phone, password: 'secret123' } },
      { remoteAddress: freshAddress() },
    );
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(250);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(300);
  });

  it('check-phone is rate limited per address', async () => {
    const strict = await createTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (
            await client(strict)
              .as(null)
              .call(authEndpoints.checkPhone, { body: { phone: nextPhone() } })
          ).statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe('a stranger failing on purpose cannot keep the owner out', () => {
  it('the browser the owner signed in with is not held by the per-phone delay', async () => {
    // Signing up (or in) remembers the browser in a long-lived HttpOnly cookie.
    const signedUp = await verifiedSignUp(phone);
    const device = cookieFrom(signedUp, 'did');
    expect(device).toBeDefined();
    expect(String(signedUp.headers['set-cookie'])).toMatch(/did=[^;]+;[^,]*HttpOnly/);

    // The attacker fails from many addresses, and again just now, keeping the delay at its top.
    await t.database.db
      .insert(authFailures)
      .values(Array.from({ length: 30 }, () => ({ phone, kind: 'password' })));
    const stranger = await as(null).call(
      authEndpoints.login,
      { body: { phone, password: 'secret123' } },
      { remoteAddress: freshAddress() },
    );
    expect(stranger.statusCode).toBe(429);
    const forged = await as(null).call(
      authEndpoints.login,
      { body: { phone, password: 'secret123' } },
      { remoteAddress: freshAddress(), cookies: ['did=forged-device-token-1234'] },
    );
    expect(forged.statusCode).toBe(429);

    const owner = await as(null).call(
      authEndpoints.login,
      { body: { phone, password: 'secret123' } },
      { remoteAddress: freshAddress(), cookies: [device] },
    );
    expect(owner.statusCode).toBe(200);
    // A known browser is not given a second device cookie.
    expect(cookieFrom(owner, 'did')).toBeUndefined();

    // Another account's device cookie does not count for this one.
    const other = nextPhone();
    const otherSignUp = await verifiedSignUp(other);
    const borrowed = await as(null).call(
      authEndpoints.login,
      { body: { phone, password: 'secret123' } },
      { remoteAddress: freshAddress(), cookies: [cookieFrom(otherSignUp, 'did')] },
    );
    expect(borrowed.statusCode).toBe(429);
  });

  it('a known browser with a wrong password still meets the hard limit per phone and address', async () => {
    const signedUp = await verifiedSignUp(phone);
    const device = cookieFrom(signedUp, 'did');
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await as(null).call(
            authEndpoints.login,
            { body: { phone, password: 'wrong-pass' } },
            { remoteAddress: address, cookies: [device] },
          )
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('only wrong passwords count toward the wrong-password limit', () => {
  it('the owner signs in again and again from one address; wrong ones before a right one still count', async () => {
    await signUp(phone);
    const address = freshAddress();
    const login = (password: string) =>
      as(null).call(authEndpoints.login, { body: { phone, password } }, { remoteAddress: address });
    const rights: number[] = [];
    for (let i = 0; i < 12; i++) rights.push((await login('secret123')).statusCode);
    expect(rights).toEqual(Array.from({ length: 12 }, () => 200));

    // Nine wrong, a right one (given back), one more wrong: ten wrong in the window, so the
    // next try is refused whatever its password.
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await login('wrong-pass')).statusCode);
    statuses.push((await login('secret123')).statusCode);
    statuses.push((await login('wrong-pass')).statusCode);
    expect(statuses).toEqual([...Array.from({ length: 9 }, () => 401), 200, 401]);
    expect((await login('secret123')).statusCode).toBe(429);
  });
});

describe('a development server serves its own machine only', () => {
  it('refuses relayed requests and other host names, so a proxy in front cannot expose codes', async () => {
    const dev = await createTestApp({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });
    try {
      const ask = (headers: Record<string, string>) =>
        client(dev).as(null).call(authEndpoints.sendOtp, { body: { phone } }, { headers });
      const relayed: Record<string, string>[] = [
        { 'x-forwarded-for': '203.0.113.7' },
        { forwarded: 'for=203.0.113.7' },
        { 'x-real-ip': '203.0.113.7' },
        { host: 'shareek.example.sa' },
        { host: 'rebind.attacker.example:3000' },
      ];
      for (const headers of relayed) {
        const refused = await ask(headers);
        expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
        expect(refused.json<ApiError>().code).toBe('DEVELOPMENT_LOCAL_ONLY');
        expect(refused.json()).not.toHaveProperty('otpCode');
      }
      expect(dev.sms.sent).toHaveLength(0);
      for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
        const local = await ask({ host });
        expect(local.statusCode, host).toBe(200);
        expect(local.json().otpCode).toMatch(/^\d{4}$/);
      }
    } finally {
      await dev.close();
    }
  });

  it('production is not held to it: behind its proxies it answers, without codes', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://example.sa',
      TRUST_PROXY: '127.0.0.1',
    });
    try {
      const sent = await client(prod)
        .as(null)
        .call(
          authEndpoints.sendOtp,
          { body: { phone } },
          { headers: { 'x-forwarded-for': '203.0.113.7', host: 'shareek.example.sa' } },
        );
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ message: 'تم إرسال رمز التحقق' });
    } finally {
      await prod.close();
    }
  });
});

describe('in production the verification cookie is __Host- prefixed', () => {
  it('binds the verification with a Secure __Host-vrf cookie, which reset-password needs', async () => {
    const prod = await productionWithSuperAdmin('0500000078');
    try {
      const stranger = client(prod).as(null);
      expect(
        (
          await stranger.call(authEndpoints.sendOtp, {
            body: { phone: '0500000078', purpose: 'reset' },
          })
        ).statusCode,
      ).toBe(200);
      // Production answers no code: it is read from the SMS, as the owner would.
      const code = /(\d{4})/.exec(prod.sms.sent.at(-1)?.body ?? '')?.[1] ?? '';
      const verified = await stranger.call(authEndpoints.verifyOtpTemp, {
        body: { phone: '0500000078', otp: code },
      });
      expect(verified.statusCode).toBe(200);
      const setCookie = String(verified.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Host-vrf=/);
      expect(setCookie).toContain('Secure');
      expect(setCookie).toContain('Path=/');
      expect(setCookie).toContain('SameSite=Strict');
      const plain = await stranger.call(
        authEndpoints.resetPassword,
        { body: { phone: '0500000078', newPassword: 'new-root-pass' } },
        { cookies: [`vrf=${verified.cookies[0]?.value}`] },
      );
      expect(plain.statusCode).toBe(403);
      const reset = await stranger.call(
        authEndpoints.resetPassword,
        { body: { phone: '0500000078', newPassword: 'new-root-pass' } },
        { cookies: [cookieFrom(verified, '__Host-vrf')] },
      );
      expect(reset.statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});
