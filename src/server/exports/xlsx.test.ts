import { PassThrough } from 'node:stream';
import { crc32, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cleanText } from '#domain';
import { writeWorkbook } from './service.js';
import type { CellValue, Column } from './xlsx.js';

/** Everything written to a stream, once it ends. */
function collect(stream: PassThrough): Promise<Buffer> {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/**
 * Each entry of a ZIP file by its central directory, inflated and checked against the CRC and
 * sizes written for it: stricter than a spreadsheet reader, which may not check them.
 */
function unzip(file: Buffer): Map<string, Buffer> {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(file.readUInt32LE(at)).toBe(0x02014b50);
    const crc = file.readUInt32LE(at + 16);
    const compressed = file.readUInt32LE(at + 20);
    const size = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const local = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    expect(file.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    const data = inflateRawSync(file.subarray(start, start + compressed));
    expect({ name, size: data.length, crc: crc32(data) }).toEqual({ name, size, crc });
    entries.set(name, data);
    at += 46 + nameLength;
  }
  return entries;
}

async function readSheet(file: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  return { workbook, sheet };
}

const COLUMNS: Column[] = [
  { header: 'النص & <الوسوم>', width: 30 },
  { header: 'الرقم', width: 10, kind: 'integer' },
  { header: 'المبلغ', width: 12, kind: 'money' },
  { header: 'التاريخ', width: 18, kind: 'date' },
];

async function* batchesOf(rows: CellValue[][], size: number): AsyncGenerator<CellValue[][]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

describe('the streamed workbook', () => {
  it('writes valid ZIP entries and the cells as cleaned text, typed numbers and dates', async () => {
    const texts = [
      'نص عادي',
      'a & b < c > d "quoted"',
      '  leading and trailing  ',
      'line one\r\nline two\rline three\u2028four',
      'bell\u0007 and nul\u0000 and tab\t',
      'override\u202Emoc.live',
      'marks \u200F kept \u061C',
      'non-characters \uFFFE\uFFFF',
      'half \uD83D pair and whole 😀',
      '=HYPERLINK("https://evil.sa")',
      '\u0007',
      '',
    ];
    const at = new Date(Date.UTC(2026, 0, 31, 21, 5, 7, 123));
    const rows: CellValue[][] = texts.map((text, index) => [
      text,
      index,
      index === 0 ? null : index + 0.25,
      index === 0 ? null : at,
    ]);
    const output = new PassThrough();
    const file = collect(output);
    await writeWorkbook(
      { name: 'ورقة "اختبار"', columns: COLUMNS, rows: batchesOf(rows, 5) },
      output,
      'شريك & co',
    );
    const body = await file;

    const entries = unzip(body);
    expect([...entries.keys()]).toContain('xl/worksheets/sheet1.xml');
    const { workbook, sheet } = await readSheet(body);
    expect(workbook.creator).toBe('شريك & co');
    expect(sheet.name).toBe('ورقة "اختبار"');
    expect(sheet.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getCell(1, 1).value).toBe('النص & <الوسوم>');
    expect(sheet.getColumn(1).width).toBe(30);
    expect(sheet.rowCount).toBe(1 + texts.length);
    for (const [index, text] of texts.entries()) {
      const row = sheet.getRow(index + 2);
      const cleaned = cleanText(text, { multiline: true });
      // An empty text is an empty cell.
      expect(row.getCell(1).value ?? '').toBe(cleaned);
      expect(row.getCell(2).value).toBe(index);
      expect(row.getCell(2).numFmt).toBe('0');
    }
    expect(sheet.getCell(2, 3).value).toBeNull();
    expect(sheet.getCell(3, 3).value).toBe(1.25);
    expect(sheet.getCell(3, 3).numFmt).toBe('#,##0.00');
    expect(sheet.getCell(3, 4).value).toEqual(at);
    expect(sheet.getCell(3, 4).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(sheet.getCell(2, 1).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell(11, 1).formula).toBeUndefined();
  });

  it('keeps every row in order across batches and pieces', async () => {
    const rows: CellValue[][] = Array.from({ length: 1234 }, (_, i) => [`صف ${i}`, i, null, null]);
    const output = new PassThrough();
    const file = collect(output);
    await writeWorkbook(
      { name: 'صفوف', columns: COLUMNS, rows: batchesOf(rows, 500) },
      output,
      'x',
    );
    const { sheet } = await readSheet(await file);
    const numbers: unknown[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) numbers.push(row.getCell(2).value);
    });
    expect(numbers).toEqual(rows.map((row) => row[1]));
  });

  it('stops reading rows when the download is abandoned, without failing', async () => {
    let read = 0;
    let closed = false;
    async function* endless(): AsyncGenerator<CellValue[][]> {
      try {
        for (;;) {
          read++;
          yield Array.from({ length: 500 }, (_, i) => [`نص ${read}-${i}`, i, i, new Date()]);
        }
      } finally {
        closed = true;
      }
    }
    // The client goes away at its first bytes, before any row is read, or after some rows.
    const early = new PassThrough();
    early.once('data', () => early.destroy());
    await writeWorkbook({ name: 'x', columns: COLUMNS, rows: endless() }, early, 'x');
    expect(read).toBe(0);

    const late = new PassThrough();
    let received = 0;
    late.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > 20_000) late.destroy();
    });
    await writeWorkbook({ name: 'x', columns: COLUMNS, rows: endless() }, late, 'x');
    expect(closed).toBe(true);
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(100);
  });
});
