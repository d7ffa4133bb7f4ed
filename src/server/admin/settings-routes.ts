import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../audit/service.js';
import type { FeatureOptions } from '../context.js';
import { systemConfig } from '../db/schema.js';
import { currentBroker } from '../plugins/session.js';
import { getSetting } from '../settings/service.js';

/** Settings an admin may read and change, with what each value may be. */
const SETTINGS = {
  sms_notifications_enabled: z.enum(['true', 'false'], {
    error: 'القيمة يجب أن تكون true أو false',
  }),
  commission_minimum: z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, { error: 'يرجى إدخال مبلغ صحيح' }),
  commission_rate: z.string().regex(/^0(\.\d{1,4})?$/, { error: 'يرجى إدخال نسبة بين 0 و 1' }),
} as const;
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
      schema: {
        body: z
          .object({
            key: keySchema,
            value: z.string().max(50),
            description: z.string().max(500).nullish(),
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
      const before = await getSetting(db, key);
      await db
        .insert(systemConfig)
        .values({
          key,
          value,
          description: description ?? null,
          updatedBy: currentBroker(request).id,
        })
        .onConflictDoUpdate({
          target: systemConfig.key,
          set: {
            value,
            description: sql`coalesce(excluded.description, ${systemConfig.description})`,
            updatedBy: currentBroker(request).id,
            updatedAt: new Date(),
          },
        });
      await audit(db, request, {
        action: 'settings.change',
        entityType: 'setting',
        entityId: key,
        before: { value: before },
        after: { value },
      });
      return { key, value };
    },
  );
};
