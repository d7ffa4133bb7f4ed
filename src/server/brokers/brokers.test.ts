import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpBroker, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
});
afterAll(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: object,
) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

describe('profile', () => {
  it('saves the profile, normalises the second phone, keeps the phone', async () => {
    const b = await signUpBroker(t, { fullName: null });
    const response = await call('PUT', '/api/broker/profile', b.cookie, {
      fullName: ' عبدالله الشمري ',
      officeName: 'مكتب الشمري للعقار',
      secondPhone: '+966 50 111 2222',
      bio: '',
      falLicense: '1100012345',
      email: 'abdullah@example.sa',
      city: 'riyadh',
      phone: '0559999999',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      phone: b.phone,
      fullName: 'عبدالله الشمري',
      secondPhone: '0501112222',
      bio: null,
      email: 'abdullah@example.sa',
      city: 'riyadh',
      profileComplete: true,
    });
    const read = await call('GET', '/api/broker/profile', b.cookie);
    expect(read.json().officeName).toBe('مكتب الشمري للعقار');
  });

  it('PATCH changes only what it is given', async () => {
    const b = await signUpBroker(t, { fullName: 'سعد' });
    const response = await call('PATCH', '/api/broker/profile', b.cookie, {
      bio: 'وسيط في شمال الرياض',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ fullName: 'سعد', bio: 'وسيط في شمال الرياض' });
  });

  it.each([
    [{ fullName: '' }, 'الاسم الكامل مطلوب'],
    [{ fullName: 'سعد', email: 'not-an-email' }, 'يرجى إدخال بريد إلكتروني صحيح'],
    [{ fullName: 'سعد', secondPhone: '0112345678' }, 'يرجى إدخال رقم جوال سعودي صحيح'],
    [{ fullName: 'سعد', bio: 'x'.repeat(10_000) }, 'النص أطول من المسموح'],
    [{ fullName: 123 }, 'الاسم الكامل مطلوب'],
  ])('refuses %o with its message and writes nothing', async (payload, message) => {
    const b = await signUpBroker(t, { fullName: 'قبل' });
    const response = await call('PUT', '/api/broker/profile', b.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await call('GET', '/api/broker/profile', b.cookie)).json().fullName).toBe('قبل');
  });

  it('needs a session', async () => {
    expect((await call('GET', '/api/broker/profile')).statusCode).toBe(401);
    expect(
      (await call('PUT', '/api/broker/profile', undefined, { fullName: 'x' })).statusCode,
    ).toBe(401);
  });
});

describe('activation request', () => {
  it('can be sent once', async () => {
    const b = await signUpBroker(t, { active: false });
    const first = await call('POST', '/api/broker/request-activation', b.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json().activationRequestedAt).not.toBeNull();
    const second = await call('POST', '/api/broker/request-activation', b.cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('تم إرسال طلب التفعيل مسبقاً، وسيتم مراجعته من قبل الإدارة');
  });

  it('is refused for an active account', async () => {
    const b = await signUpBroker(t, { active: true });
    const response = await call('POST', '/api/broker/request-activation', b.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('حسابك مفعل بالفعل');
  });
});

describe('account deletion', () => {
  it('removes the broker with their referrals and sessions', async () => {
    const b = await signUpBroker(t);
    const created = await call('POST', '/api/referrals', b.cookie, { tenantPhone: '0561234000' });
    expect(created.statusCode).toBe(201);
    const deleted = await call('DELETE', '/api/broker/account', b.cookie);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', '/api/broker/profile', b.cookie)).statusCode).toBe(401);
    const login = await call('POST', '/api/auth/login', undefined, {
      phone: b.phone,
      password: 'secret123',
    });
    expect(login.json().requiresOtp).toBe(true);
    // The tenant is free for another broker's referral now.
    const other = await signUpBroker(t);
    expect(
      (await call('POST', '/api/referrals', other.cookie, { tenantPhone: '0561234000' }))
        .statusCode,
    ).toBe(201);
  });
});
