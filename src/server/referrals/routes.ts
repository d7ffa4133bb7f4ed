import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referralEndpoints } from '#contract/referrals';
import { audit } from '../audit/service.js';
import { lockBroker } from '../commissions/service.js';
import type { FeatureOptions } from '../context.js';
import { isUniqueViolation } from '../db/errors.js';
import { referrals, shortLinks } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { serve } from '../http/serve.js';
import { isUuid } from '../ids.js';
import { enqueueCrm } from '../messaging/outbox.js';
import { enqueueTenantLink, linkDeliveryOf } from '../messaging/tenant-link.js';
import { errorLogFields } from '../plugins/log-safety.js';
import { currentBroker } from '../plugins/session.js';
import { enforceRateLimits } from '../rate-limit.js';
import { loadHolidays, stageClock } from '../service-clocks.js';
import { commissionRule, smsNotificationsEnabled } from '../settings/service.js';
import { checkNewReferral, recordContestedTenant } from '../signals/detect.js';
import { auditTenantFormView, documentHref } from '../tenant-forms/service.js';
import { queueWebhookEvent } from '../webhooks/events.js';
import { brokerReferralHistory } from './history.js';
import { newFormToken, newShortCode, tenantFormPath } from './links.js';
import { claimTenantPhone } from './ownership.js';
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
    const me = currentBroker(request);
    if (!me.isActive) {
      throw new AppError(
        403,
        'ACCOUNT_INACTIVE',
        'حسابك غير مفعل، يرجى التواصل مع الإدارة لتفعيل الحساب',
      );
    }
    if (!me.fullName?.trim()) {
      throw new AppError(403, 'PROFILE_INCOMPLETE', 'يرجى إكمال الاسم الكامل في الملف الشخصي أولاً');
    }
    // Each referral sends an SMS under the company's name: a stolen or careless account
    // cannot turn that into a flood. Counted before anything is written.
    await enforceRateLimits(db, [
      {
        key: `referral-create:broker:${me.id}:hour`,
        limit: config.referralLimits.perHour,
        windowSeconds: 3600,
      },
      {
        key: `referral-create:broker:${me.id}:day`,
        limit: config.referralLimits.perDay,
        windowSeconds: 86_400,
      },
    ]);
    const { tenantPhone, rent } = request.body;
    const formToken = newFormToken();
    const code = newShortCode();
    const sendLink = await smsNotificationsEnabled(db);
    const created = await db
      .transaction(async (tx) => {
        // The broker's row first, as every path that may hold money locks it (a signal raised
        // below holds the referral's commission-to-be).
        await lockBroker(tx, me.id);
        await claimTenantPhone(tx, me.id, tenantPhone);
        const [referral] = await tx
          .insert(referrals)
          .values({ brokerId: me.id, tenantPhone, rentAmount: rent, formToken })
          .returning();
        if (!referral) throw new Error('referral insert returned nothing');
        await tx
          .insert(shortLinks)
          .values({ code, originalUrl: tenantFormPath(formToken), referralId: referral.id });
        // The tenant's link and the CRM lead are queued with the referral: both or neither.
        if (sendLink) {
          await enqueueTenantLink(tx, ctx, { referral, broker: me, code, cause: 'created' });
        }
        if (ctx.channels.crm) {
          await enqueueCrm(tx, {
            kind: 'crm_lead',
            referralId: referral.id,
            tenantPhone,
            cause: `lead:${referral.id}`,
          });
        }
        await queueWebhookEvent(tx, 'referral.created', {
          referral: {
            id: referral.id,
            number: referral.number,
            status: referral.status,
            tenantPhone,
            city: referral.city,
            rentAmount: referral.rentAmount,
          },
          broker: { id: me.id },
        });
        await checkNewReferral(tx, referral);
        // In the same transaction: a crash after the commit cannot leave a referral unaudited.
        await audit(tx, request, {
          action: 'referral.create',
          entityType: 'referral',
          entityId: referral.id,
          after: { tenantPhone, rentAmount: rent, status: referral.status },
        });
        return referral;
      })
      .catch(async (error: unknown) => {
        const contested =
          isUniqueViolation(error, 'referrals_one_open_per_tenant_idx') ||
          (error instanceof AppError && error.code === 'TENANT_ALREADY_REFERRED');
        // Another broker's tenant: the admins see the attempt (issue 16 item 3).
        if (contested) {
          // The refusal stands whatever happens to its record.
          await recordContestedTenant(db, me.id, tenantPhone).catch((failure: unknown) =>
            request.log.warn(errorLogFields(failure), 'contested tenant not recorded'),
          );
        }
        // One open referral per tenant, whoever the broker: said without naming the other one.
        if (isUniqueViolation(error, 'referrals_one_open_per_tenant_idx')) {
          throw new AppError(
            409,
            'TENANT_HAS_OPEN_REFERRAL',
            'يوجد طلب مفتوح لهذا المستأجر بالفعل، ولا يمكن إضافته مرة أخرى',
          );
        }
        throw error;
      });
    ctx.outbox.kick();
    return reply.status(201).send(toReferralView(created, null, await commissionRule(db)));
  });

  serve(app, referralEndpoints.list, async (request) =>
    listBrokerReferrals(db, currentBroker(request).id, request.query),
  );

  serve(app, referralEndpoints.one, async (request) => {
    if (!isUuid(request.params.id)) throw referralNotFound();
    const row = await findBrokerReferral(db, currentBroker(request).id, request.params.id);
    if (!row) throw referralNotFound();
    return referralViewOf(row, await commissionRule(db));
  });

  serve(app, referralEndpoints.details, async (request) => {
    if (!isUuid(request.params.id)) throw referralNotFound();
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
};
