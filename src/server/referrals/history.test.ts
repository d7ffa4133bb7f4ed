import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { referralEndpoints } from '#contract/referrals';
import { tenantFormEndpoints } from '#contract/tenant-forms';
import { CONSENT_VERSION } from '#domain';
import { brokers, referrals } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import type { BodyOf } from '../test-support/endpoints.js';
import { aBroker, aLease, anAdmin, aReferral } from '../test-support/factories.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import type { TestBroker } from '../test-support/test-app.js';

let admin: TestBroker;
const ADMIN_NAME = 'سارة من فريق التشغيل';
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeAll(async () => {
  admin = await anAdmin(t);
  await t.database.db.update(brokers).set({ fullName: ADMIN_NAME }).where(eq(brokers.id, admin.id));
});

const as = (caller: Caller) => client(t).as(caller);
const setStatus = async (id: string, body: BodyOf<typeof adminReferralEndpoints.changeStatus>) => {
  const changed = await as(admin).call(adminReferralEndpoints.changeStatus, {
    params: { id },
    body,
  });
  expect(changed.statusCode).toBe(200);
};

/** A referral its tenant completed, then processed by the admin with notes. */
async function processedReferral() {
  const broker = await aBroker(t, { fullName: 'خالد الوسيط' });
  const referral = await aReferral(t, broker);
  const submitted = await as(null).call(tenantFormEndpoints.submit, {
    body: {
      token: referral.token,
      referralId: referral.id,
      name: 'محمد العنزي',
      income: 12000,
      monthlyObligations: 2500,
      salaryDefinitionUrl: null,
      creditReportUrl: null,
      consent: true,
      creditConsent: true,
      consentVersion: CONSENT_VERSION,
    },
  });
  expect(submitted.statusCode).toBe(200);
  /** Accepted, waiting for the owner's contract, with a note or a contract number. */
  const accepted = (details: { notes?: string; contractId?: string }) =>
    setStatus(referral.id, { status: 'accepted_awaiting_owner_contract', ...details });
  await accepted({ notes: 'تم التواصل مع المستأجر وقبول الطلب' });
  // The same status and note again, then a contract number alone: no step of the history.
  await accepted({ notes: 'تم التواصل مع المستأجر وقبول الطلب' });
  const { contractId, ...lease } = aLease(60_000);
  await accepted({ contractId });
  await accepted({ notes: 'بانتظار توقيع المالك' });
  // Signed on the contract number already recorded, with the rest of the lease.
  await setStatus(referral.id, { status: 'contract_signed', ...lease });
  return { broker, referral };
}

describe('status history', () => {
  it('shows the broker every step, oldest first, with notes and no admin identity', async () => {
    const { broker, referral } = await processedReferral();
    const details = await as(broker).call(referralEndpoints.details, {
      params: { id: referral.id },
    });
    expect(details.statusCode).toBe(200);
    const { history } = details.json();
    expect(history.map(({ at: _at, ...step }) => step)).toEqual([
      { kind: 'created', status: 'pending_completion', actor: 'broker', note: null },
      { kind: 'tenant_submitted', status: 'under_review', actor: 'tenant', note: null },
      {
        kind: 'status_changed',
        status: 'accepted_awaiting_owner_contract',
        actor: 'admin',
        note: 'تم التواصل مع المستأجر وقبول الطلب',
      },
      {
        kind: 'note_changed',
        status: 'accepted_awaiting_owner_contract',
        actor: 'admin',
        note: 'بانتظار توقيع المالك',
      },
      { kind: 'status_changed', status: 'contract_signed', actor: 'admin', note: null },
    ]);
    const times = history.map((step) => Date.parse(step.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(details.body).not.toContain(ADMIN_NAME);
    expect(details.body).not.toContain(admin.phone);
    expect(details.body).not.toContain('actorName');
  });

  it('names the accounts that acted for admins', async () => {
    const { referral } = await processedReferral();
    const history = await as(admin).call(adminReferralEndpoints.history, {
      params: { id: referral.id },
    });
    expect(history.statusCode).toBe(200);
    expect(history.json().map((step) => [step.kind, step.actorName])).toEqual([
      ['created', 'خالد الوسيط'],
      ['tenant_submitted', null],
      ['status_changed', ADMIN_NAME],
      ['note_changed', ADMIN_NAME],
      ['status_changed', ADMIN_NAME],
    ]);
  });

  it('starts a new referral with its creation', async () => {
    const broker = await aBroker(t);
    const referral = await aReferral(t, broker);
    const { history } = (
      await as(broker).call(referralEndpoints.details, { params: { id: referral.id } })
    ).json();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ kind: 'created', actor: 'broker' });
  });

  it('ends a referral whose status was set before the log with that status', async () => {
    const broker = await aBroker(t);
    const referral = await aReferral(t, broker);
    await t.database.db
      .update(referrals)
      .set({ status: 'preparing_tenant_contract' })
      .where(eq(referrals.id, referral.id));
    const { history } = (
      await as(broker).call(referralEndpoints.details, { params: { id: referral.id } })
    ).json();
    expect(history.map((step) => [step.kind, step.status, step.actor])).toEqual([
      ['created', 'pending_completion', 'broker'],
      ['status_changed', 'preparing_tenant_contract', 'admin'],
    ]);
  });

  it("hides another broker's referral and refuses the admin history to others", async () => {
    const { referral } = await processedReferral();
    const other = await aBroker(t);
    const theirs = await as(other).call(referralEndpoints.details, { params: { id: referral.id } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json<ApiError>().message).toBe('الطلب غير موجود');

    const history = { params: { id: referral.id } };
    expect((await as(other).call(adminReferralEndpoints.history, history)).statusCode).toBe(403);
    expect((await as(null).call(adminReferralEndpoints.history, history)).statusCode).toBe(401);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-an-id'],
    ['Arabic-Indic digits', '١٢٣'],
  ])('answers 404 in Arabic to %s', async (_, id) => {
    const missing = await as(admin).call(adminReferralEndpoints.history, {
      params: { id },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ApiError>().message).toBe('الإحالة غير موجودة');
  });
});
