import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { formatDateAr, toCents, toMoneyString } from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import type { Database, Transaction } from '../db/client.js';
import { commissions, referrals, transferRequests } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { heldBySignal } from '../signals/service.js';
import { queueWebhookEvent } from '../webhooks/events.js';
import { commissionSummary, lockBroker, markRequestedCommissions } from './service.js';

const money = (c: number) => toMoneyString(c / 100);

/**
 * Deducts `amount` (cents) from what the broker still owes for reversed commissions that were
 * paid, oldest reversal first: the money a payment settled beyond what it sent.
 */
async function recover(tx: Transaction, brokerId: string, amount: number): Promise<void> {
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
      .set({ recoveredAmount: money(toCents(commission.recoveredAmount) + take) })
      .where(eq(commissions.id, commission.id));
  }
}

/**
 * A commission read with its broker's row locked, as every money change reads it: found first
 * to know the broker, read again once the lock is held (it may have changed meanwhile).
 */
async function lockedCommission(tx: Transaction, commissionId: string) {
  const [peek] = await tx
    .select({ brokerId: commissions.brokerId })
    .from(commissions)
    .where(eq(commissions.id, commissionId));
  if (!peek) throw notFound('العمولة غير موجودة');
  await lockBroker(tx, peek.brokerId);
  const [commission] = await tx.select().from(commissions).where(eq(commissions.id, commissionId));
  if (!commission) throw notFound('العمولة غير موجودة');
  return commission;
}

/**
 * Marks a commission paid in full. Idempotent: a second confirmation changes nothing. Refused
 * when money of this broker is held by an open transfer request that this payment would cover.
 */
export async function confirmCommissionPayment(
  db: Database,
  commissionId: string,
  transferReference: string | null,
  record: AuditRecorder,
): Promise<{ changed: boolean; brokerId: string; amount: string; sent: string; deducted: string }> {
  return db.transaction(async (tx) => {
    const commission = await lockedCommission(tx, commissionId);
    if (commission.status === 'paid') {
      const none = money(0);
      return {
        changed: false,
        brokerId: commission.brokerId,
        amount: commission.amount,
        sent: none,
        deducted: none,
      };
    }
    if (commission.status === 'reversed') {
      throw new AppError(409, 'COMMISSION_REVERSED', 'هذه العمولة ملغاة ولا يمكن دفعها');
    }
    if (commission.signalHold) throw heldBySignal();
    if (commission.status === 'on_hold') {
      throw new AppError(
        409,
        'COMMISSION_ON_HOLD',
        `هذه العمولة في فترة الانتظار، ولا يمكن دفعها قبل ${formatDateAr(commission.payableAt)}`,
      );
    }
    const summary = await commissionSummary(tx, commission.brokerId);
    const outstanding = toCents(commission.amount) - toCents(commission.paidAmount);
    // What is still owed for reversed commissions is deducted from this payment; what open
    // transfer requests hold must stay payable afterwards.
    const owed = toCents(summary.toRecover);
    if (toCents(summary.pending) + owed < outstanding) {
      throw new AppError(
        409,
        'HELD_BY_TRANSFER_REQUEST',
        'هذا المبلغ محجوز لطلب تحويل مفتوح، يرجى معالجته من طلبات التحويل',
      );
    }
    const deducted = Math.min(owed, outstanding);
    await tx
      .update(commissions)
      .set({ status: 'paid', paidAmount: commission.amount, paidAt: new Date(), transferReference })
      .where(eq(commissions.id, commission.id));
    await recover(tx, commission.brokerId, deducted);
    await markRequestedCommissions(tx, commission.brokerId);
    await queueWebhookEvent(tx, 'payout.paid', {
      payout: {
        id: commission.id,
        kind: 'commission',
        amount: money(outstanding - deducted),
        transferReference,
      },
      broker: { id: commission.brokerId },
    });
    await record(tx, {
      action: 'commission.confirm_payment',
      entityType: 'commission',
      entityId: commission.id,
      before: { status: commission.status, paidAmount: commission.paidAmount },
      after: {
        status: 'paid',
        paidAmount: commission.amount,
        transferReference,
        sent: money(outstanding - deducted),
        deducted: money(deducted),
      },
    });
    return {
      changed: true,
      brokerId: commission.brokerId,
      amount: commission.amount,
      sent: money(outstanding - deducted),
      deducted: money(deducted),
    };
  });
}

/**
 * Pays an open transfer request: settles its amount across the broker's unpaid commissions,
 * oldest first (a commission may be settled in part). Idempotent on an already paid request.
 */
