import http from 'node:http';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import type { ResponseOf } from '#contract/common';
import { notificationEndpoints } from '#contract/notifications';
import { referralEndpoints } from '#contract/referrals';
import { tenantFormEndpoints } from '#contract/tenant-forms';
import { CONSENT_VERSION } from '#domain';
import { brandFromEnv } from '#domain/brand';
import { auditLog, brokers, consents, referrals, storedFiles } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { type BodyOf, unchecked } from '../test-support/endpoints.js';
import {
  aBroker,
  anActiveBrokerWithReferral,
  anAdmin,
  aReferral,
} from '../test-support/factories.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { createTestApp, type TestBroker } from '../test-support/test-app.js';

let base: string;
let admin: TestBroker;
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await anAdmin(t);
});

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.from('1 0 obj << >> endobj\n%%EOF\n'),
]);
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

function upload(token: string, file: Buffer | null, type = 'salary', name = 'doc.pdf') {
  const form = new FormData();
  form.set('token', token);
  form.set('type', type);
  if (file) form.set('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), name);
  return fetch(`${base}/api/upload`, { method: 'POST', body: form });
}

const as = (caller: Caller) => client(t).as(caller);
/** What an upload answers: the document's address for the form, and its size. */
type Uploaded = ResponseOf<typeof tenantFormEndpoints.upload>;
const submit = (payload: BodyOf<typeof tenantFormEndpoints.submit>) =>
  as(null).call(tenantFormEndpoints.submit, { body: payload });
/** The public read behind a tenant's link, as the tenant's browser makes it. */
const formLink = (token: string) => as(null).call(tenantFormEndpoints.open, { params: { token } });

const validForm = (r: {
  id: string;
  token: string;
}): BodyOf<typeof tenantFormEndpoints.submit> => ({
  token: r.token,
  referralId: r.id,
  name: 'محمد العنزي',
  income: '١٢٠٠٠',
  monthlyObligations: 2500,
  salaryDefinitionUrl: null,
  creditReportUrl: 'https://reports.example.sa/simah/123',
  consent: true,
  creditConsent: true,
  consentVersion: CONSENT_VERSION,
});

describe('GET /api/tenant-form/:token', () => {
  it('answers the referral id and the tenant phone only', async () => {
    const { broker, referral: r } = await anActiveBrokerWithReferral(t);
    const response = await formLink(r.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      referralId: r.id,
      tenantPhone: r.tenantPhone,
      submitted: false,
      brokerName: 'وسيط تجريبي',
      // A broker who earns holds a FAL licence (decision 070): its number is public.
      brokerFalLicense: `1${broker.phone.slice(1)}`,
    });
  });

  it('refuses a wrong token and an expired one with the same words', async () => {
    const wrong = await as(null).call(tenantFormEndpoints.open, {
      params: { token: 'not-a-real-token-at-all-xxxxxxxx' },
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json<ApiError>().message).toBe('الرابط غير صالح أو منتهي الصلاحية');

    const { referral: r } = await anActiveBrokerWithReferral(t);
    await t.database.db
      .update(referrals)
      .set({ status: 'cancelled' })
      .where(eq(referrals.id, r.id));
    const closed = await formLink(r.token);
    expect(closed.statusCode).toBe(410);

    const { referral: old } = await anActiveBrokerWithReferral(t);
    await t.database.db
      .update(referrals)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(eq(referrals.id, old.id));
    expect((await formLink(old.token)).statusCode).toBe(410);
  });
});

describe('POST /api/tenant-form/submit', () => {
  it('stores the form, moves the referral to review, audits and notifies the broker', async () => {
    const { broker: owner, referral: r } = await anActiveBrokerWithReferral(t);
    const response = await submit(validForm(r));
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(referrals).where(eq(referrals.id, r.id));
    expect(row?.status).toBe('under_review');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'tenant_form.submit'));
    expect(entry).toBeDefined();
    const notes = (await as(owner).call(notificationEndpoints.list)).json();
    expect(notes.items[0]?.title).toBe('أكمل المستأجر بياناته');

    const details = (
      await as(owner).call(referralEndpoints.details, { params: { id: r.id } })
    ).json();
    // Decision 066: the referring broker learns the name, the verdict and which documents came,
    // never the figures or the documents themselves.
    expect(details.tenantData).toEqual({
      name: 'محمد العنزي',
      submittedAt: expect.any(String),
      // 60,000 a year is 5,000 a month against 9,500 left of the salary: more than half.
      affordability: 'beyond',
      documents: [{ kind: 'credit', providedAt: details.tenantData?.submittedAt }],
    });
    expect(JSON.stringify(details)).not.toMatch(/12000|2500|reports\.example\.sa/);

    const adminView = await as(admin).call(adminReferralEndpoints.tenantForm, {
      params: { id: r.id },
    });
    expect(adminView.json()).toMatchObject({
      fullName: 'محمد العنزي',
      phone: r.tenantPhone,
      monthlyIncome: '12000.00',
      monthlyObligations: '2500.00',
      // A typed link is opened through the server, which records each opening.
      creditReportUrl: `/api/files/links/${r.id}/credit`,
      salaryReportUrl: null,
    });
    expect((await formLink(r.token)).json().submitted).toBe(true);
  });

  it('cannot be sent twice', async () => {
    const { referral: r } = await anActiveBrokerWithReferral(t);
    expect((await submit(validForm(r))).statusCode).toBe(200);
    const again = await submit({ ...validForm(r), name: 'شخص آخر' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().message).toBe(
      'تم استلام بياناتك مسبقاً، ولا يمكن تعديلها عبر هذا الرابط',
    );
  });

  it('refuses a referral id that does not match the token', async () => {
    const { referral: r } = await anActiveBrokerWithReferral(t);
    const { referral: other } = await anActiveBrokerWithReferral(t);
    const response = await submit({ ...validForm(r), referralId: other.id });
    expect(response.statusCode).toBe(404);
  });

  it.each([
    [{ name: 'م' }, 'الاسم مطلوب'],
    [{ name: 'م'.repeat(500) }, 'النص أطول من المسموح'],
    [{ income: -1 }, 'يرجى إدخال مبلغ صحيح'],
    [{ income: 10_000_001 }, 'يرجى إدخال مبلغ صحيح'],
    [{ income: 'اثنا عشر ألف' }, 'يرجى إدخال مبلغ صحيح'],
    [{ income: '' }, 'يرجى إدخال الدخل الشهري'],
    [{ monthlyObligations: '' }, 'يرجى إدخال الالتزامات الشهرية'],
    [{ creditReportUrl: 'javascript:alert(1)' }, 'يرجى إدخال رابط صحيح يبدأ بـ https'],
    [{ creditReportUrl: 'http://reports.example.sa/x' }, 'يرجى إدخال رابط صحيح يبدأ بـ https'],
    [{ consent: false }, 'يجب الموافقة على مشاركة البيانات لإرسال الطلب'],
    [{ creditConsent: false }, 'يجب الموافقة على الاستعلام الائتماني لدراسة الطلب'],
    [{ creditConsent: undefined }, 'يجب الموافقة على الاستعلام الائتماني لدراسة الطلب'],
    [{ consentVersion: '2020-01-01' }, 'تغيّر نص الموافقة، يرجى تحديث الصفحة ومراجعته'],
  ])('refuses %o and stores nothing', async (change, message) => {
    const { referral: r } = await anActiveBrokerWithReferral(t);
    const response = await submit(unchecked({ ...validForm(r), ...change }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toBe(message);
    const [row] = await t.database.db.select().from(referrals).where(eq(referrals.id, r.id));
    expect(row?.status).toBe('pending_completion');
    expect(
      await t.database.db.select().from(consents).where(eq(consents.referralId, r.id)),
    ).toEqual([]);
  });

  it('keeps each consent as the tenant read it: text, version, time, address, channel', async () => {
    const { referral: r } = await anActiveBrokerWithReferral(t, { fullName: 'ريم السبيعي' });
    const before = Date.now();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tenant-form/submit',
      payload: validForm(r),
      remoteAddress: '198.51.100.23',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone)\u202e' },
    });
    expect(response.statusCode).toBe(200);
    const product = brandFromEnv(process.env).productName;
    const rows = await t.database.db
      .select()
      .from(consents)
      .where(eq(consents.referralId, r.id))
      .orderBy(consents.purpose);
    expect(rows.map(({ id: _id, givenAt: _at, ...row }) => row)).toEqual([
      {
        referralId: r.id,
        tenantPhone: r.tenantPhone,
        purpose: 'credit_enquiry',
        version: CONSENT_VERSION,
        text: `أوافق على أن تستعلم ${product} عن سجلي الائتماني لدى الشركة السعودية للمعلومات الائتمانية (سمة) لدراسة هذا الطلب وحده.`,
        channel: 'tenant_form',
        ip: '198.51.100.23',
        userAgent: 'Mozilla/5.0 (iPhone)',
      },
      {
        referralId: r.id,
        tenantPhone: r.tenantPhone,
        purpose: 'data_sharing',
        version: CONSENT_VERSION,
        text: `أوافق على مشاركة بياناتي ومستنداتي مع ${product} لدراسة طلب دفع إيجاري شهرياً، ومع الوسيط العقاري ريم السبيعي الذي أحالني لمتابعة طلبي: يطّلع على اسمي وعلى مدى تناسب الإيجار مع دخلي دون دخلي أو مستنداتي، ويتقاضى من ${product} عمولة إذا وُقّع عقدي، ولن تُستخدم بياناتي لأي غرض آخر.`,
        channel: 'tenant_form',
        ip: '198.51.100.23',
        userAgent: 'Mozilla/5.0 (iPhone)',
      },
    ]);
    for (const row of rows) expect(row.givenAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // The admin reads them with the tenant's data; the audit names the version.
    const adminView = (
      await as(admin).call(adminReferralEndpoints.tenantForm, { params: { id: r.id } })
    ).json();
    // In the form's order: the data sharing first.
    expect(adminView.consents.map((c) => [c.purpose, c.text, c.ip])).toEqual(
      [rows[1], rows[0]].map((row) => [row?.purpose, row?.text, row?.ip]),
    );
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tenant_form.submit'), eq(auditLog.entityId, r.id)));
    expect(entry?.after).toEqual({ status: 'under_review', consentVersion: CONSENT_VERSION });
  });

  it('refuses an upload reference that belongs to another referral', async () => {
    const { referral: r } = await anActiveBrokerWithReferral(t);
    const { referral: other } = await anActiveBrokerWithReferral(t);
    const uploaded = (await (await upload(other.token, PDF)).json()) as Uploaded;
    const response = await submit({ ...validForm(r), salaryDefinitionUrl: uploaded.url });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/upload and GET /api/files/:key', () => {
  it('stores a PDF and lets the admin, and only the admin, download it byte for byte', async () => {
    const { broker: owner, referral: r } = await anActiveBrokerWithReferral(t);
    const response = await upload(r.token, PDF, 'salary', 'شهادة راتب.png');
    expect(response.status).toBe(201);
    const { url } = (await response.json()) as Uploaded;
    expect(url).toMatch(/^upload:[a-f0-9]{32}\.pdf$/);
    expect((await submit({ ...validForm(r), salaryDefinitionUrl: url })).statusCode).toBe(200);

    const href = (
      await as(admin).call(adminReferralEndpoints.tenantForm, { params: { id: r.id } })
    ).json().salaryReportUrl;
    expect(href).toBe(`/api/files/${url.slice('upload:'.length)}`);

    const download = await fetch(`${base}${href}`, { headers: { cookie: admin.cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);

    // The owning broker sees that it came and when, and cannot open it (decision 066).
    const details = (
      await as(owner).call(referralEndpoints.details, { params: { id: r.id } })
    ).json();
    const [stored] = await t.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.key, url.slice('upload:'.length)));
    expect(details.tenantData?.documents).toEqual([
      { kind: 'salary', providedAt: stored?.createdAt.toISOString() },
      { kind: 'credit', providedAt: details.tenantData?.submittedAt },
    ]);
    expect(JSON.stringify(details)).not.toContain(url.slice('upload:'.length));
    const stranger = await aBroker(t);
    for (const cookie of [owner.cookie, stranger.cookie]) {
      expect((await fetch(`${base}${href}`, { headers: { cookie } })).status).toBe(403);
    }
    expect((await fetch(`${base}${href}`)).status).toBe(401);
  });

  it('a traversal name reaches nothing', async () => {
    for (const key of ['..%2F..%2Fetc%2Fpasswd', '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd', 'etc-passwd']) {
      const response = await fetch(`${base}/api/files/${key}`, {
        headers: { cookie: admin.cookie },
      });
      expect(response.status).toBe(404);
    }
  });

  it.each([
    ['a PNG renamed .pdf', PNG, 400, 'يرجى اختيار ملف بي دي إف فقط'],
    ['an empty file', Buffer.alloc(0), 400, 'الملف فارغ، يرجى اختيار ملف بي دي إف صحيح'],
    [
      '5 MB + 1 byte',
      Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 + 1 - PDF.length)]),
      413,
      'حجم الملف يجب أن يكون أقل من ٥ ميجابايت',
    ],
  ])('refuses %s', async (_name, file, status, message) => {
    const { referral: r } = await anActiveBrokerWithReferral(t);
    const response = await upload(r.token, file);
    expect(response.status).toBe(status);
    expect(((await response.json()) as ApiError).message).toBe(message);
  });

  it('refuses a multipart body without a file, and a wrong token', async () => {
    const { referral: r } = await anActiveBrokerWithReferral(t);
    const noFile = await upload(r.token, null);
    expect(noFile.status).toBe(400);
    const wrongToken = await upload('x'.repeat(32), PDF);
    expect(wrongToken.status).toBe(404);
  });

  it('stops a 50 MB stream without a declared length at 5 MB', async () => {
    const { referral: r } = await anActiveBrokerWithReferral(t);
    const boundary = '----shareek-test';
    const url = new URL(`${base}/api/upload`);
    const { status, chunksSent } = await new Promise<{ status: number; chunksSent: number }>(
      (resolve, reject) => {
        let chunksSent = 0;
        let answered = false;
        const req = http.request(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            headers: {
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'transfer-encoding': 'chunked',
            },
          },
          (res) => {
            answered = true;
            res.resume();
            resolve({ status: res.statusCode ?? 0, chunksSent });
            req.destroy();
          },
        );
        req.on('error', (error) => {
          if (!answered) reject(error);
        });
        req.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${r.token}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nsalary\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-`,
        );
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        // One megabyte at a time, letting the response in between.
        const pump = () => {
          if (answered) return;
          if (chunksSent >= 50) {
            req.end(`\r\n--${boundary}--\r\n`);
            return;
          }
          chunksSent += 1;
          if (req.write(chunk)) setTimeout(pump, 5);
          else req.once('drain', () => setTimeout(pump, 5));
        };
        pump();
      },
    );
    expect(status).toBe(413);
    // The server answered long before the 50 MB were through.
    expect(chunksSent).toBeLessThan(50);
  });

  it('refuses a huge declared length at once', async () => {
    const response = await fetch(`${base}/api/upload`, {
      method: 'POST',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(50 * 1024 * 1024),
      },
      body: '--x--',
    }).catch((error: unknown) => error);
    // Either the server answers 413 at once, or it closes the connection before the body.
    if (response instanceof Response) expect(response.status).toBe(413);
    else expect(response).toBeInstanceOf(Error);
  });
});

describe('rate limits on the public calls', () => {
  it('a token cannot be read without end', async () => {
    const { referral: r } = await anActiveBrokerWithReferral(t);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await formLink(r.token)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('one address cannot probe tokens without end', async () => {
    const probe = await createTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) {
        statuses.push(
          (
            await client(probe)
              .as(null)
              .call(tenantFormEndpoints.open, {
                params: { token: `guess-${i}-xxxxxxxxxxxxxxxxxxxx` },
              })
          ).statusCode,
        );
      }
      expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
      expect(statuses[60]).toBe(429);
    } finally {
      await probe.close();
    }
  });
});

describe('the consent names the referring broker', () => {
  it('gives the broker a checked display name and the public FAL licence, and nothing else about the broker', async () => {
    const broker = await aBroker(t, { fullName: '  ريم   السبيعي ' });
    await t.database.db
      .update(brokers)
      .set({ falLicense: '1100012345' })
      .where(eq(brokers.id, broker.id));
    const r = await aReferral(t, broker);
    const body = (await formLink(r.token)).json();
    expect(Object.keys(body).sort()).toEqual([
      'brokerFalLicense',
      'brokerName',
      'referralId',
      'submitted',
      'tenantPhone',
    ]);
    expect(body.brokerName).toBe('ريم السبيعي');
    expect(body.brokerFalLicense).toBe('1100012345');
    expect(JSON.stringify(body)).not.toContain(broker.phone);
  });

  it('names nobody, never the broker code, when the stored name is no name a tenant may see', async () => {
    const broker = await aBroker(t);
    const r = await aReferral(t, broker);
    // A name and a licence stored before the rule, each holding a link: neither shown.
    const [row] = await t.database.db
      .update(brokers)
      .set({ fullName: 'خصم 50% على evil.sa', falLicense: 'FAL-1 https://evil.sa' })
      .where(eq(brokers.id, broker.id))
      .returning({ code: brokers.brokerCode });
    const body = (await formLink(r.token)).json();
    expect(body.brokerName).toBeNull();
    expect(body.brokerFalLicense).toBeNull();
    expect(JSON.stringify(body)).not.toContain('evil');
    expect(JSON.stringify(body)).not.toContain(String(row?.code));
  });
});

describe('a link token that is not a plain token never reaches the database', () => {
  it('an upload with a NUL byte or a control character in the token is a 400', async () => {
    for (const token of [
      '\u0000'.repeat(32),
      `abc\u0000${'x'.repeat(30)}`,
      `${'x'.repeat(31)}\n`,
    ]) {
      const response = await upload(token, PDF);
      expect(response.status).toBe(400);
      expect(((await response.json()) as ApiError).message).toBe(
        'الرابط غير صالح أو منتهي الصلاحية',
      );
    }
    const long = await upload('x'.repeat(101), PDF);
    expect(long.status).toBe(400);
  });

  it('reading or submitting with such a token is refused, not a 500', async () => {
    const { referral: r } = await anActiveBrokerWithReferral(t);
    // A character no link has: the invalid-link answer, before any query.
    const odd = await as(null).call(tenantFormEndpoints.open, {
      params: { token: `${'x'.repeat(20)}.pdf` },
    });
    expect(odd.statusCode).toBe(404);
    expect(odd.json<ApiError>().message).toBe('الرابط غير صالح أو منتهي الصلاحية');
    const oddSubmit = await submit({ ...validForm(r), token: `${r.token.slice(0, 20)}.x` });
    expect(oddSubmit.statusCode).toBe(400);
    expect(oddSubmit.json<ApiError>().message).toBe('الرابط غير صالح أو منتهي الصلاحية');
    // A NUL byte: refused as bad input, whichever check sees it first.
    // Raw: the NUL escape as the router receives it.
    const nul = await as(null).get(`/api/tenant-form/${'x'.repeat(20)}%00`);
    expect([400, 404]).toContain(nul.statusCode);
    const nulSubmit = await submit({ ...validForm(r), token: `${r.token.slice(0, 20)}\u0000` });
    expect(nulSubmit.statusCode).toBe(400);
  });
});

describe("who saw a tenant's data is on record", () => {
  const entriesFor = (action: string, referralId: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, referralId)))
      .orderBy(desc(auditLog.id));

  it('records tenant_form.view for the admin and the broker, file.download per download', async () => {
    const { broker: owner, referral: r } = await anActiveBrokerWithReferral(t);
    const uploaded = (await (await upload(r.token, PDF)).json()) as Uploaded;
    expect((await submit({ ...validForm(r), salaryDefinitionUrl: uploaded.url })).statusCode).toBe(
      200,
    );
    expect(await entriesFor('tenant_form.view', r.id)).toEqual([]);

    const adminView = await as(admin).call(adminReferralEndpoints.tenantForm, {
      params: { id: r.id },
    });
    expect(adminView.statusCode).toBe(200);
    const details = await as(owner).call(referralEndpoints.details, { params: { id: r.id } });
    expect(details.statusCode).toBe(200);
    const views = await entriesFor('tenant_form.view', r.id);
    expect(views.map((v) => v.actorId)).toEqual([owner.id, admin.id]);
    // Each records what its reader was shown: the broker less than the admin (decision 066).
    expect(views.map((v) => v.after)).toEqual([
      { fields: ['name', 'affordability', 'documentsProvided'] },
      { fields: ['name', 'income', 'monthlyObligations', 'documents'] },
    ]);
    for (const view of views) {
      expect(view).toMatchObject({ entityType: 'referral', entityId: r.id });
      expect(view.ip).toBeTruthy();
    }

    const key = uploaded.url.slice('upload:'.length);
    const download = await fetch(`${base}/api/files/${key}`, { headers: { cookie: admin.cookie } });
    expect(download.status).toBe(200);
    await download.arrayBuffer();
    const refused = await fetch(`${base}/api/files/${key}`, { headers: { cookie: owner.cookie } });
    expect(refused.status).toBe(403);
    // The typed link too: opened through the server, on record, for admins only.
    const linkPath = `/api/files/links/${r.id}/credit`;
    const opened = await fetch(`${base}${linkPath}`, {
      headers: { cookie: admin.cookie },
      redirect: 'manual',
    });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('https://reports.example.sa/simah/123');
    expect(opened.headers.get('cache-control')).toBe('private, no-store');
    const ownerLink = await fetch(`${base}${linkPath}`, {
      headers: { cookie: owner.cookie },
      redirect: 'manual',
    });
    expect(ownerLink.status).toBe(403);
    // An upload has no link to open, and neither has a referral without a form.
    for (const path of [`/api/files/links/${r.id}/salary`, `/api/files/links/${owner.id}/credit`]) {
      const none = await fetch(`${base}${path}`, {
        headers: { cookie: admin.cookie },
        redirect: 'manual',
      });
      expect(none.status).toBe(404);
    }
    // A link typed with Arabic letters goes out percent-encoded, as a header must carry it.
    const { referral: arabic } = await anActiveBrokerWithReferral(t);
    expect(
      (
        await submit({
          ...validForm(arabic),
          creditReportUrl: 'https://reports.example.sa/تقرير/١',
        })
      ).statusCode,
    ).toBe(200);
    const encoded = await fetch(`${base}/api/files/links/${arabic.id}/credit`, {
      headers: { cookie: admin.cookie },
      redirect: 'manual',
    });
    expect(encoded.status).toBe(303);
    expect(encoded.headers.get('location')).toBe(
      `https://reports.example.sa/${encodeURIComponent('تقرير')}/${encodeURIComponent('١')}`,
    );
    const badKind = await fetch(`${base}/api/files/links/${r.id}/passport`, {
      headers: { cookie: admin.cookie },
      redirect: 'manual',
    });
    expect(badKind.status).toBe(400);

    const downloads = await entriesFor('file.download', r.id);
    expect(downloads.map((d) => [d.actorId, d.after])).toEqual([
      [admin.id, { kind: 'credit', link: true }],
      [admin.id, { key, kind: 'salary' }],
    ]);
    expect(downloads[0]?.entityType).toBe('referral');
  });

  it('records nothing when nothing is shown', async () => {
    const { broker: owner, referral: r } = await anActiveBrokerWithReferral(t);
    const stranger = await aBroker(t);
    // Not submitted yet: the admin gets 404, the broker details without tenant data.
    const adminView = await as(admin).call(adminReferralEndpoints.tenantForm, {
      params: { id: r.id },
    });
    expect(adminView.statusCode).toBe(404);
    const details = await as(owner).call(referralEndpoints.details, { params: { id: r.id } });
    expect(details.json().tenantData).toBeNull();

    const uploaded = (await (await upload(r.token, PDF)).json()) as Uploaded;
    expect((await submit({ ...validForm(r), salaryDefinitionUrl: uploaded.url })).statusCode).toBe(
      200,
    );
    // Another broker: 404 for the details and for the file.
    const foreign = await as(stranger).call(referralEndpoints.details, { params: { id: r.id } });
    expect(foreign.statusCode).toBe(404);
    const key = uploaded.url.slice('upload:'.length);
    // Brokers are refused every file, their own referral's or not (decision 066).
    const refused = await fetch(`${base}/api/files/${key}`, {
      headers: { cookie: stranger.cookie },
    });
    expect(refused.status).toBe(403);
    const missing = await fetch(`${base}/api/files/${'0'.repeat(32)}.pdf`, {
      headers: { cookie: admin.cookie },
    });
    expect(missing.status).toBe(404);

    expect(await entriesFor('tenant_form.view', r.id)).toEqual([]);
    expect(await entriesFor('file.download', r.id)).toEqual([]);
  });
});
