/**
 * A broker's commission as a self-billed standard tax invoice in ZATCA's UBL 2.1 form: the
 * provider (the customer) issues it on the broker's (the supplier's) behalf.
 *
 * Sources:
 * - OASIS, «Universal Business Language Version 2.1» (OASIS Standard, 4 November 2013,
 *   docs.oasis-open.org/ubl/os-UBL-2.1/): the Invoice document, its element order and types.
 * - ZATCA, «E-Invoicing XML Implementation Standard» and «E-Invoice Data Dictionary», with
 *   the business rules of «ZATCA E-invoice Validation Rules» (the Schematron in ZATCA's SDK):
 *   ProfileID «reporting:1.0»; InvoiceTypeCode 388 (BR-KSA-05) whose `name` is the transaction
 *   code NNPNESB (BR-KSA-06): NN 01 standard tax invoice, then the flags third party, nominal,
 *   export, summary and self-billed, so a self-billed standard invoice is «0100001»; the
 *   seller's VAT number 15 digits, first and last 3 (BR-KSA-40); the seller's other identifier
 *   with schemeID «CRN» for a commercial registration (BR-KSA-08); the postal code 5 digits
 *   (BR-KSA-66); the supply date (KSA-5) in Delivery/ActualDeliveryDate; two TaxTotal, the
 *   first with the amount only and the second with the breakdown (as in ZATCA's samples); each
 *   line's TaxTotal with its VAT and its amount with VAT in RoundingAmount (KSA-11, KSA-12);
 *   category S at 15%, code lists UN/ECE 5305 and 5153; currency SAR.
 * - VAT Implementing Regulations, art. 53 para. 2: a self-billed tax invoice is issued by the
 *   customer under a prior agreement with the supplier; the invoice says so in its note.
 *
 * What this module leaves to the Fatoora-integrated e-invoicing solution (EGS) that submits
 * the invoice for clearance: the invoice counter value (ICV, KSA-16) and the previous invoice
 * hash (PIH, KSA-13) when they are not passed in `clearance`; the XAdES signature in
 * ext:UBLExtensions with cac:Signature, and the QR code (AdditionalDocumentReference «QR»),
 * which ZATCA returns on a cleared invoice; the invoice hash. None of these is required by the
 * UBL 2.1 schema itself, which requires only cbc:ID, cbc:IssueDate, the supplier, the customer,
 * the monetary total and at least one line. The addresses are optional here, as the UBL schema
 * has them; ZATCA's clearance requires the seller's full address (BR-KSA-09) and refuses the
 * invoice without it, so the caller passes it whenever it has it.
 *
 * IssueDate and IssueTime are the Riyadh wall-clock date and time (UTC+3, no daylight
 * saving): what a Saudi reader of the invoice expects. The QR code's time stamp names the same
 * instant in UTC (encodeZatcaQr with a Date).
 */
import { cleanText, isCalendarDay, riyadhWallClock, toLatinDigits } from '#domain';
import { normalizeEjarContractNumber } from '#domain/saudi-numbers';
import {
  normalizeCommercialRegistration,
  normalizeVatNumber,
  VAT_RATE,
  type VatSplit,
  vatSplit,
} from '#domain/vat';

/** A Saudi national address; every part is optional in UBL (see the module's note). */
export type UblAddress = {
  /** cbc:StreetName */
  street?: string;
  /** cbc:BuildingNumber */
  buildingNumber?: string;
  /** cbc:PlotIdentification: the national address's 4-digit additional number. */
  additionalNumber?: string;
  /** cbc:CitySubdivisionName */
  district?: string;
  /** cbc:CityName */
  city?: string;
  /** cbc:PostalZone: 5 digits (BR-KSA-66). */
  postalCode?: string;
};

/** A party to the invoice: the broker (supplier) or the provider (customer). */
export type UblParty = {
  /** The registered name (cbc:RegistrationName). */
  name: string;
  /** The VAT registration number: both parties to a self-billed invoice are registered. */
  vatNumber: string;
  /** The commercial registration (or unified) number, for an establishment. */
  crNumber?: string;
  address?: UblAddress;
};

/** One commission: one invoice line. */
export type CommissionLine = {
  /** What the commission is for, e.g. «عمولة إحالة مستأجر»; the Ejar number is appended. */
  description: string;
  /** The Ejar contract the commission was earned on; null for one signed before it was asked. */
  ejarContractNumber: string | null;
  /** The commission before VAT, in riyals. */
  net: string | number;
};

