import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { superadminEndpoints } from '#contract/superadmin';
import { auditBy } from '../audit/service.js';
import { toProfile } from '../brokers/profile.js';
import { findBrokerById } from '../brokers/service.js';
import type { FeatureOptions } from '../context.js';
import { AppError, notFound } from '../errors.js';
import { removeStoredDocuments, retireBroker } from '../files/deletion.js';
import { serve } from '../http/serve.js';
import { currentBroker } from '../plugins/session.js';
import { addHoliday, listHolidays, removeHoliday } from '../service-clocks.js';
import { changeRoles, deleteReferral, listAuditLog, listUsers } from './service.js';

export const superadminRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db, config, storage } = ctx;
  const isProtected = (phone: string) => phone === config.protectedPhone;

  serve(app, superadminEndpoints.auditLog, async (request) => listAuditLog(db, request.query));

  serve(app, superadminEndpoints.users, async (request) =>
    listUsers(db, request.query, isProtected),
  );

  serve(app, superadminEndpoints.changeRole, async (request) => {
    const user = await findBrokerById(db, request.params.id);
    if (!user) throw notFound('المستخدم غير موجود');
    const { isAdmin, isSuperAdmin } = request.body;
    if (isProtected(user.phone) && (isSuperAdmin === false || isAdmin === false)) {
      throw new AppError(403, 'PROTECTED_ACCOUNT', 'لا يمكن تغيير صلاحيات هذا الحساب');
    }
    const updated = await changeRoles(db, user, { isAdmin, isSuperAdmin }, auditBy(request));
    return toProfile(updated);
  });

  serve(app, superadminEndpoints.deleteBroker, async (request) => {
    const broker = await findBrokerById(db, request.params.id);
    if (!broker) throw notFound('الوسيط غير موجود');
    if (isProtected(broker.phone))
      throw new AppError(403, 'PROTECTED_ACCOUNT', 'لا يمكن حذف هذا الحساب');
    if (broker.id === currentBroker(request).id) {
      throw new AppError(409, 'SELF_DELETE', 'لا يمكنك حذف حسابك من لوحة الإدارة');
    }
    // The account is retired, its money records kept for the ledger.
    const keys = await db.transaction((tx) =>
      retireBroker(tx, broker.id, { action: 'broker.delete', record: auditBy(request) }),
    );
    await removeStoredDocuments(storage, keys, request.log);
    return { ok: true as const };
  });

  serve(app, superadminEndpoints.deleteReferral, async (request) => {
    const keys = await deleteReferral(db, request.params.id, auditBy(request));
    await removeStoredDocuments(storage, keys, request.log);
    return { ok: true as const };
  });

  serve(app, superadminEndpoints.holidays, async () => listHolidays(db));

  serve(app, superadminEndpoints.addHoliday, async (request, reply) => {
    const added = await addHoliday(
      db,
      { ...request.body, createdBy: currentBroker(request).id },
      auditBy(request),
      request.log,
    );
    return reply.status(201).send(added);
  });

  serve(app, superadminEndpoints.removeHoliday, async (request) => {
    await removeHoliday(db, request.params.day, auditBy(request), request.log);
    return { ok: true as const };
  });
};
