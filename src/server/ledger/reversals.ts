import { and, asc, eq, sql } from 'drizzle-orm';
import { formatSar, fromCents, toCents } from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import type { Database, Transaction } from '../db/client.js';
import { commissions, referrals } from '../db/schema.js';
import { AppError } from '../errors.js';
import { notify } from '../notifications/service.js';
import { queueWebhookEvent } from '../webhooks/events.js';
import { markRequestedCommissions } from './balances.js';
import { lockedCommission } from './locks.js';
import { assertNotOwnCommission, auditedTransaction } from './own-money.js';

/**
 * Deducts `amount` (cents) from what the broker still owes for reversed commissions that were
 * paid, oldest reversal first: the money a payment settled beyond what it sent.
 */
export async function recover(tx: Transaction, brokerId: string, amount: number): Promise<void> {
  if (amount <= 0) return;
  const owed = await tx
    .select()
    .from(commissions)
    .where(
      and(
        eq(commissions.brokerId, brokerId),
        eq(commissions.status, 'reversed'),
        sql`${commissions.paidAmount} > ${commissions.recoveredAmount}`,
      ),
    )
    .orderBy(asc(commissions.reversedAt), asc(commissions.id));
  let left = amount;
  for (const commission of owed) {
    if (left <= 0) break;
    const take = Math.min(
      toCents(commission.paidAmount) - toCents(commission.recoveredAmount),
      left,
    );
    left -= take;
    await tx
      .update(commissions)
      .set({ recoveredAmount: fromCents(toCents(commission.recoveredAmount) + take) })
      .where(eq(commissions.id, commission.id));
  }
}

/**
 * Reverses the commission of a contract that fell through (its referral cancelled or
 * rejected), with the reason. Before payment it simply stops being payable; what was already
 * paid of it is deducted from the broker's next payments. Its amount never changes. Refused
 * while an open transfer request holds it. Idempotent: a second reversal changes nothing.
 */
export async function reverseCommission(
  db: Database,
  commissionId: string,
  adminId: string,
  reason: string,
  record: AuditRecorder,
): Promise<{ changed: boolean; brokerId: string; amount: string; toRecover: string }> {
  const result = await auditedTransaction(db, record, async (tx) => {
    const commission = await lockedCommission(tx, commissionId);
    // Reversing lowers the admin's own money, yet the decision is still not theirs: refused.
    await assertNotOwnCommission(tx, commission, adminId, 'commission.reverse');
    // The referral's status is read under a share lock: it cannot be reinstated meanwhile.
    const [referral] = await tx
      .select({ status: referrals.status })
      .from(referrals)
      .where(eq(referrals.id, commission.referralId))
      .for('share');
    const referralStatus = referral?.status;
    const toRecover = fromCents(
      toCents(commission.paidAmount) - toCents(commission.recoveredAmount),
    );
    if (commission.status === 'reversed') {
      return {
        changed: false,
        brokerId: commission.brokerId,
        amount: commission.amount,
        toRecover,
      };
    }
    if (referralStatus !== 'cancelled' && referralStatus !== 'rejected') {
      throw new AppError(
        409,
        'CONTRACT_NOT_CANCELLED',
        'لا تُلغى العمولة إلا بعد إلغاء العقد: غيّر حالة الإحالة إلى «ملغي» أولاً',
      );
    }
    if (commission.status === 'requested') {
      throw new AppError(
        409,
        'HELD_BY_TRANSFER_REQUEST',
        'هذه العمولة محجوزة لطلب تحويل مفتوح، يرجى رفض الطلب أولاً',
      );
    }
    await tx
      .update(commissions)
      .set({
        status: 'reversed',
        reversedAt: new Date(),
        reversalReason: reason,
        reversedBy: adminId,
      })
      .where(eq(commissions.id, commission.id));
    await markRequestedCommissions(tx, commission.brokerId);
    await queueWebhookEvent(tx, 'commission.reversed', {
      commission: {
        id: commission.id,
        referralId: commission.referralId,
        amount: commission.amount,
        paidAmount: commission.paidAmount,
      },
      reason,
      broker: { id: commission.brokerId },
    });
    await record(tx, {
      action: 'commission.reverse',
      entityType: 'commission',
      entityId: commission.id,
      before: {
        status: commission.status,
        amount: commission.amount,
        paidAmount: commission.paidAmount,
      },
      after: { status: 'reversed', reason, toRecover },
    });
    return { changed: true, brokerId: commission.brokerId, amount: commission.amount, toRecover };
  });
  if (result.changed) {
    const owed = Number(result.toRecover) > 0;
    await notify(db, result.brokerId, {
      type: 'warning',
      title: 'أُلغيت عمولة',
      message: `أُلغيت عمولة بقيمة ${formatSar(result.amount)} لإلغاء العقد: ${reason}${owed ? `. يُخصم ما دُفع منها (${formatSar(result.toRecover)}) من دفعتك القادمة.` : ''}`,
      link: '/commissions',
    });
  }
  return result;
}
