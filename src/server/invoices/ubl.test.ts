import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateXML, type XMLValidationResult } from 'xmllint-wasm';
import {
  SELF_BILLED_STANDARD_INVOICE,
  type SelfBilledInvoice,
  selfBilledInvoiceXml,
} from './ubl.js';
import { decodeZatcaQr, encodeZatcaQr } from './zatca-qr.js';

/**
 * The schema the invoice is validated against, and its main file. A stand-in for the official
 * OASIS UBL 2.1 schema until its files can be vendored: ubl-2.1-subset/README.md says what it
 * is and how to switch to `ubl-2.1/` with `maindoc/UBL-Invoice-2.1.xsd`.
 */
const SCHEMA = {
  folder: fileURLToPath(new URL('./ubl-2.1-subset/', import.meta.url)),
  main: 'UBL-Invoice-2.1-subset.xsd',
};

/** Every .xsd under the folder, named by its path relative to it, so that imports resolve. */
function schemaFiles(folder: string): { fileName: string; contents: string }[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.xsd'))
    .map((name) => ({
      fileName: name.split(path.sep).join('/'),
      contents: readFileSync(path.join(folder, name), 'utf8'),
    }));
}

const files = schemaFiles(SCHEMA.folder);
const mainSchema = files.find((file) => file.fileName === SCHEMA.main);

/** libxml2's XML Schema validation of a document (xmllint --schema), in WebAssembly. */
function validateUbl(xml: string): Promise<XMLValidationResult> {
  if (!mainSchema) throw new Error(`no ${SCHEMA.main} in ${SCHEMA.folder}`);
  return validateXML({
    xml: { fileName: 'invoice.xml', contents: xml },
    schema: mainSchema,
    preload: files.filter((file) => file !== mainSchema),
  });
}

const invoice: SelfBilledInvoice = {
  invoiceNumber: 'SB-2026-000123',
  uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
  // 21:30 UTC on 28 February is 00:30 on 1 March in Riyadh.
  issuedAt: new Date('2026-02-28T21:30:15.250Z'),
  supplyDate: '2026-02-25',
  supplier: {
    name: 'مؤسسة نورة العتيبي للوساطة العقارية',
    vatNumber: '310122393500003',
    crNumber: '7001234567',
    address: {
      street: 'طريق الملك فهد',
      buildingNumber: '2322',
      additionalNumber: '8228',
      district: 'العليا',
      city: 'الرياض',
      postalCode: '12214',
    },
  },
  customer: {
    name: 'شركة شريك للتمويل',
    vatNumber: '٣٠٠٠٠٠٠٠٠٠٠٠٠٠٣',
    crNumber: '1010123456',
  },
  lines: [
    {
      description: 'عمولة إحالة مستأجر',
      ejarContractNumber: '20127868659 / 1',
      net: '1000.00',
    },
  ],
};

