import path from 'node:path';
import { and, asc, eq, gt, inArray, max, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { adminSettingsEndpoints } from '#contract/admin/settings';
import { tenantFormEndpoints } from '#contract/tenant-forms';
import { CONSENT_VERSION, type ReferralStatus } from '#domain';
import { auditLog, commissions, referrals, storedFiles, tenantForms } from '../db/schema.js';
import { LocalFileStorage } from '../integrations/storage.js';
import { client } from '../test-support/client.js';
import { aLease, anActiveBrokerWithReferral } from '../test-support/factories.js';
import { anAdminAndASuperAdmin } from '../test-support/staff.js';
import type { TestBroker } from '../test-support/test-app.js';
import { uploadTenantPdf } from '../test-support/test-app.js';
import { sharedUploadingApp } from '../test-support/uploading-app.js';
import { eraseClosedReferralDocuments } from './retention.js';

// The retention schedule (decision record 068): the documents of a referral closed longer ago
// than the super-admins' period are erased, bytes and references; everything else stays.

const DAY_MS = 24 * 60 * 60 * 1000;
/** The period these tests set, in days. */
const DAYS = 30;
const CREDIT_LINK = 'https://reports.simah.example/r/4471.pdf';

let storage: LocalFileStorage;
let admin: TestBroker;
let root: TestBroker;
const { t, base, dataDir, storedOnDisk } = sharedUploadingApp('retention');
const as = (caller: TestBroker) => client(t).as(caller);
const quiet = { warn: () => {} };
const sweep = (now?: Date) => eraseClosedReferralDocuments(t.database.db, storage, quiet, now);

beforeAll(async () => {
  storage = new LocalFileStorage(path.join(dataDir(), 'uploads'));
  ({ admin, root } = await anAdminAndASuperAdmin(t));
  const set = await client(t)
    .as(root)
    .call(adminSettingsEndpoints.set, {
      body: { key: 'document_retention_days', value: String(DAYS) },
    });
  expect(set.statusCode).toBe(200);
});

/** The audit log's last row before the test: the sweep's rows are read from there on. */
let since = 0;
beforeEach(async () => {
  // Earlier tests' referrals are done with: each test sweeps only its own.
  await sweep(new Date(Date.now() + 100 * 365 * DAY_MS));
  const [last] = await t.database.db.select({ id: max(auditLog.id) }).from(auditLog);
  since = last?.id ?? 0;
});

/** A referral whose tenant sent the form with an uploaded salary certificate and a typed link. */
async function withDocuments(): Promise<{ id: string; key: string }> {
  const { referral } = await anActiveBrokerWithReferral(t);
  const key = await uploadTenantPdf(base(), referral.token);
  const sent = await client(t)
    .as(null)
    .call(tenantFormEndpoints.submit, {
      body: {
        token: referral.token,
        referralId: referral.id,
        name: 'ريم القحطاني',
        income: 14000,
        monthlyObligations: 3000,
        salaryDefinitionUrl: `upload:${key}`,
        creditReportUrl: CREDIT_LINK,
        consent: true,
        creditConsent: true,
        consentVersion: CONSENT_VERSION,
      },
    });
  expect(sent.statusCode).toBe(200);
  return { id: referral.id, key };
}

/** The admin moves the referral on through the console's call; the step is dated `daysAgo`. */
async function moveTo(id: string, status: ReferralStatus, daysAgo = 0): Promise<void> {
  // Signing names the lease, at the rent the broker declared (60,000).
  const signing = status === 'contract_signed' || status === 'commission_added';
  const changed = await as(admin).call(adminReferralEndpoints.changeStatus, {
    params: { id },
    body: { status, ...(signing ? aLease(60_000) : {}) },
  });
  expect(changed.statusCode).toBe(200);
  if (daysAgo === 0) return;
  // The clock moved back for this step alone: its audit row, and the row's own stamp.
  const at = new Date(Date.now() - daysAgo * DAY_MS);
  const [last] = await t.database.db
    .select({ id: max(auditLog.id) })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, 'referral'),
        eq(auditLog.entityId, id),
        eq(auditLog.action, 'referral.status_change'),
      ),
    );
  await t.database.db
    .update(auditLog)
    .set({ createdAt: at })
    .where(eq(auditLog.id, last?.id ?? 0));
  await t.database.db.update(referrals).set({ updatedAt: at }).where(eq(referrals.id, id));
}

const filesOf = async (id: string) =>
  (
    await t.database.db
      .select({ key: storedFiles.key })
      .from(storedFiles)
      .where(eq(storedFiles.referralId, id))
  ).map((row) => row.key);

const formOf = async (id: string) =>
  (
    await t.database.db
      .select({
        name: tenantForms.name,
        income: tenantForms.income,
        salary: tenantForms.salaryDefinitionUrl,
        credit: tenantForms.creditReportUrl,
      })
      .from(tenantForms)
      .where(eq(tenantForms.referralId, id))
  )[0];

