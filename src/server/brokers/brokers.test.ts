import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { adminOperationsEndpoints } from '#contract/admin/operations';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { authEndpoints } from '#contract/auth';
import { brokerEndpoints } from '#contract/brokers';
import { referralEndpoints } from '#contract/referrals';
import { tenantFormEndpoints } from '#contract/tenant-forms';
import { CONSENT_VERSION } from '#domain';
import {
  auditLog,
  brokers,
  notifications,
  payouts,
  referrals,
  sessions,
  storedFiles,
  tenantForms,
} from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { unchecked } from '../test-support/endpoints.js';
import {
  aBroker,
  anAdmin,
  aReferral,
  aSignedContract,
  aSuperAdmin,
} from '../test-support/factories.js';
import { anIbanOnProfile, ibanFor } from '../test-support/iban.js';
import { withTheOnlySuperAdmin } from '../test-support/last-super-admin.js';
import { askForPayout } from '../test-support/payouts.js';
import type { ApiError, CodeRequired } from '../test-support/responses.js';
import { moneyRecordsOf, retiredAccount } from '../test-support/retired-accounts.js';
import { signUpByCode, uploadTenantPdf } from '../test-support/test-app.js';
import { sharedUploadingApp } from '../test-support/uploading-app.js';

// The uploads are kept in a folder of the file's own, so the tests see their bytes come and go.
const { t, base, storedOnDisk } = sharedUploadingApp('brokers');

const as = (caller: Caller) => client(t).as(caller);

