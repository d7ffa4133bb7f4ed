import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAnalyticsEndpoints,
  adminBrokerEndpoints,
  adminOperationsEndpoints,
  adminReferralEndpoints,
} from '../../contract/admin.js';
import { formatSar, referralStatusLabel } from '../../domain/index.js';
import { audit, auditBy } from '../audit/service.js';
import { toProfile } from '../brokers/profile.js';
import { findBrokerById } from '../brokers/service.js';
import type { FeatureOptions } from '../context.js';
import { brokers } from '../db/schema.js';
import { notFound } from '../errors.js';
import { serve } from '../http/serve.js';
import { isUuid } from '../ids.js';
import { notify } from '../notifications/service.js';
import { findTenantForm } from '../referrals/service.js';
import { changeReferralStatus } from '../referrals/status-change.js';
import { auditTenantFormView, documentHref } from '../tenant-forms/service.js';
import { adminAnalytics } from './analytics.js';
import { listAdminBrokers } from './lists.js';
import { operationsDashboard } from './operations.js';
import { listAdminReferrals } from './referrals.js';

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

export const adminRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db, config } = ctx;

  serve(app, adminBrokerEndpoints.list, async (request) =>
    listAdminBrokers(db, config.protectedPhone, request.query),
  );

  serve(app, adminOperationsEndpoints.dashboard, async () => operationsDashboard(db));

  serve(app, adminAnalyticsEndpoints.analytics, async (request) =>
    adminAnalytics(db, request.query),
  );

  serve(app, adminReferralEndpoints.list, async (request) =>
    listAdminReferrals(db, config.publicUrl, request.query),
  );

  serve(app, adminReferralEndpoints.tenantForm, async (request) => {
    const form = isUuid(request.params.id) ? await findTenantForm(db, request.params.id) : null;
    if (!form) throw notFound('لم يقم المستأجر بإرسال بياناته بعد');
    await auditTenantFormView(db, request, form.referralId);
    return {
      fullName: form.name,
      phone: form.tenantPhone,
      monthlyIncome: form.income,
      monthlyObligations: form.monthlyObligations,
      salaryReportUrl: documentHref(form.salaryDefinitionUrl),
      creditReportUrl: documentHref(form.creditReportUrl),
      submittedAt: form.submittedAt.toISOString(),
    };
  });

  serve(app, adminReferralEndpoints.changeStatus, async (request) => {
    const { status, notes, contractId, contractRent } = request.body;
    const result = isUuid(request.params.id)
      ? await changeReferralStatus(
          db,
          request.params.id,
          {
            status,
            ...(notes !== undefined ? { notes: notes?.trim() || null } : {}),
            ...(contractId !== undefined ? { contractId: contractId || null } : {}),
            contractRent: contractRent ?? null,
          },
          auditBy(request),
        )
      : null;
    if (!result) throw notFound('الإحالة غير موجودة');
    const { before, after, commissionCreated } = result;
    if (before.status !== after.status) {
      await notify(db, after.brokerId, {
        type: 'info',
        title: 'تحديث حالة الطلب',
        message: `طلب المستأجر ${after.tenantPhone}: ${referralStatusLabel(after.status)}`,
        link: `/referral/${after.id}`,
      });
    }
    if (commissionCreated) {
      await notify(db, after.brokerId, {
        type: 'success',
        title: 'تمت إضافة عمولة',
        message: `أُضيفت عمولة بقيمة ${formatSar(commissionCreated)} لطلب المستأجر ${after.tenantPhone}`,
        link: '/commissions',
      });
    }
    return { oldStatus: before.status, newStatus: after.status, commissionCreated };
  });

  for (const change of ACTIVATION) {
    serve(app, change.endpoint, async (request) => {
      const broker = isUuid(request.params.id) ? await findBrokerById(db, request.params.id) : null;
      if (!broker) throw notFound('الوسيط غير موجود');
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
