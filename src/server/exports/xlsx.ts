import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ZipWriter } from './zip.js';

/**
 * A one-sheet .xlsx written straight from rows as they are read: the sheet's XML is built as
 * text, a few rows at a time, and compressed while the next batch is read. A general workbook
 * library (ExcelJS, used before) builds a row object, a cell object and a merged style per
 * cell, and serialises each style again to find it already known: for 200,000 referrals that
 * was most of the export's time and garbage. The parts written are those a reader needs
 * (Excel, LibreOffice, ExcelJS): content types, relationships, the workbook, its styles, the
 * sheet and its author; the styles and the sheet's settings are those ExcelJS wrote.
 */

export type CellValue = string | number | Date | null;
export type Column = { header: string; width: number; kind?: 'money' | 'date' | 'integer' };
export type SheetSource = {
  name: string;
  columns: Column[];
  /** Batches of rows, each row a cell per column, in the columns' order. */
  rows: AsyncIterable<CellValue[][]>;
};

const DATE_FORMAT = 'yyyy-mm-dd hh:mm';

// The cell formats (cellXfs) of styles.xml by index: a column's kind, and the same in bold for
// the header row (index + HEADER). Number formats 1 and 4 are built in ("0" and "#,##0.00"),
// 164 the first custom one.
const STYLE = { integer: 1, money: 2, date: 3 } as const;
const HEADER = 4;
const STYLES_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  `<numFmts count="1"><numFmt numFmtId="164" formatCode="${DATE_FORMAT}"/></numFmts>` +
  '<fonts count="2">' +
  '<font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '</fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="8">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="1" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>' +
  '<xf numFmtId="4" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

const CONTENT_TYPES_XML =
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
  '</Types>';

const ROOT_RELS_XML =
  `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
  '</Relationships>';

const WORKBOOK_RELS_XML =
  `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>` +
  '</Relationships>';

/**
 * Text escaped for XML, without the characters XML 1.0 cannot hold at all (C0 controls but
 * tab and line breaks, U+FFFE, U+FFFF, halves of surrogate pairs). The caller has cleaned the
 * text already; this keeps the file well-formed whatever reaches it.
 */
const XML_UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the controls XML 1.0 forbids.
  /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeXml = (text: string) => text.replace(XML_UNSAFE, (char) => ENTITIES[char] ?? '');
// Whitespace a reader would otherwise be free to drop: at either end, or a line break.
const KEEP_SPACES = /^\s|\n|\s$/;

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * Rows of XML handed on at once, about 20,000 characters. A batch's XML as one string (a
 * megabyte or two, built while the batch was written) lived long enough to be moved to V8's
 * old generation, or was put there at once past about 128 KB, and piled up there until a full
 * collection: the heap grew by 100 MB during an export of 200,000 rows. Pieces this small die
 * young.
 */
const ROWS_PER_PIECE = 50;

const MS_PER_DAY = 86_400_000;
// 1970-01-01 as a spreadsheet day number (1900 date system, its leap-year bug included).
const UNIX_EPOCH_DAY = 25_569;

/**
 * Writes `sheet` as an .xlsx into `output`: right to left, bold frozen header row, numbers
 * and dates typed, strings as inline text. `text` cleans each string cell first. Resolves
 * when the file is complete; rejects with `OutputClosed` if `output` closes first.
 */
export async function writeXlsx(
  output: Writable,
  sheet: SheetSource,
  options: { creator: string; text: (value: string) => string; now?: Date },
): Promise<void> {
  const now = options.now ?? new Date();
  const zip = new ZipWriter(output, now);
  const stamp = `${now.toISOString().slice(0, 19)}Z`;
  const creator = escapeXml(options.creator);
  await zip.add('[Content_Types].xml', CONTENT_TYPES_XML);
  await zip.add('_rels/.rels', ROOT_RELS_XML);
  await zip.add(
    'docProps/core.xml',
    `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
      `<dc:creator>${creator}</dc:creator><cp:lastModifiedBy>${creator}</cp:lastModifiedBy>` +
      `<dcterms:created xsi:type="dcterms:W3CDTF">${stamp}</dcterms:created>` +
      `<dcterms:modified xsi:type="dcterms:W3CDTF">${stamp}</dcterms:modified>` +
      '</cp:coreProperties>',
  );
  await zip.add(
    'xl/workbook.xml',
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
      '<bookViews><workbookView/></bookViews>' +
      `<sheets><sheet name="${escapeXml(sheet.name)}" sheetId="1" r:id="rId1"/></sheets>` +
      '</workbook>',
  );
  await zip.add('xl/_rels/workbook.xml.rels', WORKBOOK_RELS_XML);
  await zip.add('xl/styles.xml', STYLES_XML);
  await zip.stream('xl/worksheets/sheet1.xml', sheetXml(sheet, options.text));
  await zip.finish();
}

