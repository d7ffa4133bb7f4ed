import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referralEndpoints } from '#contract/referrals';
import { auditBy } from '../audit/service.js';
import type { FeatureOptions } from '../context.js';
import { notFound } from '../errors.js';
import { brokerRule } from '../groups/terms.js';
import { serve } from '../http/serve.js';
import { linkDeliveryOf, resendTenantLink } from '../messaging/tenant-link.js';
import { currentBroker } from '../plugins/session.js';
import { loadHolidays, stageClock } from '../service-clocks.js';
import { tenantFormPath } from '../tenant-forms/links.js';
import {
  auditTenantFormView,
  brokerTenantView,
  TENANT_FORM_FIELDS_SHOWN,
} from '../tenant-forms/service.js';
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
    return reply
      .status(201)
      .send(toReferralView(created, null, await brokerRule(db, created.brokerId)));
  });

  serve(app, referralEndpoints.list, async (request) =>
    listBrokerReferrals(db, currentBroker(request).id, request.query),
  );

  serve(app, referralEndpoints.one, async (request) => {
    const row = await findBrokerReferral(db, currentBroker(request).id, request.params.id);
    if (!row) throw referralNotFound();
    return referralViewOf(row, await brokerRule(db, row.referral.brokerId));
  });

  serve(app, referralEndpoints.details, async (request) => {
    const row = await findBrokerReferral(db, currentBroker(request).id, request.params.id);
    if (!row) throw referralNotFound();
    const [form, rule, linkDelivery, history, holidays] = await Promise.all([
      findTenantForm(db, row.referral.id),
      brokerRule(db, row.referral.brokerId),
      linkDeliveryOf(db, row.referral.id),
      brokerReferralHistory(db, row.referral),
      loadHolidays(db),
    ]);
    if (form) {
      await auditTenantFormView(db, request, row.referral.id, TENANT_FORM_FIELDS_SHOWN.broker);
    }
    return {
      ...referralViewOf(row, rule),
      formToken: row.referral.formToken,
      tenantFormUrl: `${config.publicUrl}${tenantFormPath(row.referral.formToken)}`,
      linkDelivery,
      history,
      stageClock: stageClock(row.referral, holidays),
      tenantData: form
        ? await brokerTenantView(db, form, row.referral.contractRent ?? row.referral.rentAmount)
        : null,
    };
  });

  serve(app, referralEndpoints.resendLink, async (request) =>
    resendTenantLink(ctx, currentBroker(request), request.params.id, auditBy(request)),
  );
};
