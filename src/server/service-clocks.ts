import { and, asc, eq, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  addWorkingHours,
  type Holidays,
  isCalendarDay,
  isTimedStage,
  OPEN_REFERRAL_STATUSES,
  PAYMENT_TARGET_HOURS,
  STAGE_TARGET_HOURS,
  TIMED_STAGES,
  workingMsBetween,
} from '#domain';
import type { AuditRecorder } from './audit/service.js';
import type { Database } from './db/client.js';
import type { Queryable } from './db/prepared.js';
import { commissions, publicHolidays, type Referral, referrals } from './db/schema.js';
import { AppError, notFound } from './errors.js';
import { errorLogFields } from './plugins/log-safety.js';

/**
 * Service clocks in Saudi working time (decision record 041). A trigger keeps
 * each referral's `status_changed_at` and clears `stage_due_at` when its status changes; the
 * deadlines are computed here, where working hours and the holidays are known, after every
 * change that may need one and by the housekeeping job.
 */

const UNPAID = ['on_hold', 'pending', 'requested'] as const;
/** Deadlines computed in one statement each, a batch at a time. */
const BATCH = 500;

export async function loadHolidays(db: Pick<Queryable, 'select'>): Promise<Holidays> {
  const rows = await db.select({ day: publicHolidays.day }).from(publicHolidays);
  return new Set(rows.map((row) => row.day));
}

/**
 * Computes the deadlines still missing: a referral that entered a timed stage, a commission
 * not yet paid. Each write names the instant it was computed from, so a status that changed
 * meanwhile (the trigger cleared the deadline again) is left for the next run.
 */
export async function fillServiceDeadlines(db: Queryable): Promise<void> {
  const holidays = await loadHolidays(db);
  for (;;) {
    const waiting = await db
      .select({ id: referrals.id, status: referrals.status, since: referrals.statusChangedAt })
      .from(referrals)
      .where(and(isNull(referrals.stageDueAt), inArray(referrals.status, TIMED_STAGES)))
      .orderBy(asc(referrals.statusChangedAt))
      .limit(BATCH);
    const due = waiting.flatMap((row) =>
      isTimedStage(row.status)
        ? [{ ...row, due: addWorkingHours(row.since, STAGE_TARGET_HOURS[row.status], holidays) }]
        : [],
    );
    if (due.length > 0) {
      await db.execute(sql`
        update referrals r set stage_due_at = v.due
        from (select unnest(${sql.param(due.map((d) => d.id))}::uuid[]) as id,
                     unnest(${sql.param(due.map((d) => d.since.toISOString()))}::timestamptz[]) as since,
                     unnest(${sql.param(due.map((d) => d.due.toISOString()))}::timestamptz[]) as due) v
        where r.id = v.id and date_trunc('milliseconds', r.status_changed_at) = v.since
          and r.stage_due_at is null`);
    }
    if (waiting.length < BATCH) break;
  }
  for (;;) {
    const unpaid = await db
      .select({ id: commissions.id, payableAt: commissions.payableAt })
      .from(commissions)
      .where(and(isNull(commissions.payDueAt), inArray(commissions.status, [...UNPAID])))
      .orderBy(asc(commissions.createdAt))
      .limit(BATCH);
    if (unpaid.length > 0) {
      const due = unpaid.map((row) =>
        addWorkingHours(row.payableAt, PAYMENT_TARGET_HOURS, holidays),
      );
      await db.execute(sql`
        update commissions c set pay_due_at = v.due
        from (select unnest(${sql.param(unpaid.map((u) => u.id))}::uuid[]) as id,
                     unnest(${sql.param(due.map((d) => d.toISOString()))}::timestamptz[]) as due) v
        where c.id = v.id and c.pay_due_at is null`);
    }
    if (unpaid.length < BATCH) break;
  }
}

/**
 * After a committed change, in the request: the change stands whatever happens here, so a
 * failure is logged, not answered (the hourly housekeeping computes what is still missing).
 */
