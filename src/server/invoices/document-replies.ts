import type { FastifyReply } from 'fastify';
import { notFound } from '../errors.js';
import type { PaymentDocumentData } from './document-data.js';
import { printablePaymentDocument } from './printable.js';

type StoredDocument = { data: PaymentDocumentData; xml: string | null };

/** A document's file name: its number, which holds only Latin letters, digits and dashes. */
const fileName = (document: StoredDocument, extension: string) =>
  `${document.data.number.replace(/[^A-Za-z0-9-]/g, '')}.${extension}`;

/** The printable page, shown in the browser (to print or save as PDF), never cached. */
export async function sendPrintable(reply: FastifyReply, document: StoredDocument) {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-disposition', `inline; filename="${fileName(document, 'html')}"`)
    .header('cache-control', 'private, no-store')
    .send(await printablePaymentDocument(document.data));
}

/** A tax invoice's UBL 2.1 XML as a download; a statement has none (404). */
export function sendXml(reply: FastifyReply, document: StoredDocument) {
  if (!document.xml) throw notFound('لا يوجد ملف فاتورة إلكترونية لهذا المستند');
  return reply
    .header('content-type', 'application/xml; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName(document, 'xml')}"`)
    .header('cache-control', 'private, no-store')
    .send(document.xml);
}
