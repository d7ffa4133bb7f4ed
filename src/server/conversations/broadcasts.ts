import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { type BroadcastAudience, type BroadcastInput, brokerDisplayName, cityLabel } from '#domain';
import { dormantBroker } from '../admin/brokers/service.js';
import type { AuditRecorder } from '../audit/service.js';
import { type Database, rowsOf, type Transaction } from '../db/client.js';
import { broadcasts, brokerGroups, brokerMessages, brokers, notifications } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { groupOfBroker } from '../groups/terms.js';
import { ADMIN_PAGE_SIZE, pageOffset } from '../http/toolkit.js';
import { isUuid } from '../ids.js';
import { enqueueMessages } from '../messaging/outbox.js';
import { announceMessage, NOTIFICATION_CHANNEL } from '../notifications/live.js';
import { dormancyDays } from '../settings/service.js';
import type { NoticeContext } from './service.js';

/** Broadcasts one admin sends in a Riyadh day, and all admins together: each may be thousands of SMS. */
export const BROADCASTS_PER_ADMIN_PER_DAY = 5;
export const BROADCASTS_PER_DAY = 20;

type Audience = {
  audience: BroadcastAudience;
  groupId?: string | null | undefined;
  city?: string | null | undefined;
};

/** The start of this Riyadh day, as SQL. */
const riyadhToday = sql`date_trunc('day', now() at time zone 'Asia/Riyadh') at time zone 'Asia/Riyadh'`;

/**
 * The brokers an audience names: live brokers, never the team, of the group (the default group
 * holds every broker without one), of the city, or dormant (decision 073's rule).
 */
async function audienceWhere(db: Pick<Database, 'select'>, audience: Audience): Promise<SQL> {
  const base = sql`${brokers.deletedAt} is null and not ${brokers.isAdmin} and not ${brokers.isSuperAdmin}`;
  if (audience.audience === 'group') {
    const groupId = audience.groupId ?? '';
    const missing = () => notFound('المجموعة غير موجودة');
    if (!isUuid(groupId)) throw missing();
    const [group] = await db
      .select({ id: brokerGroups.id })
      .from(brokerGroups)
      .where(eq(brokerGroups.id, groupId));
    if (!group) throw missing();
    return sql`${base} and ${groupOfBroker} = ${group.id}`;
  }
  if (audience.audience === 'city')
    return sql`${base} and ${brokers.city} = ${audience.city ?? ''}`;
  return sql`${base} and ${dormantBroker(await dormancyDays(db))}`;
}

/** The groups a broadcast may name, as super-admins ordered them (by level, then name). */
export async function broadcastGroups(db: Database) {
  const items = await db
    .select({ id: brokerGroups.id, name: brokerGroups.name })
    .from(brokerGroups)
    .orderBy(asc(brokerGroups.level), asc(brokerGroups.name));
  return { items };
}

/** How many brokers an audience reaches, and how many of it muted broadcasts. */
export async function audienceSize(db: Database, audience: Audience) {
  const where = await audienceWhere(db, audience);
  const [row] = await rowsOf<{ recipients: number; muted: number }>(
    db,
    sql`select (count(*) filter (where not ${brokers.broadcastsMuted}))::int as recipients,
        (count(*) filter (where ${brokers.broadcastsMuted}))::int as muted
      from ${brokers} where ${where}`,
  );
  return { recipients: row?.recipients ?? 0, muted: row?.muted ?? 0 };
}

/**
 * Sends a broadcast (decision 079): one message in the conversation of every broker of the
 * audience who has not muted broadcasts, a bell notification each, and a phone notice to those
 * who allow messages and had no unread message of the team before it. At most
 * BROADCASTS_PER_ADMIN_PER_DAY per admin and BROADCASTS_PER_DAY in all in a Riyadh day (429),
 * counted under a platform-wide lock; an audience of nobody is a 409. Audited.
 */
