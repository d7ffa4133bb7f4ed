import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referralEndpoints } from '#contract/referrals';
import { audit, auditBy } from '../audit/service.js';
import type { FeatureOptions } from '../context.js';
import { referrals, shortLinks } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { serve } from '../http/serve.js';
import { enqueueTenantLink, linkDeliveryOf } from '../messaging/tenant-link.js';
import { currentBroker } from '../plugins/session.js';
import { enforceRateLimits } from '../rate-limit.js';
import { loadHolidays, stageClock } from '../service-clocks.js';
import { commissionRule } from '../settings/service.js';
import { tenantFormPath } from '../tenant-forms/links.js';
import { auditTenantFormView, documentHref } from '../tenant-forms/service.js';
import { createReferral } from './create.js';
import { brokerReferralHistory } from './history.js';
import {
  findBrokerReferral,
  findTenantForm,
  listBrokerReferrals,
  referralViewOf,
  toReferralView,
} from './service.js';

const referralNotFound = () => notFound('الطلب غير موجود');

export const referralRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db, config } = ctx;

  serve(app, referralEndpoints.create, async (request, reply) => {
    const { tenantPhone, rent } = request.body;
    const created = await createReferral(
      ctx,
      currentBroker(request),
      { tenantPhone, rent, city: null, source: 'typed' },
      { record: auditBy(request), log: request.log },
    );
    return reply.status(201).send(toReferralView(created, null, await commissionRule(db)));
  });

  serve(app, referralEndpoints.list, async (request) =>
    listBrokerReferrals(db, currentBroker(request).id, request.query),
  );

  serve(app, referralEndpoints.one, async (request) => {
    const row = await findBrokerReferral(db, currentBroker(request).id, request.params.id);
    if (!row) throw referralNotFound();
    return referralViewOf(row, await commissionRule(db));
  });

  serve(app, referralEndpoints.details, async (request) => {
    const row = await findBrokerReferral(db, currentBroker(request).id, request.params.id);
    if (!row) throw referralNotFound();
    const [form, rule, linkDelivery, history, holidays] = await Promise.all([
      findTenantForm(db, row.referral.id),
      commissionRule(db),
      linkDeliveryOf(db, row.referral.id),
      brokerReferralHistory(db, row.referral),
      loadHolidays(db),
    ]);
    if (form) await auditTenantFormView(db, request, row.referral.id);
    return {
      ...referralViewOf(row, rule),
      formToken: row.referral.formToken,
      tenantFormUrl: `${config.publicUrl}${tenantFormPath(row.referral.formToken)}`,
      linkDelivery,
      history,
      stageClock: stageClock(row.referral, holidays),
      tenantData: form
        ? {
            name: form.name,
            income: form.income,
            monthlyObligations: form.monthlyObligations,
            submittedAt: form.submittedAt.toISOString(),
            salaryDefinitionFile: documentHref(form.salaryDefinitionUrl),
            creditReportFile: documentHref(form.creditReportUrl),
          }
        : null,
    };
  });

  serve(app, referralEndpoints.resendLink, async (request) => {
    const me = currentBroker(request);
    const [referral] = await db
      .select({
        id: referrals.id,
        tenantPhone: referrals.tenantPhone,
        status: referrals.status,
        code: shortLinks.code,
      })
      .from(referrals)
      .innerJoin(shortLinks, eq(shortLinks.referralId, referrals.id))
      .where(and(eq(referrals.id, request.params.id), eq(referrals.brokerId, me.id)))
      .limit(1);
    if (!referral) throw notFound('الطلب غير موجود');
    if (referral.status !== 'pending_completion') {
      throw new AppError(
        409,
        'FORM_NOT_AWAITED',
        'لا حاجة لإرسال الرابط: الطلب تجاوز مرحلة إكمال البيانات',
      );
    }
    const delivery = await linkDeliveryOf(db, referral.id);
    // Only a link that failed is sent again; none was sent when the admins switched it off.
    if (!delivery) {
      throw new AppError(
        409,
        'LINK_NOT_SENT',
        'الإرسال التلقائي للرابط متوقف: انسخ الرابط وأرسله بنفسك',
      );
    }
    if (!delivery.canResend) {
      throw new AppError(409, 'LINK_ON_ITS_WAY', 'الرابط لم يتعذر إرساله: لا حاجة لإعادة إرساله');
    }
    // Each resend is a message under the company's name: a few per referral a day.
    await enforceRateLimits(db, [
      { key: `resend-link:${referral.id}`, limit: 3, windowSeconds: 86_400 },
    ]);
    await db.transaction(async (tx) => {
      await enqueueTenantLink(tx, ctx, {
        referral,
        broker: me,
        code: referral.code,
        cause: `resend:${Date.now()}`,
      });
      await audit(tx, request, {
        action: 'referral.resend_link',
        entityType: 'referral',
        entityId: referral.id,
      });
    });
    ctx.outbox.kick();
    const after = await linkDeliveryOf(db, referral.id);
    if (!after) throw new Error('the resent link was not queued');
    return after;
  });
};