export type SelfBilledInvoice = {
  /** The invoice's sequential number (BT-1). */
  invoiceNumber: string;
  /** A UUID for the invoice (KSA-1). */
  uuid: string;
  /** When the invoice is issued. */
  issuedAt: Date;
  /** The supply date, YYYY-MM-DD: when the commission was earned (KSA-5). */
  supplyDate: string;
  /** The broker, who supplied the brokerage service. */
  supplier: UblParty;
  /** The provider, who received it and issues this invoice on the broker's behalf. */
  customer: UblParty;
  lines: readonly CommissionLine[];
  /**
   * A document-level allowance (UBL cac:AllowanceCharge, ChargeIndicator false; EN 16931
   * BG-20): what is deducted from the lines before VAT, e.g. a reversed commission paid before.
   */
  allowance?: { reason: string; amount: string | number };
  /** ICV and PIH when the caller keeps the invoice chain; otherwise the EGS adds them. */
  clearance?: { invoiceCounter: number; previousInvoiceHash: string };
};

const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

/** BR-KSA-06: 01 standard tax invoice, not third-party, nominal, export or summary; self-billed. */
export const SELF_BILLED_STANDARD_INVOICE = '0100001';
const TAX_INVOICE = '388';
const CURRENCY = 'SAR';
const PERCENT = (VAT_RATE * 100).toFixed(2);
const SELF_BILLING_NOTE =
  'فاتورة ضريبية بالفوترة الذاتية: أصدرها العميل نيابةً عن المورّد بموجب اتفاق مسبق بينهما';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})+(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const POSTAL_CODE = /^\d{5}$/;

type XmlNode = {
  name: string;
  attrs?: Readonly<Record<string, string>>;
  text?: string;
  children?: readonly (XmlNode | null)[];
};

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
/** Text or an attribute value escaped by XML's rules. */
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? '');

function render(node: XmlNode, depth: number): string {
  const indent = '  '.repeat(depth);
  const attrs = Object.entries(node.attrs ?? {})
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  const children = (node.children ?? []).filter((child): child is XmlNode => child !== null);
  if (children.length > 0) {
    const inner = children.map((child) => render(child, depth + 1)).join('\n');
    return `${indent}<${node.name}${attrs}>\n${inner}\n${indent}</${node.name}>`;
  }
  return `${indent}<${node.name}${attrs}>${escapeXml(node.text ?? '')}</${node.name}>`;
}

const el = (
  name: string,
  content: string | readonly (XmlNode | null)[],
  attrs?: Record<string, string>,
): XmlNode =>
  typeof content === 'string' ? { name, text: content, attrs } : { name, children: content, attrs };

const amount = (name: string, value: string) => el(name, value, { currencyID: CURRENCY });

/** A one-line text as stored text is cleaned for a document; refused when nothing is left. */
function requiredText(value: string, what: string): string {
  const cleaned = cleanText(value);
  if (cleaned === '') throw new RangeError(`UBL invoice: ${what} is empty`);
  return cleaned;
}

/** An optional text, cleaned; an element only when something is left. */
function optionalText(name: string, value: string | undefined): XmlNode | null {
  const cleaned = value === undefined ? '' : cleanText(value);
  return cleaned === '' ? null : el(name, cleaned);
}

function addressNode(address: UblAddress | undefined, what: string): XmlNode | null {
  if (!address) return null;
  let postalCode: string | undefined;
  if (address.postalCode !== undefined && address.postalCode.trim() !== '') {
    postalCode = toLatinDigits(address.postalCode).trim();
    if (!POSTAL_CODE.test(postalCode)) {
      throw new RangeError(`UBL invoice: the ${what}'s postal code is not 5 digits`);
    }
  }
  return el('cac:PostalAddress', [
    optionalText('cbc:StreetName', address.street),
    optionalText('cbc:BuildingNumber', address.buildingNumber),
    optionalText('cbc:PlotIdentification', address.additionalNumber),
    optionalText('cbc:CitySubdivisionName', address.district),
    optionalText('cbc:CityName', address.city),
    optionalText('cbc:PostalZone', postalCode),
    el('cac:Country', [el('cbc:IdentificationCode', 'SA')]),
  ]);
}

