import { eq, sql } from 'drizzle-orm';
import { estimateCommission, type ReferralStatus, toMoneyString } from '#domain';
import { assertNotOwnMoney, auditedTransaction } from '../admin/own-money.js';
import type { AuditRecorder } from '../audit/service.js';
import { lockBroker } from '../commissions/service.js';
import type { Database, Transaction } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { commissions, type Referral, referrals } from '../db/schema.js';
import { AppError } from '../errors.js';
import { commissionRule, holdingDays } from '../settings/service.js';
import { checkSignedContract } from '../signals/detect.js';
import { applySignalHolds } from '../signals/service.js';
import { queueWebhookEvent } from '../webhooks/events.js';

/** Reaching these creates the broker's commission (once, whatever happens afterwards). */
const COMMISSION_STATUSES: ReferralStatus[] = ['contract_signed', 'commission_added'];

/**
 * Changes the status in one transaction with the row locked, and records it there. On reaching
 * contract signing the commission is inserted with ON CONFLICT DO NOTHING on its unique
 * referral id: concurrent or repeated changes can never make a second one, and later changes
 * never remove it.
 *
 * The commission is computed from the contract's annual rent as the admin confirms it, else
 * from the rent the broker declared. The contract rent is stored only with the commission it
 * prices: once a commission exists its amount is settled, and a later figure would contradict it.
 *
 * Nobody processes a referral of their own (or of an account sharing their phone or IBAN): its
 * status decides a commission. That refusal is audited though nothing changes.
 */
export async function changeReferralStatus(
  db: Database,
  referralId: string,
  adminId: string,
  change: {
    status: ReferralStatus;
    notes?: string | null;
    contractId?: string | null;
    contractRent?: number | null;
  },
  record: AuditRecorder,
  /** Runs in the change's transaction: messages and CRM calls it causes are queued with it. */
  onChanged?: (tx: Transaction, before: Referral, after: Referral) => Promise<void>,
): Promise<{ before: Referral; after: Referral; commissionCreated: string | null } | null> {
  return auditedTransaction(db, record, async (tx) => {
    // Read in the transaction, never from memory: the commission is written with the rule
    // and the holding period as they stand when the contract is signed.
    const rule = await commissionRule(tx);
    const holding = await holdingDays(tx);
    if (COMMISSION_STATUSES.includes(change.status)) {
      // A commission may be created and held: the broker's row first, as every money path
      // locks it, then the referral's.
      const [peek] = await tx
        .select({ brokerId: referrals.brokerId })
        .from(referrals)
        .where(eq(referrals.id, referralId));
      if (peek) await lockBroker(tx, peek.brokerId);
    }
    const [before] = await tx
      .select()
      .from(referrals)
      .where(eq(referrals.id, referralId))
      .for('update');
    if (!before) return null;
    await assertNotOwnMoney(tx, adminId, {
      kind: 'referral',
      id: before.id,
      brokerId: before.brokerId,
      action: 'referral.status_change',
    });
    const [updated] = await tx
      .update(referrals)
      .set({
        status: change.status,
        ...(change.notes !== undefined ? { notes: change.notes } : {}),
        ...(change.contractId !== undefined ? { contractId: change.contractId } : {}),
        updatedAt: new Date(),
      })
      .where(eq(referrals.id, referralId))
      .returning()
      .catch((error: unknown) => {
        // Reopening a closed referral of a tenant who has another open one.
        if (isUniqueViolation(error, 'referrals_one_open_per_tenant_idx')) {
          throw new AppError(
            409,
            'TENANT_HAS_OPEN_REFERRAL',
            'لا يمكن إعادة فتح هذه الإحالة: يوجد طلب مفتوح آخر لنفس المستأجر',
          );
        }
        throw error;
      });
    if (!updated) return null;
    let after = updated;
    let commissionCreated: string | null = null;
    if (COMMISSION_STATUSES.includes(change.status)) {
      const contractRent = change.contractRent ?? null;
      const amount = toMoneyString(estimateCommission(contractRent ?? after.rentAmount, rule));
      const [created] = await tx
        .insert(commissions)
        .values({
          brokerId: after.brokerId,
          referralId: after.id,
          amount,
          contractNumber: after.contractId,
          // Inside the holding period until it ends; payable at once when there is none.
          status: holding > 0 ? 'on_hold' : 'pending',
          payableAt: sql`now() + make_interval(days => ${holding})`,
        })
        .onConflictDoNothing({ target: commissions.referralId })
        .returning({
          id: commissions.id,
          amount: commissions.amount,
          status: commissions.status,
        });
      commissionCreated = created?.amount ?? null;
      if (created && contractRent !== null) {
        const [priced] = await tx
          .update(referrals)
          .set({ contractRent })
          .where(eq(referrals.id, after.id))
          .returning();
        if (priced) after = priced;
      }
      if (created) {
        // The contract's own signals, then any open signal that covers the new commission;
        // subscribers hear of it as it stands after them (held or payable).
        await checkSignedContract(tx, after);
        await applySignalHolds(tx, after.brokerId);
        const [stored] = await tx
          .select({ status: commissions.status })
          .from(commissions)
          .where(eq(commissions.id, created.id));
        await queueWebhookEvent(tx, 'commission.created', {
          commission: {
            ...created,
            status: stored?.status ?? created.status,
            referralId: after.id,
          },
          broker: { id: after.brokerId },
        });
      }
      if (!created && after.contractId) {
        await tx
          .update(commissions)
          .set({
            contractNumber: sql`coalesce(${commissions.contractNumber}, ${after.contractId})`,
          })
          .where(eq(commissions.referralId, after.id));
      }
    }
    await record(tx, {
      action: 'referral.status_change',
      entityType: 'referral',
      entityId: after.id,
      before: {
        status: before.status,
        notes: before.notes,
        contractId: before.contractId,
        contractRent: before.contractRent,
      },
      after: {
        status: after.status,
        notes: after.notes,
        contractId: after.contractId,
        contractRent: after.contractRent,
        commissionCreated,
      },
    });
    if (onChanged) await onChanged(tx, before, after);
    return { before, after, commissionCreated };
  });
}
