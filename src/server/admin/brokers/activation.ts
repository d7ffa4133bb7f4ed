import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AuditRecorder } from '../../audit/service.js';
import { findBrokerById } from '../../brokers/service.js';
import type { Database } from '../../db/client.js';
import { type Broker, brokers } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { type NotificationInput, notify } from '../../notifications/service.js';

/** What each decision is audited as, and what the broker is told of it (with the reason given). */
const DECISIONS = {
  activate: {
    action: 'broker.activate',
    notice: () => ({
      type: 'success',
      title: 'تم تفعيل حسابك',
      message: 'يمكنك الآن إضافة طلبات المستأجرين.',
    }),
  },
  deactivate: {
    action: 'broker.deactivate',
    notice: (reason: string) => ({
      type: 'warning',
      title: 'تم إيقاف تفعيل حسابك',
      message: `السبب: ${reason}. لا يمكنك إضافة طلبات جديدة حالياً، يرجى التواصل مع الإدارة.`,
    }),
  },
  refuse: {
    action: 'broker.activation_refuse',
    notice: (reason: string) => ({
      type: 'warning',
      title: 'لم يُقبل طلب تفعيل حسابك',
      message: `السبب: ${reason}. يمكنك استكمال ما يلزم ثم طلب التفعيل مرة أخرى.`,
    }),
  },
} as const satisfies Record<
  string,
  { action: string; notice: (reason: string) => NotificationInput }
>;

/**
 * The console never locks out the people who run it: no one deactivates their own account, the
 * protected account or a super-admin's (whose role is removed first, in user management).
 */
function refuseRiskyDeactivation(
  broker: { id: string; phone: string; isSuperAdmin: boolean },
  callerId: string,
  protectedPhone: string | null,
): void {
  if (broker.id === callerId) {
    throw new AppError(403, 'SELF_DEACTIVATION', 'لا يمكنك إلغاء تفعيل حسابك');
  }
  if (broker.phone === protectedPhone) {
    throw new AppError(403, 'PROTECTED_ACCOUNT', 'الحساب المحمي لا يمكن حذفه أو سحب صلاحياته');
  }
  if (broker.isSuperAdmin) {
    throw new AppError(
      403,
      'SUPERADMIN_DEACTIVATION',
      'لا يمكن إلغاء تفعيل حساب مشرف عام؛ تُسحب صلاحية المشرف العام أولاً من إدارة المستخدمين',
    );
  }
}

/**
 * An admin activates a broker, deactivates one with a reason, or refuses one's activation request
 * with a reason: audited in the change's transaction, and the broker told once it is committed
 * when the decision changed anything. The reason is kept on the account for the broker to read
 * (cleared on activation). Every decision closes the broker's activation request: a broker
 * deactivated or refused may ask again, and no longer shows among the requests waiting. Only a
 * waiting request is refused (409 otherwise).
 */
export async function decideBrokerActivation(
  db: Database,
  change: {
    brokerId: string;
    decision: 'activate' | 'deactivate' | 'refuse';
    reason?: string;
    callerId: string;
  },
  { protectedPhone, record }: { protectedPhone: string | null; record: AuditRecorder },
): Promise<Broker> {
  const broker = await findBrokerById(db, change.brokerId);
  if (!broker) throw notFound('الوسيط غير موجود');
  const isActive = change.decision === 'activate';
  const reason = isActive ? null : (change.reason ?? null);
  if (change.decision === 'deactivate') {
    refuseRiskyDeactivation(broker, change.callerId, protectedPhone);
  }
  const decision = DECISIONS[change.decision];
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(brokers)
      .set({
        isActive,
        activationRequestedAt: null,
        inactiveReason: reason,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(brokers.id, broker.id),
          isNull(brokers.deletedAt),
          // Only a waiting request is refused, and only an active account deactivated.
          change.decision === 'refuse'
            ? and(eq(brokers.isActive, false), isNotNull(brokers.activationRequestedAt))
            : change.decision === 'deactivate'
              ? eq(brokers.isActive, true)
              : undefined,
        ),
      )
      .returning();
    if (!row && change.decision === 'refuse') {
      throw new AppError(
        409,
        'NO_ACTIVATION_REQUEST',
        'لا يوجد طلب تفعيل بانتظار المراجعة لهذا الوسيط',
      );
    }
    if (!row && change.decision === 'deactivate') {
      throw new AppError(409, 'ALREADY_INACTIVE', 'هذا الحساب غير مفعل أصلاً');
    }
    if (!row) throw notFound('الوسيط غير موجود');
    await record(tx, {
      action: decision.action,
      entityType: 'broker',
      entityId: broker.id,
      before: {
        isActive: broker.isActive,
        activationRequestedAt: broker.activationRequestedAt,
      },
      after: { isActive: row.isActive, ...(reason ? { reason } : {}) },
    });
    return row;
  });
  // A request closed is news too: the broker waiting on it reads why.
  const changed =
    broker.isActive !== isActive || (!isActive && broker.activationRequestedAt !== null);
  // «السبب: …» ends with the notice's own full stop, not the admin's.
  if (changed)
    await notify(db, broker.id, decision.notice((reason ?? '').replace(/[.؟!،]+$/u, '')));
  return updated;
}
