import { and, inArray, isNotNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { OPEN_REFERRAL_STATUSES, REFERRAL_STATUS_KEYS } from '#domain';
import { auditSystem } from '../audit/service.js';
import type { Database } from '../db/client.js';
import { auditLog, referrals, storedFiles, tenantForms } from '../db/schema.js';
import type { FileStorage } from '../integrations/storage.js';
import { documentRetentionDays } from '../settings/service.js';
import { deleteDocumentRows, removeStoredDocuments } from './deletion.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long an upload may wait for the tenant form that attaches it. */
const UNATTACHED_UPLOAD_LIFETIME_MS = 7 * DAY_MS;

/** No submitted tenant form names the upload as one of its documents. */
const unattached = notExists(
  sql`(select 1 from ${tenantForms} where ${tenantForms.salaryDefinitionUrl} = 'upload:' || ${storedFiles.key} or ${tenantForms.creditReportUrl} = 'upload:' || ${storedFiles.key})`,
);

/**
 * Deletes uploads older than seven days that no submitted tenant form attaches (abandoned
 * forms, replaced files): their rows, then, after the commit, their bytes. Returns how many
 * were removed. Safe to run on several instances at once.
 */
export async function sweepUnattachedUploads(
  db: Database,
  storage: FileStorage,
  log: Pick<FastifyBaseLogger, 'warn'>,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - UNATTACHED_UPLOAD_LIFETIME_MS);
  // A tenant's upload only: a broker's licence copy is attached to the broker's row.
  const stale = and(
    lt(storedFiles.createdAt, cutoff),
    isNotNull(storedFiles.referralId),
    unattached,
  );
  const keys = await db.transaction(async (tx) => {
    // A form submission locks its referral's row before checking its uploads exist: holding
    // the same locks, a sweep and a submission of the same referral run one after the other,
    // so a form never ends up pointing at a document swept from under it.
    await tx
      .select({ id: referrals.id })
      .from(referrals)
      .where(
        inArray(
          referrals.id,
          tx.select({ id: storedFiles.referralId }).from(storedFiles).where(stale),
        ),
      )
      .orderBy(referrals.id)
      .for('update');
    // Checked again now that the locks are held: a form may have been submitted meanwhile.
    return deleteDocumentRows(tx, stale);
  });
  await removeStoredDocuments(storage, keys, log);
  return keys.length;
}

/** Referrals whose documents one run erases at most; the next run takes the rest. */
const RETENTION_BATCH = 100;

/** The audit steps that move a referral from one status to another (referrals/history.ts). */
const STATUS_STEPS = sql.raw(`('referral.status_change','referral.expire')`);
const OPEN = sql.raw(`(${OPEN_REFERRAL_STATUSES.map((status) => `'${status}'`).join(',')})`);

/**
 * Closed, for the documents: no longer open, so rejected, cancelled, or past the contract's
 * signing (which creates the commission). The tenant's documents were collected to study the
 * request; once it is decided, either way, their purpose has ended.
 */
const CLOSED_STATUSES = REFERRAL_STATUS_KEYS.filter(
  (status) => !OPEN_REFERRAL_STATUSES.includes(status),
);

/**
 * When the referral closed: the time of the last audited step that crossed between open and
 * closed, when that step closed it. Where the closing was not audited as a step of the referral
 * (a retired account's referrals, cancelled in the account's own entry; rows older than the audit
 * log), the row's updated_at, which that closing set and later changes only move later.
 */
const closedAt = sql`coalesce((
  select case when coalesce(${auditLog.after}->>'status', '') in ${OPEN} then null
    else ${auditLog.createdAt} end
  from ${auditLog}
  where ${auditLog.entityType} = 'referral' and ${auditLog.entityId} = ${referrals.id}::text
    and ${auditLog.action} in ${STATUS_STEPS}
    and (coalesce(${auditLog.before}->>'status', '') in ${OPEN})
      <> (coalesce(${auditLog.after}->>'status', '') in ${OPEN})
  order by ${auditLog.createdAt} desc, ${auditLog.id} desc
  limit 1
), ${referrals.updatedAt})`;

