import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LINK_RETIRED, referralLinkEndpoints } from '#contract/referral-links';
import {
  arabicCount,
  brokerRequestBlock,
  checkedFalLicense,
  inGenitive,
  NOUNS,
  publicBrokerName,
  publicBrokerProfile,
} from '#domain';
import { auditBy } from '../audit/service.js';
import { assertCodeBudget, verifyOtp } from '../auth/otp.js';
import type { FeatureOptions } from '../context.js';
import { AppError, notFound } from '../errors.js';
import { serve } from '../http/serve.js';
import { sendNewCode } from '../messaging/codes.js';
import { currentAccount } from '../plugins/session.js';
import { addressKey, enforceRateLimits } from '../rate-limit.js';
import { createReferral } from '../referrals/create.js';
import { documentRetentionDays } from '../settings/service.js';
import { tenantFormPath } from '../tenant-forms/links.js';
import {
  brokerByCode,
  countVisit,
  ensureLinkCode,
  linkFunnel,
  linkOf,
  qrCard,
  regenerateLinkCode,
  retiredLink,
} from './service.js';

const WINDOW_SECONDS = 15 * 60;
const NO_LINK = 'هذا الرابط غير موجود أو لم يعد صالحاً';
// Neutral: a tenant is not told anything about the broker's account.
const cannotReceive = () =>
  new AppError(403, 'BROKER_UNAVAILABLE', 'لا يستقبل هذا الوسيط طلبات عبر هذا الرابط حالياً');

/** A wait in words, rounded up: «١٠ دقائق», «ساعتين», «٢٣ ساعة». */
function waitAr(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes < 60
    ? arabicCount(minutes, inGenitive(NOUNS.minute))
    : arabicCount(Math.ceil(minutes / 60), inGenitive(NOUNS.hour));
}

/**
 * The phone's wrong-code budget, said to a tenant: sign-in's text offers a password the tenant
 * does not have. The wait stays in the answer (retryAfter) for the page's countdown.
 */
function forTenants(error: unknown): unknown {
  if (!(error instanceof AppError) || error.code !== 'OTP_BUDGET_EXHAUSTED') return error;
  const wait = typeof error.extra.retryAfter === 'number' ? error.extra.retryAfter : 24 * 3600;
  return new AppError(
    429,
    error.code,
    `أوقفنا التحقق برمز لهذا الرقم مؤقتاً لكثرة المحاولات الخاطئة. حاول مرة أخرى بعد ${waitAr(wait)}، أو راسلنا على واتساب`,
    error.extra,
    error.headers,
  );
}

