import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import { audit } from '../../audit/service.js';
import { toProfile } from '../../brokers/profile.js';
import { findBrokerById } from '../../brokers/service.js';
import type { FeatureOptions } from '../../context.js';
import { brokers } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { notify } from '../../notifications/service.js';
import { currentBroker } from '../../plugins/session.js';
import { listAdminBrokers } from './service.js';

const ACTIVATION = [
  {
    endpoint: adminBrokerEndpoints.activate,
    isActive: true,
    action: 'broker.activate',
    notice: {
      type: 'success',
      title: 'تم تفعيل حسابك',
      message: 'يمكنك الآن إضافة طلبات المستأجرين.',
    },
  },
  {
    endpoint: adminBrokerEndpoints.deactivate,
    isActive: false,
    action: 'broker.deactivate',
    notice: {
      type: 'warning',
      title: 'تم إيقاف تفعيل حسابك',
      message: 'لا يمكنك إضافة طلبات جديدة حالياً، يرجى التواصل مع الإدارة.',
    },
  },
] as const;

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

/** The brokers tab: the list, activation and deactivation. */
export const adminBrokerRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db, config } = ctx;

  serve(app, adminBrokerEndpoints.list, async (request) =>
    listAdminBrokers(db, config.protectedPhone, request.query),
  );

  for (const change of ACTIVATION) {
    serve(app, change.endpoint, async (request) => {
      const broker = await findBrokerById(db, request.params.id);
      if (!broker) throw notFound('الوسيط غير موجود');
      if (!change.isActive)
        refuseRiskyDeactivation(broker, currentBroker(request).id, config.protectedPhone);
      // A new decision closes the broker's activation request: a deactivated broker may ask
      // again, and no longer shows among the requests waiting.
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(brokers)
          .set({ isActive: change.isActive, activationRequestedAt: null, updatedAt: new Date() })
          .where(eq(brokers.id, broker.id))
          .returning();
        if (!row) throw notFound('الوسيط غير موجود');
        await audit(tx, request, {
          action: change.action,
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
      if (broker.isActive !== change.isActive) await notify(db, broker.id, change.notice);
      return toProfile(updated);
    });
  }
};
