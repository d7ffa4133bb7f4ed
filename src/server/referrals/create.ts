import type { FastifyBaseLogger } from 'fastify';
import { brokerRequestBlock, type ReferralSource } from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import type { SessionBroker } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { isUniqueViolation } from '../db/errors.js';
import { type Referral, referrals, shortLinks } from '../db/schema.js';
import { AppError } from '../errors.js';
import { lockBroker } from '../ledger/locks.js';
import { enqueueCrm } from '../messaging/outbox.js';
import { enqueueTenantLink } from '../messaging/tenant-link.js';
import { notify } from '../notifications/service.js';
import { errorLogFields } from '../plugins/log-safety.js';
import { assertTermsAccepted } from '../program-terms/service.js';
import { enforceRateLimits } from '../rate-limit.js';
import { smsNotificationsEnabled } from '../settings/service.js';
import { checkNewReferral, recordContestedTenant } from '../signals/detect.js';
import { newFormToken, newShortCode, tenantFormPath } from '../tenant-forms/links.js';
import { queueWebhookEvent } from '../webhooks/events.js';
import { claimTenantPhone } from './ownership.js';

/**
 * Why a broker cannot receive referrals now: inactive, or no name a tenant can be shown (the
 * tenant form's consent names them). The broker's link answers by the same rule.
 */
function refuseIneligibleBroker(broker: Pick<SessionBroker, 'isActive' | 'fullName'>) {
  const block = brokerRequestBlock(broker);
  if (block === 'broker_inactive') {
    throw new AppError(
      403,
      'ACCOUNT_INACTIVE',
      'حسابك غير مفعل، يرجى التواصل مع الإدارة لتفعيل الحساب',
    );
  }
  if (block === 'broker_unnamed') {
    throw new AppError(403, 'PROFILE_INCOMPLETE', 'يرجى إكمال الاسم الكامل في الملف الشخصي أولاً');
  }
}

/**
 * A new referral of the broker's, whether typed by the broker or asked for by the tenant
 * through the broker's own link: the same rules, duplicate guard, messages, CRM
 * lead, webhook, signals and audit, with where it came from recorded. Answers the referral.
 */
export async function createReferral(
  ctx: AppContext,
  broker: SessionBroker,
  input: { tenantPhone: string; rent: number | null; city: string | null; source: ReferralSource },
  { record, log }: { record: AuditRecorder; log: FastifyBaseLogger },
): Promise<Referral> {
  const { db, config } = ctx;
  refuseIneligibleBroker(broker);
  // The broker refers under the program terms in force (decision record 075); a tenant asking
  // through the broker's link is not held up by the broker's unread version.
  if (input.source === 'typed') await assertTermsAccepted(db, broker.id, 'referral');
  // Each referral sends an SMS under the company's name: a stolen or careless account
  // cannot turn that into a flood. Counted before anything is written.
  await enforceRateLimits(db, [
    {
      key: `referral-create:broker:${broker.id}:hour`,
      limit: config.referralLimits.perHour,
      windowSeconds: 3600,
    },
    {
      key: `referral-create:broker:${broker.id}:day`,
      limit: config.referralLimits.perDay,
      windowSeconds: 86_400,
    },
  ]);
  const { tenantPhone, rent, city, source } = input;
  const formToken = newFormToken();
  const code = newShortCode();
  // A tenant who came by the link goes straight to the form: no SMS link is needed.
  const sendLink = source === 'typed' && (await smsNotificationsEnabled(db));
  const created = await db
    .transaction(async (tx) => {
      // The broker's row first, as every path that may hold money locks it (a signal raised
      // below holds the referral's commission-to-be).
      await lockBroker(tx, broker.id);
      await claimTenantPhone(tx, broker.id, tenantPhone);
      const [referral] = await tx
        .insert(referrals)
        .values({ brokerId: broker.id, tenantPhone, rentAmount: rent, city, formToken, source })
        .returning();
      if (!referral) throw new Error('referral insert returned nothing');
      await tx
        .insert(shortLinks)
        .values({ code, originalUrl: tenantFormPath(formToken), referralId: referral.id });
      // The tenant's link and the CRM lead are queued with the referral: both or neither.
      if (sendLink) {
        await enqueueTenantLink(tx, ctx, { referral, broker, code, cause: 'created' });
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
        broker: { id: broker.id },
      });
      await checkNewReferral(tx, referral);
      // In the same transaction: a crash after the commit cannot leave a referral unaudited.
      await record(tx, {
        action: 'referral.create',
        entityType: 'referral',
        entityId: referral.id,
        after: {
          tenantPhone,
          rentAmount: rent,
          status: referral.status,
          ...(source === 'typed' ? {} : { source }),
        },
      });
      return referral;
    })
    .catch(async (error: unknown) => {
      const contested =
        isUniqueViolation(error, 'referrals_one_open_per_tenant_idx') ||
        (error instanceof AppError && error.code === 'TENANT_ALREADY_REFERRED');
      // Another broker's tenant: the admins see the attempt.
      if (contested) {
        // The refusal stands whatever happens to its record.
        await recordContestedTenant(db, broker.id, tenantPhone).catch((failure: unknown) =>
          log.warn(errorLogFields(failure), 'contested tenant not recorded'),
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
  // A tenant who asked through the broker's link or QR code: the broker hears of it at once,
  // as nobody typed this one.
  if (source !== 'typed') {
    await notify(db, broker.id, {
      type: 'info',
      title: 'طلب جديد عبر رابطك',
      message: `طلب المستأجر صاحب الجوال ${tenantPhone} الدفع الشهري عبر ${source === 'qr' ? 'رمز QR الخاص بك' : 'رابطك الخاص'}، ويكمل بياناته الآن.`,
      link: `/referral/${created.id}`,
    });
  }
  return created;
}
