/**
 * The document each payment produces (decision 071), issued in the payment's transaction: a
 * self-billed tax invoice («فاتورة ذاتية», with ZATCA's QR code and the UBL 2.1 e-invoice beside
 * it) when the payment carried VAT, a payment statement otherwise. Numbered per series and
 * Riyadh year without gaps (the counter's row is locked until the payment commits, and a payment
 * rolled back takes its number with it), and stored whole as issued.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import {
  type CommissionKind,
  cleanText,
  commissionKindAr,
  fromCents,
  normalizeEjarContractNumber,
  type PaymentDocumentKind,
  riyadhIsoDate,
  vatSplit,
} from '#domain';
import type { ProviderTaxIdentity } from '#domain/brand';
import type { Database, Transaction } from '../db/client.js';
import {
  brokers,
  commissions,
  documentCounters,
  paymentDocuments,
  referrals,
} from '../db/schema.js';
import { notFound } from '../errors.js';
import { owesDeductions } from '../ledger/reversals.js';
import type { PaymentDocumentData } from './document-data.js';
import { selfBilledInvoiceXml } from './ubl.js';
import { encodeZatcaQr } from './zatca-qr.js';

const SERIES: Record<PaymentDocumentKind, string> = {
  tax_invoice: 'SB',
  payment_statement: 'PS',
};
const LINE_DESCRIPTION = 'عمولة وساطة عن إحالة مستأجر';
const DEDUCTION_REASON = 'خصم مقابل عمولات ملغاة سبق دفعها';
/** When the broker also owes deductions an admin made (decision 074). */
const DEDUCTIONS_REASON = 'خصم مقابل عمولات ملغاة سبق دفعها أو خصومات مسجّلة على الوسيط';

/** A line's words: a contract's commission, or an adjustment or bonus with its reason. */
const lineDescription = (kind: CommissionKind | undefined, reason: string | null | undefined) =>
  kind === undefined || kind === 'referral'
    ? LINE_DESCRIPTION
    : `${commissionKindAr(kind)}: ${cleanText(reason ?? '')}`;

/**
 * The deduction's words, read before the payment takes it back: the reversals' alone while the
 * broker owes no deduction, else both.
 */
async function deductionReasonOf(tx: Transaction, brokerId: string): Promise<string> {
  return (await owesDeductions(tx, brokerId)) ? DEDUCTIONS_REASON : DEDUCTION_REASON;
}

/** The next number of a series in a year, e.g. SB-2026-000001: gap-free under the row's lock. */
async function nextNumber(tx: Transaction, kind: PaymentDocumentKind, year: number) {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series: SERIES[kind], year, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.year],
      set: { last: sql`${documentCounters.last} + 1` },
    })
    .returning({ last: documentCounters.last });
  if (!row) throw new Error('document counter returned nothing');
  return `${SERIES[kind]}-${year}-${String(row.last).padStart(6, '0')}`;
}

export type PaymentToDocument = {
  brokerId: string;
  /** The payout paid, or the commission confirmed paid on its own. */
  source: { payoutId: string } | { commissionId: string };
  /** Each commission the payment settled and the net settled on it, in halalas. */
  settled: readonly { commissionId: string; halalas: number }[];
  /** Halalas deducted for reversed commissions paid before (settled beyond what was sent). */
  deducted: number;
  /** The VAT the payment carried (riyals), and the VAT number it was charged under. */
  vatAmount: string;
  vatNumber: string | null;
  transferReference: string | null;
  /** The IBAN the money went to: the payout's own, which a later change of profile never moves. */
  iban: string | null;
};

/** ZATCA's QR code holds each value in at most 255 bytes of UTF-8 (zatca-qr.ts). */
const MAX_NAME_BYTES = 255;

/**
 * The seller's name as the document gives it: cleaned as every written text is, cut at a
 * character to what the QR code holds, and the broker's code when nothing is left. A document
 * never fails its payment over a name.
 */
function sellerNameOf(name: string | null, brokerCode: string): string {
  let cleaned = cleanText(name ?? '');
  while (Buffer.byteLength(cleaned, 'utf8') > MAX_NAME_BYTES) {
    cleaned = Array.from(cleaned).slice(0, -1).join('').trim();
  }
  return cleaned === '' ? brokerCode : cleaned;
}

/**
 * Issues the payment's document in the caller's transaction. The lines are the commissions
 * settled, each with its referral's number and its Ejar contract; the net paid is the lines
 * less the deduction; a tax invoice's VAT is the VAT the payment carried, which is 15% of that
 * net (checked: a mismatch is a programming error and rolls the payment back).
 */
