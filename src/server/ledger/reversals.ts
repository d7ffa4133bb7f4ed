import { and, eq, sql } from 'drizzle-orm';
import { type CommissionKind, commissionKindAr, formatSar, fromCents, toCents } from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import { type Database, rowsOf, type Transaction } from '../db/client.js';
import { commissions, deductions, referrals } from '../db/schema.js';
import { AppError } from '../errors.js';
import { notify } from '../notifications/service.js';
import { queueWebhookEvent } from '../webhooks/events.js';
import { markRequestedCommissions } from './balances.js';
import { lockedCommission } from './locks.js';
import { assertNotOwnCommission, auditedTransaction } from './own-money.js';

/**
 * Deducts `amount` (cents) from what the broker owes: the paid part of reversed commissions and
 * the deductions admins made (decision record 074), oldest first. This is the money a payment
 * settled beyond what it sent.
 */
export async function recover(tx: Transaction, brokerId: string, amount: number): Promise<void> {
  if (amount <= 0) return;
  const owed = await rowsOf<{ id: string; source: 'commission' | 'deduction'; owed: string }>(
    tx,
    sql`select id, 'commission' as source, (paid_amount - recovered_amount)::text as owed,
        reversed_at as since
      from commissions
      where broker_id = ${brokerId} and status = 'reversed' and paid_amount > recovered_amount
      union all
      select id, 'deduction', (amount - recovered_amount)::text, created_at
      from deductions where broker_id = ${brokerId} and amount > recovered_amount
      order by since, id`,
  );
  let left = amount;
  for (const debt of owed) {
    if (left <= 0) break;
    const take = Math.min(toCents(debt.owed), left);
    left -= take;
    const table = debt.source === 'commission' ? commissions : deductions;
    await tx
      .update(table)
      .set({ recoveredAmount: sql`${table.recoveredAmount} + ${fromCents(take)}` })
      .where(eq(table.id, debt.id));
  }
}

/** Whether the broker still owes some deduction an admin made (decision record 074). */
export async function owesDeductions(tx: Transaction, brokerId: string): Promise<boolean> {
  const [owed] = await tx
    .select({ id: deductions.id })
    .from(deductions)
    .where(
      and(
        eq(deductions.brokerId, brokerId),
        sql`${deductions.amount} > ${deductions.recoveredAmount}`,
      ),
    )
    .limit(1);
  return owed !== undefined;
}

/** What a payment's deduction was for, in the broker's notice: read before it is taken back. */
export const deductedForAr = (withDeductions: boolean) =>
  withDeductions ? 'مقابل عمولات ملغاة وخصومات مسجّلة' : 'مقابل عمولات ملغاة';

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
): Promise<{
  changed: boolean;
  brokerId: string;
  amount: string;
  kind: CommissionKind;
  toRecover: string;
}> {
  const result = await auditedTransaction(db, record, async (tx) => {
    const commission = await lockedCommission(tx, commissionId);
    // Reversing lowers the admin's own money, yet the decision is still not theirs: refused.
    await assertNotOwnCommission(tx, commission, adminId, 'commission.reverse');
    // The referral's status is read under a share lock: it cannot be reinstated meanwhile. An
    // adjustment or a bonus has none: an admin reverses one that was a mistake (decision 074).
    const { referralId } = commission;
    const [referral] = referralId
      ? await tx
          .select({ status: referrals.status })
          .from(referrals)
          .where(eq(referrals.id, referralId))
          .for('share')
      : [];
    const toRecover = fromCents(
      toCents(commission.paidAmount) - toCents(commission.recoveredAmount),
    );
    if (commission.status === 'reversed') {
      return {
        changed: false,
        brokerId: commission.brokerId,
        amount: commission.amount,
        kind: commission.kind,
        toRecover,
      };
    }
    if (referral && referral.status !== 'cancelled' && referral.status !== 'rejected') {
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
    // Subscribers hear of the commissions contracts made, as they heard of their creation.
    if (referralId) {
      await queueWebhookEvent(tx, 'commission.reversed', {
        commission: {
          id: commission.id,
          referralId,
          amount: commission.amount,
          paidAmount: commission.paidAmount,
        },
        reason,
        broker: { id: commission.brokerId },
      });
    }
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
    return {
      changed: true,
      brokerId: commission.brokerId,
      amount: commission.amount,
      kind: commission.kind,
      toRecover,
    };
  });
  if (result.changed) {
    const owed = Number(result.toRecover) > 0;
    const what =
      result.kind === 'referral'
        ? `أُلغيت عمولة بقيمة ${formatSar(result.amount)} لإلغاء العقد`
        : `أُلغيت ${commissionKindAr(result.kind)} بقيمة ${formatSar(result.amount)}`;
    await notify(db, result.brokerId, {
      type: 'warning',
      title: 'أُلغيت عمولة',
      message: `${what}: ${reason}${owed ? `. يُخصم ما دُفع منها (${formatSar(result.toRecover)}) من دفعتك القادمة.` : ''}`,
      link: '/commissions',
    });
  }
  return result;
}
