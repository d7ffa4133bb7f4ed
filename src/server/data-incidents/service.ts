import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { dataIncidentEndpoints } from '#contract/data-incidents';
import { type DataIncidentNotice, dataIncidentClock, SDAIA_DEADLINE_HOURS } from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import type { Database } from '../db/client.js';
import { brokers, type DataIncident, dataIncidents } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { ADMIN_PAGE_SIZE, pageOffset } from '../http/toolkit.js';

type ListQuery = z.output<typeof dataIncidentEndpoints.list.query>;
type CreateBody = z.output<typeof dataIncidentEndpoints.create.body>;
type UpdateBody = z.output<typeof dataIncidentEndpoints.update.body>;

const NOT_FOUND = 'الحادثة غير موجودة';

/** Who recorded an incident, as the register shows it. */
type Recorder = { id: string; fullName: string | null; phone: string };

/** An incident as the contract answers it, its clock computed at `now`. */
export function toDataIncidentView(incident: DataIncident, recordedBy: Recorder, now: Date) {
  const clock = dataIncidentClock(incident, now);
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  return {
    id: incident.id,
    title: incident.title,
    description: incident.description,
    dataCategories: incident.dataCategories,
    affectedCount: incident.affectedCount,
    discoveredAt: incident.discoveredAt.toISOString(),
    occurredAt: iso(incident.occurredAt),
    recordedBy,
    sdaiaNotice: incident.sdaiaNotice,
    sdaiaNotifiedAt: iso(incident.sdaiaNotifiedAt),
    sdaiaReference: incident.sdaiaReference,
    subjectsNotice: incident.subjectsNotice,
    subjectsNotifiedAt: iso(incident.subjectsNotifiedAt),
    measures: incident.measures,
    status: incident.status,
    closedAt: iso(incident.closedAt),
    createdAt: incident.createdAt.toISOString(),
    updatedAt: incident.updatedAt.toISOString(),
    clock: { ...clock, deadlineAt: clock.deadlineAt.toISOString() },
  };
}

const recorderColumns = { id: brokers.id, fullName: brokers.fullName, phone: brokers.phone };

async function recorderOf(db: Pick<Database, 'select'>, id: string): Promise<Recorder> {
  const [recorder] = await db.select(recorderColumns).from(brokers).where(eq(brokers.id, id));
  if (!recorder) throw notFound(NOT_FOUND);
  return recorder;
}

/**
 * The breach register: open incidents first, the most recently discovered first within each,
 * with how many are open and how many are past their 72 hours without a notice to SDAIA.
 */
export async function listDataIncidents(db: Database, query: ListQuery, now: Date) {
  const { status, page } = query;
  const where = status ? eq(dataIncidents.status, status) : undefined;
  const deadlinePassed = new Date(now.getTime() - SDAIA_DEADLINE_HOURS * 3_600_000);
  const [rows, [total], [counts]] = await Promise.all([
    db
      .select({ incident: dataIncidents, recordedBy: recorderColumns })
      .from(dataIncidents)
      .innerJoin(brokers, eq(brokers.id, dataIncidents.recordedBy))
      .where(where)
      .orderBy(
        desc(sql`${dataIncidents.status} = 'open'`),
        desc(dataIncidents.discoveredAt),
        asc(dataIncidents.id),
      )
      .limit(ADMIN_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ value: count() }).from(dataIncidents).where(where),
    db
      .select({
        open: sql<number>`count(*) filter (where ${dataIncidents.status} = 'open')::int`,
        overdue: sql<number>`count(*) filter (where ${and(
          eq(dataIncidents.sdaiaNotice, 'pending'),
          lt(dataIncidents.discoveredAt, deadlinePassed),
        )})::int`,
      })
      .from(dataIncidents),
  ]);
  return {
    items: rows.map((row) => toDataIncidentView(row.incident, row.recordedBy, now)),
    total: total?.value ?? 0,
    page,
    pageSize: ADMIN_PAGE_SIZE,
    counts: counts ?? { open: 0, overdue: 0 },
  };
}

/** Records an incident and its audit row in one transaction. */
export async function createDataIncident(
  db: Database,
  body: CreateBody,
  recordedBy: string,
  record: AuditRecorder,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [incident] = await tx
      .insert(dataIncidents)
      .values({
        title: body.title,
        description: body.description,
        dataCategories: body.dataCategories,
        affectedCount: body.affectedCount,
        discoveredAt: new Date(body.discoveredAt),
        occurredAt: body.occurredAt ? new Date(body.occurredAt) : null,
        recordedBy,
        measures: body.measures || null,
      })
      .returning();
    if (!incident) throw new Error('the incident was not recorded');
    await record(tx, {
      action: 'data_incident.create',
      entityType: 'data_incident',
      entityId: incident.id,
      after: {
        title: incident.title,
        dataCategories: incident.dataCategories,
        affectedCount: incident.affectedCount,
        discoveredAt: incident.discoveredAt.toISOString(),
        occurredAt: incident.occurredAt?.toISOString() ?? null,
      },
    });
    return toDataIncidentView(incident, await recorderOf(tx, recordedBy), now);
  });
}

/** A 400 naming one field, as schema validation answers. */
const fieldError = (field: string, message: string) =>
  new AppError(400, 'VALIDATION_ERROR', message, { fields: { [field]: message } });

type NoticeChange = { notice: DataIncidentNotice; notifiedAt: Date | null };

