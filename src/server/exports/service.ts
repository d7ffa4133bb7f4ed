import type { Writable } from 'node:stream';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import type { EXPORT_TYPES } from '#contract/admin';
import {
  COMMISSION_STATUS_KEYS,
  cityLabel,
  cleanText,
  commissionStatusLabel,
  propertyTypeLabel,
  REFERRAL_STATUS_KEYS,
  referralStatusLabel,
  riyadhWallClock,
} from '#domain';
import { type BrokerQuery, brokerListWhere } from '../admin/brokers/service.js';
import { type CommissionQuery, commissionListWhere } from '../admin/commissions/service.js';
import { type ReferralQuery, referralListWhere } from '../admin/referrals/service.js';
import type { Database } from '../db/client.js';
import { brokers, commissions, referrals } from '../db/schema.js';

type ExportType = (typeof EXPORT_TYPES)[number];

type CellValue = string | number | Date | null;
type Column = { header: string; width: number; kind?: 'money' | 'date' | 'integer' };

const BATCH = 1000;
const DATE_FORMAT = 'yyyy-mm-dd hh:mm';
const MONEY_FORMAT = '#,##0.00';

/** A position in a newest-first list: the timestamp as text keeps its microseconds. */
type Cursor = { at: string; tie: string | number };

const after = (at: PgColumn, tie: PgColumn, cursor: Cursor | null): SQL | undefined =>
  cursor ? sql`(${at}, ${tie}) < (${cursor.at}::timestamptz, ${cursor.tie})` : undefined;

const money = (value: string | null) => (value === null ? null : Number(value));

/**
 * A text cell as stored values may not be: a name or a note saved before the input rule, or
 * by a path that bypassed it, loses its control and direction characters (XML 1.0 forbids
 * most controls and the non-characters, and Excel refuses a workbook holding them); line feeds
 * stay, as lines within the cell. No formula needs neutralising here, unlike the bank CSV:
 * ExcelJS writes a string as a string value, never as a formula (`<f>`), so «=HYPERLINK(…)» is
 * shown as typed and never run.
 */
const cellOf = (value: CellValue): CellValue =>
  typeof value === 'string' ? cleanText(value, { multiline: true }) : value;
const date = (value: Date | null) => (value ? riyadhWallClock(value) : null);

/**
 * Reads every matching row in batches (keyset, newest first) without holding them all; the
 * next batch is already being read while the caller writes the current one.
 */
async function* batches<Row extends { cursorAt: string }>(
  read: (cursor: Cursor | null) => Promise<Row[]>,
  tieOf: (row: Row) => string | number,
): AsyncGenerator<Row[]> {
  let pending: Promise<Row[]> | null = read(null);
  while (pending) {
    const rows: Row[] = await pending;
    const last = rows.at(-1);
    pending = last && rows.length === BATCH ? read({ at: last.cursorAt, tie: tieOf(last) }) : null;
    // If the download is abandoned, a failure of the batch read ahead is nobody's to handle.
    pending?.catch(() => {});
    if (rows.length > 0) yield rows;
  }
}

type Sheet = { name: string; columns: Column[]; rows: AsyncGenerator<CellValue[][]> };

async function* mapBatches<Row extends { cursorAt: string }>(
  source: AsyncGenerator<Row[]>,
  toCells: (row: Row) => CellValue[],
): AsyncGenerator<CellValue[][]> {
  for await (const rows of source) yield rows.map(toCells);
}

