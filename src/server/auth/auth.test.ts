import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { authEndpoints } from '#contract/auth';
import { brokerEndpoints } from '#contract/brokers';
import { type Caller, client, cookieFrom } from '../test-support/client.js';
import { present, unchecked } from '../test-support/endpoints.js';
import type { ApiError, CodeRequired } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { createTestApp, nextPhone, sessionCookieFrom } from '../test-support/test-app.js';

// One database for the file; each test works on its own phone number.
let phone: string;
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeEach(() => {
  phone = nextPhone();
  t.sms.sent.length = 0;
});

const as = (caller: Caller) => client(t).as(caller);

async function sendCode(phone: string, purpose: 'sign_in' | 'reset' = 'sign_in'): Promise<string> {
  const response = await as(null).call(authEndpoints.sendOtp, {
    body: {
      phone,
      purpose,
    },
  });
  expect(response.statusCode).toBe(200);
  const code = response.json().otpCode;
  expect(code).toMatch(/^\d{4}$/);
  return present(code);
}

/** Signs a new phone up; answers the session it opened. */
async function signUp(phone: string, password = 'secret123'): Promise<Caller> {
  const code = await sendCode(phone);
  const response = await as(null).call(authEndpoints.verifyOtp, {
    body: { phone, otp: code, password },
  });
  expect(response.statusCode).toBe(200);
  return { cookie: sessionCookieFrom(response) };
}

const wrongCode = (code: string) => (code === '0000' ? '1111' : '0000');