/** What the sweep recorded since the test began. */
const erasures = () =>
  t.database.db
    .select({
      actorId: auditLog.actorId,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(and(gt(auditLog.id, since), eq(auditLog.action, 'file.retention_erase')))
    .orderBy(asc(auditLog.id));

async function expectKept(id: string, key: string): Promise<void> {
  expect(await filesOf(id)).toEqual([key]);
  expect(storedOnDisk(key)).toBe(true);
  expect(await formOf(id)).toMatchObject({ salary: `upload:${key}`, credit: CREDIT_LINK });
}

async function expectErased(id: string, key: string): Promise<void> {
  expect(await filesOf(id)).toEqual([]);
  expect(storedOnDisk(key)).toBe(false);
  // The form stays, part of the referral's record: only its two document references go.
  expect(await formOf(id)).toEqual({
    name: 'ريم القحطاني',
    income: '14000.00',
    salary: null,
    credit: null,
  });
}

describe('the retention schedule', () => {
  it('erases the documents of referrals closed longer ago than the period, and only those', async () => {
    const rejectedLongAgo = await withDocuments();
    await moveTo(rejectedLongAgo.id, 'rejected', DAYS + 1);
    const signedLongAgo = await withDocuments();
    await moveTo(signedLongAgo.id, 'contract_signed', DAYS + 1);
    const cancelledRecently = await withDocuments();
    await moveTo(cancelledRecently.id, 'cancelled', DAYS - 1);
    // Open, and untouched for longer than the period: still being worked on.
    const open = await withDocuments();
    await moveTo(open.id, 'preparing_tenant_contract', DAYS + 10);
    const ledger = () => t.database.db.select().from(commissions).orderBy(asc(commissions.id));
    const ledgerBefore = await ledger();
    expect(ledgerBefore.some((row) => row.referralId === signedLongAgo.id)).toBe(true);

    expect(await sweep()).toBe(2);
    await expectErased(rejectedLongAgo.id, rejectedLongAgo.key);
    await expectErased(signedLongAgo.id, signedLongAgo.key);
    await expectKept(cancelledRecently.id, cancelledRecently.key);
    await expectKept(open.id, open.key);
    expect(await ledger()).toEqual(ledgerBefore);
    const [signed] = await t.database.db
      .select({ status: referrals.status })
      .from(referrals)
      .where(eq(referrals.id, signedLongAgo.id));
    expect(signed?.status).toBe('contract_signed');
    // One row for the run, by the system, naming the referrals with what went.
    expect(await erasures()).toEqual([
      {
        actorId: null,
        entityType: 'referral',
        entityId: null,
        after: {
          referralIds: [rejectedLongAgo.id, signedLongAgo.id].sort(),
          files: 2,
          links: 2,
          retentionDays: DAYS,
        },
      },
    ]);

    // Nothing left to erase: nothing recorded.
    expect(await sweep()).toBe(0);
    expect(await erasures()).toHaveLength(1);
    // Two days on, the recent cancellation is past the period too; the open one never is.
    expect(await sweep(new Date(Date.now() + 2 * DAY_MS))).toBe(1);
    await expectErased(cancelledRecently.id, cancelledRecently.key);
    await expectKept(open.id, open.key);
    expect(await erasures()).toHaveLength(2);
  });

  it('counts from the last closing: a referral reopened and closed again keeps its documents', async () => {
    const reopened = await withDocuments();
    await moveTo(reopened.id, 'rejected', DAYS + 5);
    await moveTo(reopened.id, 'under_review', DAYS + 4);
    await moveTo(reopened.id, 'cancelled', 2);
    // A change between closed statuses does not restart the clock.
    const rejectedThenCancelled = await withDocuments();
    await moveTo(rejectedThenCancelled.id, 'rejected', DAYS + 3);
    await moveTo(rejectedThenCancelled.id, 'cancelled', 1);

    expect(await sweep()).toBe(1);
    await expectKept(reopened.id, reopened.key);
    await expectErased(rejectedThenCancelled.id, rejectedThenCancelled.key);
    expect(await sweep(new Date(Date.now() + (DAYS - 1) * DAY_MS))).toBe(1);
    await expectErased(reopened.id, reopened.key);
  });

  it('follows the setting in force, and erases each referral once when instances sweep together', async () => {
    const closed = await Promise.all([withDocuments(), withDocuments(), withDocuments()]);
    for (const referral of closed) await moveTo(referral.id, 'cancelled', DAYS - 10);
    expect(await sweep()).toBe(0);
    const shorter = await client(t)
      .as(root)
      .call(adminSettingsEndpoints.set, { body: { key: 'document_retention_days', value: '7' } });
    expect(shorter.statusCode).toBe(200);
    try {
      const runs = await Promise.all([sweep(), sweep(), sweep()]);
      expect(runs.reduce((sum, n) => sum + n, 0)).toBe(3);
      for (const referral of closed) await expectErased(referral.id, referral.key);
      const recorded = await erasures();
      expect(
        recorded.flatMap((row) => (row.after as { referralIds: string[] }).referralIds).sort(),
      ).toEqual(closed.map((referral) => referral.id).sort());
    } finally {
      await client(t)
        .as(root)
        .call(adminSettingsEndpoints.set, {
          body: { key: 'document_retention_days', value: String(DAYS) },
        });
    }
  });

  it('a closing not audited as the referral’s own step counts from the row’s last change', async () => {
    // As a retired account's referrals are cancelled: in the account's audit entry, not theirs.
    const retired = await withDocuments();
    await t.database.db
      .update(referrals)
      .set({ status: 'cancelled', updatedAt: new Date(Date.now() - (DAYS + 1) * DAY_MS) })
      .where(eq(referrals.id, retired.id));
    const recent = await withDocuments();
    await t.database.db
      .update(referrals)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(inArray(referrals.id, [recent.id]));
    // As the server's hourly housekeeping runs it (server.ts, `erase-documents`).
    expect(await t.app.scheduledJobs.eraseClosedDocuments(quiet)).toBe(1);
    await expectErased(retired.id, retired.key);
    await expectKept(recent.id, recent.key);
  });
});
