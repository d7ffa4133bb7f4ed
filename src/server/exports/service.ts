import type { Writable } from 'node:stream';
import { and, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { EXPORT_TYPES } from '#contract/admin/exports';
import {
  COMMISSION_STATUS_KEYS,
  type CommissionKind,
  cityLabel,
  cleanText,
  commissionKindAr,
  commissionStatusLabel,
  propertyTypeLabel,
  REFERRAL_STATUS_KEYS,
  referralStatusLabel,
  riyadhWallClock,
} from '#domain';
import { type BrokerQuery, brokerListWhere } from '../admin/brokers/service.js';
import { type CommissionQuery, commissionListWhere } from '../admin/commissions/service.js';
import { type ReferralQuery, referralListWhere } from '../admin/referrals/service.js';
import { type Database, rowsOf } from '../db/client.js';
import { brokerNotes, brokers, commissions, referrals } from '../db/schema.js';
import { brokerColumns } from '../http/toolkit.js';
import { dormancyDays } from '../settings/service.js';
import { type CellValue, type SheetSource, writeXlsx } from './xlsx.js';
import { OutputClosed } from './zip.js';

type ExportType = (typeof EXPORT_TYPES)[number];

// Rows a query reads. Few enough that the batch read ahead is written before V8 moves it to
// its old generation: at 1,000 or 2,000 rows, the export of 200,000 referrals peaked 60 MB
// higher; each query's own cost makes fewer rows slower.
const BATCH = 500;

type Sheet = SheetSource & { rows: AsyncGenerator<CellValue[][]> };

/** A position in a newest-first list: the timestamp as text keeps its microseconds. */
type Cursor = { at: string; tie: string | number };

const money = (value: string | null) => (value === null ? null : Number(value));

/**
 * A text cell as stored values may not be: a name or a note saved before the input rule, or
 * by a path that bypassed it, loses its control and direction characters (XML 1.0 forbids
 * most controls and the non-characters, and Excel refuses a workbook holding them); line feeds
 * stay, as lines within the cell. No formula needs neutralising here, unlike the bank CSV:
 * a string is written as an inline string value, never as a formula (`<f>`), so
 * «=HYPERLINK(…)» is shown as typed and never run.
 */
const cellText = (value: string) =>
  CLEANED_AWAY.test(value) || EDGE_SPACE.test(value)
    ? cleanText(value, { multiline: true })
    : value;
/**
 * What `cleanText` (multi-line) changes or drops, so that a text with none of it is known to
 * come back unchanged without rebuilding it one character at a time: controls but line feed,
 * the other line breaks, bidirectional controls, non-characters, and (to be safe, though it
 * keeps pairs) any surrogate; then a space at either end, which it trims. Nearly every name,
 * phone and code has none and is taken as it is; any other text goes through the full rule.
 */
const CLEANED_AWAY =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what it looks for.
  /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069\uD800-\uDFFF\uFFFE\uFFFF]/;
const EDGE_SPACE = /^\s|\s$/;

/**
 * An instant read as milliseconds since 1970, cut to the millisecond as a JavaScript date
 * parsed from the timestamp would be: a number is far cheaper to read than a timestamp's text.
 */
const epochMs = (column: PgColumn) => sql`floor(extract(epoch from ${column}) * 1000)::float8`;
const date = (ms: number | null) => (ms === null ? null : riyadhWallClock(new Date(ms)));

/** A list to export: what each key of its rows reads, from where, which rows, in what order. */
type List<Row> = {
  columns: Record<keyof Row & string, SQLWrapper>;
  from: SQL;
  where: SQL | undefined;
  /** Newest first: the timestamp, then a unique column breaking its ties. */
  order: [at: PgColumn, tie: PgColumn];
};

/**
 * One batch of a list, newest first from `cursor`: each of `columns` as its key. Read as the
 * driver gives them, without mapping each value through its column's type (for 200,000 rows
 * that mapping was a quarter of the export's time), and only the columns the sheet shows.
 */
function readBatch<Row>(db: Database, list: List<Row>, cursor: Cursor | null): Promise<Row[]> {
  const [at, tie] = list.order;
  const condition = and(
    list.where,
    cursor ? sql`(${at}, ${tie}) < (${cursor.at}::timestamptz, ${cursor.tie})` : undefined,
  );
  const columns = Object.entries<SQLWrapper>(list.columns).map(
    ([key, value]) => sql`${value} as ${sql.identifier(key)}`,
  );
  return rowsOf<Row>(
    db,
    sql`select ${sql.join(columns, sql`, `)} from ${list.from}
        ${condition ? sql`where ${condition}` : sql``}
        order by ${at} desc, ${tie} desc limit ${BATCH}`,
  );
}

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

