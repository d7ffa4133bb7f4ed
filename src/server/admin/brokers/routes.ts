import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import { audit, auditBy } from '../../audit/service.js';
import { type BrokerFileKind, sendBrokerFile } from '../../brokers/broker-files.js';
import { refuseFalLicense, verifyFalLicense } from '../../brokers/fal-license.js';
import { toProfile } from '../../brokers/profile.js';
import { verifyVatRegistration } from '../../brokers/tax-profile.js';
import type { FeatureOptions } from '../../context.js';
import { serve } from '../../http/serve.js';
import { addAdjustment, adjustmentsOf } from '../../ledger/adjustments.js';
import { currentBroker } from '../../plugins/session.js';
import { decideBrokerActivation } from './activation.js';
import { addNote, listNotes, listTags, nudgeBroker, setTags } from './notes.js';
import { adminBroker, listAdminBrokers } from './service.js';

/**
 * The brokers tab: the list, activation and deactivation, the FAL licence's and the VAT
 * registration's verification.
 */
export const adminBrokerRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db, config } = ctx;

  serve(app, adminBrokerEndpoints.list, async (request) =>
    listAdminBrokers(db, config.protectedPhone, request.query),
  );

  const decided = { protectedPhone: config.protectedPhone };
  serve(app, adminBrokerEndpoints.activate, async (request) =>
    toProfile(
      await decideBrokerActivation(
        db,
        { brokerId: request.params.id, decision: 'activate', callerId: currentBroker(request).id },
        { ...decided, record: auditBy(request) },
      ),
    ),
  );
  for (const [endpoint, decision] of [
    [adminBrokerEndpoints.deactivate, 'deactivate'],
    [adminBrokerEndpoints.refuseActivation, 'refuse'],
  ] as const) {
    serve(app, endpoint, async (request) =>
      toProfile(
        await decideBrokerActivation(
          db,
          {
            brokerId: request.params.id,
            decision,
            reason: request.body.reason,
            callerId: currentBroker(request).id,
          },
          { ...decided, record: auditBy(request) },
        ),
      ),
    );
  }

  // Every opening of a broker's licence copy or VAT certificate is on record, as a tenant's
  // documents are.
  for (const [endpoint, kind] of [
    [adminBrokerEndpoints.falLicenseCopy, 'fal_license'],
    [adminBrokerEndpoints.vatCertificate, 'vat_certificate'],
  ] as const satisfies readonly (readonly [unknown, BrokerFileKind])[]) {
    serve(app, endpoint, async (request, reply) =>
      sendBrokerFile(ctx, reply, { brokerId: request.params.id, kind }, (key) =>
        audit(db, request, {
          action: 'file.download',
          entityType: 'broker',
          entityId: request.params.id,
          after: { key, kind },
        }),
      ),
    );
  }

  serve(app, adminBrokerEndpoints.verifyVat, async (request) => {
    const { id } = request.params;
    await verifyVatRegistration(
      db,
      { brokerId: id, adminId: currentBroker(request).id, ...request.body },
      auditBy(request),
    );
    return adminBroker(db, id, config.protectedPhone);
  });

  serve(app, adminBrokerEndpoints.verifyFalLicense, async (request) => {
    const { id } = request.params;
    await verifyFalLicense(
      db,
      { brokerId: id, adminId: currentBroker(request).id, ...request.body },
      auditBy(request),
    );
    return adminBroker(db, id, config.protectedPhone);
  });

  serve(app, adminBrokerEndpoints.refuseFalLicense, async (request) => {
    const { id } = request.params;
    await refuseFalLicense(
      db,
      { brokerId: id, adminId: currentBroker(request).id, reason: request.body.reason },
      auditBy(request),
    );
    return adminBroker(db, id, config.protectedPhone);
  });

  // The team's notes and tags, and reminders to dormant brokers (decision 073).
  serve(app, adminBrokerEndpoints.notes, async (request) => listNotes(db, request.params.id));

  serve(app, adminBrokerEndpoints.addNote, async (request, reply) =>
    reply
      .status(201)
      .send(
        await addNote(
          db,
          request.params.id,
          currentBroker(request).id,
          request.body.body,
          auditBy(request),
        ),
      ),
  );

  serve(app, adminBrokerEndpoints.setTags, async (request) => {
    await setTags(db, request.params.id, request.body.tags, auditBy(request));
    return adminBroker(db, request.params.id, config.protectedPhone);
  });

  serve(app, adminBrokerEndpoints.tags, async () => listTags(db));

  serve(app, adminBrokerEndpoints.adjustments, async (request) => {
    await adminBroker(db, request.params.id, config.protectedPhone);
    return adjustmentsOf(db, request.params.id);
  });

  serve(app, adminBrokerEndpoints.addAdjustment, async (request, reply) => {
    const admin = currentBroker(request);
    return reply
      .status(201)
      .send(
        await addAdjustment(
          db,
          request.params.id,
          { id: admin.id, isSuperAdmin: admin.isSuperAdmin },
          request.body,
          auditBy(request),
        ),
      );
  });

  serve(app, adminBrokerEndpoints.nudge, async (request) => {
    await nudgeBroker(
      db,
      { whatsappConfigured: ctx.channels.whatsapp !== null, productName: config.brand.productName },
      request.params.id,
      currentBroker(request).id,
      auditBy(request),
    );
    return adminBroker(db, request.params.id, config.protectedPhone);
  });
};
