import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messagingEndpoints, type TESTED_PROVIDERS } from '#contract/messaging';
import { failureKindLabel, normalizeSaudiMobile } from '#domain';
import { audit } from '../audit/service.js';
import type { FeatureOptions } from '../context.js';
import { whatsappTemplates } from '../db/schema.js';
import { AppError } from '../errors.js';
import { serve } from '../http/serve.js';
import { DeliveryError } from '../integrations/delivery.js';
import type { RemoteTemplate } from '../integrations/whatsapp.js';
import { ZOHO_SCOPES } from '../integrations/zoho.js';
import { currentBroker } from '../plugins/session.js';
import { enforceRateLimits } from '../rate-limit.js';
import { messagingSettings, saveMessagingSettings } from './settings.js';
import { listedTemplateStatus, PRODUCT_TEMPLATES, templateFor } from './templates.js';

const WHATSAPP_NOT_CONFIGURED = (missing: string[]) =>
  `واتساب غير مُعدّ على الخادم: اضبط المتغيرات ${missing.join('، ')} ثم أعد تشغيل الخادم`;

/** The admin's messaging settings page: channels, WhatsApp templates and connection tests. */
export const messagingRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db, config, channels } = ctx;

  const configView = async () => {
    const settings = await messagingSettings(db);
    const smsMissing =
      config.sms.provider === 'console' ? ['SMS_PROVIDER (unifonic أو taqnyat)'] : [];
    return {
      ...settings,
      sms: {
        provider: config.sms.provider,
        configured: config.sms.provider !== 'console',
        missing: smsMissing,
      },
      whatsapp: {
        configured: channels.whatsapp !== null,
        missing: config.whatsapp.missing,
        phoneNumberId: !config.whatsapp.missing.includes('WHATSAPP_PHONE_NUMBER_ID'),
        accessToken: !config.whatsapp.missing.includes('WHATSAPP_ACCESS_TOKEN'),
        webhook:
          !config.whatsapp.missing.includes('WHATSAPP_APP_SECRET') &&
          !config.whatsapp.missing.includes('WHATSAPP_VERIFY_TOKEN'),
      },
      crm: { configured: channels.crm !== null, missing: config.zoho.missing },
    };
  };

  serve(app, messagingEndpoints.config, async () => configView());

  serve(app, messagingEndpoints.saveConfig, async (request) => {
    const before = await messagingSettings(db);
    await db.transaction(async (tx) => {
      await saveMessagingSettings(tx, request.body, currentBroker(request).id);
      await audit(tx, request, {
        action: 'messaging.config',
        entityType: 'system_config',
        entityId: null,
        before,
        after: request.body,
      });
    });
    return configView();
  });

  /** The product's templates with the status last stored (or `missing`). */
  const storedTemplates = async () => {
    const rows = await db.select().from(whatsappTemplates);
    return PRODUCT_TEMPLATES.map((template) => {
      const row = rows.find((r) => r.name === template.name);
      return {
        name: template.name,
        language: template.language,
        status: row?.status ?? ('missing' as const),
        category: template.category.toLowerCase() as 'utility' | 'marketing' | 'authentication',
        content: row?.content || template.body,
        purpose: template.purpose,
        reason: row?.reason ?? null,
      };
    });
  };

  /** Stores what Meta says of our templates, and returns the product's list. */
  const refreshTemplates = async (remote: RemoteTemplate[]) => {
    const stored = await db.select().from(whatsappTemplates);
    for (const template of PRODUCT_TEMPLATES) {
      const found = remote.find((r) => r.name === template.name);
      if (!found) continue;
      const before = stored.find((row) => row.name === template.name)?.status;
      const values = {
        name: template.name,
        language: found.language,
        // A template Meta flagged stays flagged while its list says APPROVED (templates.ts).
        status: listedTemplateStatus(before, found.status) ?? 'pending',
        category: found.category.toLowerCase(),
        content: found.content || template.body,
      };
      await db
        .insert(whatsappTemplates)
        .values(values)
        .onConflictDoUpdate({
          target: whatsappTemplates.name,
          set: { ...values, updatedAt: new Date() },
        });
    }
    return storedTemplates();
  };

  /** Meta's list, or a 502 saying in Arabic why it could not be read. */
  const remoteTemplates = async () => {
    if (!channels.whatsapp) {
      throw new AppError(
        409,
        'WHATSAPP_NOT_CONFIGURED',
        WHATSAPP_NOT_CONFIGURED(config.whatsapp.missing),
      );
    }
    try {
      return await channels.whatsapp.listTemplates();
    } catch (error) {
      if (error instanceof DeliveryError) {
        throw new AppError(502, 'WHATSAPP_UNAVAILABLE', `تعذر الاتصال بواتساب: ${error.message}`);
      }
      throw error;
    }
  };

  serve(app, messagingEndpoints.templates, async () => {
    if (!channels.whatsapp) return { configured: false, templates: await storedTemplates() };
    return { configured: true, templates: await refreshTemplates(await remoteTemplates()) };
  });

  serve(app, messagingEndpoints.setupTemplates, async (request) => {
    const remote = await remoteTemplates();
    const whatsapp = channels.whatsapp;
    if (!whatsapp) throw new Error('unreachable: remoteTemplates checked the configuration');
    const submitted: string[] = [];
    const existing: string[] = [];
    for (const template of PRODUCT_TEMPLATES) {
      if (remote.some((r) => r.name === template.name)) {
        existing.push(template.name);
        continue;
      }
      try {
        const created = await whatsapp.createTemplate({
          name: template.name,
          language: template.language,
          category: template.category,
          body: template.body,
          example: template.example,
        });
        remote.push({
          name: template.name,
          language: template.language,
          status: created.status.toUpperCase() as RemoteTemplate['status'],
          category: template.category,
          content: template.body,
        });
        submitted.push(template.name);
      } catch (error) {
        if (error instanceof DeliveryError) {
          throw new AppError(
            502,
            'TEMPLATE_SETUP_FAILED',
            `تعذر إرسال القالب ${template.name} للمراجعة: ${error.message}`,
          );
        }
        throw error;
      }
    }
    await audit(db, request, {
      action: 'whatsapp.templates_setup',
      entityType: 'whatsapp_template',
      entityId: null,
      after: { submitted, existing },
    });
    return { submitted, existing, templates: await refreshTemplates(remote) };
  });

  serve(app, messagingEndpoints.testWhatsapp, async (request) => {
    const phone = normalizeSaudiMobile(request.body.phone);
    if (!phone) throw new AppError(400, 'VALIDATION_ERROR', 'رقم الجوال غير صحيح');
    // An admin's test sends real messages under the company's name: a few a minute is plenty.
    await enforceRateLimits(db, [
      { key: `whatsapp-test:${currentBroker(request).id}`, limit: 10, windowSeconds: 600 },
    ]);
    if (!channels.whatsapp) {
      return {
        success: false,
        message: WHATSAPP_NOT_CONFIGURED(config.whatsapp.missing),
        errorCode: 'NOT_CONFIGURED',
      };
    }
    const template = templateFor('status_update');
    await audit(db, request, {
      action: 'whatsapp.test_message',
      entityType: 'whatsapp_template',
      entityId: null,
      after: { to: phone, template: template.name },
    });
    try {
      await channels.whatsapp.sendTemplate({
        to: phone,
        template: template.name,
        language: template.language,
        parameters: [config.brand.productName, 'رسالة اختبار', request.body.message],
        opaque: 'test',
      });
      return {
        success: true,
        message: `أُرسلت رسالة الاختبار إلى ${phone} عبر قالب ${template.name}`,
        errorCode: null,
      };
    } catch (error) {
      if (!(error instanceof DeliveryError)) throw error;
      return { success: false, message: testFailureMessage(error), errorCode: error.code };
    }
  });

  serve(app, messagingEndpoints.testConnection, async (request) => {
    const { provider } = request.body;
    // Each test is a real call on the company's account: a few a minute per admin is plenty.
    await enforceRateLimits(db, [
      { key: `provider-test:${currentBroker(request).id}`, limit: 10, windowSeconds: 600 },
      // And for all admins together: Meta counts its management calls per hour.
      { key: 'provider-test:all', limit: 60, windowSeconds: 3600 },
    ]);
    const adapter =
      provider === 'sms'
        ? channels.sms
        : provider === 'whatsapp'
          ? channels.whatsapp
          : channels.crm;
    const name = PROVIDER_NAMES[provider];
    if (!adapter) {
      const missing = provider === 'whatsapp' ? config.whatsapp.missing : config.zoho.missing;
      return {
        ok: false,
        message: `${name} غير مُعدّ على الخادم: اضبط المتغيرات ${missing.join('، ')} ثم أعد تشغيل الخادم.`,
        detail: null,
        errorKind: 'config' as const,
        errorCode: 'not_configured',
      };
    }
    try {
      const check = await adapter.testConnection();
      const onlyConsole = provider === 'sms' && config.sms.provider === 'console';
      return {
        ok: true,
        message: onlyConsole
          ? 'لا يوجد مزوّد رسائل نصية: الرسائل تُكتب في سجل الخادم فقط (للتطوير).'
          : `الاتصال بـ${name} يعمل: قُبلت بيانات الاعتماد ولم تُرسل أي رسالة.`,
        detail: check.detail,
        errorKind: null,
        errorCode: null,
      };
    } catch (error) {
      if (!(error instanceof DeliveryError)) throw error;
      return {
        ok: false,
        message: connectionFailureMessage(provider, error, credentialVariables(provider)),
        // The provider's code says the rest; its own words are English (kept in the log).
        detail: null,
        errorKind: error.kind,
        errorCode: error.code,
      };
    }
  });
};

