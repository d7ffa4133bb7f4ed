import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSettingsEndpoints } from '#contract/admin/settings';
import { audit } from '../../audit/service.js';
import type { FeatureOptions } from '../../context.js';
import { systemConfig } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { serve } from '../../http/serve.js';
import { currentBroker } from '../../plugins/session.js';
import {
  DOCUMENT_RETENTION_KEY,
  DORMANCY_DAYS_KEY,
  forgetSettings,
  getSetting,
  HOLDING_DAYS_KEY,
  LEADERBOARD_NAMES_KEY,
  OTP_CEILING_KEYS,
  PAYOUT_DUAL_CONTROL_KEY,
  PAYOUT_MINIMUM_KEY,
  WEBHOOK_PRIVATE_RANGES_KEY,
} from '../../settings/service.js';
import { DAILY_REFERRALS_KEY } from '../../signals/detect.js';

/** Money and fraud rules: only super-admins change them. */
const MONEY_SETTINGS = new Set<string>([
  'commission_minimum',
  'commission_rate',
  HOLDING_DAYS_KEY,
  DAILY_REFERRALS_KEY,
  PAYOUT_MINIMUM_KEY,
  PAYOUT_DUAL_CONTROL_KEY,
]);

/**
 * What the SMS bill, the network's reach, how long tenants' documents are kept and what brokers
 * are shown of each other hang on: only super-admins change them either, each refused with its
 * own words.
 */
const OTP_CEILINGS_ONLY = 'تعديل حدود إرسال رموز التحقق متاح للمشرف العام فقط';
const GUARD_SETTINGS = new Map<string, string>([
  ...Object.values(OTP_CEILING_KEYS).map((key): [string, string] => [key, OTP_CEILINGS_ONLY]),
  [WEBHOOK_PRIVATE_RANGES_KEY, 'تعديل العناوين الداخلية المسموح بها متاح للمشرف العام فقط'],
  [DOCUMENT_RETENTION_KEY, 'تعديل مدة حفظ مستندات المستأجرين متاح للمشرف العام فقط'],
  [DORMANCY_DAYS_KEY, 'تعديل مدة الخمول متاح للمشرف العام فقط'],
  [LEADERBOARD_NAMES_KEY, 'تعديل أسماء لوحة الترتيب متاح للمشرف العام فقط'],
]);

export const settingsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  serve(app, adminSettingsEndpoints.get, async (request) => ({
    key: request.params.key,
    value: await getSetting(db, request.params.key),
  }));

  // The setting call in a scope of its own, for its hook: the money rules are the
  // super-admins' alone, refused after the access check but before the value is even read.
  await app.register(async (scope) => {
    scope.addHook('preValidation', async (request) => {
      const { key } = (request.body ?? {}) as { key?: unknown };
      const guarded = typeof key === 'string' ? GUARD_SETTINGS.get(key) : undefined;
      if (guarded && !currentBroker(request).isSuperAdmin) {
        throw new AppError(403, 'FORBIDDEN', guarded);
      }
      if (
        typeof key === 'string' &&
        MONEY_SETTINGS.has(key) &&
        !currentBroker(request).isSuperAdmin
      ) {
        throw new AppError(
          403,
          'FORBIDDEN',
          key === DAILY_REFERRALS_KEY
            ? 'تعديل حدود التنبيهات متاح للمشرف العام فقط'
            : key === PAYOUT_MINIMUM_KEY
              ? 'تعديل الحد الأدنى للدفعات متاح للمشرف العام فقط'
              : key === PAYOUT_DUAL_CONTROL_KEY
                ? 'تعديل حد اعتماد الدفعات من شخصين متاح للمشرف العام فقط'
                : 'تعديل قاعدة العمولة متاح للمشرف العام فقط',
        );
      }
    });

    serve(scope, adminSettingsEndpoints.set, async (request) => {
      const { key, value, description } = request.body;
      const me = currentBroker(request);
      await db.transaction(async (tx) => {
        const before = await getSetting(tx, key);
        await tx
          .insert(systemConfig)
          .values({
            key,
            value,
            description: description ?? null,
            updatedBy: me.id,
          })
          .onConflictDoUpdate({
            target: systemConfig.key,
            set: {
              value,
              description: sql`coalesce(excluded.description, ${systemConfig.description})`,
              updatedBy: me.id,
              updatedAt: new Date(),
            },
          });
        await audit(tx, request, {
          action: 'settings.change',
          entityType: 'setting',
          entityId: key,
          before: { value: before },
          after: { value },
        });
      });
      // Other instances hear of it from the table's trigger; this one forgets at once.
      forgetSettings(db);
      return { key, value };
    });
  });
};