async function* mapBatches<Row>(
  source: AsyncGenerator<Row[]>,
  toCells: (row: Row) => CellValue[],
): AsyncGenerator<CellValue[][]> {
  for await (const rows of source) yield rows.map(toCells);
}

type BrokerRow = {
  id: string;
  cursorAt: string;
  fullName: string | null;
  phone: string;
  brokerCode: string;
  email: string | null;
  officeName: string | null;
  city: string | null;
  falLicense: string | null;
  isActive: boolean;
  activationRequestedAt: number | null;
  createdAt: number;
  tags: string[];
  lastReferralAt: number | null;
  lastNote: string | null;
};

function brokerSheet(db: Database, query: BrokerQuery, dormancy: number): Sheet {
  const list: List<BrokerRow> = {
    columns: {
      id: brokers.id,
      cursorAt: sql`${brokers.createdAt}::text`,
      fullName: brokers.fullName,
      phone: brokers.phone,
      brokerCode: brokers.brokerCode,
      email: brokers.email,
      officeName: brokers.officeName,
      city: brokers.city,
      falLicense: brokers.falLicense,
      isActive: brokers.isActive,
      activationRequestedAt: epochMs(brokers.activationRequestedAt),
      createdAt: epochMs(brokers.createdAt),
      tags: brokers.tags,
      lastReferralAt: sql`floor(extract(epoch from (select max(r.submitted_at) from ${referrals} r
        where r.broker_id = ${brokers.id})) * 1000)::float8`,
      lastNote: sql`(select n.body from ${brokerNotes} n where n.broker_id = ${brokers.id}
        order by n.created_at desc limit 1)`,
    },
    from: sql`${brokers}`,
    where: brokerListWhere(query, dormancy),
    order: [brokers.createdAt, brokers.id],
  };
  const source = batches(
    (cursor) => readBatch(db, list, cursor),
    (row) => row.id,
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
      { header: 'الوسوم', width: 24 },
      { header: 'آخر إحالة', width: 18, kind: 'date' },
      { header: 'آخر ملاحظة للفريق', width: 40 },
    ],
    rows: mapBatches(source, (b) => [
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
      b.tags.join('، ') || null,
      date(b.lastReferralAt),
      b.lastNote,
    ]),
  };
}

type ReferralRow = {
  number: number;
  cursorAt: string;
  status: string;
  tenantPhone: string;
  rentAmount: number | null;
  city: string | null;
  propertyType: string | null;
  contractId: string | null;
  contractStartsOn: string | null;
  contractEndsOn: string | null;
  submittedAt: number;
  notes: string | null;
  brokerName: string | null;
  brokerPhone: string;
  brokerCode: string;
  commission: string | null;
  commissionStatus: string | null;
};

/** A lease's day (`YYYY-MM-DD`) as the sheet's dates are: its noon in Riyadh, so no zone moves it. */
const leaseDay = (day: string | null): number | null =>
  day === null ? null : Date.parse(`${day}T12:00:00+03:00`);

function referralSheet(db: Database, query: ReferralQuery): Sheet {
  const list: List<ReferralRow> = {
    columns: {
      number: referrals.number,
      cursorAt: sql`${referrals.submittedAt}::text`,
      status: referrals.status,
      tenantPhone: referrals.tenantPhone,
      rentAmount: referrals.rentAmount,
      city: referrals.city,
      propertyType: referrals.propertyType,
      contractId: referrals.contractId,
      contractStartsOn: sql<string | null>`${referrals.contractStartsOn}::text`,
      contractEndsOn: sql<string | null>`${referrals.contractEndsOn}::text`,
      submittedAt: epochMs(referrals.submittedAt),
      notes: referrals.notes,
      ...brokerColumns,
      commission: commissions.amount,
      commissionStatus: commissions.status,
    },
    from: sql`${referrals} inner join ${brokers} on ${brokers.id} = ${referrals.brokerId}
              left join ${commissions} on ${commissions.referralId} = ${referrals.id}`,
    where: referralListWhere(query),
    order: [referrals.submittedAt, referrals.number],
  };
  const source = batches(
    (cursor) => readBatch(db, list, cursor),
    (row) => row.number,
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
      { header: 'رقم عقد إيجار', width: 16 },
      { header: 'بداية العقد', width: 14, kind: 'date' },
      { header: 'نهاية العقد', width: 14, kind: 'date' },
      { header: 'العمولة (ر.س)', width: 14, kind: 'money' },
      { header: 'حالة العمولة', width: 14 },
      { header: 'تاريخ الإرسال', width: 18, kind: 'date' },
      { header: 'ملاحظات', width: 40 },
    ],
    rows: mapBatches(source, (r) => [
      r.number,
      referralStatusLabel(r.status),
      r.tenantPhone,
      r.brokerName,
      r.brokerCode,
      r.brokerPhone,
      r.rentAmount,
      r.city ? cityLabel(r.city) : null,
      r.propertyType ? propertyTypeLabel(r.propertyType) : null,
      r.contractId,
      date(leaseDay(r.contractStartsOn)),
      date(leaseDay(r.contractEndsOn)),
      money(r.commission),
      r.commissionStatus ? commissionStatusLabel(r.commissionStatus) : null,
      date(r.submittedAt),
      r.notes,
    ]),
  };
}

