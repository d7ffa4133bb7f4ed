import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../audit/service.js';
import { toProfile } from '../brokers/profile.js';
import { findBrokerById } from '../brokers/service.js';
import type { FeatureOptions } from '../context.js';
import { brokers } from '../db/schema.js';
import { notFound } from '../errors.js';
import { notify } from '../notifications/service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParams = z.object({ id: z.string() });

const ACTIVATION = {
  activate: {
    isActive: true,
    action: 'broker.activate',
    notice: {
      type: 'success',
      title: 'تم تفعيل حسابك',
      message: 'يمكنك الآن إضافة طلبات المستأجرين.',
    },
  },
  deactivate: {
    isActive: false,
    action: 'broker.deactivate',
    notice: {
      type: 'warning',
      title: 'تم إيقاف تفعيل حسابك',
      message: 'لا يمكنك إضافة طلبات جديدة حالياً، يرجى التواصل مع الإدارة.',
    },
  },
} as const;

export const adminRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  for (const [verb, change] of Object.entries(ACTIVATION)) {
    app.post(
      `/brokers/:id/${verb}`,
      { config: { access: 'admin' }, schema: { params: idParams } },
      async (request) => {
        const broker = UUID.test(request.params.id)
          ? await findBrokerById(db, request.params.id)
          : null;
        if (!broker) throw notFound('الوسيط غير موجود');
        const [updated] = await db
          .update(brokers)
          .set({ isActive: change.isActive, updatedAt: new Date() })
          .where(eq(brokers.id, broker.id))
          .returning();
        if (!updated) throw notFound('الوسيط غير موجود');
        await audit(db, request, {
          action: change.action,
          entityType: 'broker',
          entityId: broker.id,
          before: { isActive: broker.isActive },
          after: { isActive: updated.isActive },
        });
        if (broker.isActive !== change.isActive) await notify(db, broker.id, change.notice);
        return toProfile(updated);
      },
    );
  }
};
