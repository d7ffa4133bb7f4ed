import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantFormEndpoints } from '#contract/tenant-forms';
import { audit } from '../audit/service.js';
import type { FeatureOptions } from '../context.js';
import { storedFiles, tenantForms } from '../db/schema.js';
import { notFound } from '../errors.js';
import { serve } from '../http/serve.js';
import { STORAGE_KEY } from '../integrations/storage.js';

const fileNotFound = () => notFound('الملف غير موجود');

/**
 * The only ways to a tenant's documents, both for admins only (the referring broker learns that
 * a document was provided, never its content: decision 066), and both on record: an upload is
 * streamed, a typed link is opened through a redirect so its opening is audited too. A malformed
 * or traversing name is simply not found.
 */
export const fileRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  serve(app, tenantFormEndpoints.download, async (request, reply) => {
    const { key } = request.params;
    if (!STORAGE_KEY.test(key)) throw fileNotFound();
    const [file] = await ctx.db
      .select({ key: storedFiles.key, kind: storedFiles.kind, referralId: storedFiles.referralId })
      .from(storedFiles)
      .where(eq(storedFiles.key, key))
      .limit(1);
    // A tenant's document only: a broker's licence copy has its own audited routes.
    if (!file?.referralId) throw fileNotFound();
    const stream = await ctx.storage.get(key);
    if (!stream) throw fileNotFound();
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

  serve(app, tenantFormEndpoints.openLink, async (request, reply) => {
    const { id, kind } = request.params;
    const [form] = await ctx.db
      .select({ salary: tenantForms.salaryDefinitionUrl, credit: tenantForms.creditReportUrl })
      .from(tenantForms)
      .where(eq(tenantForms.referralId, id))
      .limit(1);
    const link = form?.[kind];
    // Only a typed link: an upload has its own audited download.
    if (!link || link.startsWith('upload:')) throw fileNotFound();
    // As a header carries it: a link typed with Arabic letters is percent-encoded, never a 500.
    const location = URL.canParse(link) ? new URL(link).href : null;
    if (!location?.startsWith('https://')) throw fileNotFound();
    await audit(ctx.db, request, {
      action: 'file.download',
      entityType: 'referral',
      entityId: id,
      after: { kind, link: true },
    });
    return reply
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .redirect(location, 303);
  });
};
