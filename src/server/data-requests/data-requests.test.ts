import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { dataRequestEndpoints } from '#contract/data-requests';
import { referralEndpoints } from '#contract/referrals';
import { tenantFormEndpoints } from '#contract/tenant-forms';
import { CONSENT_VERSION, erasedTenantPhone } from '#domain';
import {
  auditLog,
  consents,
  dataAccessSessions,
  dataRequests,
  outboundMessages,
  referrals,
  storedFiles,
  tenantForms,
} from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { unchecked } from '../test-support/endpoints.js';
import { aBroker, anActiveBrokerWithReferral, anAdmin } from '../test-support/factories.js';
import type { ApiError } from '../test-support/responses.js';
import { type TestBroker, uploadTenantPdf } from '../test-support/test-app.js';
import { sharedUploadingApp } from '../test-support/uploading-app.js';
import { openDataAccess, pruneDataAccessSessions } from './service.js';

const { t, base, storedOnDisk } = sharedUploadingApp('data-requests');
let admin: TestBroker;
beforeAll(async () => {
  admin = await anAdmin(t);
});

const as = (caller: Caller) => client(t).as(caller);

/** A referral whose tenant sent the form with an uploaded salary certificate. */
async function submitted() {
  const { broker, referral } = await anActiveBrokerWithReferral(t, { fullName: 'ريم السبيعي' });
  const key = await uploadTenantPdf(base(), referral.token);
  const sent = await as(null).call(tenantFormEndpoints.submit, {
    body: {
      token: referral.token,
      referralId: referral.id,
      name: 'سلمان الدوسري',
      income: 15000,
      monthlyObligations: 3000,
      salaryDefinitionUrl: `upload:${key}`,
      creditReportUrl: 'https://simah.example.sa/report/9',
      consent: true,
      creditConsent: true,
      consentVersion: CONSENT_VERSION,
    },
  });
  expect(sent.statusCode).toBe(200);
  return { broker, referral, key };
}

/** The tenant asks for the code and confirms it: the view's cookie. */
async function openView(token: string): Promise<string> {
  const sent = await as(null).call(dataRequestEndpoints.sendCode, { params: { token } });
  expect(sent.statusCode).toBe(200);
  const otp = sent.json().otpCode ?? '';
  const opened = await as(null).call(dataRequestEndpoints.open, {
    params: { token },
    body: { otp },
  });
  expect(opened.statusCode).toBe(200);
  const cookie = opened.cookies.find((c) => c.name === 'dac');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  return `dac=${cookie?.value}`;
}