export async function issuePaymentDocument(
  tx: Transaction,
  issuer: ProviderTaxIdentity,
  payment: PaymentToDocument,
): Promise<{ id: string; number: string; kind: PaymentDocumentKind }> {
  const [broker] = await tx.select().from(brokers).where(eq(brokers.id, payment.brokerId));
  if (!broker) throw notFound('الوسيط غير موجود');
  const ids = payment.settled.map((line) => line.commissionId);
  const rows =
    ids.length === 0
      ? []
      : await tx
          .select({
            id: commissions.id,
            contractNumber: commissions.contractNumber,
            referralNumber: referrals.number,
            kind: commissions.kind,
            reason: commissions.reason,
          })
          .from(commissions)
          .leftJoin(referrals, eq(referrals.id, commissions.referralId))
          .where(inArray(commissions.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const lines = payment.settled.map((line) => {
    const row = byId.get(line.commissionId);
    return {
      description: lineDescription(row?.kind, row?.reason),
      referralNumber: String(row?.referralNumber ?? ''),
      ejarContractNumber: row?.contractNumber
        ? normalizeEjarContractNumber(row.contractNumber)
        : null,
      net: fromCents(line.halalas),
    };
  });
  const lineHalalas = payment.settled.reduce((sum, line) => sum + line.halalas, 0);
  const net = fromCents(lineHalalas - payment.deducted);
  const taxInvoice = Number(payment.vatAmount) > 0 && payment.vatNumber !== null;
  const totals = vatSplit(net, { vatRegistered: taxInvoice });
  if (taxInvoice && totals.vat !== vatSplit(payment.vatAmount, { vatRegistered: false }).net) {
    throw new Error(`payment VAT ${payment.vatAmount} is not 15% of its net ${net}`);
  }
  const kind: PaymentDocumentKind = taxInvoice ? 'tax_invoice' : 'payment_statement';
  const number = await nextNumber(tx, kind, Number(riyadhIsoDate(new Date()).slice(0, 4)));
  // Taken once the number is: numbers and issue times go up together.
  const issuedAt = new Date();
  const supplyDate = riyadhIsoDate(issuedAt);
  const sellerName = sellerNameOf(
    broker.taxEntity === 'establishment' && broker.legalName ? broker.legalName : broker.fullName,
    broker.brokerCode,
  );
  const vatNumber = taxInvoice ? payment.vatNumber : null;
  const uuid = randomUUID();
  const data: PaymentDocumentData = {
    kind,
    number,
    uuid,
    issuedAt: issuedAt.toISOString(),
    supplyDate,
    supplier: {
      name: sellerName,
      entity: broker.taxEntity,
      brokerCode: broker.brokerCode,
      vatNumber,
      crNumber: broker.taxEntity === 'establishment' ? broker.crNumber : null,
      falLicense: broker.falLicense,
      iban: payment.iban,
    },
    customer: {
      name: issuer.legalName,
      vatNumber: issuer.vatNumber,
      crNumber: issuer.commercialRegistration,
      address: issuer.address,
    },
    lines,
    deducted: fromCents(payment.deducted),
    ...(payment.deducted > 0 ? { deductionReason: await deductionReasonOf(tx, broker.id) } : {}),
    totals,
    transferReference: payment.transferReference,
    qr: vatNumber
      ? encodeZatcaQr({
          sellerName,
          vatNumber,
          timestamp: issuedAt,
          invoiceTotal: totals.gross,
          vatTotal: totals.vat,
        })
      : null,
  };
  const xml = vatNumber
    ? selfBilledInvoiceXml({
        invoiceNumber: number,
        uuid,
        issuedAt,
        supplyDate,
        supplier: {
          name: sellerName,
          vatNumber,
          crNumber: data.supplier.crNumber ?? undefined,
        },
        customer: {
          name: issuer.legalName,
          vatNumber: issuer.vatNumber,
          crNumber: issuer.commercialRegistration,
        },
        lines: lines.map((line) => ({
          description: line.referralNumber
            ? `${line.description} رقم ${line.referralNumber}`
            : line.description,
          ejarContractNumber: line.ejarContractNumber,
          net: line.net,
        })),
        ...(payment.deducted > 0
          ? {
              allowance: {
                reason: data.deductionReason ?? DEDUCTION_REASON,
                amount: data.deducted,
              },
            }
          : {}),
      }).xml
    : null;
  const [created] = await tx
    .insert(paymentDocuments)
    .values({
      number,
      kind,
      brokerId: payment.brokerId,
      payoutId: 'payoutId' in payment.source ? payment.source.payoutId : null,
      commissionId: 'commissionId' in payment.source ? payment.source.commissionId : null,
      net: totals.net,
      vatAmount: totals.vat,
      gross: totals.gross,
      data,
      xml,
      issuedAt,
    })
    .returning({ id: paymentDocuments.id });
  if (!created) throw new Error('payment document insert returned nothing');
  return { id: created.id, number, kind };
}

/** A document in a list: what the broker and the admins see before opening it. */
export type PaymentDocumentSummary = {
  id: string;
  number: string;
  kind: PaymentDocumentKind;
  brokerId: string;
  brokerName: string;
  net: string;
  vatAmount: string;
  gross: string;
  issuedAt: string;
  hasXml: boolean;
};

const summaryColumns = {
  id: paymentDocuments.id,
  number: paymentDocuments.number,
  kind: paymentDocuments.kind,
  brokerId: paymentDocuments.brokerId,
  data: paymentDocuments.data,
  net: paymentDocuments.net,
  vatAmount: paymentDocuments.vatAmount,
  gross: paymentDocuments.gross,
  issuedAt: paymentDocuments.issuedAt,
  hasXml: sql<boolean>`${paymentDocuments.xml} is not null`,
};

type SummaryRow = {
  id: string;
  number: string;
  kind: PaymentDocumentKind;
  brokerId: string;
  data: PaymentDocumentData;
  net: string;
  vatAmount: string;
  gross: string;
  issuedAt: Date;
  hasXml: boolean;
};

const toSummary = (row: SummaryRow): PaymentDocumentSummary => ({
  id: row.id,
  number: row.number,
  kind: row.kind,
  brokerId: row.brokerId,
  brokerName: row.data.supplier.name,
  net: row.net,
  vatAmount: row.vatAmount,
  gross: row.gross,
  issuedAt: row.issuedAt.toISOString(),
  hasXml: row.hasXml,
});

/** The broker's documents, newest first. */
export async function brokerDocuments(
  db: Database,
  brokerId: string,
): Promise<PaymentDocumentSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(paymentDocuments)
    .where(eq(paymentDocuments.brokerId, brokerId))
    .orderBy(desc(paymentDocuments.issuedAt), desc(paymentDocuments.number));
  return rows.map(toSummary);
}

/** Riyadh midnight starting `YYYY-MM` and the next month, as instants. */
function monthBounds(month: string): { from: Date; to: Date } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(year, number - 1, 1) - 3 * 60 * 60 * 1000);
  const to = new Date(Date.UTC(year, number, 1) - 3 * 60 * 60 * 1000);
  return { from, to };
}

