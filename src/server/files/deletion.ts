import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { OPEN_REFERRAL_STATUSES, retiredPhone } from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import { toProfile } from '../brokers/profile.js';
import type { Database, Transaction } from '../db/client.js';
import {
  activationAnswers,
  brokerNotes,
  brokers,
  knownDevices,
  notifications,
  officeMembers,
  offices,
  referrals,
  sessions,
  storedFiles,
} from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import type { FileStorage } from '../integrations/storage.js';
import { commissionSummary } from '../ledger/balances.js';
import { lockedLiveBroker } from '../ledger/locks.js';

/** What admins see in place of a deleted broker's name, next to the kept broker code. */
const DELETED_BROKER_NAME = 'حساب محذوف';
/** Not of the `scrypt$…` form verifyPassword reads, so no password can ever match it. */
const UNUSABLE_PASSWORD_HASH = '!deleted';

/**
 * Deletes the stored_files rows `where` selects and returns their storage keys, for
 * removeStoredDocuments once the transaction has committed.
 */
export async function deleteDocumentRows(
  tx: Pick<Database, 'delete'>,
  where: SQL | undefined,
): Promise<string[]> {
  const rows = await tx.delete(storedFiles).where(where).returning({ key: storedFiles.key });
  return rows.map((row) => row.key);
}

/**
 * Removes documents from storage after the rows that named them are gone (after the commit,
 * so a rolled-back change never loses a document). A failure leaves an orphan file with
 * nothing pointing at it: logged with its key for a manual clean-up, never thrown, since the
 * change itself is already committed.
 */
export async function removeStoredDocuments(
  storage: FileStorage,
  keys: readonly string[],
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  for (const key of keys) {
    await storage.delete(key).catch((error: unknown) => {
      log.warn({ err: error, key }, 'stored document not removed');
    });
  }
}

/**
 * Retires a broker's account while keeping the ledger. The row stays,
 * anonymised and marked deleted, so commissions and transfer requests keep their broker (and
 * broker code) for admins and exports; the phone becomes a placeholder, so the real number
 * may sign up again and no phone lookup ever finds this row. Sessions and notifications go,
 * open referrals are cancelled (freeing their tenants), and the rows of the tenants' uploaded
 * documents are deleted; the returned keys are for removeStoredDocuments after the commit.
 *
 * Refuses (409) to retire the last super-admin. The audit entry, with the profile and the
 * money summary before, is written here, in the caller's transaction.
 */
export async function retireBroker(
  tx: Transaction,
  brokerId: string,
  audit: { action: string; record: AuditRecorder },
): Promise<string[]> {
  // The live super-admins locked first, in a fixed order: two super-admins removing each other
  // (or themselves) at once cannot together leave none, and every deletion takes its locks in
  // the same order. NO KEY UPDATE, like lockBroker, so foreign keys naming them (audit rows)
  // are not held up.
  const superAdmins = await tx
    .select({ id: brokers.id })
    .from(brokers)
    .where(and(eq(brokers.isSuperAdmin, true), isNull(brokers.deletedAt)))
    .orderBy(asc(brokers.id))
    .for('no key update');
  // Deleted meanwhile by another request: nothing to do, nothing to record (a 404).
  const broker = await lockedLiveBroker(tx, brokerId);
  if (broker.isSuperAdmin && !superAdmins.some((row) => row.id !== broker.id)) {
    throw new AppError(409, 'LAST_SUPERADMIN', 'لا يمكن حذف حساب آخر مشرف عام');
  }

  const money = await commissionSummary(tx, broker.id);
  const now = new Date();
  const [retired] = await tx
    .update(brokers)
    .set({
      phone: retiredPhone(broker.id),
      passwordHash: UNUSABLE_PASSWORD_HASH,
      fullName: DELETED_BROKER_NAME,
      officeName: null,
      secondPhone: null,
      iban: null,
      bio: null,
      logo: null,
      falLicense: null,
      falLicenseType: null,
      falLicenseExpiresOn: null,
      falLicenseCopy: null,
      falLicenseVerifiedAt: null,
      falLicenseVerifiedBy: null,
      falLicenseEvidence: null,
      falLicenseNote: null,
      falLicenseRefusal: null,
      inactiveReason: null,
      email: null,
      city: null,
      profileComplete: false,
      isActive: false,
      isAdmin: false,
      isSuperAdmin: false,
      activationRequestedAt: null,
      // The team's labels and notes on the person go with the account (decision 073).
      tags: [],
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(brokers.id, broker.id))
    .returning({ deletedAt: brokers.deletedAt });
  if (!retired) throw notFound('الوسيط غير موجود');
  await tx.delete(sessions).where(eq(sessions.brokerId, broker.id));
  await tx.delete(knownDevices).where(eq(knownDevices.brokerId, broker.id));
  await tx.delete(notifications).where(eq(notifications.brokerId, broker.id));
  await tx.delete(brokerNotes).where(eq(brokerNotes.brokerId, broker.id));
  // What the person wrote of themselves to be activated (decision 076).
  await tx.delete(activationAnswers).where(eq(activationAnswers.brokerId, broker.id));
  // Their place in an office ends, and an office they own loses its members, who are paid to
  // their own IBANs again; invitations to their phone lapse (decision 080). The rows stay.
  const owned = tx.select({ id: offices.id }).from(offices).where(eq(offices.ownerId, broker.id));
  await tx
    .update(officeMembers)
    .set({
      status: sql`case when ${officeMembers.status} = 'invited' then 'cancelled'
        when ${officeMembers.brokerId} = ${broker.id} then 'left' else 'removed' end`,
      endedAt: now,
    })
    .where(
      and(
        inArray(officeMembers.status, ['invited', 'active']),
        or(
          eq(officeMembers.brokerId, broker.id),
          and(eq(officeMembers.phone, broker.phone), eq(officeMembers.status, 'invited')),
          inArray(officeMembers.officeId, owned),
        ),
      ),
    );

  // Nobody will work on these any more; closing them also frees each tenant for another
  // broker's referral. Commissions and transfer requests are left exactly as they are: open
  // transfer requests stay open for the admins to pay or reject, as for any broker.
  const cancelled = await tx
    .update(referrals)
    .set({ status: 'cancelled', updatedAt: now })
    .where(
      and(
        eq(referrals.brokerId, broker.id),
        inArray(referrals.status, [...OPEN_REFERRAL_STATUSES]),
      ),
    )
    .returning({ number: referrals.number });

  // The tenants' documents were shared with this broker's referrals only: they go. The
  // tenant_forms rows stay (part of the referral's record); their links simply stop resolving.
  // The tenants' documents of the broker's referrals, and the broker's own licence copy.
  const keys = await deleteDocumentRows(
    tx,
    or(
      inArray(
        storedFiles.referralId,
        tx.select({ id: referrals.id }).from(referrals).where(eq(referrals.brokerId, broker.id)),
      ),
      eq(storedFiles.brokerId, broker.id),
    ),
  );

  await audit.record(tx, {
    action: audit.action,
    entityType: 'broker',
    entityId: broker.id,
    before: { ...toProfile(broker), commissions: money },
    after: {
      deletedAt: retired.deletedAt?.toISOString() ?? null,
      cancelledReferrals: cancelled.map((row) => row.number),
      removedDocuments: keys.length,
    },
  });
  return keys;
}
