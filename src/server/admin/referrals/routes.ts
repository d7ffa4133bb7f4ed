import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { auditBy } from '../../audit/service.js';
import type { FeatureOptions } from '../../context.js';
import { referrals } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { currentBroker } from '../../plugins/session.js';
import { referralHistory } from '../../referrals/history.js';
import { findTenantForm } from '../../referrals/service.js';
import { changeReferralStatus } from '../../referrals/status-change.js';
import {
  auditTenantFormView,
  consentsOf,
  documentHrefs,
  submittedFigures,
  TENANT_FORM_FIELDS_SHOWN,
} from '../../tenant-forms/service.js';
import { listAdminReferrals } from './service.js';

/** The referrals tab: the list, the tenant's data, the status change. */
export const adminReferralRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db, config } = ctx;

  serve(app, adminReferralEndpoints.list, async (request) =>
    listAdminReferrals(db, config.publicUrl, request.query),
  );

  serve(app, adminReferralEndpoints.tenantForm, async (request) => {
    const form = await findTenantForm(db, request.params.id);
    if (!form) throw notFound('لم يقم المستأجر بإرسال بياناته بعد');
    await auditTenantFormView(db, request, form.referralId, TENANT_FORM_FIELDS_SHOWN.admin);
    return {
      ...submittedFigures(form),
      ...documentHrefs(form),
      consents: await consentsOf(db, form.referralId),
    };
  });

  serve(app, adminReferralEndpoints.history, async (request) => {
    const [referral] = await db
      .select({
        id: referrals.id,
        submittedAt: referrals.submittedAt,
        status: referrals.status,
        updatedAt: referrals.updatedAt,
      })
      .from(referrals)
      .where(eq(referrals.id, request.params.id));
    if (!referral) throw notFound('الإحالة غير موجودة');
    return referralHistory(db, referral);
  });

  serve(app, adminReferralEndpoints.changeStatus, async (request) => {
    const { status, notes, contractId, contractRent, contractStartsOn, contractEndsOn } =
      request.body;
    const result = await changeReferralStatus(
      ctx,
      request.log,
      request.params.id,
      currentBroker(request).id,
      {
        status,
        ...(notes !== undefined ? { notes: notes?.trim() || null } : {}),
        ...(contractId !== undefined ? { contractId: contractId || null } : {}),
        contractRent: contractRent ?? null,
        ...(contractStartsOn !== undefined ? { contractStartsOn } : {}),
        ...(contractEndsOn !== undefined ? { contractEndsOn } : {}),
      },
      auditBy(request),
    );
    if (!result) throw notFound('الإحالة غير موجودة');
    const { before, after, commissionCreated } = result;
    return { oldStatus: before.status, newStatus: after.status, commissionCreated };
  });
};