/** The referral still has a document: a stored file, or a reference on its tenant form. */
const hasDocuments = sql`(exists (select 1 from ${storedFiles} where ${storedFiles.referralId} = ${referrals.id})
  or exists (select 1 from ${tenantForms} where ${tenantForms.referralId} = ${referrals.id}
    and (${tenantForms.salaryDefinitionUrl} is not null or ${tenantForms.creditReportUrl} is not null)))`;

/** Closed more than `days` before `now` and still holding a document. */
const dueAfter = (days: number, now: Date) =>
  and(
    inArray(referrals.status, CLOSED_STATUSES),
    sql`${closedAt} < ${new Date(now.getTime() - days * DAY_MS).toISOString()}::timestamptz`,
    hasDocuments,
  );

/**
 * The retention schedule (decision record 068): erases the documents of referrals closed more
 * than the super-admins' `document_retention_days` ago — the salary certificate and the SIMAH
 * credit report, uploaded or typed as links. The stored_files rows go and the tenant form's two
 * references are cleared (a typed https link to a credit report is personal data too) in one
 * transaction with one audit row naming the referrals; the bytes go after the commit. The tenant
 * form row, the referral and the ledger stay. At most RETENTION_BATCH referrals a run. Safe on
 * several instances at once. Returns how many referrals lost their documents.
 */
export async function eraseClosedReferralDocuments(
  db: Database,
  storage: FileStorage,
  log: Pick<FastifyBaseLogger, 'warn'>,
  now: Date = new Date(),
): Promise<number> {
  const candidates = (
    await db
      .select({ id: referrals.id })
      .from(referrals)
      .where(dueAfter(await documentRetentionDays(db), now))
      .orderBy(referrals.id)
      .limit(RETENTION_BATCH)
  ).map((row) => row.id);
  if (candidates.length === 0) return 0;
  const erased = await db.transaction(async (tx) => {
    // The referrals' rows locked, in id order as sweepUnattachedUploads takes them: a status
    // change (reopening one) and a form submission lock the same row, so they wait for this
    // erasure or it waits for them; two instances sweeping at once take turns.
    await tx
      .select({ id: referrals.id })
      .from(referrals)
      .where(inArray(referrals.id, candidates))
      .orderBy(referrals.id)
      .for('update');
    // Checked again now that the locks are held, in statements of their own that see what
    // committed meanwhile: reopened, already erased by another instance, or within a period a
    // super-admin has just lengthened, it is left.
    const days = await documentRetentionDays(tx);
    const ids = (
      await tx
        .select({ id: referrals.id })
        .from(referrals)
        .where(and(inArray(referrals.id, candidates), dueAfter(days, now)))
        .orderBy(referrals.id)
    ).map((row) => row.id);
    if (ids.length === 0) return null;
    const keys = await deleteDocumentRows(tx, inArray(storedFiles.referralId, ids));
    const forms = await tx
      .select({ salary: tenantForms.salaryDefinitionUrl, credit: tenantForms.creditReportUrl })
      .from(tenantForms)
      .where(inArray(tenantForms.referralId, ids));
    await tx
      .update(tenantForms)
      .set({ salaryDefinitionUrl: null, creditReportUrl: null, updatedAt: new Date() })
      .where(
        and(
          inArray(tenantForms.referralId, ids),
          or(isNotNull(tenantForms.salaryDefinitionUrl), isNotNull(tenantForms.creditReportUrl)),
        ),
      );
    const links = forms
      .flatMap((form) => [form.salary, form.credit])
      .filter((ref) => ref !== null && !ref.startsWith('upload:')).length;
    await auditSystem(tx, {
      action: 'file.retention_erase',
      entityType: 'referral',
      entityId: null,
      after: { referralIds: ids, files: keys.length, links, retentionDays: days },
    });
    return { ids, keys };
  });
  if (!erased) return 0;
  await removeStoredDocuments(storage, erased.keys, log);
  return erased.ids.length;
}
