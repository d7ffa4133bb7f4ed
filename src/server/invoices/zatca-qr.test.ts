import { describe, expect, it } from 'vitest';
import { decodeZatcaQr, encodeZatcaQr, type ZatcaQrFields } from './zatca-qr.js';

// ZATCA, «Guide to Developed FATOORA Compliant QR Code» (18 November 2021): the worked example
// («How to create a TLV QR code») and the example read back from a printed invoice («Manual
// decoding of a TLV QR code»).
const BOBS_RECORDS: ZatcaQrFields = {
  sellerName: 'Bobs Records',
  vatNumber: '310122393500003',
  timestamp: '2022-04-25T15:30:00Z',
  invoiceTotal: '1000.00',
  vatTotal: '150.00',
};
const BOBS_RECORDS_QR =
  'AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==';
const BOBS_BASEMENT_RECORDS: ZatcaQrFields = {
  sellerName: 'Bobs Basement Records',
  vatNumber: '100025906700003',
  timestamp: '2022-04-25T15:30:00Z',
  invoiceTotal: '2100100.99',
  vatTotal: '315015.15',
};
const BOBS_BASEMENT_RECORDS_QR =
  'ARVCb2JzIEJhc2VtZW50IFJlY29yZHMCDzEwMDAyNTkwNjcwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoECjIxMDAxMDAuOTkFCTMxNTAxNS4xNQ==';

const broker: ZatcaQrFields = {
  sellerName: 'مؤسسة نورة العتيبي للوساطة العقارية',
  vatNumber: '310122393500003',
  timestamp: '2026-03-01T09:15:00Z',
  invoiceTotal: '1150.00',
  vatTotal: '150.00',
};

/** The TLV triplets of a QR text, as [tag, length, value bytes]. */
function triplets(base64: string): [number, number, Buffer][] {
  const bytes = Buffer.from(base64, 'base64');
  const out: [number, number, Buffer][] = [];
  for (let at = 0; at < bytes.length; at += 2 + (bytes[at + 1] as number)) {
    const length = bytes[at + 1] as number;
    out.push([bytes[at] as number, length, bytes.subarray(at + 2, at + 2 + length)]);
  }
  return out;
}

const qrOf = (tlv: number[][]) => Buffer.from(tlv.flat()).toString('base64');
const field = (tag: number, value: string) => {
  const bytes = [...Buffer.from(value, 'utf8')];
  return [tag, bytes.length, ...bytes];
};

