import { eq, sql } from 'drizzle-orm';
import { estimateCommission, type ReferralStatus, toMoneyString } from '../../domain/index.js';
import type { AuditRecorder } from '../audit/service.js';
import type { Database } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { commissions, type Referral, referrals } from '../db/schema.js';
import { AppError } from '../errors.js';
import { commissionRule } from '../settings/service.js';

/** Reaching these creates the broker's commission (once, whatever happens afterwards). */
const COMMISSION_STATUSES: ReferralStatus[] = ['contract_signed', 'commission_added'];

/**
 * Changes the status in one transaction with the row locked, and records it there. On reaching
 * contract signing the commission is inserted with ON CONFLICT DO NOTHING on its unique
 * referral id: concurrent or repeated changes can never make a second one, and later changes
 * never remove it.
 */
export async function changeReferralStatus(
  db: Database,
  referralId: string,
  change: { status: ReferralStatus; notes?: string | null; contractId?: string | null },
  record: AuditRecorder,
): Promise<{ before: Referral; after: Referral; commissionCreated: string | null } | null> {
  const rule = await commissionRule(db);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(referrals)
      .where(eq(referrals.id, referralId))
      .for('update');
    if (!before) return null;
    const [after] = await tx
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
    if (!after) return null;
    let commissionCreated: string | null = null;
    if (COMMISSION_STATUSES.includes(change.status)) {
      const amount = toMoneyString(estimateCommission(after.rentAmount, rule));
      const [created] = await tx
        .insert(commissions)
        .values({
          brokerId: after.brokerId,
          referralId: after.id,
          amount,
          contractNumber: after.contractId,
        })
        .onConflictDoNothing({ target: commissions.referralId })
        .returning({ amount: commissions.amount });
      commissionCreated = created?.amount ?? null;
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
      before: { status: before.status, notes: before.notes, contractId: before.contractId },
      after: {
        status: after.status,
        notes: after.notes,
        contractId: after.contractId,
        commissionCreated,
      },
    });
    return { before, after, commissionCreated };
  });
}
