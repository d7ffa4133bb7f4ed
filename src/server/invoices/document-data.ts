import type { PaymentDocumentKind, TaxEntity, VatSplit } from '#domain';

/**
 * A payment's document as issued (decision 071), stored whole with it: a tax invoice is never
 * rebuilt from rows that may change later (a renamed broker, a new VAT number). Everything a
 * printed copy, the UBL XML or the month's export shows comes from here.
 */
export type PaymentDocumentData = {
  kind: PaymentDocumentKind;
  /** The sequential number, e.g. SB-2026-000001 (tax invoices) or PS-2026-000001. */
  number: string;
  /** A UUID, the e-invoice's KSA-1. */
  uuid: string;
  /** When it was issued, ISO 8601 (UTC). */
  issuedAt: string;
  /** YYYY-MM-DD (Riyadh): when the service was supplied, the date of the payment. */
  supplyDate: string;
  /** The broker: the supplier of the brokerage service. */
  supplier: {
    name: string;
    entity: TaxEntity;
    /** The broker's code on the platform. */
    brokerCode: string;
    vatNumber: string | null;
    crNumber: string | null;
    falLicense: string | null;
    /** The IBAN paid, as stored. */
    iban: string | null;
  };
  /** The provider: the customer, who issues a self-billed invoice on the supplier's behalf. */
  customer: {
    name: string;
    vatNumber: string;
    crNumber: string;
    address: string;
  };
  /** One line per commission the payment settled, or the part of it settled. */
  lines: {
    /** E.g. «عمولة إحالة مستأجر». */
    description: string;
    /**
     * The tenant's referral, by its public number; '' for an adjustment or a bonus (decision
     * 074), which no referral made.
     */
    referralNumber: string;
    /** The Ejar contract the commission was earned on, when recorded. */
    ejarContractNumber: string | null;
    /** The net settled on this commission, riyals with two decimals. */
    net: string;
  }[];
  /**
   * Net riyals deducted for reversed commissions already paid and for deductions (two decimals;
   * 0.00 if none).
   */
  deducted: string;
  /**
   * What the deduction was for, as the document words it; absent on documents issued before
   * deductions (decision 074), whose deductions were all for reversed commissions.
   */
  deductionReason?: string;
  /** What was paid: net (lines less the deduction), VAT and gross, riyals with two decimals. */
  totals: VatSplit;
  /** The bank's reference of the transfer, when given. */
  transferReference: string | null;
  /** The ZATCA QR code's base64 TLV text; tax invoices only. */
  qr: string | null;
};