function partyNode(party: UblParty, what: string): XmlNode {
  const vatNumber = normalizeVatNumber(party.vatNumber);
  if (!vatNumber) throw new RangeError(`UBL invoice: the ${what}'s VAT number is not valid`);
  let crNumber: string | null = null;
  if (party.crNumber !== undefined && party.crNumber.trim() !== '') {
    crNumber = normalizeCommercialRegistration(party.crNumber);
    if (!crNumber) throw new RangeError(`UBL invoice: the ${what}'s CR number is not valid`);
  }
  return el('cac:Party', [
    crNumber ? el('cac:PartyIdentification', [el('cbc:ID', crNumber, { schemeID: 'CRN' })]) : null,
    addressNode(party.address, what),
    el('cac:PartyTaxScheme', [
      el('cbc:CompanyID', vatNumber),
      el('cac:TaxScheme', [el('cbc:ID', 'VAT')]),
    ]),
    el('cac:PartyLegalEntity', [
      el('cbc:RegistrationName', requiredText(party.name, `${what}'s name`)),
    ]),
  ]);
}

const taxCategory = (name: 'cac:TaxCategory' | 'cac:ClassifiedTaxCategory') =>
  name === 'cac:TaxCategory'
    ? el(name, [
        el('cbc:ID', 'S', { schemeID: 'UN/ECE 5305', schemeAgencyID: '6' }),
        el('cbc:Percent', PERCENT),
        el('cac:TaxScheme', [
          el('cbc:ID', 'VAT', { schemeID: 'UN/ECE 5153', schemeAgencyID: '6' }),
        ]),
      ])
    : el(name, [
        el('cbc:ID', 'S'),
        el('cbc:Percent', PERCENT),
        el('cac:TaxScheme', [el('cbc:ID', 'VAT')]),
      ]);