export async function fillDeadlinesAfterCommit(db: Database, log: FastifyBaseLogger) {
  await fillServiceDeadlines(db).catch((error: unknown) =>
    log.warn(errorLogFields(error), 'service deadlines not computed'),
  );
}

/**
 * After the holidays change: every open deadline is computed again, in one transaction under an
 * advisory lock, so no reader sees the deadlines blank and two changes at once take turns (the
 * second recomputes with both). A failure is logged: the holiday change stands, and the next
 * change or a restart recomputes.
 */
async function recomputeServiceDeadlines(db: Database, log: FastifyBaseLogger) {
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('service-deadlines'))`);
      await tx
        .update(referrals)
        .set({ stageDueAt: null })
        .where(and(isNotNull(referrals.stageDueAt), inArray(referrals.status, TIMED_STAGES)));
      await tx
        .update(commissions)
        .set({ payDueAt: null })
        .where(and(isNotNull(commissions.payDueAt), inArray(commissions.status, [...UNPAID])));
      await fillServiceDeadlines(tx);
    })
    .catch((error: unknown) => log.warn(errorLogFields(error), 'service deadlines not recomputed'));
}

/**
 * How long a referral has waited in its stage, in working time, and its deadline there: for
 * open referrals only (a signed, rejected or cancelled one waits for nothing).
 */
export function stageClock(
  referral: Pick<Referral, 'status' | 'statusChangedAt' | 'stageDueAt'>,
  holidays: Holidays,
  now = new Date(),
) {
  if (!OPEN_REFERRAL_STATUSES.includes(referral.status)) return null;
  return {
    since: referral.statusChangedAt.toISOString(),
    workingMinutes: Math.floor(workingMsBetween(referral.statusChangedAt, now, holidays) / 60_000),
    dueAt: referral.stageDueAt?.toISOString() ?? null,
    overdue: referral.stageDueAt !== null && referral.stageDueAt < now,
  };
}

/** Referrals past their stage's deadline (the admin list's filter). */
export const overdueReferral = (): SQL => lt(referrals.stageDueAt, sql`now()`);

export async function listHolidays(db: Database) {
  const rows = await db
    .select({ day: publicHolidays.day, name: publicHolidays.name })
    .from(publicHolidays)
    .orderBy(asc(publicHolidays.day));
  return { items: rows };
}

/** Adds a holiday (audited); every open deadline is then computed again with it. */
export async function addHoliday(
  db: Database,
  holiday: { day: string; name: string; createdBy: string },
  record: AuditRecorder,
  log: FastifyBaseLogger,
) {
  const added = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(publicHolidays)
      .values(holiday)
      .onConflictDoNothing({ target: publicHolidays.day })
      .returning({ day: publicHolidays.day, name: publicHolidays.name });
    if (!row) {
      throw new AppError(409, 'HOLIDAY_EXISTS', 'هذا اليوم مسجل عطلةً بالفعل');
    }
    await record(tx, {
      action: 'holiday.add',
      entityType: 'holiday',
      entityId: row.day,
      after: row,
    });
    return row;
  });
  await recomputeServiceDeadlines(db, log);
  return added;
}

/** Removes a holiday (audited); every open deadline is then computed again without it. */
export async function removeHoliday(
  db: Database,
  day: string,
  record: AuditRecorder,
  log: FastifyBaseLogger,
) {
  await db.transaction(async (tx) => {
    const [row] = isCalendarDay(day)
      ? await tx
          .delete(publicHolidays)
          .where(eq(publicHolidays.day, day))
          .returning({ day: publicHolidays.day, name: publicHolidays.name })
      : [];
    if (!row) throw notFound('العطلة غير موجودة');
    await record(tx, {
      action: 'holiday.remove',
      entityType: 'holiday',
      entityId: row.day,
      before: row,
    });
  });
  await recomputeServiceDeadlines(db, log);
}