/** Every document issued in a Riyadh month, in number order: the accountant's month. */
export async function monthDocuments(db: Database, month: string) {
  const { from, to } = monthBounds(month);
  return db
    .select({ ...summaryColumns, xml: paymentDocuments.xml })
    .from(paymentDocuments)
    .where(and(gte(paymentDocuments.issuedAt, from), lt(paymentDocuments.issuedAt, to)))
    .orderBy(asc(paymentDocuments.kind), asc(paymentDocuments.number));
}

/** The month's documents as a list, newest first. */
export async function monthDocumentList(
  db: Database,
  month: string,
): Promise<PaymentDocumentSummary[]> {
  const { from, to } = monthBounds(month);
  const rows = await db
    .select(summaryColumns)
    .from(paymentDocuments)
    .where(and(gte(paymentDocuments.issuedAt, from), lt(paymentDocuments.issuedAt, to)))
    .orderBy(desc(paymentDocuments.issuedAt), desc(paymentDocuments.number));
  return rows.map(toSummary);
}

/** One document whole, for a broker only their own (anyone else's is not found). */
export async function documentOf(
  db: Database,
  id: string,
  brokerId?: string,
): Promise<{ data: PaymentDocumentData; xml: string | null }> {
  const [row] = await db
    .select({ data: paymentDocuments.data, xml: paymentDocuments.xml })
    .from(paymentDocuments)
    .where(
      brokerId === undefined
        ? eq(paymentDocuments.id, id)
        : and(eq(paymentDocuments.id, id), eq(paymentDocuments.brokerId, brokerId)),
    );
  if (!row) throw notFound('المستند غير موجود');
  return row;
}
