import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeyEndpoints } from '#contract/api-keys';
import { notificationEndpoints } from '#contract/notifications';
import { superadminEndpoints } from '#contract/superadmin';
import {
  apiIdempotency,
  apiKeys,
  auditLog,
  brokers,
  commissions,
  referrals,
} from '../db/schema.js';
import { API_CALLS_PER_MINUTE } from '../plugins/session.js';
import { type Caller, client } from '../test-support/client.js';
import {
  aBroker,
  aLease,
  aReferral,
  aSuperAdmin,
  aTenantSubmission,
} from '../test-support/factories.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { anAdminAndASuperAdmin } from '../test-support/staff.js';
import type { TestBroker } from '../test-support/test-app.js';
import { pruneIdempotency } from './idempotency.js';

// Issue 35 item 1, decision 077: the provider's systems call the inbound API with a key that
// super-admins create, scoped, expiring, revocable, audited under its name.

const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
let admin: TestBroker;
let root: TestBroker;
let base: string;
beforeAll(async () => {
  ({ admin, root } = await anAdminAndASuperAdmin(t));
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

const as = (caller: Caller) => client(t).as(caller);
const inAYear = () => new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10);
/**
 * A key made by a super-admin of its own unless told (creating one asks the password again, ten
 * tries per account in 15 minutes): it acts for that super-admin.
 */
const makeKey = async (name: string, scopes: string[], by?: TestBroker) => {
  const creator = by ?? (await aSuperAdmin(t));
  const made = await as(creator).call(apiKeyEndpoints.create, {
    body: { name, scopes: scopes as never, expiresOn: inAYear(), password: 'secret123' },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json();
};

/** A call as the provider's system makes it: HTTP, the key as a bearer token, nothing else. */
async function call(
  secret: string | null,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(secret ? { authorization: `Bearer ${secret}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    headers: response.headers,
    json: (await response.json()) as Record<string, unknown> & Partial<ApiError>,
  };
}

describe('the inbound API', () => {
  it('only super-admins make keys, in Arabic; the secret is shown once and only its hash kept', async () => {
    expect(
      (
        await as(admin).call(apiKeyEndpoints.create, {
          body: {
            name: 'نظام الاكتتاب',
            scopes: ['referrals:read'],
            expiresOn: inAYear(),
            password: 'secret123',
          },
        })
      ).statusCode,
    ).toBe(403);
    const refusals = [
      [{ name: '', scopes: ['referrals:read'], expiresOn: inAYear() }, 'يرجى كتابة اسم المفتاح'],
      [
        { name: 'نظام', scopes: ['referrals:read'], expiresOn: inAYear(), password: 'wrong-one' },
        'كلمة المرور الحالية غير صحيحة',
      ],
      [
        { name: 'نظام', scopes: ['referrals:read'], expiresOn: inAYear(), password: '' },
        'يرجى إدخال كلمة المرور الحالية',
      ],
      [{ name: 'نظام', scopes: [], expiresOn: inAYear() }, 'يرجى اختيار صلاحية واحدة على الأقل'],
      [{ name: 'نظام', scopes: ['everything'], expiresOn: inAYear() }, 'صلاحية غير معروفة'],
      [
        { name: 'نظام', scopes: ['referrals:read', 'referrals:read'], expiresOn: inAYear() },
        'صلاحية مكررة',
      ],
      [
        { name: 'نظام', scopes: ['referrals:read'], expiresOn: '2020-01-01' },
        'يرجى اختيار تاريخ انتهاء خلال سنة من اليوم',
      ],
      [
        { name: 'نظام', scopes: ['referrals:read'], expiresOn: '2099-01-01' },
        'يرجى اختيار تاريخ انتهاء خلال سنة من اليوم',
      ],
    ] as const;
    for (const [body, message] of refusals) {
      const refused = await as(root).call(apiKeyEndpoints.create, {
        body: { password: 'secret123', ...body } as never,
      });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json<ApiError>().message).toBe(message);
    }
    // The password's budget: ten tries in 15 minutes per account, then a 429.
    const guesser = await aSuperAdmin(t);
    const guesses: number[] = [];
    for (let i = 0; i <= 10; i++) {
      const guess = await as(guesser).call(apiKeyEndpoints.create, {
        body: {
          name: 'تخمين',
          scopes: ['referrals:read'],
          expiresOn: inAYear(),
          password: `guess-${i}`,
        },
      });
      guesses.push(guess.statusCode);
    }
    expect(guesses).toEqual([...Array(10).fill(400), 429]);
    // Refused: no key made.
    expect((await as(root).call(apiKeyEndpoints.list)).json().items).toEqual([]);
    const colleague = await aSuperAdmin(t);
    const key = await makeKey('نظام الاكتتاب', ['referrals:read']);
    expect(key.secret).toMatch(/^shk_[A-Za-z0-9_-]{43}$/);
    // The other super-admins hear of it; the secret is in no notice.
    const notices = (await as(colleague).call(notificationEndpoints.list)).json().items;
    expect(notices[0]).toMatchObject({ title: 'أُنشئ مفتاح جديد للواجهة البرمجية' });
    expect(notices[0]?.message).toContain('«نظام الاكتتاب»');
    expect(JSON.stringify(notices)).not.toContain(key.secret);
    expect(key.prefix).toBe(key.secret.slice(0, 8));
    const listed = (await as(root).call(apiKeyEndpoints.list)).json().items;
    expect(JSON.stringify(listed)).not.toContain(key.secret);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(JSON.stringify(row)).not.toContain(key.secret.slice(8));
  });

  it('a client with only a key signs a contract and reads its commission; outside its scopes it is refused', async () => {
    const broker = await aBroker(t);
    const referral = await aReferral(t, broker, { rent: 60_000 });
    const reader = await makeKey('لوحة المتابعة', ['referrals:read']);
    const underwriter = await makeKey('نظام الاكتتاب', [
      'referrals:read',
      'referrals:status',
      'commissions:read',
    ]);

    // No key, a wrong one, or a browser's session: the inbound API knows keys only.
    for (const secret of [null, 'shk_not-a-key', `${underwriter.secret}x`]) {
      const refused = await call(secret, 'GET', '/api/v1/referrals');
      expect(refused.status).toBe(401);
      expect(refused.json).toMatchObject({
        code: 'API_KEY_INVALID',
        message: 'مفتاح الواجهة مفقود أو غير صالح أو منتهٍ أو ملغى',
        messageEn: 'The API key is missing, unknown, expired or revoked.',
      });
      expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    }
    expect((await as(root).get('/api/v1/referrals')).json<ApiError>().code).toBe('API_KEY_INVALID');

    const listed = await call(reader.secret, 'GET', '/api/v1/referrals?status=pending_completion');
    expect(listed.status).toBe(200);
    expect(listed.json.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: referral.id, brokerCode: expect.any(String) }),
      ]),
    );
    // Syncing from an instant: only what changed after it, oldest first; a bad instant is a 400.
    const since = new Date(Date.now() - 60_000).toISOString();
    const recent = await call(reader.secret, 'GET', `/api/v1/referrals?updatedSince=${since}`);
    expect(recent.status).toBe(200);
    const stamps = (recent.json.items as { updatedAt: string }[]).map((item) => item.updatedAt);
    expect(stamps.length).toBeGreaterThan(0);
    expect(stamps).toEqual([...stamps].sort());
    expect(stamps.every((stamp) => stamp > since)).toBe(true);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(
      (await call(reader.secret, 'GET', `/api/v1/referrals?updatedSince=${future}`)).json.items,
    ).toEqual([]);
    const badSince = await call(reader.secret, 'GET', '/api/v1/referrals?updatedSince=yesterday');
    expect(badSince.status).toBe(400);
    expect(badSince.json.message).toBe('يرجى إرسال updatedSince تاريخاً ووقتاً بصيغة ISO 8601');
    // Outside its scopes: a stable code, in Arabic and English.
    const lease = aLease(60_000);
    const signing = { status: 'contract_signed', ...lease };
    const scoped = await call(
      reader.secret,
      'POST',
      `/api/v1/referrals/${referral.id}/status`,
      signing,
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(scoped.status).toBe(403);
    expect(scoped.json).toMatchObject({
      code: 'API_SCOPE',
      messageEn: 'The API key does not have the scope this endpoint needs.',
    });
    // A refusal of a known key is audited under it too (once the answer is sent).
    const lastCallOf = async (keyId: string) =>
      (
        await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'api.call'), eq(auditLog.apiKeyId, keyId)))
          .orderBy(desc(auditLog.id))
          .limit(1)
      )[0]?.after;
    await expect
      .poll(() => lastCallOf(reader.id))
      .toEqual({ method: 'POST', route: '/api/v1/referrals/:id/status', status: 403 });
    expect((await call(reader.secret, 'GET', '/api/v1/commissions')).status).toBe(403);
    expect((await call(reader.secret, 'GET', '/api/v1/payouts')).status).toBe(403);

    // A state-changing call needs its Idempotency-Key.
    const bare = await call(
      underwriter.secret,
      'POST',
      `/api/v1/referrals/${referral.id}/status`,
      signing,
    );
    expect(bare.status).toBe(400);
    expect(bare.json.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    // The console's rules: a signed contract needs its lease.
    const once = randomUUID();
    const incomplete = await call(
      underwriter.secret,
      'POST',
      `/api/v1/referrals/${referral.id}/status`,
      { status: 'contract_signed' },
      { 'idempotency-key': once },
    );
    expect(incomplete.status).toBe(400);
    expect(incomplete.json.code).toBe('CONTRACT_DETAILS_REQUIRED');
    expect(incomplete.json.messageEn).toContain('Ejar contract number');

    // The same key after a refusal may try again; then the same call again answers the same.
    const signed = await call(
      underwriter.secret,
      'POST',
      `/api/v1/referrals/${referral.id}/status`,
      signing,
      {
        'idempotency-key': once,
      },
    );
    expect(signed.status, JSON.stringify(signed.json)).toBe(200);
    expect(signed.json).toMatchObject({ newStatus: 'contract_signed' });
    // 1% of 60,000, the minimum of 500 aside.
    expect(signed.json.commissionCreated).toBe('600.00');
    const replayed = await call(
      underwriter.secret,
      'POST',
      `/api/v1/referrals/${referral.id}/status`,
      signing,
      {
        'idempotency-key': once,
      },
    );
    expect(replayed.status).toBe(200);
    expect(replayed.json).toEqual(signed.json);
    const reused = await call(
      underwriter.secret,
      'POST',
      `/api/v1/referrals/${referral.id}/status`,
      { ...signing, contractRent: 70_000 },
      { 'idempotency-key': once },
    );
    expect(reused.status).toBe(422);
    expect(reused.json.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const made = await t.database.db
      .select()
      .from(commissions)
      .where(eq(commissions.referralId, referral.id));
    expect(made).toHaveLength(1);

    const read = await call(
      underwriter.secret,
      'GET',
      `/api/v1/commissions?referralId=${referral.id}`,
    );
    expect(read.status).toBe(200);
    expect(read.json.items).toEqual([
      expect.objectContaining({
        id: made[0]?.id,
        kind: 'referral',
        referralId: referral.id,
        amount: made[0]?.amount,
      }),
    ]);
    expect(
      (await call(underwriter.secret, 'GET', '/api/v1/commissions?referralId=x')).json.items,
    ).toEqual([]);
    const one = await call(underwriter.secret, 'GET', `/api/v1/referrals/${referral.id}`);
    expect(one.json).toMatchObject({ status: 'contract_signed', contractRent: '60000.00' });

    // Every call audited under the key; the change itself too, with no person as its actor.
    const callsOf = (keyId: string) =>
      t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'api.call'), eq(auditLog.apiKeyId, keyId)));
    // Its eight calls (each audited once its answer is sent): two refused before any change,
    // the signing, its replay, the reuse, three reads.
    await expect.poll(async () => (await callsOf(underwriter.id)).length).toBe(8);
    expect((await callsOf(underwriter.id)).map((row) => row.after)).toEqual(
      expect.arrayContaining([
        { method: 'POST', route: '/api/v1/referrals/:id/status', status: 200 },
        { method: 'POST', route: '/api/v1/referrals/:id/status', status: 422 },
      ]),
    );
    const [change] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'referral.status_change'), eq(auditLog.entityId, referral.id)),
      );
    expect(change).toMatchObject({ apiKeyId: underwriter.id, actorId: null });
    // The audit log names the key, not «the tenant through the link».
    const log = (
      await as(root).call(superadminEndpoints.auditLog, {
        query: { action: 'referral.status_change', search: referral.id },
      })
    ).json();
    expect(log.items[0]).toMatchObject({ apiKeyName: 'نظام الاكتتاب', actorPhone: null });
    const [status] = await t.database.db
      .select({ status: referrals.status })
      .from(referrals)
      .where(eq(referrals.id, referral.id));
    expect(status?.status).toBe('contract_signed');
  });

  it("the tenant's data only with its scope; a revoked or expired key stops at once; a key is rate limited", async () => {
    const broker = await aBroker(t);
    const referral = await aReferral(t, broker);
    const plain = await makeKey('تقارير', ['referrals:read']);
    const trusted = await makeKey('الاكتتاب', ['referrals:tenant-data']);
    expect(
      (await call(plain.secret, 'GET', `/api/v1/referrals/${referral.id}/tenant-form`)).status,
    ).toBe(403);
    const early = await call(trusted.secret, 'GET', `/api/v1/referrals/${referral.id}/tenant-form`);
    expect(early.status).toBe(404);
    await aTenantSubmission(t, referral);
    const form = await call(trusted.secret, 'GET', `/api/v1/referrals/${referral.id}/tenant-form`);
    expect(form.status).toBe(200);
    expect(form.json).toMatchObject({ fullName: 'مستأجر تجريبي', monthlyIncome: '12000.00' });
    const [viewed] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tenant_form.view'), eq(auditLog.entityId, referral.id)));
    expect(viewed?.apiKeyId).toBe(trusted.id);

    // Revoked: refused at once; revoking again changes nothing.
    const revoked = await as(root).call(apiKeyEndpoints.revoke, { params: { id: trusted.id } });
    expect(revoked.json().revokedAt).not.toBeNull();
    expect(
      (await as(root).call(apiKeyEndpoints.revoke, { params: { id: trusted.id } })).json()
        .revokedAt,
    ).toBe(revoked.json().revokedAt);
    expect(
      (await call(trusted.secret, 'GET', `/api/v1/referrals/${referral.id}/tenant-form`)).status,
    ).toBe(401);
    // Expired: the same.
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, plain.id));
    expect((await call(plain.secret, 'GET', '/api/v1/referrals')).status).toBe(401);

    // A key acts for its creator, and no longer than their role.
    const other = await aSuperAdmin(t);
    const made = await as(other).call(apiKeyEndpoints.create, {
      body: {
        name: 'مفتاح مشرف سابق',
        scopes: ['referrals:read'],
        expiresOn: inAYear(),
        password: 'secret123',
      },
    });
    const former = made.json().secret;
    expect((await call(former, 'GET', '/api/v1/referrals')).status).toBe(200);
    await t.database.db
      .update(brokers)
      .set({ isSuperAdmin: false })
      .where(eq(brokers.id, other.id));
    expect((await call(former, 'GET', '/api/v1/referrals')).status).toBe(401);

    // A key's budget: the call past it is a 429 with Retry-After.
    const busy = await makeKey('مزامنة', ['payouts:read']);
    const statuses: number[] = [];
    for (let i = 0; i < API_CALLS_PER_MINUTE.key; i++) {
      statuses.push((await call(busy.secret, 'GET', '/api/v1/payouts')).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(API_CALLS_PER_MINUTE.key);
    const over = await call(busy.secret, 'GET', '/api/v1/payouts');
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBeTruthy();
    expect(over.json.messageEn).toBe('Too many calls; wait for the time in Retry-After.');
  });

  it('bad input to every /api/v1 endpoint is a 4xx in Arabic and English that writes nothing', async () => {
    const key = await makeKey('كل الصلاحيات', [
      'referrals:read',
      'referrals:tenant-data',
      'referrals:status',
      'commissions:read',
      'payouts:read',
    ]);
    const broker = await aBroker(t);
    const referral = await aReferral(t, broker, { rent: 60_000 });
    const status = `/api/v1/referrals/${referral.id}/status`;
    const raw = (path: string, body: string, contentType = 'application/json') =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key.secret}`,
          'content-type': contentType,
          'idempotency-key': randomUUID(),
        },
        body,
      });
    const bad: [string, () => Promise<{ status: number; json: Record<string, unknown> }>][] = [
      ['page 0', () => call(key.secret, 'GET', '/api/v1/referrals?page=0')],
      ['page text', () => call(key.secret, 'GET', '/api/v1/referrals?page=x')],
      ['page past the last', () => call(key.secret, 'GET', '/api/v1/payouts?page=10001')],
      ['unknown status filter', () => call(key.secret, 'GET', '/api/v1/referrals?status=nope')],
      ['unknown payout status', () => call(key.secret, 'GET', '/api/v1/payouts?status=nope')],
      ['no id', () => call(key.secret, 'GET', '/api/v1/referrals/not-an-id')],
      ['unknown id', () => call(key.secret, 'GET', `/api/v1/referrals/${randomUUID()}`)],
      ['no form id', () => call(key.secret, 'GET', '/api/v1/referrals/x/tenant-form')],
      [
        'long referral id',
        () => call(key.secret, 'GET', `/api/v1/commissions?referralId=${'a'.repeat(65)}`),
      ],
      [
        'unknown status',
        () =>
          call(key.secret, 'POST', status, { status: 'nope' }, { 'idempotency-key': randomUUID() }),
      ],
      [
        'status not text',
        () => call(key.secret, 'POST', status, { status: 7 }, { 'idempotency-key': randomUUID() }),
      ],
      [
        'a bidi override in the note',
        () =>
          call(
            key.secret,
            'POST',
            status,
            { status: 'under_review', notes: 'ملاحظة\u202Eمقلوبة' },
            { 'idempotency-key': randomUUID() },
          ),
      ],
      [
        'a NUL in the note',
        () =>
          call(
            key.secret,
            'POST',
            status,
            { status: 'under_review', notes: 'a\u0000b' },
            { 'idempotency-key': randomUUID() },
          ),
      ],
      [
        'an Ejar number that is none',
        () =>
          call(
            key.secret,
            'POST',
            status,
            { status: 'contract_signed', ...aLease(60_000), contractId: 'abc' },
            { 'idempotency-key': randomUUID() },
          ),
      ],
      [
        'a lease ending before it starts',
        () =>
          call(
            key.secret,
            'POST',
            status,
            { status: 'contract_signed', ...aLease(60_000), contractEndsOn: '2026-01-01' },
            { 'idempotency-key': randomUUID() },
          ),
      ],
      [
        'a negative rent',
        () =>
          call(
            key.secret,
            'POST',
            status,
            { status: 'contract_signed', ...aLease(-5) },
            { 'idempotency-key': randomUUID() },
          ),
      ],
      [
        'an Idempotency-Key too short',
        () =>
          call(
            key.secret,
            'POST',
            status,
            { status: 'under_review' },
            { 'idempotency-key': 'short' },
          ),
      ],
      [
        'broken JSON',
        async () => {
          const answer = await raw(status, '{"status":');
          return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
        },
      ],
      [
        'not JSON',
        async () => {
          const answer = await raw(status, 'status=under_review', 'text/plain');
          return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
        },
      ],
    ];
    for (const [what, send] of bad) {
      const answer = await send();
      expect(answer.status, `${what}: ${JSON.stringify(answer.json)}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, what).toBeLessThan(500);
      expect(String(answer.json.message), what).toMatch(/[\u0600-\u06FF]/);
      expect(String(answer.json.messageEn), what).toMatch(/^[A-Z]/);
      expect(answer.json.code, what).toEqual(expect.any(String));
    }
    const [after] = await t.database.db
      .select({
        status: referrals.status,
        notes: referrals.notes,
        contractId: referrals.contractId,
      })
      .from(referrals)
      .where(eq(referrals.id, referral.id));
    expect(after).toEqual({ status: 'pending_completion', notes: null, contractId: null });
    expect(
      await t.database.db.select().from(commissions).where(eq(commissions.referralId, referral.id)),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(apiIdempotency).where(eq(apiIdempotency.apiKeyId, key.id)),
    ).toEqual([]);
  });

  it('old Idempotency-Key answers are dropped after 30 days by the housekeeping', async () => {
    const key = await makeKey('تنظيف', ['referrals:read']);
    await t.database.db.insert(apiIdempotency).values([
      {
        apiKeyId: key.id,
        idempotencyKey: 'old-answer-1',
        requestSha256: 'x',
        statusCode: 200,
        response: {},
        createdAt: new Date(Date.now() - 31 * 86_400_000),
      },
      {
        apiKeyId: key.id,
        idempotencyKey: 'new-answer-1',
        requestSha256: 'x',
        statusCode: 200,
        response: {},
      },
    ]);
    expect(await pruneIdempotency(t.database.db)).toBeGreaterThanOrEqual(1);
    const kept = await t.database.db
      .select({ key: apiIdempotency.idempotencyKey })
      .from(apiIdempotency)
      .where(eq(apiIdempotency.apiKeyId, key.id));
    expect(kept).toEqual([{ key: 'new-answer-1' }]);
  });

  it("a key cannot move its creator's own referral, and an Idempotency-Key never runs a change twice", async () => {
    // The creator's own referral: refused as in the console, and the claim given back.
    const own = await aReferral(t, root, { rent: 60_000 });
    const mine = await makeKey('مفتاح المشرف', ['referrals:status'], root);
    const idempotencyKey = randomUUID();
    const refused = await call(
      mine.secret,
      'POST',
      `/api/v1/referrals/${own.id}/status`,
      { status: 'contract_signed', ...aLease(60_000) },
      { 'idempotency-key': idempotencyKey },
    );
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('OWN_MONEY');
    expect(
      await t.database.db.select().from(apiIdempotency).where(eq(apiIdempotency.apiKeyId, mine.id)),
    ).toEqual([]);

    const broker = await aBroker(t);
    const referral = await aReferral(t, broker, { rent: 60_000 });
    const review = { status: 'under_review' };
    const path = `/api/v1/referrals/${referral.id}/status`;
    const lost = randomUUID();
    const first = await call(mine.secret, 'POST', path, review, { 'idempotency-key': lost });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const claim = eq(apiIdempotency.idempotencyKey, lost);
    // While the first call under a key runs, the second waits its turn (409).
    await t.database.db.update(apiIdempotency).set({ statusCode: 0 }).where(claim);
    const waiting = await call(mine.secret, 'POST', path, review, { 'idempotency-key': lost });
    expect(waiting.status).toBe(409);
    expect(waiting.json.code).toBe('IDEMPOTENCY_KEY_IN_USE');
    // Its change committed but its answer was lost: never run again.
    await t.database.db.update(apiIdempotency).set({ statusCode: 1, response: {} }).where(claim);
    const again = await call(mine.secret, 'POST', path, review, { 'idempotency-key': lost });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('IDEMPOTENCY_KEY_APPLIED');
    const changes = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'referral.status_change'), eq(auditLog.entityId, referral.id)),
      );
    expect(changes).toHaveLength(1);
    // A claim abandoned while running (a crash before any change) is taken again after 5 minutes.
    const abandoned = randomUUID();
    const fresh = await call(
      mine.secret,
      'POST',
      path,
      { status: 'accepted_awaiting_owner_contract' },
      {
        'idempotency-key': abandoned,
      },
    );
    expect(fresh.status, JSON.stringify(fresh.json)).toBe(200);
    await t.database.db
      .update(apiIdempotency)
      .set({ statusCode: 0, createdAt: sql`now() - interval '6 minutes'` })
      .where(eq(apiIdempotency.idempotencyKey, abandoned));
    const retaken = await call(
      mine.secret,
      'POST',
      path,
      { status: 'accepted_awaiting_owner_contract' },
      {
        'idempotency-key': abandoned,
      },
    );
    expect(retaken.status, JSON.stringify(retaken.json)).toBe(200);
  });
});