export async function sendBroadcast(
  db: Database,
  notices: NoticeContext,
  adminId: string,
  input: BroadcastInput & { body: string },
  record: AuditRecorder,
) {
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('broadcasts:day'))`);
    const [today] = await rowsOf<{ sent: number; mine: number }>(
      tx,
      sql`select count(*)::int as sent,
          (count(*) filter (where ${broadcasts.sentBy} = ${adminId}))::int as mine
        from ${broadcasts} where ${broadcasts.createdAt} >= ${riyadhToday}`,
    );
    if ((today?.mine ?? 0) >= BROADCASTS_PER_ADMIN_PER_DAY) {
      throw new AppError(
        429,
        'BROADCASTS_PER_ADMIN',
        'أرسلت ٥ رسائل جماعية اليوم، وهو الحد لكل مشرف؛ أعد المحاولة غداً',
      );
    }
    if ((today?.sent ?? 0) >= BROADCASTS_PER_DAY) {
      throw new AppError(
        429,
        'BROADCASTS_PER_DAY',
        'بلغت الرسائل الجماعية حدها اليومي (٢٠ رسالة)؛ أعد المحاولة غداً',
      );
    }
    const where = await audienceWhere(tx, input);
    // The audience locked as lockBroker locks a broker (in id order): a direct message to one of
    // them waits, so its "first unread" check and this one never both send a notice; and the
    // counts are those of the rows the messages go to.
    const audience = await rowsOf<{ id: string; muted: boolean }>(
      tx,
      sql`select ${brokers.id} as id, ${brokers.broadcastsMuted} as muted from ${brokers}
        where ${where} order by ${brokers.id} for no key update`,
    );
    const recipientIds = audience.filter((row) => !row.muted).map((row) => row.id);
    if (recipientIds.length === 0) {
      throw new AppError(409, 'NO_RECIPIENTS', 'لا يوجد وسطاء تصلهم هذه الرسالة');
    }
    const group =
      input.audience === 'group' && input.groupId
        ? (await tx.select().from(brokerGroups).where(eq(brokerGroups.id, input.groupId)))[0]
        : undefined;
    const [broadcast] = await tx
      .insert(broadcasts)
      .values({
        sentBy: adminId,
        audience: input.audience,
        groupId: group?.id ?? null,
        groupName: group?.name ?? null,
        city: input.audience === 'city' ? (input.city ?? null) : null,
        body: input.body,
        recipients: recipientIds.length,
        muted: audience.length - recipientIds.length,
      })
      .returning();
    if (!broadcast) throw new Error('the broadcast was not inserted');
    await tx.execute(
      sql`insert into ${brokerMessages} (broker_id, author_id, from_team, body, broadcast_id)
        select id, ${adminId}, true, ${input.body}, ${broadcast.id}
        from unnest(${sql.param(recipientIds)}::uuid[]) as id`,
    );
    await noticesFor(tx, notices, broadcast.id);
    await record(tx, {
      action: 'broadcast.send',
      entityType: 'broadcast',
      entityId: broadcast.id,
      after: {
        audience: broadcast.audience,
        group: broadcast.groupId,
        city: broadcast.city,
        recipients: broadcast.recipients,
        muted: broadcast.muted,
      },
    });
    return broadcast.id;
  });
  const [row] = (await broadcastRows(db, sql`b.id = ${id}`, 1, 0)).items;
  if (!row) throw new Error('the broadcast was not found');
  return row;
}

/**
 * A broadcast's bell notifications (announced to each recipient's pages) and phone notices, for
 * recipients who allow messages and had no other unread message of the team.
 */
async function noticesFor(tx: Transaction, notices: NoticeContext, broadcastId: string) {
  await tx.execute(
    sql`insert into ${notifications} (broker_id, type, title, message, link)
      select m.broker_id, 'info', 'رسالة جماعية من فريق البرنامج', 'اقرأها من صفحة الرسائل', '/messages'
      from ${brokerMessages} m where m.broadcast_id = ${broadcastId}`,
  );
  await tx.execute(
    sql`select pg_notify(${NOTIFICATION_CHANNEL}, m.broker_id::text)
      from ${brokerMessages} m where m.broadcast_id = ${broadcastId}`,
  );
  await announceMessage(tx, 'every');
  const told = await rowsOf<{ id: string; phone: string; full_name: string | null }>(
    tx,
    sql`select m.id, b.phone, b.full_name
      from ${brokerMessages} m join ${brokers} b on b.id = m.broker_id
      where m.broadcast_id = ${broadcastId} and b.notify_by_message
        and not exists (select 1 from ${brokerMessages} e
          where e.broker_id = m.broker_id and e.from_team and e.read_at is null and e.id <> m.id)`,
  );
  await enqueueMessages(
    tx,
    notices.whatsappConfigured,
    told.map((row) => ({
      kind: 'broker_broadcast' as const,
      to: row.phone,
      purpose: 'broker_broadcast' as const,
      parameters: [row.full_name?.trim() || 'شريكنا', notices.productName],
      cause: `message:${row.id}`,
    })),
  );
}

type BroadcastRow = {
  id: string;
  audience: BroadcastAudience;
  group_name: string | null;
  city: string | null;
  body: string;
  sender_name: string | null;
  sender_code: string;
  created_at: Date;
  recipients: number;
  muted: number;
  read: number;
  pending: number;
  sent: number;
  delivered: number;
  failed: number;
  none: number;
};

/**
 * Broadcasts with their delivery counts: each recipient counted once by the best of its phone
 * notices (found by their outbox key `message:<id>:<channel>`, the unique index): delivered
 * (or read), sent, pending (queued or being sent), failed; or none.
 */
async function broadcastRows(db: Database, where: SQL, limit: number, offset: number) {
  const rows = await rowsOf<BroadcastRow>(
    db,
    sql`select b.id, b.audience, coalesce(g.name, b.group_name) as group_name, b.city, b.body, s.full_name as sender_name,
        s.broker_code as sender_code, b.created_at, b.recipients, b.muted,
        (select count(*)::int from ${brokerMessages} r where r.broadcast_id = b.id and r.read_at is not null) as read,
        coalesce(n.pending, 0) as pending, coalesce(n.sent, 0) as sent,
        coalesce(n.delivered, 0) as delivered, coalesce(n.failed, 0) as failed,
        coalesce(n.none, 0) as none
      from ${broadcasts} b
      join ${brokers} s on s.id = b.sent_by
      left join ${brokerGroups} g on g.id = b.group_id
      left join lateral (
        select (count(*) filter (where best = 4))::int as delivered,
          (count(*) filter (where best = 3))::int as sent,
          (count(*) filter (where best = 2))::int as pending,
          (count(*) filter (where best = 1))::int as failed,
          (count(*) filter (where best = 0))::int as none
        from (
          select coalesce(max(case o.status when 'delivered' then 4 when 'read' then 4
              when 'sent' then 3 when 'queued' then 2 when 'sending' then 2 when 'failed' then 1
              else 0 end), 0) as best
          from broker_messages m
          left join outbound_messages o
            on o.dedupe_key in ('message:' || m.id || ':sms', 'message:' || m.id || ':whatsapp')
          where m.broadcast_id = b.id
          group by m.id
        ) per_recipient
      ) n on true
      where ${where}
      order by b.created_at desc, b.id
      limit ${limit} offset ${offset}`,
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      audience: row.audience,
      groupName: row.group_name,
      city: row.city ? cityLabel(row.city) : null,
      body: row.body,
      sentBy: brokerDisplayName(row.sender_name, row.sender_code),
      createdAt: new Date(row.created_at).toISOString(),
      recipients: row.recipients,
      muted: row.muted,
      read: row.read,
      notices: {
        pending: row.pending,
        sent: row.sent,
        delivered: row.delivered,
        failed: row.failed,
        none: row.none,
      },
    })),
  };
}

/** The broadcasts sent, newest first, a console page at a time. */
export async function listBroadcasts(db: Database, page: number) {
  const [{ items }, [total]] = await Promise.all([
    broadcastRows(db, sql`true`, ADMIN_PAGE_SIZE, pageOffset(page)),
    db.select({ value: sql<number>`count(*)::int` }).from(broadcasts),
  ]);
  return { items, total: total?.value ?? 0, page, pageSize: ADMIN_PAGE_SIZE };
}
