import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brokerEndpoints } from '#contract/brokers';
import { type ProfileUpdateBody, profileUpdateBodySchema } from '#domain';
import { saveActivationAnswers } from '../activation-questions/service.js';
import { type AuditRecorder, audit, auditBy } from '../audit/service.js';
import type { FeatureOptions } from '../context.js';
import { brokers } from '../db/schema.js';
import { AppError } from '../errors.js';
import { removeStoredDocuments, retireBroker } from '../files/deletion.js';
import { registerUploads } from '../files/upload.js';
import { serve } from '../http/serve.js';
import { ibanHoldUntil } from '../ledger/holds.js';
import { currentAccount, currentBroker } from '../plugins/session.js';
import { enforceRateLimits } from '../rate-limit.js';
import { confirmPasswordForIban, setBankAccount } from './bank-account.js';
import { sendBrokerFile } from './broker-files.js';
import { falLicenseNumberChange, saveFalLicense, uploadFalLicenseCopy } from './fal-license.js';
import { toProfile } from './profile.js';
import { saveTaxProfile, uploadVatCertificate } from './tax-profile.js';

/** The fields a profile update writes: those its schema validates. */
const PROFILE_FIELDS = profileUpdateBodySchema.keyof().options;

export const brokerRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db, config, storage } = ctx;

  serve(app, brokerEndpoints.profile, async (request) =>
    toProfile(await currentAccount(db, request)),
  );

  /**
   * Writes the given profile fields; the phone is not one of them and never changes. A new FAL
   * licence number clears its verification, on record (decision 070).
   */
  const saveProfile = async (
    brokerId: string,
    changes: Partial<ProfileUpdateBody> & { notifyByMessage?: boolean | undefined },
    record: AuditRecorder,
  ) => {
    const values: Partial<typeof brokers.$inferInsert> = Object.fromEntries(
      PROFILE_FIELDS.filter((field) => changes[field] !== undefined).map((field) => [
        field,
        changes[field],
      ]),
    );
    if (changes.notifyByMessage !== undefined) values.notifyByMessage = changes.notifyByMessage;
    const [updated] = await db.transaction(async (tx) => {
      const cleared = await falLicenseNumberChange(tx, brokerId, changes.falLicense, record);
      return tx
        .update(brokers)
        .set({ ...values, ...cleared, updatedAt: new Date() })
        .where(eq(brokers.id, brokerId))
        .returning();
    });
    if (!updated) throw new Error('profile update returned nothing');
    const [final] = await db
      .update(brokers)
      .set({ profileComplete: Boolean(updated.fullName?.trim()) })
      .where(eq(brokers.id, brokerId))
      .returning();
    return toProfile(final ?? updated);
  };

  serve(app, brokerEndpoints.replaceProfile, async (request) =>
    saveProfile(currentBroker(request).id, request.body, auditBy(request)),
  );

  serve(app, brokerEndpoints.updateProfile, async (request) =>
    saveProfile(currentBroker(request).id, request.body, auditBy(request)),
  );

  serve(app, brokerEndpoints.requestActivation, async (request) => {
    const me = currentBroker(request);
    if (me.isActive) throw new AppError(409, 'ALREADY_ACTIVE', 'حسابك مفعل بالفعل');
    // The IS NULL guard makes a second (or concurrent) request a no-op that we refuse; the
    // answers to the activation questions and the audit row are written in the same
    // transaction, and an answer refused undoes the request (decision 076).
    const updated = await db.transaction(async (tx) => {
      const requestedAt = new Date();
      const [row] = await tx
        .update(brokers)
        .set({ activationRequestedAt: requestedAt, updatedAt: requestedAt })
        .where(and(eq(brokers.id, me.id), isNull(brokers.activationRequestedAt)))
        .returning();
      if (row) {
        const answered = await saveActivationAnswers(tx, me.id, requestedAt, request.body);
        await audit(tx, request, {
          action: 'broker.request_activation',
          entityType: 'broker',
          entityId: me.id,
          ...(answered > 0 ? { after: { answered } } : {}),
        });
      }
      return row;
    });
    if (!updated) {
      throw new AppError(
        409,
        'ACTIVATION_ALREADY_REQUESTED',
        'تم إرسال طلب التفعيل مسبقاً، وسيتم مراجعته من قبل الإدارة',
      );
    }
    return toProfile(updated);
  });

  serve(app, brokerEndpoints.bankAccount, async (request) => {
    const me = await currentAccount(db, request);
    return {
      iban: me.iban,
      holdUntil: ibanHoldUntil(me.ibanChangedAt)?.toISOString() ?? null,
    };
  });

  /**
   * Sets or replaces the IBAN payouts go to, with the password again (a budget per account and
   * per address, as a new password has). Either holds the broker's payouts for 48 hours and the
   * owner hears of it by SMS as well, wherever the session that did it is.
   */
  serve(app, brokerEndpoints.setBankAccount, async (request) => {
    const me = await currentAccount(db, request);
    const { iban, password } = request.body;
    await confirmPasswordForIban(db, me, password, {
      ip: request.ip,
      perAddress: config.authRateLimitPerAddress,
    });
    await setBankAccount(ctx, me.id, iban, auditBy(request));
    const [after] = await db
      .select({ iban: brokers.iban, ibanChangedAt: brokers.ibanChangedAt })
      .from(brokers)
      .where(eq(brokers.id, me.id));
    const holdUntil = ibanHoldUntil(after?.ibanChangedAt ?? null);
    return { iban: after?.iban ?? iban, holdUntil: holdUntil?.toISOString() ?? null };
  });

  serve(app, brokerEndpoints.setFalLicense, async (request) =>
    toProfile(await saveFalLicense(db, currentBroker(request).id, request.body, auditBy(request))),
  );

  // Multipart for this route alone: no other route of the plugin takes a multipart body.
  await app.register(async (uploads) => {
    await registerUploads(uploads, 0);
    serve(uploads, brokerEndpoints.uploadFalLicenseCopy, async (request) => {
      const me = currentBroker(request);
      const limit = () =>
        enforceRateLimits(db, [
          { key: `fal-license-copy:${me.id}`, limit: 20, windowSeconds: 24 * 60 * 60 },
        ]);
      return toProfile(await uploadFalLicenseCopy(ctx, request, me.id, limit, auditBy(request)));
    });
    serve(uploads, brokerEndpoints.uploadVatCertificate, async (request) => {
      const me = currentBroker(request);
      const limit = () =>
        enforceRateLimits(db, [
          { key: `vat-certificate:${me.id}`, limit: 20, windowSeconds: 24 * 60 * 60 },
        ]);
      return toProfile(await uploadVatCertificate(ctx, request, me.id, limit, auditBy(request)));
    });
  });

  serve(app, brokerEndpoints.falLicenseCopy, async (request, reply) =>
    sendBrokerFile(ctx, reply, { brokerId: currentBroker(request).id, kind: 'fal_license' }),
  );

  serve(app, brokerEndpoints.setTaxProfile, async (request) => {
    const saved = await saveTaxProfile(
      db,
      {
        brokerId: currentBroker(request).id,
        profile: request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      },
      auditBy(request),
    );
    return toProfile(saved);
  });

  serve(app, brokerEndpoints.vatCertificate, async (request, reply) =>
    sendBrokerFile(ctx, reply, { brokerId: currentBroker(request).id, kind: 'vat_certificate' }),
  );

  /**
   * Retires the account: the broker's money records stay for the admins (see retireBroker),
   * everything personal goes, including the tenants' documents of their referrals.
   */
  serve(app, brokerEndpoints.deleteAccount, async (request, reply) => {
    const me = currentBroker(request);
    if (me.phone === config.protectedPhone) {
      throw new AppError(403, 'PROTECTED_ACCOUNT', 'لا يمكن حذف هذا الحساب');
    }
    const keys = await db.transaction((tx) =>
      retireBroker(tx, me.id, { action: 'broker.delete_own_account', record: auditBy(request) }),
    );
    await removeStoredDocuments(storage, keys, request.log);
    reply.endSession();
    return { ok: true as const };
  });
};