const PROVIDER_NAMES: Record<(typeof TESTED_PROVIDERS)[number], string> = {
  sms: 'مزوّد الرسائل النصية',
  whatsapp: 'واتساب',
  crm: 'نظام إدارة العملاء',
};

/** What an admin sets on the server for a provider's credentials and set-up. */
function credentialVariables(provider: (typeof TESTED_PROVIDERS)[number]): string[] {
  if (provider === 'whatsapp') {
    return ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_BUSINESS_ACCOUNT_ID'];
  }
  if (provider === 'crm') return ['ZOHO_CLIENT_ID', 'ZOHO_CLIENT_SECRET', 'ZOHO_REFRESH_TOKEN'];
  return ['UNIFONIC_APP_SID', 'UNIFONIC_SENDER_ID', 'TAQNYAT_TOKEN', 'TAQNYAT_SENDER'];
}

/** A failed connection test in words an admin can act on; the provider's own code beside it. */
function connectionFailureMessage(
  provider: (typeof TESTED_PROVIDERS)[number],
  error: DeliveryError,
  variables: string[],
): string {
  const name = PROVIDER_NAMES[provider];
  switch (error.kind) {
    case 'config':
      return provider === 'crm' && error.code === 'OAUTH_SCOPE_MISMATCH'
        ? `رفض ${name} الطلب لأن رمز التحديث لا يحمل الصلاحيات اللازمة: أنشئ رمزاً جديداً بالصلاحيات ${ZOHO_SCOPES} ثم حدّث ZOHO_REFRESH_TOKEN.`
        : `رفض ${name} بيانات الاعتماد أو الإعداد: راجع ${variables.join('، ')} في إعدادات الخادم ثم أعد تشغيله.`;
    case 'rate':
      return `${name} يطلب التمهل: أعد المحاولة بعد دقائق.`;
    case 'transient':
      return `تعذر الوصول إلى ${name} الآن: تحقق من اتصال الخادم بالإنترنت ثم أعد المحاولة.`;
    default:
      return `${name}: ${failureKindLabel(error.kind)}.`;
  }
}

function testFailureMessage(error: DeliveryError): string {
  switch (error.code) {
    case '131047':
      return 'لم تصل الرسالة: مضى أكثر من ٢٤ ساعة على آخر رسالة من هذا الرقم، وواتساب لا يسمح حينها إلا بالقوالب المعتمدة. تأكد أن القوالب معتمدة ثم أعد المحاولة.';
    case '131026':
      return 'لم تصل الرسالة: هذا الرقم غير مسجل في واتساب أو لا يستقبل الرسائل.';
    case '190':
      return 'رمز الوصول لواتساب منتهي الصلاحية: حدّث WHATSAPP_ACCESS_TOKEN ثم أعد تشغيل الخادم.';
    default:
      if (error.kind === 'template') {
        return `قالب ${templateFor('status_update').name} غير معتمد بعد: أرسل القوالب للمراجعة وانتظر اعتمادها.`;
      }
      if (error.kind === 'rate') return 'واتساب يطلب التمهل: أعد المحاولة بعد دقائق.';
      return `تعذر إرسال رسالة الاختبار: ${error.message}`;
  }
}
