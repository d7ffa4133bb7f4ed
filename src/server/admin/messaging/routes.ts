import { and, eq, like, ne, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminMessagingEndpoints } from '#contract/admin/messaging';
import { normalizeSaudiMobile, toLatinDigits } from '#domain';
import { auditBy } from '../../audit/service.js';
import type { FeatureOptions } from '../../context.js';
import { outboundMessages } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { DeliveryError } from '../../integrations/delivery.js';
import { outboxPage } from '../../messaging/outbox.js';
import { currentBroker } from '../../plugins/session.js';
import { enforceRateLimits } from '../../rate-limit.js';
import { retryMessage } from './service.js';

const PAGE_SIZE = 50;

/** The console's messages: the outbox (searched, retried) and the Zoho CRM test. */
export const adminMessagingRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db, config, channels } = ctx;

  serve(app, adminMessagingEndpoints.outbox, async (request) => {
    const { status, phone, page } = request.query;
    const digits = toLatinDigits(phone ?? '').replace(/\D/g, '');
    // Webhook deliveries have their own log, for super-admins (src/server/webhooks).
    const filters: SQL[] = [ne(outboundMessages.channel, 'webhook')];
    if (status) filters.push(eq(outboundMessages.status, status));
    // Typed as 05…, 5…, 9665… or part of it: matched on the national digits.
    const national = digits.replace(/^(00966|966)/, '0');
    if (national) filters.push(like(outboundMessages.recipient, `%${national}%`));
    const { rows, total } = await outboxPage(db, and(...filters), page, PAGE_SIZE);
    return {
      items: rows.map(outboxView),
      total,
      page,
      pageSize: PAGE_SIZE,
    };
  });

  serve(app, adminMessagingEndpoints.retry, async (request) =>
    outboxView(await retryMessage(ctx, request.params.id, auditBy(request))),
  );

  serve(app, adminMessagingEndpoints.testZohoLead, async (request) => {
    const tenantPhone = normalizeSaudiMobile(request.body.tenantPhone);
    if (!tenantPhone) throw new AppError(400, 'VALIDATION_ERROR', 'رقم الجوال غير صحيح');
    const rent = request.body.rentAmount;
    const testData = { tenantPhone, rent };
    await enforceRateLimits(db, [
      { key: `zoho-test:${currentBroker(request).id}`, limit: 10, windowSeconds: 600 },
    ]);
    if (!channels.crm) {
      return {
        success: false,
        message: 'نظام إدارة العملاء (زوهو) غير مُعدّ على الخادم',
        error: 'NOT_CONFIGURED',
        leadId: null,
        testData,
        instructions: [
          `اضبط المتغيرات ${config.zoho.missing.join('، ')} في بيئة الخادم`,
          'ZOHO_ACCOUNTS_URL اختياري: الافتراضي مركز البيانات السعودي https://accounts.zoho.sa',
          'أعد تشغيل الخادم ثم أعد الاختبار',
        ],
        searchResults: [],
      };
    }
    try {
      const searchResults = await channels.crm.searchLeadsByPhone(tenantPhone);
      const found = searchResults[0]?.id ?? null;
      // A lead that exists may be a real customer's: the test reads it, never overwrites it.
      const leadId =
        found ??
        (
          await channels.crm.createLead({
            tenantPhone,
            rentAmount: rent,
            brokerCode: 'TEST',
            city: null,
            referralId: 'test',
            status: 'اختبار',
          })
        ).id;
      return {
        success: true,
        message: found
          ? 'الاتصال بنظام إدارة العملاء (زوهو) يعمل: وُجد عميل محتمل بهذا الرقم ولم يُغيَّر'
          : 'الاتصال بنظام إدارة العملاء (زوهو) يعمل: أُنشئ عميل محتمل تجريبي',
        error: null,
        leadId,
        testData,
        instructions: [
          'افتح نظام إدارة العملاء (زوهو) ثم وحدة العملاء المحتملين',
          `ابحث عن الرقم ${tenantPhone} أو عن المعرّف ${leadId}`,
          found ? 'العميل الموجود لم يُعدَّل' : 'احذف العميل التجريبي بعد التحقق',
        ],
        searchResults: searchResults.map(({ id }) => ({ id })),
      };
    } catch (error) {
      if (!(error instanceof DeliveryError)) throw error;
      return {
        success: false,
        message: `حدث خطأ أثناء الاختبار: ${error.message}`,
        error: error.code,
        leadId: null,
        testData,
        instructions:
          error.kind === 'config'
            ? [
                'تحقق من ZOHO_CLIENT_ID و ZOHO_CLIENT_SECRET و ZOHO_REFRESH_TOKEN',
                'تأكد أن رمز التحديث صادر من مركز البيانات نفسه (ZOHO_ACCOUNTS_URL)',
              ]
            : ['تعذر الوصول إلى نظام إدارة العملاء (زوهو) الآن، أعد المحاولة بعد قليل'],
        searchResults: [],
      };
    }
  });
};

function outboxView(row: typeof outboundMessages.$inferSelect) {
  return {
    id: row.id,
    channel: row.channel,
    kind: row.kind,
    recipient: row.recipient,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    errorKind: row.errorKind,
    referralId: row.referralId,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** The test's failure in words an admin can act on; 131047 explained, as the issue asks. */
