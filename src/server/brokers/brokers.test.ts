import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  brokers,
  commissions,
  notifications,
  referrals,
  sessions,
  storedFiles,
  tenantForms,
  transferRequests,
} from '../db/schema.js';
import {
  createReferralWithToken,
  createTestApp,
  signUpBroker,
  type TestApp,
  uploadTenantPdf,
} from '../test-support/test-app.js';

let t: TestApp;
let dataDir: string;
let base: string;
beforeAll(async () => {
  // A folder of our own, so the test can see the uploaded documents' bytes come and go.
  dataDir = await mkdtemp(path.join(tmpdir(), 'brokers-test-'));
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000', DATA_DIR: dataDir });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
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

const IBAN = 'SA0380000000608010167519';
const storedOnDisk = (key: string) => existsSync(path.join(dataDir, 'uploads', key));

describe('issue 11 item 5: self-deletion keeps the ledger', () => {
  it('retires the account: money records stay, open referrals close, documents go, the phone is free', async () => {
    const admin = await signUpBroker(t, { admin: true });
    const b = await signUpBroker(t, { fullName: 'نايف القحطاني' });
    const [before] = await t.database.db.select().from(brokers).where(eq(brokers.id, b.id));

    // A commission paid with a bank reference.
    const signed = await createReferralWithToken(t, b, 60000);
    await call('PUT', `/api/admin/referrals/${signed.id}/status`, admin.cookie, {
      status: 'contract_signed',
    });
    // A second one, partly paid through a transfer request, the rest held by an open one.
    const added = await createReferralWithToken(t, b, 90000);
    await call('PUT', `/api/admin/referrals/${added.id}/status`, admin.cookie, {
      status: 'commission_added',
    });
    const mine = (await call('GET', '/api/commissions', b.cookie)).json() as {
      id: string;
      referralId: string;
    }[];
    const paidId = mine.find((c) => c.referralId === signed.id)?.id;
    expect(
      (
        await call('POST', `/api/admin/commissions/${paidId}/confirm-payment`, admin.cookie, {
          transferReference: 'TRX-LEDGER-1',
        })
      ).statusCode,
    ).toBe(200);
    const paidRequest = (
      await call('POST', '/api/commissions/request-transfer', b.cookie, {
        amount: 300,
        bankAccount: IBAN,
      })
    ).json();
    expect(
      (
        await call('POST', `/api/admin/transfer-requests/${paidRequest.id}/pay`, admin.cookie, {
          transferReference: 'TRX-LEDGER-2',
        })
      ).statusCode,
    ).toBe(200);
    const openRequest = (
      await call('POST', '/api/commissions/request-transfer', b.cookie, {
        amount: 200,
        bankAccount: IBAN,
      })
    ).json();

    // An open referral whose tenant uploaded a document and submitted the form.
    const open = await createReferralWithToken(t, b);
    const key = await uploadTenantPdf(base, open.token);
    const submitted = await call('POST', '/api/tenant-form/submit', undefined, {
      token: open.token,
      referralId: open.id,
      name: 'محمد العنزي',
      income: 12000,
      monthlyObligations: 2500,
      salaryDefinitionUrl: `upload:${key}`,
      creditReportUrl: null,
      consent: true,
    });
    expect(submitted.statusCode).toBe(200);
    expect(storedOnDisk(key)).toBe(true);
    expect((await call('GET', `/api/files/${key}`, admin.cookie)).statusCode).toBe(200);
    const cardsBefore = (await call('GET', '/api/admin/summary', admin.cookie)).json();

    expect((await call('DELETE', '/api/broker/account', b.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/broker/profile', b.cookie)).statusCode).toBe(401);

    // The row stays, anonymised, with its broker code.
    const [row] = await t.database.db.select().from(brokers).where(eq(brokers.id, b.id));
    expect(row).toMatchObject({
      phone: `deleted:${b.id}`,
      passwordHash: '!deleted',
      fullName: 'حساب محذوف',
      brokerCode: before?.brokerCode,
      officeName: null,
      email: null,
      city: null,
      isActive: false,
      isAdmin: false,
      isSuperAdmin: false,
      activationRequestedAt: null,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.brokerId, b.id))).toEqual(
      [],
    );
    expect(
      await t.database.db.select().from(notifications).where(eq(notifications.brokerId, b.id)),
    ).toEqual([]);

    // The money records, untouched.
    const money = await t.database.db
      .select()
      .from(commissions)
      .where(eq(commissions.brokerId, b.id));
    expect(
      money.map((c) => [c.amount, c.paidAmount, c.status, c.transferReference]).sort(),
    ).toEqual([
      ['600.00', '600.00', 'paid', 'TRX-LEDGER-1'],
      ['900.00', '300.00', 'requested', null],
    ]);
    const requests = await t.database.db
      .select()
      .from(transferRequests)
      .where(eq(transferRequests.brokerId, b.id));
    expect(requests.map((r) => [r.id, r.amount, r.status, r.transferReference]).sort()).toEqual(
      [
        [paidRequest.id, '300.00', 'paid', 'TRX-LEDGER-2'],
        [openRequest.id, '200.00', 'open', null],
      ].sort(),
    );
    const adminList = (await call('GET', '/api/admin/commissions', admin.cookie)).json();
    expect(adminList.items.find((c: { id: string }) => c.id === paidId)).toMatchObject({
      amount: '600.00',
      paidAmount: '600.00',
      status: 'paid',
      brokerName: 'حساب محذوف',
      brokerCode: before?.brokerCode,
    });
    const openList = (await call('GET', '/api/admin/transfer-requests', admin.cookie)).json();
    expect(openList.items.find((r: { id: string }) => r.id === openRequest.id)).toMatchObject({
      amount: '200.00',
      iban: IBAN,
    });

    // The open referral is closed; the signed ones keep their status.
    const statuses = await t.database.db
      .select({ id: referrals.id, status: referrals.status })
      .from(referrals)
      .where(eq(referrals.brokerId, b.id));
    expect(Object.fromEntries(statuses.map((r) => [r.id, r.status]))).toEqual({
      [signed.id]: 'contract_signed',
      [added.id]: 'commission_added',
      [open.id]: 'cancelled',
    });

    // The tenant's document is gone, bytes and row; the submitted form stays.
    expect(storedOnDisk(key)).toBe(false);
    expect(await t.database.db.select().from(storedFiles).where(eq(storedFiles.key, key))).toEqual(
      [],
    );
    expect((await call('GET', `/api/files/${key}`, admin.cookie)).statusCode).toBe(404);
    const [form] = await t.database.db
      .select()
      .from(tenantForms)
      .where(eq(tenantForms.referralId, open.id));
    expect(form?.salaryDefinitionUrl).toBe(`upload:${key}`);

    // Recorded with the profile and the money as they were.
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'broker.delete_own_account'));
    expect(entry).toMatchObject({
      entityId: b.id,
      before: {
        phone: b.phone,
        fullName: 'نايف القحطاني',
        commissions: { total: '1500.00', paid: '900.00', pending: '400.00', requested: '200.00' },
      },
    });

    // No longer a broker for the admins, nor someone they can act on.
    expect(
      (await call('GET', `/api/admin/brokers?search=${before?.brokerCode}`, admin.cookie)).json()
        .total,
    ).toBe(0);
    const cardsAfter = (await call('GET', '/api/admin/summary', admin.cookie)).json();
    expect(cardsAfter.totalBrokers).toBe(cardsBefore.totalBrokers - 1);
    expect(cardsAfter.activeBrokers).toBe(cardsBefore.activeBrokers - 1);
    expect(cardsAfter.totalCommissions).toBe(cardsBefore.totalCommissions);
    expect(
      (await call('POST', `/api/admin/brokers/${b.id}/activate`, admin.cookie)).statusCode,
    ).toBe(404);

    // The phone is free: signing up with it makes a new, empty account.
    const sent = await call('POST', '/api/auth/send-otp', undefined, { phone: b.phone });
    const again = await call('POST', '/api/auth/verify-otp', undefined, {
      phone: b.phone,
      otp: sent.json().otpCode,
      password: 'another123',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).not.toBe(b.id);
    expect(again.json().user.phone).toBe(b.phone);
  });

  it('never removes the last super-admin', async () => {
    const lone = await createTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
    try {
      const only = await signUpBroker(lone, { superAdmin: true });
      const refused = await lone.app.inject({
        method: 'DELETE',
        url: '/api/broker/account',
        headers: { cookie: only.cookie },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'LAST_SUPERADMIN',
        message: 'لا يمكن حذف حساب آخر مشرف عام',
      });
      const [kept] = await lone.database.db.select().from(brokers).where(eq(brokers.id, only.id));
      expect(kept).toMatchObject({ phone: only.phone, isSuperAdmin: true, deletedAt: null });
      const profile = await lone.app.inject({
        url: '/api/broker/profile',
        headers: { cookie: only.cookie },
      });
      expect(profile.statusCode).toBe(200);

      // With another super-admin left, leaving is allowed.
      await signUpBroker(lone, { superAdmin: true });
      const left = await lone.app.inject({
        method: 'DELETE',
        url: '/api/broker/account',
        headers: { cookie: only.cookie },
      });
      expect(left.statusCode).toBe(200);
    } finally {
      await lone.close();
    }
  });
});

describe('account deletion', () => {
  it("ends the sessions and frees the phone and the open referrals' tenants", async () => {
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
    // The referral is kept, cancelled, so the tenant is free for another broker's referral.
    const [kept] = await t.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.id, created.json().id));
    expect(kept?.status).toBe('cancelled');
    const other = await signUpBroker(t);
    expect(
      (await call('POST', '/api/referrals', other.cookie, { tenantPhone: '0561234000' }))
        .statusCode,
    ).toBe(201);
  });
});
