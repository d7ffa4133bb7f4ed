import { eq, sql } from 'drizzle-orm';
import {
  type CommissionRule,
  DEFAULT_COMMISSION_RULE,
  estimateCommission,
  type ReferralStatus,
  toMoneyString,
} from '../../domain/index.js';
import type { Database } from '../db/client.js';
import { commissions, type Referral, referrals } from '../db/schema.js';
import { getSetting } from '../settings/service.js';

/** Reaching these creates the broker's commission (once, whatever happens afterwards). */
const COMMISSION_STATUSES: ReferralStatus[] = ['contract_signed', 'commission_added'];

export async function commissionRule(db: Database): Promise<CommissionRule> {
  const [minimum, rate] = await Promise.all([
    getSetting(db, 'commission_minimum'),
    getSetting(db, 'commission_rate'),
  ]);
  const number = (value: string | null, fallback: number) =>
    value !== null && Number.isFinite(Number(value)) && Number(value) >= 0
      ? Number(value)
      : fallback;
  return {
    minimum: number(minimum, DEFAULT_COMMISSION_RULE.minimum),
    rate: number(rate, DEFAULT_COMMISSION_RULE.rate),
  };
}

/**
 * Changes the status in one transaction with the row locked. On reaching contract signing the
 * commission is inserted with ON CONFLICT DO NOTHING on its unique referral id: concurrent or
 * repeated changes can never make a second one, and later changes never remove it.
 */
export async function changeReferralStatus(
  db: Database,
  referralId: string,
  change: { status: ReferralStatus; notes?: string | null; contractId?: string | null },
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
      .returning();
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
    return { before, after, commissionCreated };
  });
}
