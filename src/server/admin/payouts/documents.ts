import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { formatDateAr, paymentDocumentLabel } from '#domain';
import { audit } from '../../audit/service.js';
import type { FeatureOptions } from '../../context.js';
import type { Database } from '../../db/client.js';
import { csvCell } from '../../exports/csv.js';
import { OutputClosed, ZipWriter } from '../../exports/zip.js';
import { serve } from '../../http/serve.js';
import { sendPrintable, sendXml } from '../../invoices/document-replies.js';
import { documentOf, monthDocumentList, monthDocuments } from '../../invoices/payment-documents.js';
import { printablePaymentDocument } from '../../invoices/printable.js';
import { errorLogFields } from '../../plugins/log-safety.js';

/** The index of the month's export: one row per document, as the accountant reconciles them. */
const INDEX_COLUMNS = [
  'رقم المستند',
  'النوع',
  'تاريخ الإصدار',
  'الوسيط',
  'الرقم الضريبي للوسيط',
  'المبلغ قبل الضريبة',
  'ضريبة القيمة المضافة',
  'الإجمالي',
];

/**
 * Writes the month's documents into `output` as a ZIP: `index.csv` (UTF-8 with a byte-order
 * mark, CRLF, RFC 4180 cells), then each document's printable page and each tax invoice's UBL
 * XML, named by its number.
 */
async function writeMonth(db: Database, month: string, output: PassThrough) {
  try {
    await writeZip(db, month, output);
    output.end();
  } catch (error) {
    // A download abandoned midway ends the writing quietly.
    if (!(error instanceof OutputClosed)) throw error;
  }
}

async function writeZip(db: Database, month: string, output: PassThrough) {
  const documents = await monthDocuments(db, month);
  const zip = new ZipWriter(output, new Date());
  const rows = documents.map((document) =>
    [
      document.number,
      paymentDocumentLabel(document.kind),
      formatDateAr(document.issuedAt),
      document.data.supplier.name,
      document.data.supplier.vatNumber ?? '',
      document.net,
      document.vatAmount,
      document.gross,
    ]
      .map(csvCell)
      .join(','),
  );
  const index = [INDEX_COLUMNS.map(csvCell).join(','), ...rows].join('\r\n');
  await zip.add('index.csv', `\uFEFF${index}\r\n`);
  for (const document of documents) {
    await zip.add(`${document.number}.html`, await printablePaymentDocument(document.data));
    if (document.xml) await zip.add(`${document.number}.xml`, document.xml);
  }
  await zip.finish();
}

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
