import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataRequestEndpoints } from '#contract/data-requests';
import { DATA_ACCESS_MINUTES, FORM_TOKEN_PATTERN } from '#domain';
import { auditBy } from '../audit/service.js';
import { assertCodeBudget, verifyOtp } from '../auth/otp.js';
import type { FeatureOptions } from '../context.js';
import { notFound } from '../errors.js';
import { removeStoredDocuments } from '../files/deletion.js';
import { serve } from '../http/serve.js';
import { sendNewCode } from '../messaging/codes.js';
import { cookieNames, currentBroker } from '../plugins/session.js';
import { addressKey, enforceRateLimits } from '../rate-limit.js';
import {
  accessClosed,
  applyCorrection,
  createDataRequest,
  dataHeld,
  eraseTenantData,
  hasDataAccess,
  listDataRequests,
  openDataAccess,
  referralForRights,
  refuseRequest,
} from './service.js';

const WINDOW_SECONDS = 15 * 60;
const DAY_SECONDS = 24 * 60 * 60;

/**
 * The tenant's rights through their form link (decision 068): a code to the referral's own
 * phone (never a phone the caller types), then, for 15 minutes, their data and their requests.
 * Every code is bounded per link, per address, per phone's daily budget and by the platform's
 * SMS ceilings; every view and request is audited.
 */
export const dataRightsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const cookie = cookieNames(config.secureCookies).dataAccess;

  const limit = (request: FastifyRequest, action: string, perAddress: number, token: string) =>
    enforceRateLimits(db, [
      {
        key: `${action}:ip:${addressKey(request.ip)}`,
        limit: perAddress,
        windowSeconds: WINDOW_SECONDS,
      },
      { key: `${action}:token:${token}`, limit: 5, windowSeconds: WINDOW_SECONDS },
    ]);

  const referralOf = async (token: string) => {
    if (!FORM_TOKEN_PATTERN.test(token)) throw notFound('الرابط غير صالح أو منتهي الصلاحية');
    return referralForRights(db, token);
  };

  /** The referral whose data the cookie opens, or 401. */
  const openReferral = async (request: FastifyRequest, token: string) => {
    const referral = await referralOf(token);
    if (!(await hasDataAccess(db, referral.id, request.cookies[cookie]))) throw accessClosed();
    return referral;
  };

  serve(app, dataRequestEndpoints.sendCode, async (request) => {
    const { token } = request.params;
    await limit(request, 'data-code', 20, token);
    const referral = await referralOf(token);
    // An SMS is money, and the broker holds the link too: the phone hears at most 3 codes in
    // 15 minutes and 5 in a day through this door, whoever asks, before the platform's ceilings
    // (the referral counts as a link of its own there).
    await enforceRateLimits(db, [
      { key: `data-code:phone:${referral.tenantPhone}`, limit: 3, windowSeconds: WINDOW_SECONDS },
      { key: `data-code:phone-day:${referral.tenantPhone}`, limit: 5, windowSeconds: DAY_SECONDS },
    ]);
    await assertCodeBudget(db, referral.tenantPhone);
    const code = await sendNewCode(
      { db, channels: ctx.channels, log: request.log, productName: config.brand.productName },
      { to: referral.tenantPhone, purpose: 'data_access', link: `data:${referral.id}` },
    );
    return {
      message: 'أرسلنا رمز التحقق إلى جوالك المسجل في الطلب',
      ...(config.exposeOtpInResponses ? { otpCode: code } : {}),
    };
  });

  serve(app, dataRequestEndpoints.open, async (request, reply) => {
    const { token } = request.params;
    await limit(request, 'data-open', 30, token);
    const referral = await referralOf(token);
    await verifyOtp(db, referral.tenantPhone, request.body.otp, 'data_access', async () => {});
    const session = await openDataAccess(db, referral.id);
    reply.setCookie(cookie, session, {
      httpOnly: true,
      sameSite: 'strict',
      secure: config.secureCookies,
      path: '/',
      maxAge: DATA_ACCESS_MINUTES * 60,
    });
    await auditBy(request)(db, {
      action: 'data_request.view',
      entityType: 'referral',
      entityId: referral.id,
    });
    return dataHeld(db, referral);
  });

  serve(app, dataRequestEndpoints.read, async (request) => {
    const referral = await openReferral(request, request.params.token);
    await auditBy(request)(db, {
      action: 'data_request.view',
      entityType: 'referral',
      entityId: referral.id,
    });
    return dataHeld(db, referral);
  });

  serve(app, dataRequestEndpoints.request, async (request, reply) => {
    const { token } = request.params;
    await limit(request, 'data-request', 20, token);
    const referral = await openReferral(request, token);
    const created = await createDataRequest(db, referral, request.body, auditBy(request));
    return reply.status(201).send(created);
  });
};

/** The operations team's queue of tenants' requests, each answered within 30 days. */
export const adminDataRequestRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (
  app,
  { ctx },
) => {
  const { db, storage } = ctx;

  serve(app, dataRequestEndpoints.list, async (request) =>
    listDataRequests(db, request.query.status),
  );

  serve(app, dataRequestEndpoints.correct, async (request) =>
    applyCorrection(db, request.params.id, currentBroker(request).id, auditBy(request)),
  );

  serve(app, dataRequestEndpoints.refuse, async (request) =>
    refuseRequest(
      db,
      request.params.id,
      currentBroker(request).id,
      request.body.reason,
      auditBy(request),
    ),
  );

  serve(app, dataRequestEndpoints.erase, async (request) => {
    const { view, keys } = await eraseTenantData(
      db,
      request.params.id,
      currentBroker(request).id,
      auditBy(request),
    );
    await removeStoredDocuments(storage, keys, request.log);
    return view;
  });
};