describe("the tenant's data through their link", () => {
  it("shows everything held once the code to the referral's phone is confirmed, and audits it", async () => {
    const { referral } = await submitted();
    // Without the code: nothing.
    const closed = await as(null).call(dataRequestEndpoints.read, {
      params: { token: referral.token },
    });
    expect(closed.statusCode).toBe(401);
    expect(closed.json<ApiError>().message).toBe(
      'انتهت مدة الاطلاع على بياناتك، يرجى طلب رمز جديد',
    );

    const cookie = await openView(referral.token);
    // The code went to the referral's own phone, for this purpose only.
    expect(t.sms.sent.at(-1)).toMatchObject({ to: referral.tenantPhone });
    expect(t.sms.sent.at(-1)?.body).toContain('رمز الاطلاع على بياناتك في');

    const held = await as(null).call(
      dataRequestEndpoints.read,
      {
        params: { token: referral.token },
      },
      { cookies: [cookie] },
    );
    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({
      phone: referral.tenantPhone,
      referral: { number: expect.any(Number), brokerName: 'ريم السبيعي', rent: 60000 },
      form: {
        name: 'سلمان الدوسري',
        income: '15000.00',
        monthlyObligations: '3000.00',
        documents: [{ kind: 'salary' }, { kind: 'credit' }],
      },
      requests: [],
    });
    expect(held.json().consents.map((c) => c.purpose)).toEqual(['data_sharing', 'credit_enquiry']);
    const views = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'data_request.view'), eq(auditLog.entityId, referral.id)));
    expect(views).toHaveLength(2);

    // The cookie opens this referral only.
    const { referral: other } = await submitted();
    const foreign = await as(null).call(
      dataRequestEndpoints.read,
      {
        params: { token: other.token },
      },
      { cookies: [cookie] },
    );
    expect(foreign.statusCode).toBe(401);
  });

  it('refuses a wrong code and an unknown link', async () => {
    const { referral } = await submitted();
    const sent = await as(null).call(dataRequestEndpoints.sendCode, {
      params: { token: referral.token },
    });
    const right = sent.json().otpCode ?? '';
    const wrongCode = right === '0000' ? '1111' : '0000';
    const wrong = await as(null).call(dataRequestEndpoints.open, {
      params: { token: referral.token },
      body: { otp: wrongCode },
    });
    expect([400, 401]).toContain(wrong.statusCode);
    expect(wrong.cookies.find((c) => c.name === 'dac')).toBeUndefined();
    const unknown = await as(null).call(dataRequestEndpoints.sendCode, {
      params: { token: 'x'.repeat(32) },
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await as(null).call(dataRequestEndpoints.sendCode, {
      params: { token: '../../etc' },
    });
    expect(malformed.statusCode).toBe(404);
  });

  it('the hourly housekeeping removes the views whose 15 minutes are over, and only those', async () => {
    const { referral } = await submitted();
    const open = await openDataAccess(t.database.db, referral.id);
    const stale = await openDataAccess(t.database.db, referral.id);
    await t.database.db
      .update(dataAccessSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataAccessSessions.id, createHash('sha256').update(stale).digest('hex')));
    await pruneDataAccessSessions(t.database.db);
    const left = await t.database.db
      .select({ id: dataAccessSessions.id })
      .from(dataAccessSessions)
      .where(eq(dataAccessSessions.referralId, referral.id));
    expect(left.map((row) => row.id)).toEqual([createHash('sha256').update(open).digest('hex')]);
  });

  it('bounds the codes one phone hears, whoever holds the link', async () => {
    const { referral } = await submitted();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await as(null).call(dataRequestEndpoints.sendCode, { params: { token: referral.token } }))
          .statusCode,
      );
    }
    // Three in 15 minutes: an SMS is money, and the referring broker holds the link too.
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe("a tenant's requests and the console's answers", () => {
  it('a correction: asked by the tenant, applied by an admin, on record', async () => {
    const { referral } = await submitted();
    const cookie = await openView(referral.token);
    const asked = await as(null).call(
      dataRequestEndpoints.request,
      {
        params: { token: referral.token },
        body: { kind: 'correction', correction: { name: 'سلمان بن فهد الدوسري', income: '١٦٠٠٠' } },
      },
      { cookies: [cookie] },
    );
    expect(asked.statusCode).toBe(201);
    const request = asked.json();
    expect(request).toMatchObject({ kind: 'correction', status: 'open' });
    const due = new Date(request.dueAt).getTime() - new Date(request.createdAt).getTime();
    expect(due).toBe(30 * 24 * 60 * 60 * 1000);

    // One open request of a kind at a time.
    const again = await as(null).call(
      dataRequestEndpoints.request,
      {
        params: { token: referral.token },
        body: { kind: 'correction', correction: { name: 'اسم آخر' } },
      },
      { cookies: [cookie] },
    );
    expect(again.statusCode).toBe(409);

    // Brokers do not answer requests.
    const broker = await aBroker(t);
    expect(
      (await as(broker).call(dataRequestEndpoints.correct, { params: { id: request.id } }))
        .statusCode,
    ).toBe(403);

    const queue = (
      await as(admin).call(dataRequestEndpoints.list, { query: { status: 'open' } })
    ).json();
    const listed = queue.items.find((item) => item.id === request.id);
    expect(listed).toMatchObject({
      referralId: referral.id,
      daysLeft: 30,
      current: { name: 'سلمان الدوسري', income: '15000.00' },
      correction: { name: 'سلمان بن فهد الدوسري', income: 16000 },
    });

    // Past its deadline, the clock says so from the first moment.
    await t.database.db
      .update(dataRequests)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(dataRequests.id, request.id));
    const overdue = (
      await as(admin).call(dataRequestEndpoints.list, { query: { status: 'open' } })
    ).json();
    expect(overdue.items.find((item) => item.id === request.id)?.daysLeft).toBe(-1);

    const applied = await as(admin).call(dataRequestEndpoints.correct, {
      params: { id: request.id },
    });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ status: 'done', daysLeft: null });
    const [form] = await t.database.db
      .select()
      .from(tenantForms)
      .where(eq(tenantForms.referralId, referral.id));
    expect(form).toMatchObject({ name: 'سلمان بن فهد الدوسري', income: '16000.00' });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'data_request.correct'), eq(auditLog.entityId, referral.id)));
    expect(entry?.before).toMatchObject({ name: 'سلمان الدوسري', income: '15000.00' });
    expect(entry?.actorId).toBe(admin.id);

    const twice = await as(admin).call(dataRequestEndpoints.correct, {
      params: { id: request.id },
    });
    expect(twice.statusCode).toBe(409);
  });

  it('refuses bad input in Arabic and writes nothing', async () => {
    const { referral } = await submitted();
    const cookie = await openView(referral.token);
    for (const [body, message] of [
      [{ kind: 'correction', correction: {} }, 'يرجى إدخال ما تريد تصحيحه'],
      [{ kind: 'correction', correction: { income: -5 } }, 'يرجى إدخال مبلغ صحيح'],
      [{ kind: 'erasure', note: 'احذف\u202eبياناتي' }, 'النص يحتوي على رموز غير مسموح بها'],
      [{ kind: 'transfer' }, 'نوع الطلب غير معروف'],
    ] as const) {
      const refused = await as(null).call(
        dataRequestEndpoints.request,
        {
          params: { token: referral.token },
          body: unchecked(body),
        },
        { cookies: [cookie] },
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ApiError>().message).toBe(message);
    }
    expect(
      await t.database.db
        .select()
        .from(dataRequests)
        .where(eq(dataRequests.referralId, referral.id)),
    ).toEqual([]);
  });

  it('an erasure keeps only what the ledger needs', async () => {
    const { broker, referral, key } = await submitted();
    expect(storedOnDisk(key)).toBe(true);
    const cookie = await openView(referral.token);
    const asked = await as(null).call(
      dataRequestEndpoints.request,
      {
        params: { token: referral.token },
        body: { kind: 'erasure', note: 'لم أعد أرغب في الخدمة' },
      },
      { cookies: [cookie] },
    );
    expect(asked.statusCode).toBe(201);
    const id = asked.json().id;

    const refusedReason = await as(admin).call(dataRequestEndpoints.refuse, {
      params: { id },
      body: unchecked({ reason: '' }),
    });
    expect(refusedReason.statusCode).toBe(400);

    const erased = await as(admin).call(dataRequestEndpoints.erase, { params: { id } });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({ status: 'done' });

    const [row] = await t.database.db.select().from(referrals).where(eq(referrals.id, referral.id));
    expect(row).toMatchObject({
      tenantPhone: erasedTenantPhone(referral.id),
      status: 'cancelled',
      notes: null,
      brokerId: broker.id,
      rentAmount: 60000,
    });
    expect(row?.formToken).not.toBe(referral.token);
    expect(
      await t.database.db.select().from(tenantForms).where(eq(tenantForms.referralId, referral.id)),
    ).toEqual([]);
    expect(await t.database.db.select().from(storedFiles).where(eq(storedFiles.key, key))).toEqual(
      [],
    );
    expect(storedOnDisk(key)).toBe(false);
    const kept = await t.database.db
      .select()
      .from(consents)
      .where(eq(consents.referralId, referral.id));
    expect(kept).toHaveLength(2);
    for (const consent of kept) expect(consent.tenantPhone).toBe(erasedTenantPhone(referral.id));
    const messages = await t.database.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.referralId, referral.id));
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) {
      expect(JSON.stringify(message)).not.toContain(referral.tenantPhone);
    }

    // The old link names nothing now; the broker's details no longer show the phone.
    const gone = await as(null).call(dataRequestEndpoints.sendCode, {
      params: { token: referral.token },
    });
    expect(gone.statusCode).toBe(404);
    const details = await as(broker).call(referralEndpoints.details, {
      params: { id: referral.id },
    });
    expect(JSON.stringify(details.json())).not.toContain(referral.tenantPhone);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'data_request.erase'), eq(auditLog.entityId, referral.id)));
    expect(entry?.after).toMatchObject({ request: id, removedDocuments: 1, cancelled: true });
    // What the tenant wrote in any request goes too.
    for (const row of await t.database.db
      .select()
      .from(dataRequests)
      .where(eq(dataRequests.referralId, referral.id))) {
      expect(row).toMatchObject({ status: 'done', correction: null, note: null });
    }

    // Its steps are over: no status change reopens it or messages anyone about it.
    const reopened = await as(admin).call(adminReferralEndpoints.changeStatus, {
      params: { id: referral.id },
      body: { status: 'pending_completion' },
    });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json<ApiError>().message).toBe(
      'حُذفت بيانات مستأجر هذه الإحالة بطلبه، فلا تتغير حالتها',
    );
  });
});