describe('ZATCA QR code', () => {
  it('encodes ZATCA’s published example byte for byte', () => {
    expect(encodeZatcaQr(BOBS_RECORDS)).toBe(BOBS_RECORDS_QR);
  });

  it('decodes ZATCA’s published examples to their five fields', () => {
    expect(decodeZatcaQr(BOBS_RECORDS_QR)).toEqual(BOBS_RECORDS);
    expect(decodeZatcaQr(BOBS_BASEMENT_RECORDS_QR)).toEqual(BOBS_BASEMENT_RECORDS);
    expect(encodeZatcaQr(BOBS_BASEMENT_RECORDS)).toBe(BOBS_BASEMENT_RECORDS_QR);
  });

  it('round-trips an Arabic seller name, its length counted in UTF-8 bytes', () => {
    const qr = encodeZatcaQr(broker);
    expect(decodeZatcaQr(qr)).toEqual(broker);
    const [first] = triplets(qr);
    // 35 characters: 31 Arabic letters of two bytes each and 4 spaces of one, 66 bytes.
    expect(first?.[0]).toBe(1);
    expect(first?.[1]).toBe(66);
    expect(first?.[1]).toBeGreaterThan(broker.sellerName.length);
    expect(triplets(qr).map(([tag]) => tag)).toEqual([1, 2, 3, 4, 5]);
  });

  it('encodes the name of the guide’s Arabic example with its byte length', () => {
    // «الجواهري العربي»: 14 letters of two bytes and a space, 29 bytes (0x1D).
    const qr = encodeZatcaQr({ ...BOBS_RECORDS, sellerName: 'الجواهري العربي' });
    expect([...Buffer.from(qr, 'base64').subarray(0, 2)]).toEqual([0x01, 0x1d]);
    expect(decodeZatcaQr(qr).sellerName).toBe('الجواهري العربي');
  });

  it('writes a Date time stamp as ISO 8601 in UTC, to the second', () => {
    const qr = encodeZatcaQr({ ...broker, timestamp: new Date('2026-03-01T12:15:00.789+03:00') });
    expect(decodeZatcaQr(qr).timestamp).toBe('2026-03-01T09:15:00Z');
  });

  it('takes control and bidirectional characters out of the seller’s name', () => {
    const qr = encodeZatcaQr({ ...broker, sellerName: '\u202Eمكتب\u0007 الوسيط ' });
    expect(decodeZatcaQr(qr).sellerName).toBe('مكتب الوسيط');
  });

  it('takes a value of 255 bytes and refuses one of 256', () => {
    const max = 'x'.repeat(255);
    expect(decodeZatcaQr(encodeZatcaQr({ ...BOBS_RECORDS, sellerName: max })).sellerName).toBe(max);
    expect(() => encodeZatcaQr({ ...BOBS_RECORDS, sellerName: 'x'.repeat(256) })).toThrow(
      /longer than 255/,
    );
    // 128 Arabic letters are 128 characters but 256 bytes.
    expect(() => encodeZatcaQr({ ...BOBS_RECORDS, sellerName: 'ع'.repeat(128) })).toThrow(
      /256 bytes/,
    );
    expect(() => encodeZatcaQr({ ...BOBS_RECORDS, vatTotal: '1'.repeat(256) })).toThrow(RangeError);
  });

  it('refuses an empty value and a code longer than ZATCA’s 700 characters', () => {
    expect(() => encodeZatcaQr({ ...BOBS_RECORDS, vatNumber: '' })).toThrow(/vatNumber is empty/);
    expect(() => encodeZatcaQr({ ...BOBS_RECORDS, sellerName: ' \u202E ' })).toThrow(/empty/);
    expect(() =>
      encodeZatcaQr({
        ...BOBS_RECORDS,
        sellerName: 'x'.repeat(255),
        invoiceTotal: '1'.repeat(255),
      }),
    ).toThrow(/more than 700/);
  });

  it('skips the phase-2 tags 6 to 9', () => {
    const withStamp = Buffer.concat([
      Buffer.from(BOBS_RECORDS_QR, 'base64'),
      Buffer.from([6, 32, ...new Array<number>(32).fill(0xab)]),
      Buffer.from([8, 3, 1, 2, 3]),
    ]).toString('base64');
    expect(decodeZatcaQr(withStamp)).toEqual(BOBS_RECORDS);
  });

  it.each([
    ['empty text', ''],
    ['not base64', 'not base64!'],
    ['a tag without its length', qrOf([field(1, 'a'), [2]])],
    ['a value running past the end', qrOf([field(1, 'a'), [2, 15, 0x33]])],
    ['a missing tag', qrOf([field(1, 'a'), field(2, '3'), field(3, 't'), field(4, '1.00')])],
    [
      'a repeated tag',
      qrOf([
        field(1, 'a'),
        field(1, 'b'),
        field(2, '3'),
        field(3, 't'),
        field(4, '1'),
        field(5, '0'),
      ]),
    ],
    [
      'a value that is not UTF-8',
      qrOf([[1, 2, 0xc3, 0x28], field(2, '3'), field(3, 't'), field(4, '1'), field(5, '0')]),
    ],
  ])('refuses %s', (_, base64) => {
    expect(() => decodeZatcaQr(base64)).toThrow(RangeError);
  });
});