function brokerSheet(db: Database, query: BrokerQuery): Sheet {
  const where = brokerListWhere(query);
  const source = batches(
    (cursor) =>
      db
        .select({ broker: brokers, cursorAt: sql<string>`${brokers.createdAt}::text` })
        .from(brokers)
        .where(and(where, after(brokers.createdAt, brokers.id, cursor)))
        .orderBy(desc(brokers.createdAt), desc(brokers.id))
        .limit(BATCH),
    (row) => row.broker.id,
  );
  return {
    name: 'الوسطاء',
    columns: [
      { header: 'الاسم', width: 26 },
      { header: 'الجوال', width: 14 },
      { header: 'رمز الوسيط', width: 14 },
      { header: 'البريد الإلكتروني', width: 28 },
      { header: 'المكتب', width: 24 },
      { header: 'المدينة', width: 14 },
      { header: 'رخصة فال', width: 14 },
      { header: 'الحالة', width: 12 },
      { header: 'تاريخ طلب التفعيل', width: 18, kind: 'date' },
      { header: 'تاريخ التسجيل', width: 18, kind: 'date' },
    ],
    rows: mapBatches(source, ({ broker: b }) => [
      b.fullName,
      b.phone,
      b.brokerCode,
      b.email,
      b.officeName,
      b.city ? cityLabel(b.city) : null,
      b.falLicense,
      b.isActive ? 'مفعل' : 'غير مفعل',
      date(b.activationRequestedAt),
      date(b.createdAt),
    ]),
  };
}

function referralSheet(db: Database, query: ReferralQuery): Sheet {
  const where = referralListWhere(query);
  const source = batches(
    (cursor) =>
      db
        .select({
          referral: referrals,
          cursorAt: sql<string>`${referrals.submittedAt}::text`,
          brokerName: brokers.fullName,
          brokerPhone: brokers.phone,
          brokerCode: brokers.brokerCode,
          commission: commissions.amount,
          commissionStatus: commissions.status,
        })
        .from(referrals)
        .innerJoin(brokers, eq(brokers.id, referrals.brokerId))
        .leftJoin(commissions, eq(commissions.referralId, referrals.id))
        .where(and(where, after(referrals.submittedAt, referrals.number, cursor)))
        .orderBy(desc(referrals.submittedAt), desc(referrals.number))
        .limit(BATCH),
    (row) => row.referral.number,
  );
  return {
    name: 'الإحالات',
    columns: [
      { header: 'رقم الإحالة', width: 12, kind: 'integer' },
      { header: 'الحالة', width: 26 },
      { header: 'جوال المستأجر', width: 14 },
      { header: 'اسم الوسيط', width: 24 },
      { header: 'رمز الوسيط', width: 14 },
      { header: 'جوال الوسيط', width: 14 },
      { header: 'الإيجار السنوي (ر.س)', width: 18, kind: 'money' },
      { header: 'المدينة', width: 14 },
      { header: 'نوع العقار', width: 12 },
      { header: 'رقم العقد', width: 16 },
      { header: 'العمولة (ر.س)', width: 14, kind: 'money' },
      { header: 'حالة العمولة', width: 14 },
      { header: 'تاريخ الإرسال', width: 18, kind: 'date' },
      { header: 'ملاحظات', width: 40 },
    ],
    rows: mapBatches(source, (row) => {
      const r = row.referral;
      return [
        r.number,
        referralStatusLabel(r.status),
        r.tenantPhone,
        row.brokerName,
        row.brokerCode,
        row.brokerPhone,
        r.rentAmount,
        r.city ? cityLabel(r.city) : null,
        r.propertyType ? propertyTypeLabel(r.propertyType) : null,
        r.contractId,
        money(row.commission),
        row.commissionStatus ? commissionStatusLabel(row.commissionStatus) : null,
        date(r.submittedAt),
        r.notes,
      ];
    }),
  };
}