describe('profile', () => {
  it('saves the profile, normalises the second phone, keeps the phone', async () => {
    const b = await aBroker(t, { fullName: null });
    // The phone is not the profile's to change: sent anyway, to see it ignored.
    const response = await as(b).call(brokerEndpoints.replaceProfile, {
      body: unchecked({
        fullName: ' عبدالله الشمري ',
        officeName: 'مكتب الشمري للعقار',
        secondPhone: '+966 50 111 2222',
        bio: '',
        falLicense: '1100012345',
        email: 'abdullah@example.sa',
        city: 'riyadh',
        phone: '0559999999',
      }),
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
      nameShownToTenants: true,
    });
    const read = await as(b).call(brokerEndpoints.profile);
    expect(read.json().officeName).toBe('مكتب الشمري للعقار');
  });

  it('says whether the name may be shown to tenants, by the rule the referrals apply', async () => {
    // Stored before the public rule: a phone number in the name, which tenants are never shown.
    const advertised = await aBroker(t, { fullName: 'سعد للتواصل 0551234567' });
    expect((await as(advertised).call(brokerEndpoints.profile)).json().nameShownToTenants).toBe(
      false,
    );
    const unnamed = await aBroker(t, { fullName: null });
    expect((await as(unnamed).call(brokerEndpoints.profile)).json().nameShownToTenants).toBe(false);
  });

  it('PATCH changes only what it is given', async () => {
    const b = await aBroker(t, { fullName: 'سعد' });
    const response = await as(b).call(brokerEndpoints.updateProfile, {
      body: {
        bio: 'وسيط في شمال الرياض',
      },
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
    const b = await aBroker(t, { fullName: 'قبل' });
    const response = await as(b).call(brokerEndpoints.replaceProfile, {
      body: unchecked(payload),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toBe(message);
    expect((await as(b).call(brokerEndpoints.profile)).json().fullName).toBe('قبل');
  });

  it('needs a session', async () => {
    expect((await as(null).call(brokerEndpoints.profile)).statusCode).toBe(401);
    expect(
      (await as(null).call(brokerEndpoints.replaceProfile, { body: { fullName: 'x' } })).statusCode,
    ).toBe(401);
  });
});

describe('activation request', () => {
  it('can be sent once', async () => {
    const b = await aBroker(t, { active: false });
    const first = await as(b).call(brokerEndpoints.requestActivation);
    expect(first.statusCode).toBe(200);
    expect(first.json().activationRequestedAt).not.toBeNull();
    const second = await as(b).call(brokerEndpoints.requestActivation);
    expect(second.statusCode).toBe(409);
    expect(second.json<ApiError>().message).toBe(
      'تم إرسال طلب التفعيل مسبقاً، وسيتم مراجعته من قبل الإدارة',
    );
  });

  it('is refused for an active account', async () => {
    const b = await aBroker(t, { active: true });
    const response = await as(b).call(brokerEndpoints.requestActivation);
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>().message).toBe('حسابك مفعل بالفعل');
  });
});

describe('self-deletion keeps the ledger', () => {
  it('retires the account: money records stay, open referrals close, documents go, the phone is free', async () => {
    const admin = await anAdmin(t);
    const b = await aBroker(t, { fullName: 'نايف القحطاني' });
    const [before] = await t.database.db.select().from(brokers).where(eq(brokers.id, b.id));

    // A commission paid with a bank reference.
    const { referral: signed, commission: paid } = await aSignedContract(t, admin, {
      broker: b,
      rent: 60000,
    });
    // A second one, partly paid through a transfer request, the rest held by an open one.
    const { referral: added } = await aSignedContract(t, admin, {
      broker: b,
      rent: 90000,
      status: 'commission_added',
    });
    expect(
      (
        await as(admin).call(adminCommissionEndpoints.confirmPayment, {
          params: { id: paid.id },
          body: {
            transferReference: 'TRX-LEDGER-1',
          },
        })
      ).statusCode,
    ).toBe(200);
    await anIbanOnProfile(t, b);
    const paidPayout = (await askForPayout(t, b, 300)).json();
    expect(
      (
        await as(admin).call(adminPayoutEndpoints.pay, {
          params: { id: paidPayout.id },
          body: {
            transferReference: 'TRX-LEDGER-2',
          },
        })
      ).statusCode,
    ).toBe(200);
    const draftPayout = (await askForPayout(t, b, 200)).json();

    // An open referral whose tenant uploaded a document and submitted the form.
    const open = await aReferral(t, b);
    const key = await uploadTenantPdf(base(), open.token);
    const submitted = await as(null).call(tenantFormEndpoints.submit, {
      body: {
        token: open.token,
        referralId: open.id,
        name: 'محمد العنزي',
        income: 12000,
        monthlyObligations: 2500,
        salaryDefinitionUrl: `upload:${key}`,
        creditReportUrl: null,
        consent: true,
        creditConsent: true,
        consentVersion: CONSENT_VERSION,
      },
    });
    expect(submitted.statusCode).toBe(200);
    expect(storedOnDisk(key)).toBe(true);
    expect(
      (await as(admin).call(tenantFormEndpoints.download, { params: { key } })).statusCode,
    ).toBe(200);
    const cardsBefore = (await as(admin).call(adminOperationsEndpoints.summary)).json();

    expect((await as(b).call(brokerEndpoints.deleteAccount)).statusCode).toBe(200);
    expect((await as(b).call(brokerEndpoints.profile)).statusCode).toBe(401);

    // The row stays, anonymised, with its broker code.
    const [row] = await t.database.db.select().from(brokers).where(eq(brokers.id, b.id));
    expect(row).toMatchObject({
      ...retiredAccount(b, before?.brokerCode),
      officeName: null,
      email: null,
      city: null,
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
    expect(await moneyRecordsOf(t, b.id)).toEqual([
      ['600.00', '600.00', 'paid', 'TRX-LEDGER-1'],
      ['900.00', '300.00', 'requested', null],
    ]);
    const requests = await t.database.db.select().from(payouts).where(eq(payouts.brokerId, b.id));
    expect(requests.map((r) => [r.id, r.amount, r.status, r.transferReference]).sort()).toEqual(
      [
        [paidPayout.id, '300.00', 'paid', 'TRX-LEDGER-2'],
        [draftPayout.id, '200.00', 'draft', null],
      ].sort(),
    );
    const adminList = (await as(admin).call(adminCommissionEndpoints.list)).json();
    expect(adminList.items.find((c) => c.id === paid.id)).toMatchObject({
      amount: '600.00',
      paidAmount: '600.00',
      status: 'paid',
      brokerName: 'حساب محذوف',
      brokerCode: before?.brokerCode,
    });
    const openList = (await as(admin).call(adminPayoutEndpoints.list)).json();
    expect(openList.items.find((r) => r.id === draftPayout.id)).toMatchObject({
      amount: '200.00',
      iban: ibanFor(b.phone),
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
    expect(
      (await as(admin).call(tenantFormEndpoints.download, { params: { key } })).statusCode,
    ).toBe(404);
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
      (
        await as(admin).call(adminBrokerEndpoints.list, { query: { search: before?.brokerCode } })
      ).json().total,
    ).toBe(0);
    expect(
      (await as(admin).call(adminBrokerEndpoints.activate, { params: { id: b.id } })).statusCode,
    ).toBe(404);
    const cardsAfter = (await as(admin).call(adminOperationsEndpoints.summary)).json();
    expect(cardsAfter.totalBrokers).toBe(cardsBefore.totalBrokers - 1);
    expect(cardsAfter.activeBrokers).toBe(cardsBefore.activeBrokers - 1);
    expect(cardsAfter.totalCommissions).toBe(cardsBefore.totalCommissions);

    // The phone is free: signing up with it makes a new, empty account.
    const again = await signUpByCode(t, b.phone, 'another123');
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).not.toBe(b.id);
    expect(again.json().user.phone).toBe(b.phone);
  });

  it('never removes the last super-admin', async () => {
    await withTheOnlySuperAdmin(async (lone, only) => {
      const refused = await client(lone).as(only).call(brokerEndpoints.deleteAccount);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'LAST_SUPERADMIN',
        message: 'لا يمكن حذف حساب آخر مشرف عام',
      });
      const [kept] = await lone.database.db.select().from(brokers).where(eq(brokers.id, only.id));
      expect(kept).toMatchObject({ phone: only.phone, isSuperAdmin: true, deletedAt: null });
      const profile = await client(lone).as(only).call(brokerEndpoints.profile);
      expect(profile.statusCode).toBe(200);

      // With another super-admin left, leaving is allowed.
      await aSuperAdmin(lone);
      const left = await client(lone).as(only).call(brokerEndpoints.deleteAccount);
      expect(left.statusCode).toBe(200);
    });
  });
});

describe('account deletion', () => {
  it("ends the sessions and frees the phone and the open referrals' tenants", async () => {
    const b = await aBroker(t);
    const created = await as(b).call(referralEndpoints.create, {
      body: {
        tenantPhone: '0561234000',
      },
    });
    expect(created.statusCode).toBe(201);
    const deleted = await as(b).call(brokerEndpoints.deleteAccount);
    expect(deleted.statusCode).toBe(200);
    expect((await as(b).call(brokerEndpoints.profile)).statusCode).toBe(401);
    const login = await as(null).call(authEndpoints.login, {
      body: {
        phone: b.phone,
        password: 'secret123',
      },
    });
    expect(login.json<CodeRequired>().requiresOtp).toBe(true);
    // The referral is kept, cancelled, so the tenant is free for another broker's referral.
    const [kept] = await t.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.id, created.json().id));
    expect(kept?.status).toBe('cancelled');
    const other = await aBroker(t);
    expect(
      (await as(other).call(referralEndpoints.create, { body: { tenantPhone: '0561234000' } }))
        .statusCode,
    ).toBe(201);
  });
});
