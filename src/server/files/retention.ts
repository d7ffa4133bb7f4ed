import { and, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { referrals, storedFiles, tenantForms } from '../db/schema.js';
import type { FileStorage } from '../integrations/storage.js';
import { deleteDocumentRows, removeStoredDocuments } from './deletion.js';

/** How long an upload may wait for the tenant form that attaches it. */
const UNATTACHED_UPLOAD_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

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
  const stale = and(lt(storedFiles.createdAt, cutoff), unattached);
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
