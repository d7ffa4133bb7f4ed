import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { NUDGE_INTERVAL_DAYS, NUDGES_PER_ADMIN_PER_DAY, NUDGES_PER_DAY } from '#domain';
import type { AuditRecorder } from '../../audit/service.js';
import { type Database, rowsOf } from '../../db/client.js';
import { brokerNotes, brokerNudges, brokers } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { lockedLiveBroker } from '../../ledger/locks.js';
import { enqueueMessage } from '../../messaging/outbox.js';
import { dormancyDays } from '../../settings/service.js';
import { dormantBroker } from './service.js';

const NOT_FOUND = 'الوسيط غير موجود';

/** A live broker's id, or 404. */
async function liveBrokerId(db: Pick<Database, 'select'>, brokerId: string): Promise<string> {
  const [found] = await db
    .select({ id: brokers.id })
    .from(brokers)
    .where(and(eq(brokers.id, brokerId), isNull(brokers.deletedAt)));
  if (!found) throw notFound(NOT_FOUND);
  return found.id;
}

const author = sql<
  string | null
>`(select coalesce(a.full_name, a.phone) from ${brokers} a where a.id = ${brokerNotes.authorId})`;

/** The team's notes on a live broker, newest first (at most 200). */
export async function listNotes(db: Database, brokerId: string) {
  await liveBrokerId(db, brokerId);
  const rows = await db
    .select({
      id: brokerNotes.id,
      body: brokerNotes.body,
      author,
      createdAt: brokerNotes.createdAt,
    })
    .from(brokerNotes)
    .where(eq(brokerNotes.brokerId, brokerId))
    .orderBy(desc(brokerNotes.createdAt))
    .limit(200);
  return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

/** Adds a note of the team on a live broker; audited by its id and length. */
export async function addNote(
  db: Database,
  brokerId: string,
  authorId: string,
  body: string,
  record: AuditRecorder,
) {
  const id = await db.transaction(async (tx) => {
    await liveBrokerId(tx, brokerId);
    const [created] = await tx
      .insert(brokerNotes)
      .values({ brokerId, authorId, body })
      .returning({ id: brokerNotes.id });
    if (!created) throw new Error('the note was not inserted');
    await record(tx, {
      action: 'broker.note_add',
      entityType: 'broker',
      entityId: brokerId,
      // The note's text stays in its row (erased with the account), not in the audit log.
      after: { note: created.id, length: body.length },
    });
    return created.id;
  });
  const [note] = await db
    .select({
      id: brokerNotes.id,
      body: brokerNotes.body,
      author,
      createdAt: brokerNotes.createdAt,
    })
    .from(brokerNotes)
    .where(eq(brokerNotes.id, id));
  if (!note) throw new Error('the note is gone');
  return { ...note, createdAt: note.createdAt.toISOString() };
}

/** Replaces a live broker's tags; audited before and after. */
export async function setTags(
  db: Database,
  brokerId: string,
  tags: string[],
  record: AuditRecorder,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ tags: brokers.tags })
      .from(brokers)
      .where(and(eq(brokers.id, brokerId), isNull(brokers.deletedAt)))
      .for('no key update');
    if (!before) throw notFound(NOT_FOUND);
    await tx.update(brokers).set({ tags }).where(eq(brokers.id, brokerId));
    await record(tx, {
      action: 'broker.tags_change',
      entityType: 'broker',
      entityId: brokerId,
      before: { tags: before.tags },
      after: { tags },
    });
  });
}

/** Every tag on live brokers with how many carry it, most used first. */
export async function listTags(db: Database) {
  const rows = await rowsOf<{ tag: string; brokers: number }>(
    db,
    sql`select t.tag, count(*)::int as brokers
      from ${brokers} b, unnest(b.tags) as t(tag)
      where b.deleted_at is null
      group by t.tag order by count(*) desc, t.tag limit 200`,
  );
  return { items: rows };
}

