import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contractRentSchema,
  formatSar,
  isoDaySchema,
  parseReferralStatus,
  REFERRAL_STATUS_KEYS,
  referralStatusLabel,
  riyadhIsoDate,
} from '../../domain/index.js';
import { audit, auditBy } from '../audit/service.js';
import { toProfile } from '../brokers/profile.js';
import { findBrokerById } from '../brokers/service.js';
import type { FeatureOptions } from '../context.js';
import { brokers } from '../db/schema.js';
import { notFound } from '../errors.js';
import { isUuid } from '../ids.js';
import { notify } from '../notifications/service.js';
import { findTenantForm } from '../referrals/service.js';
import { auditTenantFormView, documentHref } from '../tenant-forms/service.js';
import { adminAnalytics } from './analytics.js';
import { listAdminBrokers } from './lists.js';
import { operationsDashboard } from './operations.js';
import { changeReferralStatus } from './referral-status.js';
import { listAdminReferrals } from './referrals.js';

const idParams = z.object({ id: z.string() });

const ACTIVATION = {
  activate: {
    isActive: true,
    action: 'broker.activate',
    notice: {
      type: 'success',
      title: 'تم تفعيل حسابك',
      message: 'يمكنك الآن إضافة طلبات المستأجرين.',
    },
  },
  deactivate: {
    isActive: false,
    action: 'broker.deactivate',
    notice: {
      type: 'warning',
      title: 'تم إيقاف تفعيل حسابك',
      message: 'لا يمكنك إضافة طلبات جديدة حالياً، يرجى التواصل مع الإدارة.',
    },
  },
} as const;

const statusBody = z.object({
  status: z.string({ error: 'يرجى اختيار الحالة' }).transform((value, issue) => {
    const status = parseReferralStatus(value);
    if (!status) {
      issue.addIssue({ code: 'custom', message: 'حالة غير معروفة' });
      return z.NEVER;
    }
    return status;
  }),
  notes: z.string().max(2000, { error: 'النص أطول من المسموح' }).nullish(),
  contractId: z.string().trim().max(100, { error: 'رقم العقد أطول من المسموح' }).nullish(),
  /** The signed contract's annual rent, from which the commission is computed. */
  contractRent: contractRentSchema.nullish(),
});

const referralListQuery = z.object({
  search: z.string().trim().max(100, { error: 'النص أطول من المسموح' }).optional(),
  status: z.enum(REFERRAL_STATUS_KEYS, { error: 'حالة غير معروفة' }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

const DAY_MS = 86_400_000;

/** Analytics range: Riyadh days, 12 weeks up to today unless given, at most two years. */
const analyticsQuery = z
  .object({ from: isoDaySchema.optional(), to: isoDaySchema.optional() })
  .transform(({ from, to }) => {
    const end = to ?? riyadhIsoDate(new Date());
    const start = from ?? riyadhIsoDate(new Date(Date.parse(end) - 83 * DAY_MS));
    return { from: start, to: end };
  })
  .refine(({ from, to }) => from <= to, { error: 'تاريخ البداية بعد تاريخ النهاية' })
  .refine(({ from, to }) => Date.parse(to) - Date.parse(from) <= 731 * DAY_MS, {
    error: 'الفترة أطول من سنتين',
  });

export const adminRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db, config } = ctx;

  app.get(
    '/brokers',
    {
      config: { access: 'admin' },
      schema: {
        querystring: z.object({
          search: z.string().trim().max(100, { error: 'النص أطول من المسموح' }).optional(),
          filter: z.enum(['all', 'active', 'inactive', 'pending']).default('all'),
          page: z.coerce.number().int().min(1).max(100_000).default(1),
        }),
      },
    },
    async (request) => listAdminBrokers(db, config.protectedPhone, request.query),
  );

  app.get('/operations', { config: { access: 'admin' } }, async () => operationsDashboard(db));

  app.get(
    '/analytics',
    { config: { access: 'admin' }, schema: { querystring: analyticsQuery } },
    async (request) => adminAnalytics(db, request.query),
  );

  app.get(
    '/referrals',
    { config: { access: 'admin' }, schema: { querystring: referralListQuery } },
    async (request) => listAdminReferrals(db, config.publicUrl, request.query),
  );

  app.get(
    '/referrals/:id/tenant-form',
    { config: { access: 'admin' }, schema: { params: idParams } },
    async (request) => {
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
    },
  );

  app.put(
    '/referrals/:id/status',
    { config: { access: 'admin' }, schema: { params: idParams, body: statusBody } },
    async (request) => {
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
    },
  );

  for (const [verb, change] of Object.entries(ACTIVATION)) {
    app.post(
      `/brokers/:id/${verb}`,
      { config: { access: 'admin' }, schema: { params: idParams } },
      async (request) => {
        const broker = isUuid(request.params.id)
          ? await findBrokerById(db, request.params.id)
          : null;
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
      },
    );
  }
};