/** The sheet's XML in pieces: the head with the header row, the rows a few at a time, the tail. */
async function* sheetXml(
  sheet: SheetSource,
  text: (value: string) => string,
): AsyncGenerator<string> {
  // Each column's fixed text, made once: its <col>, its header cell, and the text of its cells
  // around their row number and value. Every cell of a typed column carries the column's
  // format, as a cell typed into it later would.
  const layout = sheet.columns.map((column, index) => {
    const number = index + 1;
    const letter = columnLetters(index);
    const style = column.kind ? STYLE[column.kind] : 0;
    const styled = style ? ` s="${style}"` : '';
    return {
      col: `<col min="${number}" max="${number}" width="${column.width}" customWidth="1"${style ? ` style="${style}"` : ''}/>`,
      header: `<c r="${letter}1" s="${HEADER + style}" t="inlineStr"><is><t>${escapeXml(column.header)}</t></is></c>`,
      opening: `<c r="${letter}`,
      asText: `"${styled} t="inlineStr"><is><t`,
      asNumber: `"${styled}><v>`,
    };
  });
  const asDate = `" s="${STYLE.date}"><v>`;
  yield `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0" rightToLeft="1">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${layout.map((c) => c.col).join('')}</cols>` +
    `<sheetData><row r="1" s="${HEADER}" customFormat="1">${layout.map((c) => c.header).join('')}</row>`;

  // The XML is gathered as parts and joined once per piece: one flat string, rather than a
  // chain of concatenations per cell to be flattened again when encoded.
  let parts: string[] = [];
  let rowNumber = 1;
  let rowsInPiece = 0;
  for await (const rows of sheet.rows) {
    for (const cells of rows) {
      rowNumber++;
      const row = String(rowNumber);
      parts.push('<row r="', row, '">');
      for (let index = 0; index < layout.length; index++) {
        const column = layout[index];
        const value = cells[index];
        // Nothing is written for an empty value: the column's format still applies to it.
        if (!column || value === null || value === undefined) continue;
        if (typeof value === 'string') {
          const cleaned = text(value);
          if (cleaned === '') continue;
          const space = KEEP_SPACES.test(cleaned) ? ' xml:space="preserve">' : '>';
          parts.push(
            column.opening,
            row,
            column.asText,
            space,
            escapeXml(cleaned),
            '</t></is></c>',
          );
        } else if (typeof value === 'number') {
          if (!Number.isFinite(value)) continue;
          parts.push(column.opening, row, column.asNumber, String(value), '</v></c>');
        } else {
          // A date is a day number shown through the date format; its fields as given (UTC).
          const day = UNIX_EPOCH_DAY + value.getTime() / MS_PER_DAY;
          parts.push(column.opening, row, asDate, String(day), '</v></c>');
        }
      }
      parts.push('</row>');
      if (++rowsInPiece === ROWS_PER_PIECE) {
        yield parts.join('');
        parts = [];
        rowsInPiece = 0;
      }
    }
    // Other requests are answered between two batches, even when the next one is already read.
    await nextTurn();
  }
  if (parts.length > 0) yield parts.join('');
  yield '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';
}