/**
 * Reminds a dormant broker through the outbox (WhatsApp or SMS, as the messaging settings say):
 * an SMS is money, so at most once in NUDGE_INTERVAL_DAYS per broker (409), NUDGES_PER_ADMIN_PER_DAY
 * per admin and NUDGES_PER_DAY across the platform in a Riyadh day (429), counted under the
 * broker's lock and a platform-wide one. Only an active broker who is dormant now and has not
 * turned messages off (409); audited, and kept in broker_nudges.
 */
export async function nudgeBroker(
  db: Database,
  ctx: { whatsappConfigured: boolean; productName: string },
  brokerId: string,
  adminId: string,
  record: AuditRecorder,
): Promise<void> {
  await db.transaction(async (tx) => {
    const broker = await lockedLiveBroker(tx, brokerId);
    // One nudge at a time across the platform: the day's count is read and written in turn.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('broker_nudges:day'))`);
    const days = await dormancyDays(tx);
    const [dormant] = await rowsOf<{ dormant: boolean }>(
      tx,
      sql`select (${dormantBroker(days)}) as dormant from ${brokers} where ${brokers.id} = ${brokerId}`,
    );
    if (!broker.notifyByMessage) {
      throw new AppError(
        409,
        'MESSAGES_OFF',
        'أوقف الوسيط الرسائل على جواله من ملفه الشخصي، فلا يُرسل له التذكير',
      );
    }
    if (!dormant?.dormant) {
      throw new AppError(
        409,
        'NOT_DORMANT',
        'لا يُرسل التذكير إلا لوسيط مفعّل لم يرسل إحالة خلال مدة الخمول',
      );
    }
    const [recent] = await rowsOf<{ recent: number }>(
      tx,
      sql`select count(*)::int as recent from ${brokerNudges}
        where ${brokerNudges.brokerId} = ${brokerId}
          and ${brokerNudges.createdAt} > now() - make_interval(days => ${NUDGE_INTERVAL_DAYS})`,
    );
    if ((recent?.recent ?? 0) > 0) {
      throw new AppError(
        409,
        'NUDGED_RECENTLY',
        'أُرسل تذكير لهذا الوسيط خلال آخر ٣٠ يومًا؛ يُرسل التذكير مرة واحدة في الشهر',
      );
    }
    const [today] = await rowsOf<{ sent: number; mine: number }>(
      tx,
      sql`select count(*)::int as sent,
          (count(*) filter (where ${brokerNudges.sentBy} = ${adminId}))::int as mine
        from ${brokerNudges}
        where ${brokerNudges.createdAt} >= date_trunc('day', now() at time zone 'Asia/Riyadh')
          at time zone 'Asia/Riyadh'`,
    );
    if ((today?.mine ?? 0) >= NUDGES_PER_ADMIN_PER_DAY) {
      throw new AppError(
        429,
        'NUDGES_PER_ADMIN',
        'أرسلت ١٠٠ تذكير اليوم، وهو الحد لكل مشرف؛ أعد المحاولة غداً',
      );
    }
    if ((today?.sent ?? 0) >= NUDGES_PER_DAY) {
      throw new AppError(
        429,
        'NUDGES_PER_DAY',
        'بلغت التذكيرات حدها اليومي (٥٠٠ تذكير)؛ أعد المحاولة غداً',
      );
    }
    const [nudge] = await tx
      .insert(brokerNudges)
      .values({ brokerId, sentBy: adminId })
      .returning({ id: brokerNudges.id });
    if (!nudge) throw new Error('the nudge was not inserted');
    await enqueueMessage(tx, ctx.whatsappConfigured, {
      kind: 'broker_nudge',
      to: broker.phone,
      purpose: 'broker_nudge',
      parameters: [broker.fullName?.trim() || 'شريكنا', ctx.productName],
      cause: `nudge:${nudge.id}`,
    });
    await record(tx, {
      action: 'broker.nudge',
      entityType: 'broker',
      entityId: brokerId,
      after: { nudge: nudge.id },
    });
  });
}