/** The broker's own link and QR code, and the tenant's side of it. */
export const referralLinkRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db, config } = ctx;

  serve(app, referralLinkEndpoints.mine, async (request) => {
    const me = await currentAccount(db, request);
    return linkOf(config, await ensureLinkCode(db, me.id));
  });

  serve(app, referralLinkEndpoints.regenerate, async (request) => {
    const me = await currentAccount(db, request);
    return linkOf(config, await regenerateLinkCode(db, me.id, auditBy(request)));
  });

  serve(app, referralLinkEndpoints.qr, async (request, reply) => {
    const me = await currentAccount(db, request);
    const link = linkOf(config, await ensureLinkCode(db, me.id));
    const svg = await qrCard(link.qrUrl, {
      product: config.brand.productName,
      broker: publicBrokerName(me),
      falLicense: checkedFalLicense(me.falLicense),
    });
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('content-disposition', `inline; filename="qr_${link.code}.svg"`)
      .header('cache-control', 'no-store')
      .send(svg);
  });

  serve(app, referralLinkEndpoints.funnel, async (request) => {
    const me = await currentAccount(db, request);
    return linkFunnel(db, me.id);
  });

  /** Per address, and per link from all addresses: a link cannot be hammered either way. */
  const limitLink = (ip: string, code: string, action: string, perLink: number) =>
    enforceRateLimits(db, [
      {
        key: `${action}:ip:${addressKey(ip)}`,
        limit: config.authRateLimitPerAddress,
        windowSeconds: WINDOW_SECONDS,
      },
      { key: `${action}:link:${code}`, limit: perLink, windowSeconds: WINDOW_SECONDS },
    ]);

  /**
   * The live broker behind a code; a replaced code answers 404 LINK_RETIRED with the broker's
   * public name (the old page showed it), any other 404 NOT_FOUND, the same message for both.
   */
  const liveBroker = async (code: string) => {
    const broker = await brokerByCode(db, code);
    if (broker) return broker;
    const retired = await retiredLink(db, code);
    if (retired) throw new AppError(404, LINK_RETIRED, NO_LINK, retired);
    throw notFound(NO_LINK);
  };

  serve(app, referralLinkEndpoints.provider, async () => config.provider);

  // Apart from the provider's identity, which is fixed at start and kept by the page: this one
  // follows a super-admin's setting, read fresh on each visit.
  serve(app, referralLinkEndpoints.retention, async () => ({
    documentRetentionDays: await documentRetentionDays(db),
  }));

  serve(app, referralLinkEndpoints.open, async (request) => {
    await limitLink(request.ip, request.params.code, 'link-open', 600);
    const broker = await liveBroker(request.params.code);
    await countVisit(
      db,
      broker.id,
      { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
      request.query.s === 'qr' ? 'qr' : 'link',
    );
    const reason = brokerRequestBlock(broker);
    return {
      // Checked again as shown (a value stored before the rule may hold a link or a number);
      // nobody named while the link takes no request, never the broker code in a name's place.
      ...publicBrokerProfile(broker),
      canReceive: reason === null,
      unavailableReason: reason,
    };
  });

  serve(app, referralLinkEndpoints.sendCode, async (request) => {
    const { phone } = request.body;
    await limitLink(request.ip, request.params.code, 'link-code', 60);
    await enforceRateLimits(db, [
      { key: `link-code:phone:${phone}`, limit: 5, windowSeconds: WINDOW_SECONDS },
    ]);
    const broker = await liveBroker(request.params.code);
    if (brokerRequestBlock(broker)) throw cannotReceive();
    await assertCodeBudget(db, phone).catch((error: unknown) => {
      throw forTenants(error);
    });
    const code = await sendNewCode(
      { db, channels: ctx.channels, log: request.log, productName: config.brand.productName },
      { to: phone, purpose: 'referral_request', link: broker.brokerCode },
    );
    return {
      message: 'تم إرسال رمز التحقق',
      ...(config.exposeOtpInResponses ? { otpCode: code } : {}),
    };
  });

  serve(app, referralLinkEndpoints.request, async (request, reply) => {
    const { phone, otp, rent, city, viaQr } = request.body;
    await limitLink(request.ip, request.params.code, 'link-request', 60);
    await enforceRateLimits(db, [
      { key: `link-request:phone:${phone}`, limit: 10, windowSeconds: WINDOW_SECONDS },
    ]);
    const broker = await liveBroker(request.params.code);
    if (brokerRequestBlock(broker)) throw cannotReceive();
    // The phone is the tenant's: nobody asks in someone else's name.
    await verifyOtp(db, phone, otp, 'referral_request', async () => {}).catch((error: unknown) => {
      throw forTenants(error);
    });
    const referral = await createReferral(
      ctx,
      broker,
      { tenantPhone: phone, rent: rent ?? null, city: city ?? null, source: viaQr ? 'qr' : 'link' },
      { record: auditBy(request), log: request.log },
    ).catch((error: unknown) => {
      // The tenant is told what a broker is, without naming anyone.
      if (error instanceof AppError && error.code === 'TENANT_HAS_OPEN_REFERRAL') {
        throw new AppError(
          409,
          error.code,
          'لديك طلب مفتوح بالفعل لدى أحد الوسطاء، وسيتواصل معك قريباً',
        );
      }
      if (error instanceof AppError && error.code === 'TENANT_ALREADY_REFERRED') {
        throw new AppError(409, error.code, 'سبق ترشيح هذا المستأجر');
      }
      throw error;
    });
    return reply.status(201).send({ formPath: tenantFormPath(referral.formToken) });
  });
};