export async function payTransferRequest(
  db: Database,
  requestId: string,
  adminId: string,
  transferReference: string | null,
  record: AuditRecorder,
) {
  return db.transaction(async (tx) => {
    const [peek] = await tx
      .select()
      .from(transferRequests)
      .where(eq(transferRequests.id, requestId));
    if (!peek) throw notFound('طلب التحويل غير موجود');
    await lockBroker(tx, peek.brokerId);
    const [request] = await tx
      .select()
      .from(transferRequests)
      .where(eq(transferRequests.id, requestId));
    if (!request) throw notFound('طلب التحويل غير موجود');
    if (request.status === 'paid') return { changed: false, request, deducted: money(0) };
    if (request.status !== 'open') {
      throw new AppError(409, 'REQUEST_CLOSED', 'تم رفض طلب التحويل هذا ولا يمكن دفعه');
    }
    const unpaid = await tx
      .select()
      .from(commissions)
      .where(
        and(
          eq(commissions.brokerId, request.brokerId),
          sql`${commissions.paidAmount} < ${commissions.amount}`,
          // Commissions on hold are not payable yet, reversed ones never: a request settles
          // neither.
          notInArray(commissions.status, ['on_hold', 'reversed']),
        ),
      )
      .orderBy(asc(commissions.createdAt), asc(commissions.id));
    // Beyond the amount it sends, the payment settles what is still owed for reversed
    // commissions, as far as the unpaid commissions reach beyond every open request.
    const unpaidTotal = unpaid.reduce(
      (sum, c) => sum + toCents(c.amount) - toCents(c.paidAmount),
      0,
    );
    // Every open request, this one included, must stay covered by what is left unpaid.
    const { toRecover, requested } = await commissionSummary(tx, request.brokerId);
    const deducted = Math.max(0, Math.min(toCents(toRecover), unpaidTotal - toCents(requested)));
    let remaining = toCents(request.amount) + deducted;
    for (const commission of unpaid) {
      if (remaining <= 0) break;
      const outstanding = toCents(commission.amount) - toCents(commission.paidAmount);
      const settle = Math.min(outstanding, remaining);
      remaining -= settle;
      const paidAmount = toCents(commission.paidAmount) + settle;
      const fully = paidAmount === toCents(commission.amount);
      await tx
        .update(commissions)
        .set({
          paidAmount: toMoneyString(paidAmount / 100),
          status: fully ? 'paid' : commission.status,
          ...(fully ? { paidAt: new Date(), transferReference } : {}),
          transferRequestId: request.id,
        })
        .where(eq(commissions.id, commission.id));
    }
    if (remaining > 0) {
      // Only possible if commissions behind the request were removed; nothing is written.
      throw new AppError(
        409,
        'REQUEST_EXCEEDS_UNPAID',
        'مبلغ طلب التحويل أكبر من العمولات غير المدفوعة لهذا الوسيط، يرجى رفضه',
      );
    }
    const [paid] = await tx
      .update(transferRequests)
      .set({ status: 'paid', handledAt: new Date(), handledBy: adminId, transferReference })
      .where(eq(transferRequests.id, request.id))
      .returning();
    await recover(tx, request.brokerId, deducted);
    await markRequestedCommissions(tx, request.brokerId);
    await queueWebhookEvent(tx, 'payout.paid', {
      payout: {
        id: request.id,
        kind: 'transfer_request',
        amount: request.amount,
        transferReference,
      },
      broker: { id: request.brokerId },
    });
    await record(tx, {
      action: 'transfer_request.pay',
      entityType: 'transfer_request',
      entityId: request.id,
      before: { status: request.status, amount: request.amount },
      after: {
        status: 'paid',
        amount: request.amount,
        transferReference,
        deducted: money(deducted),
      },
    });
    return { changed: true, request: paid ?? request, deducted: money(deducted) };
  });
}

export async function rejectTransferRequest(
  db: Database,
  requestId: string,
  adminId: string,
  reason: string,
  record: AuditRecorder,
) {
  const rejected = await db.transaction(async (tx) => {
    const [peek] = await tx
      .select({ brokerId: transferRequests.brokerId })
      .from(transferRequests)
      .where(eq(transferRequests.id, requestId));
    if (!peek) throw notFound('طلب التحويل غير موجود');
    await lockBroker(tx, peek.brokerId);
    const [row] = await tx
      .update(transferRequests)
      .set({
        status: 'rejected',
        rejectionReason: reason,
        handledAt: new Date(),
        handledBy: adminId,
      })
      .where(and(eq(transferRequests.id, requestId), eq(transferRequests.status, 'open')))
      .returning();
    if (row) {
      await markRequestedCommissions(tx, row.brokerId);
      await record(tx, {
        action: 'transfer_request.reject',
        entityType: 'transfer_request',
        entityId: row.id,
        before: { status: 'open', amount: row.amount },
        after: { status: 'rejected', reason },
      });
    }
    return row;
  });
  if (rejected) return rejected;
  throw new AppError(409, 'REQUEST_CLOSED', 'تمت معالجة طلب التحويل هذا مسبقاً');
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
  return db.transaction(async (tx) => {
    const commission = await lockedCommission(tx, commissionId);
    // The referral's status is read under a share lock: it cannot be reinstated meanwhile.
    const [referral] = await tx
      .select({ status: referrals.status })
      .from(referrals)
      .where(eq(referrals.id, commission.referralId))
      .for('share');
    const referralStatus = referral?.status;
    const toRecover = money(toCents(commission.paidAmount) - toCents(commission.recoveredAmount));
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
}
