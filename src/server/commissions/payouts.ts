import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { formatDateAr, toMoneyString } from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import type { Database } from '../db/client.js';
import { commissions, transferRequests } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { commissionSummary, lockBroker, markRequestedCommissions } from './service.js';

const cents = (value: string | number) => Math.round(Number(value) * 100);

/**
 * Marks a commission paid in full. Idempotent: a second confirmation changes nothing. Refused
 * when money of this broker is held by an open transfer request that this payment would cover.
 */
export async function confirmCommissionPayment(
  db: Database,
  commissionId: string,
  transferReference: string | null,
  record: AuditRecorder,
): Promise<{ changed: boolean; brokerId: string; amount: string }> {
  return db.transaction(async (tx) => {
    const [peek] = await tx.select().from(commissions).where(eq(commissions.id, commissionId));
    if (!peek) throw notFound('العمولة غير موجودة');
    await lockBroker(tx, peek.brokerId);
    const [commission] = await tx
      .select()
      .from(commissions)
      .where(eq(commissions.id, commissionId));
    if (!commission) throw notFound('العمولة غير موجودة');
    if (commission.status === 'paid') {
      return { changed: false, brokerId: commission.brokerId, amount: commission.amount };
    }
    if (commission.status === 'on_hold') {
      throw new AppError(
        409,
        'COMMISSION_ON_HOLD',
        `هذه العمولة في فترة الانتظار، ولا يمكن دفعها قبل ${formatDateAr(commission.payableAt)}`,
      );
    }
    const summary = await commissionSummary(tx, commission.brokerId);
    const outstanding = cents(commission.amount) - cents(commission.paidAmount);
    if (cents(summary.pending) < outstanding) {
      throw new AppError(
        409,
        'HELD_BY_TRANSFER_REQUEST',
        'هذا المبلغ محجوز لطلب تحويل مفتوح، يرجى معالجته من طلبات التحويل',
      );
    }
    await tx
      .update(commissions)
      .set({ status: 'paid', paidAmount: commission.amount, paidAt: new Date(), transferReference })
      .where(eq(commissions.id, commission.id));
    await markRequestedCommissions(tx, commission.brokerId);
    await record(tx, {
      action: 'commission.confirm_payment',
      entityType: 'commission',
      entityId: commission.id,
      before: { status: commission.status, paidAmount: commission.paidAmount },
      after: { status: 'paid', paidAmount: commission.amount, transferReference },
    });
    return { changed: true, brokerId: commission.brokerId, amount: commission.amount };
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
    if (request.status === 'paid') return { changed: false, request };
    if (request.status !== 'open') {
      throw new AppError(409, 'REQUEST_CLOSED', 'تم رفض طلب التحويل هذا ولا يمكن دفعه');
    }
    let remaining = cents(request.amount);
    const unpaid = await tx
      .select()
      .from(commissions)
      .where(
        and(
          eq(commissions.brokerId, request.brokerId),
          sql`${commissions.paidAmount} < ${commissions.amount}`,
          // Commissions on hold are not payable yet: a request never settles them.
          ne(commissions.status, 'on_hold'),
        ),
      )
      .orderBy(asc(commissions.createdAt), asc(commissions.id));
    for (const commission of unpaid) {
      if (remaining <= 0) break;
      const outstanding = cents(commission.amount) - cents(commission.paidAmount);
      const settle = Math.min(outstanding, remaining);
      remaining -= settle;
      const paidAmount = cents(commission.paidAmount) + settle;
      const fully = paidAmount === cents(commission.amount);
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
    await markRequestedCommissions(tx, request.brokerId);
    await record(tx, {
      action: 'transfer_request.pay',
      entityType: 'transfer_request',
      entityId: request.id,
      before: { status: request.status, amount: request.amount },
      after: { status: 'paid', amount: request.amount, transferReference },
    });
    return { changed: true, request: paid ?? request };
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
