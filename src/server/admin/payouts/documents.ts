import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { audit } from '../../audit/service.js';
import type { FeatureOptions } from '../../context.js';
import { serve } from '../../http/serve.js';
import { sendPrintable, sendXml } from '../../invoices/document-replies.js';
import { writeMonth } from '../../invoices/month-export.js';
import { documentOf, monthDocumentList } from '../../invoices/payment-documents.js';
import { errorLogFields } from '../../plugins/log-safety.js';

/** The payments' documents in the console: the month's list, each document, the month's ZIP. */
export const adminDocumentRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  serve(app, adminPayoutEndpoints.documents, async (request) =>
    monthDocumentList(db, request.query.month),
  );

  // Every opening is on record: a document names the broker, their IBAN and what they were paid.
  for (const [endpoint, send] of [
    [adminPayoutEndpoints.document, sendPrintable],
    [adminPayoutEndpoints.documentXml, sendXml],
  ] as const) {
    serve(app, endpoint, async (request, reply) => {
      const document = await documentOf(db, request.params.id);
      await audit(db, request, {
        action: 'document.view',
        entityType: 'payment_document',
        entityId: request.params.id,
        after: { number: document.data.number, xml: send === sendXml },
      });
      return send(reply, document);
    });
  }

  serve(app, adminPayoutEndpoints.documentsExport, async (request, reply) => {
    const { month } = request.query;
    await audit(db, request, {
      action: 'document.export',
      entityType: 'payment_document',
      entityId: null,
      after: { month },
    });
    const output = new PassThrough();
    writeMonth(db, month, output).catch((error: unknown) => {
      request.log.error(errorLogFields(error), 'documents export failed');
      output.destroy(error instanceof Error ? error : new Error('export failed'));
    });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="documents_${month}.zip"`)
      .header('cache-control', 'no-store')
      .send(output);
  });
};