describe('sign-up with a one-time code', () => {
  it('a new phone needs a code, then has an account with a password', async () => {
    const check = await as(null).call(authEndpoints.checkPhone, {
      body: { phone: `+966 ${phone.slice(1)}` },
    });
    expect(check.json()).toEqual({ requiresOtp: true });

    const session = await signUp(phone);
    const profile = await as(session).call(brokerEndpoints.profile);
    expect(profile.statusCode).toBe(200);
    const body = profile.json();
    expect(body.phone).toBe(phone);
    expect(body.isActive).toBe(false);
    expect(body.brokerCode).toMatch(/^SH-[2-9A-HJKMNP-Z]{6}$/);
    expect(body).not.toHaveProperty('passwordHash');

    expect((await as(null).call(authEndpoints.checkPhone, { body: { phone } })).json()).toEqual({
      requiresOtp: false,
    });
  });

  it('sends the code by SMS and answers in Arabic', async () => {
    const arabicDigits = phone.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] ?? d);
    const response = await as(null).call(authEndpoints.sendOtp, { body: { phone: arabicDigits } });
    expect(response.json().message).toBe('تم إرسال رمز التحقق');
    expect(t.sms.sent).toHaveLength(1);
    expect(t.sms.sent[0]?.to).toBe(phone);
    expect(t.sms.sent[0]?.body).toContain(response.json().otpCode);
    expect(t.sms.sent[0]?.purpose).toBe('otp');
  });

  it('a code works once', async () => {
    const code = await sendCode(phone);
    expect(
      (
        await as(null).call(authEndpoints.verifyOtp, {
          body: { phone, otp: code, password: 'secret123' },
        })
      ).statusCode,
    ).toBe(200);
    const again = await as(null).call(authEndpoints.verifyOtp, {
      body: {
        phone,
        otp: code,
        password: 'other123',
      },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json<ApiError>().message).toBe('رمز التحقق غير صحيح');
  });

  it('a newer code replaces the older one', async () => {
    const first = await sendCode(phone);
    const second = await sendCode(phone);
    if (first !== second) {
      const stale = await as(null).call(authEndpoints.verifyOtpOnly, {
        body: { phone, otp: first },
      });
      expect(stale.statusCode).toBe(400);
    }
    expect(
      (await as(null).call(authEndpoints.verifyOtpOnly, { body: { phone, otp: second } }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses the sixth try at a code, even the right one', async () => {
    const code = await sendCode(phone);
    for (let i = 0; i < 5; i++) {
      const response = await as(null).call(authEndpoints.verifyOtpOnly, {
        body: {
          phone,
          otp: wrongCode(code),
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().message).toBe('رمز التحقق غير صحيح');
    }
    const sixth = await as(null).call(authEndpoints.verifyOtpOnly, { body: { phone, otp: code } });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json<ApiError>().code).toBe('OTP_ATTEMPTS_EXCEEDED');
  });

  it('refuses an expired code', async () => {
    const code = await sendCode(phone);
    // Age the code past its five minutes.
    await t.database.db.execute(
      sql`update otp_codes set expires_at = now() - interval '1 second' where phone = ${phone}`,
    );
    const response = await as(null).call(authEndpoints.verifyOtpOnly, {
      body: { phone, otp: code },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().code).toBe('OTP_EXPIRED');
  });

  it('mobile flow: verify the code, then create the password', async () => {
    const code = await sendCode(phone);
    expect(
      (
        await as(null).call(authEndpoints.createPassword, {
          body: { phone, password: 'secret123' },
        })
      ).statusCode,
    ).toBe(403);
    const verified = await as(null).call(authEndpoints.verifyOtpOnly, {
      body: { phone, otp: code },
    });
    expect(verified.json()).toEqual({
      verified: true,
    });
    const bound = cookieFrom(verified, 'vrf');
    const created = await as(null).call(
      authEndpoints.createPassword,
      { body: { phone, password: 'secret123' } },
      { cookies: [bound] },
    );
    expect(created.statusCode).toBe(200);
    expect(created.json().user.phone).toBe(phone);
    // The verification is used up.
    expect(
      (
        await as(null).call(
          authEndpoints.createPassword,
          { body: { phone, password: 'other123' } },
          { cookies: [bound] },
        )
      ).statusCode,
    ).toBe(403);
  });

  it('register refuses a phone that already has an account', async () => {
    await signUp(phone);
    const code = await sendCode(phone);
    await as(null).call(authEndpoints.verifyOtpOnly, { body: { phone, otp: code } });
    const response = await as(null).call(authEndpoints.register, {
      body: { phone, password: 'secret123' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>().message).toBe('هذا الرقم مسجل مسبقاً، يرجى تسجيل الدخول');
  });
});

describe('login', () => {
  it('signs in with the password and out again', async () => {
    await signUp(phone);
    const login = await as(null).call(authEndpoints.login, {
      body: { phone, password: 'secret123' },
    });
    expect(login.statusCode).toBe(200);
    const session = { cookie: sessionCookieFrom(login) };
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');

    expect((await as(session).call(authEndpoints.logout)).statusCode).toBe(200);
    const after = await as(session).call(brokerEndpoints.profile);
    expect(after.statusCode).toBe(401);
    expect(after.json<ApiError>().message).toBe('يرجى تسجيل الدخول أولاً');
  });

  it('says when the password is wrong', async () => {
    await signUp(phone);
    const response = await as(null).call(authEndpoints.login, {
      body: { phone, password: 'wrong-password' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      message: 'كلمة المرور غير صحيحة',
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('answers requiresOtp for a phone without a verified account', async () => {
    const response = await as(null).call(authEndpoints.login, {
      body: { phone, password: 'whatever' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<CodeRequired>().requiresOtp).toBe(true);
  });

  it('limits attempts per phone with 429 and Retry-After', async () => {
    await signUp(phone);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await as(null).call(authEndpoints.login, { body: { phone, password: 'wrong-pass' } }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await as(null).call(authEndpoints.login, {
      body: { phone, password: 'secret123' },
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json<ApiError>().message).toBe('محاولات كثيرة، يرجى المحاولة لاحقاً');
  });

  it('limits codes sent to one phone', async () => {
    for (let i = 0; i < 5; i++) await sendCode(phone);
    const sixth = await as(null).call(authEndpoints.sendOtp, { body: { phone } });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBeDefined();
    expect(t.sms.sent).toHaveLength(5);
  });
});

describe('reset and change password', () => {
  it('resets with a fresh code and ends every other session', async () => {
    const oldSession = await signUp(phone);
    const code = await sendCode(phone, 'reset');
    expect(
      (
        await as(null).call(authEndpoints.resetPassword, {
          body: { phone, newPassword: 'newpass1' },
        })
      ).statusCode,
    ).toBe(403);
    const verified = await as(null).call(authEndpoints.verifyOtpTemp, {
      body: { phone, otp: code },
    });
    expect(verified.statusCode).toBe(200);
    expect(
      (
        await as(null).call(
          authEndpoints.resetPassword,
          { body: { phone, newPassword: 'newpass1' } },
          { cookies: [cookieFrom(verified, 'vrf')] },
        )
      ).statusCode,
    ).toBe(200);

    const stale = await as(oldSession).call(brokerEndpoints.profile);
    expect(stale.statusCode).toBe(401);
    expect(
      (await as(null).call(authEndpoints.login, { body: { phone, password: 'secret123' } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await as(null).call(authEndpoints.login, { body: { phone, password: 'newpass1' } }))
        .statusCode,
    ).toBe(200);
  });

  it('reset refuses a phone with no account', async () => {
    const code = await sendCode(phone, 'reset');
    const response = await as(null).call(authEndpoints.verifyOtpTemp, {
      body: { phone, otp: code },
    });
    expect(response.statusCode).toBe(404);
  });

  it('change-password checks the current one and ends the other sessions', async () => {
    const first = await signUp(phone);
    const second = {
      cookie: sessionCookieFrom(
        await as(null).call(authEndpoints.login, { body: { phone, password: 'secret123' } }),
      ),
    };

    const wrong = await as(second).call(authEndpoints.changePassword, {
      body: {
        currentPassword: 'nope',
        newPassword: 'newpass1',
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ApiError>().message).toBe('كلمة المرور الحالية غير صحيحة');

    const same = await as(second).call(authEndpoints.changePassword, {
      body: {
        currentPassword: 'secret123',
        newPassword: 'secret123',
      },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json<ApiError>().message).toBe('كلمة المرور الجديدة يجب أن تكون مختلفة عن الحالية');

    expect(
      (
        await as(second).call(authEndpoints.changePassword, {
          body: {
            currentPassword: 'secret123',
            newPassword: 'newpass1',
          },
        })
      ).statusCode,
    ).toBe(200);
    const profile = (session: Caller) => as(session).call(brokerEndpoints.profile);
    expect((await profile(second)).statusCode).toBe(200);
    expect((await profile(first)).statusCode).toBe(401);
  });

  it('change-password needs a session', async () => {
    const response = await as(null).call(authEndpoints.changePassword, {
      body: {
        currentPassword: 'a',
        newPassword: 'newpass1',
      },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('bad input', () => {
  it.each([
    ['missing phone', authEndpoints.checkPhone, {}],
    ['phone as a number', authEndpoints.checkPhone, { phone: 551234567 }],
    ['landline', authEndpoints.sendOtp, { phone: '0112345678' }],
    ['foreign number', authEndpoints.sendOtp, { phone: '+201001234567' }],
    ['3-digit code', authEndpoints.verifyOtpOnly, { phone: '0551234567', otp: '123' }],
    ['5-digit code', authEndpoints.verifyOtpOnly, { phone: '0551234567', otp: '12345' }],
    [
      'short password',
      authEndpoints.verifyOtp,
      { phone: '0551234567', otp: '1234', password: '123' },
    ],
    ['missing password', authEndpoints.login, { phone: '0551234567' }],
    ['huge password', authEndpoints.login, { phone: '0551234567', password: 'x'.repeat(500) }],
  ])('%s → 400 with an Arabic message', async (_name, endpoint, payload) => {
    const response = await as(null).call(endpoint, { body: unchecked(payload) });
    expect(response.statusCode).toBe(400);
    const body = response.json<ApiError>();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toMatch(/[\u0600-\u06FF]/);
    expect(JSON.stringify(body)).not.toContain('at ');
    expect(t.sms.sent).toHaveLength(0);
  });

  it('uses the spec wording for a bad phone', async () => {
    const response = await as(null).call(authEndpoints.checkPhone, { body: { phone: '12345' } });
    expect(response.json<ApiError>().message).toBe('يرجى إدخال رقم جوال سعودي صحيح');
  });

  it('refuses a non-JSON body', async () => {
    // Raw: a form-encoded body, which no endpoint's JSON type can say.
    const response = await as(null).post('/api/auth/login', 'phone=0551234567&password=x', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json<ApiError>().message).toMatch(/[\u0600-\u06FF]/);
  });

  it('refuses malformed JSON', async () => {
    // Raw: a body that is not JSON at all.
    const response = await as(null).post('/api/auth/login', '{"phone":', {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().code).toBe('INVALID_BODY');
  });

  it('refuses an oversized body with 413', async () => {
    const response = await as(null).call(authEndpoints.login, {
      body: {
        phone,
        password: 'x'.repeat(100_000),
      },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<ApiError>().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a state change from another origin', async () => {
    const response = await as(null).call(
      authEndpoints.checkPhone,
      { body: { phone } },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('production', () => {
  it('never puts the code in a response', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://example.sa',
      LOG_LEVEL: 'silent',
    });
    try {
      const response = await client(prod).as(null).call(authEndpoints.sendOtp, { body: { phone } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'تم إرسال رمز التحقق' });
    } finally {
      await prod.close();
    }
  });
});