/**
 * A notice's new state, or null when it does not change. A notice given is final: the register
 * is what SDAIA may ask for, so its time is never moved afterwards (409).
 */
function noticeChange(
  current: DataIncidentNotice,
  asked: DataIncidentNotice | undefined,
  at: string | undefined,
  discoveredAt: Date,
  names: { field: string; recorded: string },
): NoticeChange | null {
  if (asked === undefined || (asked === current && asked !== 'notified')) return null;
  if (current === 'notified') throw new AppError(409, 'NOTICE_RECORDED', names.recorded);
  if (asked !== 'notified') return { notice: asked, notifiedAt: null };
  const notifiedAt = new Date(at ?? '');
  if (notifiedAt < discoveredAt) {
    throw fieldError(names.field, 'وقت الإبلاغ لا يمكن أن يسبق وقت اكتشاف الحادثة');
  }
  return { notice: 'notified', notifiedAt };
}

/**
 * Changes an incident under its row lock: its notices (each recorded once), its measures, its
 * status (closing needs both notices settled and the measures written). Each kind of change is
 * audited in the same transaction; nothing that does not change is written.
 */
export async function updateDataIncident(
  db: Database,
  id: string,
  body: UpdateBody,
  record: AuditRecorder,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [incident] = await tx
      .select()
      .from(dataIncidents)
      .where(eq(dataIncidents.id, id))
      .for('update');
    if (!incident) throw notFound(NOT_FOUND);
    const reopening = incident.status === 'closed' && body.status === 'open';
    const changesOther = [
      body.sdaiaNotice,
      body.subjectsNotice,
      body.measures,
      body.sdaiaReference,
    ].some((value) => value !== undefined);
    if (incident.status === 'closed' && !reopening && changesOther) {
      throw new AppError(409, 'INCIDENT_CLOSED', 'الحادثة مغلقة، أعد فتحها قبل تعديلها');
    }
    const sdaia = noticeChange(
      incident.sdaiaNotice,
      body.sdaiaNotice,
      body.sdaiaNotifiedAt,
      incident.discoveredAt,
      { field: 'sdaiaNotifiedAt', recorded: 'سُجّل إبلاغ سدايا من قبل ولا يمكن تغييره' },
    );
    const subjects = noticeChange(
      incident.subjectsNotice,
      body.subjectsNotice,
      body.subjectsNotifiedAt,
      incident.discoveredAt,
      {
        field: 'subjectsNotifiedAt',
        recorded: 'سُجّل إبلاغ أصحاب البيانات من قبل ولا يمكن تغييره',
      },
    );
    const measures = body.measures === undefined ? incident.measures : body.measures || null;
    const status = body.status ?? incident.status;
    if (status === 'closed' && incident.status === 'open') {
      const settled = (change: NoticeChange | null, current: DataIncidentNotice) =>
        (change?.notice ?? current) !== 'pending';
      if (
        !settled(sdaia, incident.sdaiaNotice) ||
        !settled(subjects, incident.subjectsNotice) ||
        !measures
      ) {
        throw new AppError(
          409,
          'INCIDENT_NOT_READY',
          'لا تُغلق الحادثة قبل حسم إبلاغ سدايا وإبلاغ أصحاب البيانات وكتابة الإجراءات المتخذة',
        );
      }
    }

    const entry = { entityType: 'data_incident', entityId: incident.id };
    const changes: Partial<typeof dataIncidents.$inferInsert> = {};
    if (sdaia) {
      const reference = sdaia.notice === 'notified' ? body.sdaiaReference || null : null;
      Object.assign(changes, {
        sdaiaNotice: sdaia.notice,
        sdaiaNotifiedAt: sdaia.notifiedAt,
        sdaiaReference: reference,
      });
      await record(tx, {
        ...entry,
        action: 'data_incident.sdaia_notice',
        before: { sdaiaNotice: incident.sdaiaNotice },
        after: {
          sdaiaNotice: sdaia.notice,
          sdaiaNotifiedAt: sdaia.notifiedAt?.toISOString() ?? null,
          sdaiaReference: reference,
        },
      });
    }
    if (subjects) {
      Object.assign(changes, {
        subjectsNotice: subjects.notice,
        subjectsNotifiedAt: subjects.notifiedAt,
      });
      await record(tx, {
        ...entry,
        action: 'data_incident.subjects_notice',
        before: { subjectsNotice: incident.subjectsNotice },
        after: {
          subjectsNotice: subjects.notice,
          subjectsNotifiedAt: subjects.notifiedAt?.toISOString() ?? null,
        },
      });
    }
    if (measures !== incident.measures) {
      changes.measures = measures;
      await record(tx, {
        ...entry,
        action: 'data_incident.measures',
        before: { measures: incident.measures },
        after: { measures },
      });
    }
    if (status !== incident.status) {
      Object.assign(changes, { status, closedAt: status === 'closed' ? now : null });
      await record(tx, {
        ...entry,
        action: status === 'closed' ? 'data_incident.close' : 'data_incident.reopen',
        before: { status: incident.status },
        after: { status },
      });
    }
    let saved = incident;
    if (Object.keys(changes).length > 0) {
      const [row] = await tx
        .update(dataIncidents)
        .set({ ...changes, updatedAt: now })
        .where(eq(dataIncidents.id, incident.id))
        .returning();
      if (!row) throw notFound(NOT_FOUND);
      saved = row;
    }
    return toDataIncidentView(saved, await recorderOf(tx, saved.recordedBy), now);
  });
}
