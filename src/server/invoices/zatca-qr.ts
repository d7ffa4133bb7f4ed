/**
 * The QR code of a Saudi tax invoice: ZATCA's Tag-Length-Value encoding, in base64.
 *
 * Sources:
 * - ZATCA, «Electronic Invoice Security Features Implementation Standards»
 *   (zatca.gov.sa, E-Invoicing > Systems Developers > Documents,
 *   20210528_ZATCA_Electronic_Invoice_Security_Features_Implementation_Standards_vShared.pdf),
 *   giving the QR code of Annex 2 of the «Controls, Requirements, Technical Specifications and
 *   Procedural Rules for Implementing the Provisions of the E-Invoicing Regulation»; the same
 *   text is carried by the «E-Invoicing Detailed Technical Guideline» and quoted on ZATCA's
 *   developer community («Structure of the QR code For Electronic Tax Invoices»): base64 «with
 *   up to 700 characters» of Tag-Length-Value fields, where the tag is «stored in one byte»,
 *   the length is «the length of the byte array resulted from the UTF8 encoding of the field
 *   value … stored in one byte» and the value is that byte array. Tags: 1 seller's name,
 *   2 VAT registration number of the seller, 3 time stamp of the invoice (date and time),
 *   4 invoice total (with VAT), 5 VAT total. Tags 6 to 9 (hash of the XML invoice, ECDSA
 *   signature, ECDSA public key, and for simplified invoices ZATCA's signature of the key) are
 *   added by the e-invoicing solution that signs the invoice, which this module is not.
 * - ZATCA, «Guide to Developed FATOORA Compliant QR Code» (18 November 2021): its worked
 *   examples («Bobs Records», «Bobs Basement Records») are the tests' fixed points.
 */
import { cleanText } from '#domain';

/** The five phase-1 fields, as the QR code carries them: each a string. */
export type ZatcaQrFields = {
  /** Tag 1: the seller's name as registered (for a self-billed invoice, the broker's). */
  sellerName: string;
  /** Tag 2: the seller's VAT registration number. */
  vatNumber: string;
  /** Tag 3: when the invoice was issued, ISO 8601, e.g. 2022-04-25T15:30:00Z. */
  timestamp: string;
  /** Tag 4: the invoice total including VAT, e.g. 1150.00. */
  invoiceTotal: string;
  /** Tag 5: the VAT total, e.g. 150.00. */
  vatTotal: string;
};

/** What encodeZatcaQr takes: the fields, the time stamp also as a Date. */
export type ZatcaQrInput = Omit<ZatcaQrFields, 'timestamp'> & { timestamp: string | Date };

const TAGS = {
  sellerName: 1,
  vatNumber: 2,
  timestamp: 3,
  invoiceTotal: 4,
  vatTotal: 5,
} as const satisfies Record<keyof ZatcaQrFields, number>;
const FIELDS = Object.keys(TAGS) as (keyof ZatcaQrFields)[];

/** One byte holds the length, so no value may be longer than this many bytes. */
const MAX_VALUE_BYTES = 255;
/** The longest base64 text the QR code may hold (Security Features Standards, Annex 2). */
const MAX_BASE64_LENGTH = 700;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** An instant as ZATCA's examples write it: UTC to the second, 2022-04-25T15:30:00Z. */
const isoSeconds = (instant: Date) => `${instant.toISOString().slice(0, 19)}Z`;

/**
 * The base64 text to put in the invoice's QR code. The seller's name is cleaned as every text
 * the product writes into a document is (control and bidirectional characters out: the same
 * name then stands in the QR code and in the XML). Throws a RangeError when a value is empty,
 * longer than 255 bytes in UTF-8, or the whole is longer than ZATCA's 700 characters.
 */
export function encodeZatcaQr(input: ZatcaQrInput): string {
  const fields: ZatcaQrFields = {
    sellerName: cleanText(input.sellerName),
    vatNumber: input.vatNumber,
    timestamp: input.timestamp instanceof Date ? isoSeconds(input.timestamp) : input.timestamp,
    invoiceTotal: input.invoiceTotal,
    vatTotal: input.vatTotal,
  };
  const parts: Buffer[] = [];
  for (const field of FIELDS) {
    const value = Buffer.from(fields[field], 'utf8');
    if (value.length === 0) throw new RangeError(`ZATCA QR: ${field} is empty`);
    if (value.length > MAX_VALUE_BYTES) {
      throw new RangeError(
        `ZATCA QR: ${field} is ${value.length} bytes in UTF-8, longer than ${MAX_VALUE_BYTES}`,
      );
    }
    parts.push(Buffer.from([TAGS[field], value.length]), value);
  }
  const base64 = Buffer.concat(parts).toString('base64');
  if (base64.length > MAX_BASE64_LENGTH) {
    throw new RangeError(`ZATCA QR: ${base64.length} base64 characters, more than 700`);
  }
  return base64;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The five fields back out of a QR code's base64 text, for the tests and for an administrator
 * checking an invoice. Tags 6 to 9 of a phase-2 code are skipped. Throws a RangeError when the
 * text is not base64, a TLV runs past the end, a value is not UTF-8, or one of tags 1 to 5 is
 * missing or repeated.
 */
export function decodeZatcaQr(base64: string): ZatcaQrFields {
  const text = base64.trim();
  if (text === '' || !BASE64.test(text)) throw new RangeError('ZATCA QR: not base64');
  const bytes = Buffer.from(text, 'base64');
  const found = new Map<number, string>();
  let at = 0;
  while (at < bytes.length) {
    if (at + 2 > bytes.length) throw new RangeError('ZATCA QR: a tag without its length');
    const tag = bytes[at] as number;
    const length = bytes[at + 1] as number;
    const end = at + 2 + length;
    if (end > bytes.length) throw new RangeError(`ZATCA QR: tag ${tag} runs past the end`);
    if (tag >= 1 && tag <= 5) {
      if (found.has(tag)) throw new RangeError(`ZATCA QR: tag ${tag} appears twice`);
      try {
        found.set(tag, utf8.decode(bytes.subarray(at + 2, end)));
      } catch {
        throw new RangeError(`ZATCA QR: tag ${tag} is not UTF-8`);
      }
    }
    at = end;
  }
  const value = (field: keyof ZatcaQrFields) => {
    const decoded = found.get(TAGS[field]);
    if (decoded === undefined) throw new RangeError(`ZATCA QR: tag ${TAGS[field]} is missing`);
    return decoded;
  };
  return {
    sellerName: value('sellerName'),
    vatNumber: value('vatNumber'),
    timestamp: value('timestamp'),
    invoiceTotal: value('invoiceTotal'),
    vatTotal: value('vatTotal'),
  };
}