function commissionSheet(db: Database, query: CommissionQuery): Sheet {
  const where = commissionListWhere(query);
  const source = batches(
    (cursor) =>
      db
        .select({
          commission: commissions,
          cursorAt: sql<string>`${commissions.createdAt}::text`,
          brokerName: brokers.fullName,
          brokerPhone: brokers.phone,
          brokerCode: brokers.brokerCode,
          tenantPhone: referrals.tenantPhone,
          referralNumber: referrals.number,
        })
        .from(commissions)
        .innerJoin(brokers, eq(brokers.id, commissions.brokerId))
        .innerJoin(referrals, eq(referrals.id, commissions.referralId))
        .where(and(where, after(commissions.createdAt, commissions.id, cursor)))
        .orderBy(desc(commissions.createdAt), desc(commissions.id))
        .limit(BATCH),
    (row) => row.commission.id,
  );
  return {
    name: 'العمولات',
    columns: [
      { header: 'المبلغ (ر.س)', width: 14, kind: 'money' },
      { header: 'المدفوع (ر.س)', width: 14, kind: 'money' },
      { header: 'الحالة', width: 12 },
      { header: 'اسم الوسيط', width: 24 },
      { header: 'جوال الوسيط', width: 14 },
      { header: 'رمز الوسيط', width: 14 },
      { header: 'جوال المستأجر', width: 14 },
      { header: 'رقم الإحالة', width: 12, kind: 'integer' },
      { header: 'رقم العقد', width: 16 },
      { header: 'مرجع التحويل', width: 20 },
      { header: 'تاريخ الإنشاء', width: 18, kind: 'date' },
      { header: 'تاريخ الدفع', width: 18, kind: 'date' },
      { header: 'قابلة للدفع من', width: 18, kind: 'date' },
      { header: 'سبب الإلغاء', width: 28 },
      { header: 'المخصوم من الدفعات التالية (ر.س)', width: 16, kind: 'money' },
    ],
    rows: mapBatches(source, (row) => {
      const c = row.commission;
      return [
        money(c.amount),
        money(c.paidAmount),
        commissionStatusLabel(c.status),
        row.brokerName,
        row.brokerPhone,
        row.brokerCode,
        row.tenantPhone,
        row.referralNumber,
        c.contractNumber,
        c.transferReference,
        date(c.createdAt),
        date(c.paidAt),
        date(c.payableAt),
        c.reversalReason,
        money(c.recoveredAmount),
      ];
    }),
  };
}

/** The tab's search and filter; `status` is a referral or commission status key. */
export type ExportQuery = {
  search?: string | undefined;
  filter: BrokerQuery['filter'];
  status?: string | undefined;
  /** Referrals only: just those past their stage's service deadline. */
  overdue?: 'true' | undefined;
};

/**
 * The sheet for one list with the tab's search and filter. Its first batch is read here,
 * so a database failure is still an ordinary error response rather than a broken file.
 */
export async function exportSheet(
  db: Database,
  type: ExportType,
  query: ExportQuery,
): Promise<Sheet> {
  const { search, filter, status, overdue } = query;
  const sheet =
    type === 'brokers'
      ? brokerSheet(db, { search, filter })
      : type === 'referrals'
        ? referralSheet(db, {
            search,
            status: REFERRAL_STATUS_KEYS.find((k) => k === status),
            overdue,
          })
        : commissionSheet(db, {
            search,
            status: COMMISSION_STATUS_KEYS.find((k) => k === status),
          });
  const first = await sheet.rows.next();
  async function* rows(): AsyncGenerator<CellValue[][]> {
    if (first.done) return;
    yield first.value;
    yield* sheet.rows;
  }
  return { ...sheet, rows: rows() };
}

/**
 * Streams the sheet as an .xlsx into `output`: right to left, bold frozen header row,
 * numbers and dates typed, each batch committed as it is read.
 */
export async function writeWorkbook(
  sheet: Sheet,
  output: Writable,
  creator: string,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = creator;
  const worksheet = workbook.addWorksheet(sheet.name, {
    views: [{ rightToLeft: true, state: 'frozen', ySplit: 1 }],
  });
  worksheet.columns = sheet.columns.map((column, index) => ({
    key: String(index),
    header: column.header,
    width: column.width,
    ...(column.kind === 'money' ? { style: { numFmt: MONEY_FORMAT } } : {}),
    ...(column.kind === 'date' ? { style: { numFmt: DATE_FORMAT } } : {}),
    ...(column.kind === 'integer' ? { style: { numFmt: '0' } } : {}),
  }));
  const header = worksheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for await (const rows of sheet.rows) {
    for (const cells of rows) worksheet.addRow(cells.map(cellOf)).commit();
  }
  worksheet.commit();
  await workbook.commit();
}
