import { eq } from 'drizzle-orm';
import type { AuditRecorder } from '../../audit/service.js';
import { findBrokerById } from '../../brokers/service.js';
import type { Database } from '../../db/client.js';
import { type Broker, brokers } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { type NotificationInput, notify } from '../../notifications/service.js';

/** What each decision is audited as, and what the broker is told of it. */
const DECISIONS = {
  activate: {
    action: 'broker.activate',
    notice: {
      type: 'success',
      title: 'تم تفعيل حسابك',
      message: 'يمكنك الآن إضافة طلبات المستأجرين.',
    },
  },
  deactivate: {
    action: 'broker.deactivate',
    notice: {
      type: 'warning',
      title: 'تم إيقاف تفعيل حسابك',
      message: 'لا يمكنك إضافة طلبات جديدة حالياً، يرجى التواصل مع الإدارة.',
    },
  },
} as const satisfies Record<string, { action: string; notice: NotificationInput }>;

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
 * An admin activates or deactivates a broker: audited in the change's transaction, and the
 * broker told once it is committed when the decision changed anything. A new decision closes
 * the broker's activation request: a deactivated broker may ask again, and no longer shows
 * among the requests waiting.
 */
export async function setBrokerActive(
  db: Database,
  change: { brokerId: string; isActive: boolean; callerId: string },
  { protectedPhone, record }: { protectedPhone: string | null; record: AuditRecorder },
): Promise<Broker> {
  const broker = await findBrokerById(db, change.brokerId);
  if (!broker) throw notFound('الوسيط غير موجود');
  if (!change.isActive) refuseRiskyDeactivation(broker, change.callerId, protectedPhone);
  const decision = change.isActive ? DECISIONS.activate : DECISIONS.deactivate;
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(brokers)
      .set({ isActive: change.isActive, activationRequestedAt: null, updatedAt: new Date() })
      .where(eq(brokers.id, broker.id))
      .returning();
    if (!row) throw notFound('الوسيط غير موجود');
    await record(tx, {
      action: decision.action,
      entityType: 'broker',
      entityId: broker.id,
      before: {
        isActive: broker.isActive,
        activationRequestedAt: broker.activationRequestedAt,
      },
      after: { isActive: row.isActive },
    });
    return row;
  });
  if (broker.isActive !== change.isActive) await notify(db, broker.id, decision.notice);
  return updated;
}
