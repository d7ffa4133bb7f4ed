import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantFormEndpoints } from '#contract/tenant-forms';
import { audit } from '../audit/service.js';
import type { FeatureOptions } from '../context.js';
import { referrals, storedFiles } from '../db/schema.js';
import { notFound } from '../errors.js';
import { serve } from '../http/serve.js';
import { STORAGE_KEY } from '../integrations/storage.js';
import { currentBroker } from '../plugins/session.js';

/**
 * The only way to a stored document: admins, and the referral's own broker. Anything else,
 * including a malformed or traversing name, is simply not found.
 */
export const fileRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  serve(app, tenantFormEndpoints.download, async (request, reply) => {
    const me = currentBroker(request);
    const { key } = request.params;
    if (!STORAGE_KEY.test(key)) throw notFound('الملف غير موجود');
    const [file] = await ctx.db
      .select({
        key: storedFiles.key,
        kind: storedFiles.kind,
        referralId: storedFiles.referralId,
        brokerId: referrals.brokerId,
      })
      .from(storedFiles)
      .innerJoin(referrals, eq(referrals.id, storedFiles.referralId))
      .where(eq(storedFiles.key, key))
      .limit(1);
    const allowed = file && (me.isAdmin || me.isSuperAdmin || file.brokerId === me.id);
    if (!allowed) throw notFound('الملف غير موجود');
    const stream = await ctx.storage.get(key);
    if (!stream) throw notFound('الملف غير موجود');
    // A tenant's salary certificate or credit report: every copy handed out is on record,
    // and none is handed out unrecorded.
    try {
      await audit(ctx.db, request, {
        action: 'file.download',
        entityType: 'referral',
        entityId: file.referralId,
        after: { key: file.key, kind: file.kind },
      });
    } catch (error) {
      stream.destroy();
      throw error;
    }
    const name = file.kind === 'salary' ? 'salary-certificate.pdf' : 'credit-report.pdf';
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(stream);
  });
};
