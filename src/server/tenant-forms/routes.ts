import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantFormEndpoints } from '#contract/tenant-forms';
import { FORM_TOKEN_PATTERN, MESSAGES } from '#domain';
import { auditBy } from '../audit/service.js';
import type { FeatureOptions } from '../context.js';
import { storedFiles } from '../db/schema.js';
import { AppError } from '../errors.js';
import { readUpload, registerUploads, storeUpload } from '../files/upload.js';
import { serve } from '../http/serve.js';
import { addressKey, enforceRateLimits } from '../rate-limit.js';
import {
  hasSubmitted,
  invalidLink,
  referralForToken,
  referringBroker,
  submitTenantForm,
} from './service.js';

const WINDOW_SECONDS = 15 * 60;

const notPdf = () => new AppError(400, 'NOT_PDF', 'يرجى اختيار ملف بي دي إف فقط');

export const tenantFormRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db, storage } = ctx;
  await registerUploads(app, 4);

  /** The public calls are limited per address and per token: no probing, no flooding. */
  const limit = (request: FastifyRequest, action: string, perAddress: number, token?: string) =>
    enforceRateLimits(db, [
      {
        key: `${action}:ip:${addressKey(request.ip)}`,
        limit: perAddress,
        windowSeconds: WINDOW_SECONDS,
      },
      ...(token
        ? [{ key: `${action}:token:${token}`, limit: 20, windowSeconds: WINDOW_SECONDS }]
        : []),
    ]);

  serve(app, tenantFormEndpoints.open, async (request) => {
    const { token } = request.params;
    // No link looks like that: not found, without asking the database.
    if (!FORM_TOKEN_PATTERN.test(token)) throw invalidLink();
    await limit(request, 'tenant-form', 60, token);
    const referral = await referralForToken(db, token);
    // Of the broker only the name the consent needs (the name a tenant may see, or null; never
    // the broker code) and the FAL licence, as public as on the broker's link.
    return {
      referralId: referral.id,
      tenantPhone: referral.tenantPhone,
      submitted: await hasSubmitted(db, referral.id),
      ...(await referringBroker(db, referral.brokerId)),
    };
  });

  serve(app, tenantFormEndpoints.submit, async (request) => {
    await limit(request, 'tenant-submit', 20, request.body.token);
    const referral = await submitTenantForm(ctx, request.body, {
      record: auditBy(request),
      log: request.log,
      visitor: { ip: request.ip, userAgent: request.headers['user-agent'] },
    });
    return { ok: true as const, status: referral.status };
  });

  serve(app, tenantFormEndpoints.upload, async (request, reply) => {
    const { fields, file } = await readUpload(request, () => limit(request, 'upload', 30));
    const token = fields.token ?? '';
    const kind = fields.type === 'credit' ? 'credit' : fields.type === 'salary' ? 'salary' : null;
    // Checked before the token reaches a query or a rate-limit key (a NUL byte would fail there).
    if (!FORM_TOKEN_PATTERN.test(token)) {
      throw new AppError(400, 'INVALID_LINK', MESSAGES.invalidLink);
    }
    await limit(request, 'upload-token', 1000, token);
    const referral = await referralForToken(db, token);
    if (!kind) throw new AppError(400, 'VALIDATION_ERROR', 'نوع المستند غير معروف');
    if (!file) throw new AppError(400, 'NO_FILE', 'يرجى اختيار ملف بي دي إف فقط');
    if (file.length === 0)
      throw new AppError(400, 'EMPTY_FILE', 'الملف فارغ، يرجى اختيار ملف بي دي إف صحيح');
    // By content, not by name or declared type.
    if (file.subarray(0, 5).toString('latin1') !== '%PDF-') throw notPdf();
    if (await hasSubmitted(db, referral.id)) {
      throw new AppError(
        409,
        'ALREADY_SUBMITTED',
        'تم استلام بياناتك مسبقاً، ولا يمكن تعديلها عبر هذا الرابط',
      );
    }

    const key = `${randomBytes(16).toString('hex')}.pdf`;
    await storeUpload(request, storage, { key, file, contentType: 'application/pdf' });
    // A file with no row would be kept forever unseen: removed when the row cannot be written.
    await db
      .insert(storedFiles)
      .values({ key, referralId: referral.id, kind, size: file.length })
      .catch(async (error: unknown) => {
        await storage.delete(key).catch(() => {});
        throw error;
      });
    return reply.status(201).send({ url: `upload:${key}`, size: file.length });
  });
};