type CommissionRow = {
  id: string;
  cursorAt: string;
  amount: string;
  paidAmount: string;
  status: string;
  contractNumber: string | null;
  transferReference: string | null;
  createdAt: number;
  paidAt: number | null;
  payableAt: number;
  reversalReason: string | null;
  recoveredAmount: string;
  brokerName: string | null;
  brokerPhone: string;
  brokerCode: string;
  tenantPhone: string | null;
  referralNumber: number | null;
  kind: CommissionKind;
  reason: string | null;
};

function commissionSheet(db: Database, query: CommissionQuery): Sheet {
  const list: List<CommissionRow> = {
    columns: {
      id: commissions.id,
      cursorAt: sql`${commissions.createdAt}::text`,
      amount: commissions.amount,
      paidAmount: commissions.paidAmount,
      status: commissions.status,
      contractNumber: commissions.contractNumber,
      transferReference: commissions.transferReference,
      createdAt: epochMs(commissions.createdAt),
      paidAt: epochMs(commissions.paidAt),
      payableAt: epochMs(commissions.payableAt),
      reversalReason: commissions.reversalReason,
      recoveredAmount: commissions.recoveredAmount,
      ...brokerColumns,
      tenantPhone: referrals.tenantPhone,
      referralNumber: referrals.number,
      kind: commissions.kind,
      reason: commissions.reason,
    },
    // Adjustments and bonuses have no referral (decision 074): a left join keeps them.
    from: sql`${commissions} inner join ${brokers} on ${brokers.id} = ${commissions.brokerId}
              left join ${referrals} on ${referrals.id} = ${commissions.referralId}`,
    where: commissionListWhere(query),
    order: [commissions.createdAt, commissions.id],
  };
  const source = batches(
    (cursor) => readBatch(db, list, cursor),
    (row) => row.id,
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
      { header: 'رقم عقد إيجار', width: 16 },
      { header: 'مرجع التحويل', width: 20 },
      { header: 'تاريخ الإنشاء', width: 18, kind: 'date' },
      { header: 'تاريخ الدفع', width: 18, kind: 'date' },
      { header: 'قابلة للدفع من', width: 18, kind: 'date' },
      { header: 'سبب الإلغاء', width: 28 },
      { header: 'المخصوم من الدفعات التالية (ر.س)', width: 16, kind: 'money' },
      { header: 'النوع', width: 12 },
      { header: 'سبب التسوية أو المكافأة', width: 28 },
    ],
    rows: mapBatches(source, (c) => [
      money(c.amount),
      money(c.paidAmount),
      commissionStatusLabel(c.status),
      c.brokerName,
      c.brokerPhone,
      c.brokerCode,
      c.tenantPhone,
      c.referralNumber,
      c.contractNumber,
      c.transferReference,
      date(c.createdAt),
      date(c.paidAt),
      date(c.payableAt),
      c.reversalReason,
      money(c.recoveredAmount),
      commissionKindAr(c.kind),
      c.reason,
    ]),
  };
}

/** The tab's search and filter; `status` is a referral or commission status key. */
export type ExportQuery = {
  search?: string | undefined;
  filter: BrokerQuery['filter'];
  /** Brokers only: those with this tag. */
  tag?: string | undefined;
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
  const { search, filter, tag, status, overdue } = query;
  const sheet =
    type === 'brokers'
      ? brokerSheet(db, { search, filter, tag }, await dormancyDays(db))
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
 * numbers and dates typed, each batch written (and compressed) as it is read, and never
 * faster than `output` is read. A download abandoned midway ends the writing quietly: no more
 * batches are read for it.
 */
export async function writeWorkbook(
  sheet: Sheet,
  output: Writable,
  creator: string,
): Promise<void> {
  try {
    await writeXlsx(output, sheet, { creator, text: cellText });
    output.end();
  } catch (error) {
    if (!(error instanceof OutputClosed)) throw error;
  }
}