/** The text of the first element with that name, or null. */
function textOf(xml: string, name: string): string | null {
  const match = new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`).exec(xml);
  return match ? (match[1] ?? '') : null;
}

describe('self-billed commission invoice in UBL 2.1', () => {
  it('is valid against the UBL 2.1 schema', async () => {
    const { xml } = selfBilledInvoiceXml(invoice);
    const result = await validateUbl(xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('is a standard tax invoice, self-billed, in riyals', () => {
    const { xml } = selfBilledInvoiceXml(invoice);
    expect(SELF_BILLED_STANDARD_INVOICE).toBe('0100001');
    expect(xml).toContain('<cbc:InvoiceTypeCode name="0100001">388</cbc:InvoiceTypeCode>');
    expect(textOf(xml, 'cbc:ProfileID')).toBe('reporting:1.0');
    expect(textOf(xml, 'cbc:ID')).toBe('SB-2026-000123');
    expect(textOf(xml, 'cbc:UUID')).toBe(invoice.uuid);
    expect(textOf(xml, 'cbc:DocumentCurrencyCode')).toBe('SAR');
    expect(textOf(xml, 'cbc:TaxCurrencyCode')).toBe('SAR');
    expect(textOf(xml, 'cbc:Note')).toContain('الفوترة الذاتية');
    expect(textOf(xml, 'cbc:ActualDeliveryDate')).toBe('2026-02-25');
  });

  it('is dated in Riyadh time', () => {
    const { xml } = selfBilledInvoiceXml(invoice);
    expect(textOf(xml, 'cbc:IssueDate')).toBe('2026-03-01');
    expect(textOf(xml, 'cbc:IssueTime')).toBe('00:30:15');
  });

  it('names the broker as supplier and the provider as customer', () => {
    const { xml } = selfBilledInvoiceXml(invoice);
    const supplier = xml.slice(
      xml.indexOf('<cac:AccountingSupplierParty>'),
      xml.indexOf('</cac:AccountingSupplierParty>'),
    );
    const customer = xml.slice(
      xml.indexOf('<cac:AccountingCustomerParty>'),
      xml.indexOf('</cac:AccountingCustomerParty>'),
    );
    expect(textOf(supplier, 'cbc:RegistrationName')).toBe(invoice.supplier.name);
    expect(textOf(supplier, 'cbc:CompanyID')).toBe('310122393500003');
    expect(supplier).toContain('<cbc:ID schemeID="CRN">7001234567</cbc:ID>');
    expect(textOf(supplier, 'cbc:PostalZone')).toBe('12214');
    expect(textOf(supplier, 'cbc:IdentificationCode')).toBe('SA');
    expect(textOf(customer, 'cbc:RegistrationName')).toBe('شركة شريك للتمويل');
    // Arabic-Indic digits typed in a VAT number are written as Latin ones.
    expect(textOf(customer, 'cbc:CompanyID')).toBe('300000000000003');
    expect(customer).not.toContain('cac:PostalAddress');
  });

  it('carries the commission, 15% VAT in category S, and the totals', () => {
    const { xml, totals } = selfBilledInvoiceXml(invoice);
    expect(totals).toEqual({ net: '1000.00', vat: '150.00', gross: '1150.00' });
    expect(xml).toContain('<cbc:TaxAmount currencyID="SAR">150.00</cbc:TaxAmount>');
    expect(xml).toContain('<cbc:TaxableAmount currencyID="SAR">1000.00</cbc:TaxableAmount>');
    expect(xml).toMatch(
      /<cbc:ID schemeID="UN\/ECE 5305" schemeAgencyID="6">S<\/cbc:ID>\s*<cbc:Percent>15\.00<\/cbc:Percent>/,
    );
    expect(xml).toContain(
      '<cbc:TaxInclusiveAmount currencyID="SAR">1150.00</cbc:TaxInclusiveAmount>',
    );
    expect(xml).toContain('<cbc:PayableAmount currencyID="SAR">1150.00</cbc:PayableAmount>');
    expect(xml).toContain('<cbc:RoundingAmount currencyID="SAR">1150.00</cbc:RoundingAmount>');
    expect(textOf(xml, 'cbc:Name')).toBe('عمولة إحالة مستأجر - عقد إيجار رقم 20127868659/1');
    expect(xml.match(/<cac:TaxTotal>/g)).toHaveLength(3); // two for the invoice, one for the line
  });

  it('puts one line per commission and the VAT of their sum once rounded', async () => {
    const { xml, totals } = selfBilledInvoiceXml({
      ...invoice,
      lines: [
        { description: 'عمولة', ejarContractNumber: '10291773282', net: '0.03' },
        { description: 'عمولة', ejarContractNumber: '10291773283', net: '0.03' },
        { description: 'عمولة', ejarContractNumber: '10291773284', net: '0.04' },
      ],
    });
    // Each line's VAT rounds to 0.00 or 0.01; the invoice's is 15% of 0.10 = 0.015 → 0.02.
    expect(totals).toEqual({ net: '0.10', vat: '0.02', gross: '0.12' });
    expect(xml.match(/<cac:InvoiceLine>/g)).toHaveLength(3);
    expect(xml).toContain('<cbc:ID>3</cbc:ID>');
    expect((await validateUbl(xml)).valid).toBe(true);
  });

  it('carries the invoice counter and the previous hash when given', async () => {
    const { xml } = selfBilledInvoiceXml({
      ...invoice,
      clearance: {
        invoiceCounter: 42,
        previousInvoiceHash:
          'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==',
      },
    });
    expect(xml).toMatch(/<cbc:ID>ICV<\/cbc:ID>\s*<cbc:UUID>42<\/cbc:UUID>/);
    expect(xml).toContain('<cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">NWZl');
    expect((await validateUbl(xml)).valid).toBe(true);
  });

  it('escapes every text and drops control and direction characters', async () => {
    const { xml } = selfBilledInvoiceXml({
      ...invoice,
      invoiceNumber: 'SB<1>&"2"',
      supplier: { ...invoice.supplier, name: '\u202Eمكتب "الأمل" & <شركاه>\u0007 \'م\'' },
      lines: [
        {
          description: 'عمولة <b>إحالة</b> & تسويق',
          ejarContractNumber: '20127868659',
          net: '1000',
        },
      ],
    });
    expect(xml).toContain('<cbc:ID>SB&lt;1&gt;&amp;&quot;2&quot;</cbc:ID>');
    expect(xml).toContain(
      '<cbc:RegistrationName>مكتب &quot;الأمل&quot; &amp; &lt;شركاه&gt; &apos;م&apos;</cbc:RegistrationName>',
    );
    expect(xml).toContain('عمولة &lt;b&gt;إحالة&lt;/b&gt; &amp; تسويق');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters that must not be there.
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u202A-\u202E\u2066-\u2069]/);
    expect((await validateUbl(xml)).valid).toBe(true);
  });

  it('gives the totals a QR code needs', () => {
    const { totals } = selfBilledInvoiceXml(invoice);
    const qr = encodeZatcaQr({
      sellerName: invoice.supplier.name,
      vatNumber: '310122393500003',
      timestamp: invoice.issuedAt,
      invoiceTotal: totals.gross,
      vatTotal: totals.vat,
    });
    expect(decodeZatcaQr(qr)).toEqual({
      sellerName: invoice.supplier.name,
      vatNumber: '310122393500003',
      timestamp: '2026-02-28T21:30:15Z',
      invoiceTotal: '1150.00',
      vatTotal: '150.00',
    });
  });

  it.each([
    [
      'the supplier’s VAT number',
      { supplier: { ...invoice.supplier, vatNumber: '310122393500004' } },
    ],
    ['the customer’s VAT number', { customer: { ...invoice.customer, vatNumber: '12345' } }],
    ['a CR number', { supplier: { ...invoice.supplier, crNumber: '123' } }],
    ['a postal code', { supplier: { ...invoice.supplier, address: { postalCode: '1221' } } }],
    ['an Ejar number', { lines: [{ description: 'عمولة', ejarContractNumber: '123', net: '1' }] }],
    [
      'an amount',
      { lines: [{ description: 'عمولة', ejarContractNumber: '20127868659', net: '-1' }] },
    ],
    [
      'a description',
      { lines: [{ description: ' \u202E ', ejarContractNumber: '20127868659', net: '1' }] },
    ],
    ['no line', { lines: [] }],
    ['a UUID', { uuid: 'not-a-uuid' }],
    ['a supply date', { supplyDate: '2026-02-30' }],
    ['an issue time', { issuedAt: new Date('nonsense') }],
    ['a supplier name', { supplier: { ...invoice.supplier, name: '\u0007' } }],
    ['an invoice counter', { clearance: { invoiceCounter: 0, previousInvoiceHash: 'AAAA' } }],
    ['a previous hash', { clearance: { invoiceCounter: 1, previousInvoiceHash: 'not base64' } }],
  ] satisfies [string, Partial<SelfBilledInvoice>][])(
    'refuses %s that is not valid',
    (_, change) => {
      expect(() => selfBilledInvoiceXml({ ...invoice, ...change })).toThrow(RangeError);
    },
  );
});

describe('the schema check itself', () => {
  const { xml } = selfBilledInvoiceXml(invoice);

  it.each([
    [
      'a required element is missing',
      xml.replace(/\s*<cbc:IssueDate>[^<]*<\/cbc:IssueDate>/, ''),
      'IssueDate',
    ],
    [
      'the monetary total is missing',
      xml.replace(/\s*<cac:LegalMonetaryTotal>[\s\S]*?<\/cac:LegalMonetaryTotal>/, ''),
      'LegalMonetaryTotal',
    ],
    [
      'two elements are out of order',
      xml.replace(/(\s*<cbc:ProfileID>[^<]*<\/cbc:ProfileID>)(\s*<cbc:ID>[^<]*<\/cbc:ID>)/, '$2$1'),
      'ProfileID',
    ],
    ['an amount has no currency', xml.replace(' currencyID="SAR">150.00', '>150.00'), 'currencyID'],
    ['an amount is not a number', xml.replace('>1150.00<', '>1,150.00<'), 'decimal'],
    ['a date is not a date', xml.replace('>2026-02-25<', '>25/02/2026<'), 'date'],
    ['the namespace is wrong', xml.replace('Invoice-2"', 'Invoice-3"'), 'Invoice'],
    ['the text is not well-formed', xml.replace('SB-2026-000123', 'SB & 123'), 'EntityRef'],
  ])('rejects the invoice when %s', async (_, broken, mentioned) => {
    expect(broken).not.toBe(xml);
    const result = await validateUbl(broken);
    expect(result.valid).toBe(false);
    expect(result.errors.map((error) => error.message).join('\n')).toContain(mentioned);
  });
});

describe('a payment that also deducted a reversed commission', () => {
  const withDeduction: SelfBilledInvoice = {
    ...invoice,
    lines: [
      ...invoice.lines,
      // A commission signed before Ejar numbers were asked: no contract on the line.
      { description: 'عمولة إحالة مستأجر', ejarContractNumber: null, net: '500.00' },
    ],
    allowance: { reason: 'خصم عمولة ملغاة سبق دفعها', amount: '300.00' },
  };

  it('states the deduction as an allowance before VAT, and stays valid UBL 2.1', async () => {
    const { xml, totals } = selfBilledInvoiceXml(withDeduction);
    expect(totals).toEqual({ net: '1200.00', vat: '180.00', gross: '1380.00' });
    expect(xml).toMatch(
      /<cac:AllowanceCharge>\s*<cbc:ChargeIndicator>false<\/cbc:ChargeIndicator>\s*<cbc:AllowanceChargeReason>خصم عمولة ملغاة سبق دفعها<\/cbc:AllowanceChargeReason>\s*<cbc:Amount currencyID="SAR">300.00<\/cbc:Amount>/,
    );
    expect(textOf(xml, 'cbc:LineExtensionAmount')).toBe('1500.00');
    expect(xml).toContain(
      '<cbc:AllowanceTotalAmount currencyID="SAR">300.00</cbc:AllowanceTotalAmount>',
    );
    expect(xml).toContain('<cbc:PayableAmount currencyID="SAR">1380.00</cbc:PayableAmount>');
    expect(xml).toContain('<cbc:Name>عمولة إحالة مستأجر</cbc:Name>');
    const result = await validateUbl(xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('refuses a deduction as large as the lines', () => {
    expect(() =>
      selfBilledInvoiceXml({ ...invoice, allowance: { reason: 'خصم', amount: '1000.00' } }),
    ).toThrow(RangeError);
  });
});
