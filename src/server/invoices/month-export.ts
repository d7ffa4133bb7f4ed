import type { Writable } from 'node:stream';
import { formatDateAr, paymentDocumentLabel } from '#domain';
import type { Database } from '../db/client.js';
import { csvCell } from '../exports/csv.js';
import { OutputClosed, ZipWriter } from '../exports/zip.js';
import { monthDocuments } from './payment-documents.js';
import { printablePaymentDocument } from './printable.js';

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
export async function writeMonth(db: Database, month: string, output: Writable) {
  try {
    await writeZip(db, month, output);
    output.end();
  } catch (error) {
    // A download abandoned midway ends the writing quietly.
    if (!(error instanceof OutputClosed)) throw error;
  }
}

async function writeZip(db: Database, month: string, output: Writable) {
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
