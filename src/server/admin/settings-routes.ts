import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../audit/service.js';
import type { FeatureOptions } from '../context.js';
import { systemConfig } from '../db/schema.js';
import { AppError } from '../errors.js';
import { currentBroker } from '../plugins/session.js';
import { getSetting } from '../settings/service.js';

/** Settings an admin may read and change, with what each value may be. */
const SETTINGS = {
  sms_notifications_enabled: z.enum(['true', 'false'], {
    error: 'القيمة يجب أن تكون true أو false',
  }),
  commission_minimum: z
    .string()
    .regex(/^[1-9]\d{0,6}(\.\d{1,2})?$/, { error: 'يرجى إدخال مبلغ صحيح لا يقل عن 1' }),
  commission_rate: z.string().regex(/^0(\.\d{1,4})?$/, { error: 'يرجى إدخال نسبة بين 0 و 1' }),
} as const;
/** Money rules: only super-admins change them. */
const MONEY_SETTINGS = new Set<string>(['commission_minimum', 'commission_rate']);
const KEYS = Object.keys(SETTINGS) as [keyof typeof SETTINGS, ...(keyof typeof SETTINGS)[]];
const keySchema = z.enum(KEYS, { error: 'إعداد غير معروف' });

export const settingsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const admin = { access: 'admin' as const };

  app.get(
    '/config/:key',
    { config: admin, schema: { params: z.object({ key: keySchema }) } },
    async (request) => ({
      key: request.params.key,
      value: await getSetting(db, request.params.key),
    }),
  );

  app.post(
    '/config',
    {
      config: admin,
      // The money rules are the super-admins' alone: refused before the value is even read.
      preValidation: async (request) => {
        const { key } = (request.body ?? {}) as { key?: unknown };
        if (
          typeof key === 'string' &&
          MONEY_SETTINGS.has(key) &&
          !currentBroker(request).isSuperAdmin
        ) {
          throw new AppError(403, 'FORBIDDEN', 'تعديل قاعدة العمولة متاح للمشرف العام فقط');
        }
      },
      schema: {
        body: z
          .object({
            key: keySchema,
            value: z
              .string({ error: 'يرجى إدخال القيمة' })
              .max(50, { error: 'النص أطول من المسموح' }),
            description: z.string().max(500, { error: 'النص أطول من المسموح' }).nullish(),
          })
          .superRefine((body, issue) => {
            const check = SETTINGS[body.key].safeParse(body.value);
            if (!check.success) {
              issue.addIssue({
                code: 'custom',
                path: ['value'],
                message: check.error.issues[0]?.message ?? '',
              });
            }
          }),
      },
    },
    async (request) => {
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
      return { key, value };
    },
  );
};