/** Riyals with two decimals (vatSplit's strings) in whole halalas, exactly. */
const halalas = (riyals: string) => Number(riyals.replace('.', ''));
const riyals = (value: number) =>
  `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;

function clearanceNodes(clearance: SelfBilledInvoice['clearance']): XmlNode[] {
  if (!clearance) return [];
  const { invoiceCounter, previousInvoiceHash } = clearance;
  if (!Number.isSafeInteger(invoiceCounter) || invoiceCounter < 1) {
    throw new RangeError('UBL invoice: the invoice counter is not a positive integer');
  }
  if (!BASE64.test(previousInvoiceHash)) {
    throw new RangeError('UBL invoice: the previous invoice hash is not base64');
  }
  return [
    el('cac:AdditionalDocumentReference', [
      el('cbc:ID', 'ICV'),
      el('cbc:UUID', String(invoiceCounter)),
    ]),
    el('cac:AdditionalDocumentReference', [
      el('cbc:ID', 'PIH'),
      el('cac:Attachment', [
        el('cbc:EmbeddedDocumentBinaryObject', previousInvoiceHash, { mimeCode: 'text/plain' }),
      ]),
    ]),
  ];
}

/**
 * The invoice's UBL 2.1 XML and its totals: the VAT of the invoice is 15% of the sum of the
 * lines, rounded half up once, as ZATCA computes a category's VAT (BR-CO-17), and it is the
 * amount owed; the QR code's invoice total and VAT total are `totals.gross` and `totals.vat`.
 * Each line also states its own VAT (its net × 15%, rounded), so with several lines the sum of
 * the lines' VAT can differ from the invoice's by a halala or so; one commission per invoice,
 * the usual case, has no such difference. Every text is cleaned of control and bidirectional
 * characters and escaped. Throws a RangeError on an invalid number (VAT, CR, Ejar, amount,
 * UUID, date) or a missing name, so that no malformed invoice is ever written.
 */
export function selfBilledInvoiceXml(invoice: SelfBilledInvoice): {
  xml: string;
  totals: VatSplit;
} {
  if (invoice.lines.length === 0) throw new RangeError('UBL invoice: no line');
  if (!UUID.test(invoice.uuid)) throw new RangeError('UBL invoice: the UUID is not a UUID');
  if (!isCalendarDay(invoice.supplyDate)) {
    throw new RangeError('UBL invoice: the supply date is not YYYY-MM-DD');
  }
  if (Number.isNaN(invoice.issuedAt.getTime())) {
    throw new RangeError('UBL invoice: the issue time is not a date');
  }
  const invoiceNumber = requiredText(invoice.invoiceNumber, 'invoice number');
  const [issueDate, issueTime] = riyadhWallClock(invoice.issuedAt).toISOString().split('T');

  const lines = invoice.lines.map((line, index) => {
    const what = requiredText(line.description, `line ${index + 1}'s description`);
    if (line.ejarContractNumber === null) {
      return { description: what, split: vatSplit(line.net, { vatRegistered: true }) };
    }
    const ejar = normalizeEjarContractNumber(line.ejarContractNumber);
    if (!ejar) throw new RangeError(`UBL invoice: line ${index + 1}'s Ejar number is not valid`);
    const description = `${what} - عقد إيجار رقم ${ejar}`;
    return { description, split: vatSplit(line.net, { vatRegistered: true }) };
  });
  const lineTotal = lines.reduce((sum, line) => sum + halalas(line.split.net), 0);
  const allowance = invoice.allowance
    ? {
        reason: requiredText(invoice.allowance.reason, 'allowance reason'),
        amount: vatSplit(invoice.allowance.amount, { vatRegistered: false }).net,
      }
    : null;
  const netTotal = lineTotal - (allowance ? halalas(allowance.amount) : 0);
  if (netTotal <= 0) throw new RangeError('UBL invoice: the allowance is not below the lines');
  const totals = vatSplit(riyals(netTotal), { vatRegistered: true });

  const root = el(
    'Invoice',
    [
      el('cbc:ProfileID', 'reporting:1.0'),
      el('cbc:ID', invoiceNumber),
      el('cbc:UUID', invoice.uuid.toLowerCase()),
      el('cbc:IssueDate', issueDate ?? ''),
      el('cbc:IssueTime', (issueTime ?? '').slice(0, 8)),
      el('cbc:InvoiceTypeCode', TAX_INVOICE, { name: SELF_BILLED_STANDARD_INVOICE }),
      el('cbc:Note', SELF_BILLING_NOTE, { languageID: 'ar' }),
      el('cbc:DocumentCurrencyCode', CURRENCY),
      el('cbc:TaxCurrencyCode', CURRENCY),
      ...clearanceNodes(invoice.clearance),
      el('cac:AccountingSupplierParty', [partyNode(invoice.supplier, 'supplier')]),
      el('cac:AccountingCustomerParty', [partyNode(invoice.customer, 'customer')]),
      el('cac:Delivery', [el('cbc:ActualDeliveryDate', invoice.supplyDate)]),
      allowance
        ? el('cac:AllowanceCharge', [
            el('cbc:ChargeIndicator', 'false'),
            el('cbc:AllowanceChargeReason', allowance.reason),
            amount('cbc:Amount', allowance.amount),
            taxCategory('cac:TaxCategory'),
          ])
        : null,
      el('cac:TaxTotal', [amount('cbc:TaxAmount', totals.vat)]),
      el('cac:TaxTotal', [
        amount('cbc:TaxAmount', totals.vat),
        el('cac:TaxSubtotal', [
          amount('cbc:TaxableAmount', totals.net),
          amount('cbc:TaxAmount', totals.vat),
          taxCategory('cac:TaxCategory'),
        ]),
      ]),
      el('cac:LegalMonetaryTotal', [
        amount('cbc:LineExtensionAmount', riyals(lineTotal)),
        amount('cbc:TaxExclusiveAmount', totals.net),
        amount('cbc:TaxInclusiveAmount', totals.gross),
        allowance ? amount('cbc:AllowanceTotalAmount', allowance.amount) : null,
        amount('cbc:PayableAmount', totals.gross),
      ]),
      ...lines.map(({ description, split }, index) =>
        el('cac:InvoiceLine', [
          el('cbc:ID', String(index + 1)),
          el('cbc:InvoicedQuantity', '1', { unitCode: 'PCE' }),
          amount('cbc:LineExtensionAmount', split.net),
          el('cac:TaxTotal', [
            amount('cbc:TaxAmount', split.vat),
            amount('cbc:RoundingAmount', split.gross),
          ]),
          el('cac:Item', [el('cbc:Name', description), taxCategory('cac:ClassifiedTaxCategory')]),
          el('cac:Price', [amount('cbc:PriceAmount', split.net)]),
        ]),
      ),
    ],
    { xmlns: NS.invoice, 'xmlns:cac': NS.cac, 'xmlns:cbc': NS.cbc },
  );
  return { xml: `<?xml version="1.0" encoding="UTF-8"?>\n${render(root, 0)}\n`, totals };
}
