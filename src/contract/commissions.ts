import { z } from 'zod';
import {
  COMMISSION_KINDS,
  PAYMENT_DOCUMENT_KINDS,
  PAYOUT_SOURCES,
  payoutRequestSchema,
} from '../domain/index.js';
import {
  commissionStatus,
  endpoint,
  idParams,
  isoDateTime,
  money,
  pageOf,
  pageQuery,
  payoutStatus,
} from './common.js';

export const commission = z.object({
  id: z.string(),
  /** What made it: a signed contract, an adjustment or a bonus (decision 074). */
  kind: z.enum(COMMISSION_KINDS),
  /** The referral and its tenant, for a `referral` commission; null for the others. */
  referralId: z.string().nullable(),
  tenantPhone: z.string().nullable(),
  /** Why an adjustment was made, or the bonus reached; null for a referral commission. */
  reason: z.string().nullable(),
  /** Before VAT: every figure of the ledger is net. */
  amount: money,
  /** 15% on top for a broker registered for VAT (decision 071), else 0.00. */
  vatAmount: money,
  paidAmount: money,
  status: commissionStatus,
  contractNumber: z.string().nullable(),
  paidAt: isoDateTime.nullable(),
  /** When the holding period ends (for `on_hold`, the day it becomes payable); null if potential. */
  payableAt: isoDateTime.nullable(),
  /** Why the commission was reversed; null unless it was. */
  reversalReason: z.string().nullable(),
  /**
   * Held until the broker's FAL licence is verified (decision 070); the profile's
   * `falLicenseStanding.holdReason` says what is missing.
   */
  licenseHold: z.boolean(),
  createdAt: isoDateTime,
});

/**
 * total = paid + pending + requested + onHold, the total net of deductions: pending is what may
 * be requested now, net of toRecover (so negative while what is owed exceeds what is payable).
 */
export const commissionSummary = z.object({
  total: money,
  paid: money,
  pending: money,
  requested: money,
  /** Unpaid commissions still inside their holding period. */
  onHold: money,
  /** Reversed commissions' amounts, outside the total. */
  reversed: money,
  /**
   * What was paid of reversed commissions, and the deductions, still to be deducted from the
   * next payment.
   */
  toRecover: money,
});

/** A deduction from the broker's money, with its reason and how much later payments took. */
export const deduction = z.object({
  id: z.string(),
  amount: money,
  recoveredAmount: money,
  reason: z.string(),
  createdAt: isoDateTime,
});

/**
 * The broker's last twelve Riyadh calendar months, oldest first, every month present: each
 * commission counts in the month it was added, split as it stands now into paid, held by open
 * transfer requests (oldest commission first, as payouts settle them), pending (left to
 * request) and on hold (inside the holding period). Over all months these are the summary's
 * paid, requested, pending and onHold, except that the summary's pending is also net of what
 * is still owed for reversed commissions and deductions (toRecover), and its paid net of what
 * payments took back for deductions (decision 074).
 */
export const commissionEarnings = z.object({
  months: z.array(
    z.object({
      /** `YYYY-MM` in Riyadh. */
      month: z.string(),
      paid: money,
      pending: money,
      held: money,
      /** Still inside the holding period: not yet payable, never held by a request. */
      onHold: money,
    }),
  ),
  /** The twelve months added up. */
  totals: z.object({ paid: money, pending: money, held: money, onHold: money }),
  /** What every open transfer request holds, whenever its commissions were added. */
  unsettledPayouts: money,
});

/** A transfer request is a payout (src/domain/payouts.ts): `open` is its draft. */
export const payout = z.object({
  id: z.string(),
  /** The net the payout settles. */
  amount: money,
  /** The VAT paid on top (decision 071); the bank transfer is amount + vatAmount. */
  vatAmount: money,
  /** The payment's document (tax invoice or statement), once paid. */
  documentId: z.string().nullable(),
  iban: z.string(),
  status: payoutStatus,
  /** The broker's own request, or the team's «دفع كل المستحق». */
  source: z.enum(PAYOUT_SOURCES),
  rejectionReason: z.string().nullable(),
  /** Why the bank returned it (status `failed`): its money is payable again. */
  failureReason: z.string().nullable(),
  createdAt: isoDateTime,
  handledAt: isoDateTime.nullable(),
});

/**
 * A payment's document (decision 071): a self-billed tax invoice (with its UBL XML) when the
 * payment carried VAT, a payment statement otherwise.
 */
export const paymentDocument = z.object({
  id: z.string(),
  /** Its sequential number, e.g. SB-2026-000001. */
  number: z.string(),
  kind: z.enum(PAYMENT_DOCUMENT_KINDS),
  brokerId: z.string(),
  /** The seller's name as the document gives it. */
  brokerName: z.string(),
  net: money,
  vatAmount: money,
  gross: money,
  issuedAt: isoDateTime,
  /** Whether the UBL 2.1 e-invoice is beside it (tax invoices). */
  hasXml: z.boolean(),
});

/** The page of the broker's commissions list. */
export const commissionListQuery = z.object(pageQuery);

export const commissionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/commissions',
    access: 'broker',
    summary: "the broker's commissions, then the potential ones, paged",
    query: commissionListQuery,
    response: pageOf(commission),
  }),
  summary: endpoint({
    method: 'GET',
    path: '/api/commissions/summary',
    access: 'broker',
    summary: 'total, paid, pending and requested',
    response: commissionSummary,
  }),
  deductions: endpoint({
    method: 'GET',
    path: '/api/commissions/deductions',
    access: 'broker',
    summary: "the deductions from the broker's money, newest first, with their reasons",
    response: z.object({ items: z.array(deduction) }),
  }),
  earnings: endpoint({
    method: 'GET',
    path: '/api/commissions/earnings',
    access: 'broker',
    summary: 'paid, pending and held per Riyadh month over the last twelve, with totals',
    response: commissionEarnings,
  }),
  payouts: endpoint({
    method: 'GET',
    path: '/api/commissions/payouts',
    access: 'broker',
    summary: "the broker's transfer requests",
    response: z.array(payout),
  }),
  documents: endpoint({
    method: 'GET',
    path: '/api/commissions/documents',
    access: 'broker',
    summary: "the broker's payment documents (tax invoices and statements), newest first",
    response: z.array(paymentDocument),
  }),
  document: endpoint({
    method: 'GET',
    path: '/api/commissions/documents/:id',
    access: 'broker',
    summary: "one of the broker's payment documents as a printable Arabic page",
    params: idParams,
    notFound: 'المستند غير موجود',
    response: null,
  }),
  documentXml: endpoint({
    method: 'GET',
    path: '/api/commissions/documents/:id/xml',
    access: 'broker',
    summary: "a tax invoice's UBL 2.1 XML (ZATCA's e-invoice form)",
    params: idParams,
    notFound: 'المستند غير موجود',
    response: null,
  }),
  requestPayout: endpoint({
    method: 'POST',
    path: '/api/commissions/request-transfer',
    access: 'broker',
    summary: 'ask for pending money to be transferred to an IBAN',
    body: payoutRequestSchema,
    status: 201,
    response: payout.pick({
      id: true,
      amount: true,
      vatAmount: true,
      iban: true,
      status: true,
      createdAt: true,
    }),
  }),
};
