import { sql } from 'drizzle-orm';
import { brokerDisplayName } from '#domain';
import { type Database, rowsOf } from '../db/client.js';
import { brokerMessages, brokers } from '../db/schema.js';
import { ADMIN_PAGE_SIZE, likeTerm, pageOffset } from '../http/toolkit.js';

type InboxRow = {
  broker_id: string;
  full_name: string | null;
  phone: string;
  broker_code: string;
  unread: number;
  body: string;
  from_team: boolean;
  attachment_type: string | null;
  created_at: Date;
};

/**
 * The team's conversations, the latest first (decision 079). A search matches the words of any
 * message (trigram index) or the broker's name, phone or code; each conversation then shows its
 * latest matching message. Retired brokers' conversations stay: the correspondence is kept.
 */
export async function listConversations(
  db: Database,
  query: { search?: string | undefined; unread?: 'true' | 'false' | undefined; page: number },
) {
  const term = query.search ? likeTerm(query.search) : null;
  const brokerMatch = term
    ? sql`(${brokers.fullName} ilike ${term} or ${brokers.phone} ilike ${term} or ${brokers.brokerCode} ilike ${term})`
    : sql`true`;
  const messageMatch = term ? sql`m.body ilike ${term}` : sql`true`;
  const unreadOnly =
    query.unread === 'true'
      ? sql`and exists (select 1 from ${brokerMessages} u
          where u.broker_id = ${brokers.id} and not u.from_team and u.read_at is null)`
      : sql``;
  const matching = sql`from ${brokers}
      join lateral (
        select m.body, m.from_team, m.attachment_type, m.created_at from ${brokerMessages} m
        where m.broker_id = ${brokers.id} and (${messageMatch} or ${brokerMatch})
        order by m.created_at desc, m.id desc limit 1
      ) lm on true
      where not ${brokers.isAdmin} and not ${brokers.isSuperAdmin} ${unreadOnly}`;
  const [rows, [counted]] = await Promise.all([
    rowsOf<InboxRow>(
      db,
      sql`select ${brokers.id} as broker_id, ${brokers.fullName} as full_name,
          ${brokers.phone} as phone, ${brokers.brokerCode} as broker_code,
          (select count(*)::int from ${brokerMessages} u
            where u.broker_id = ${brokers.id} and not u.from_team and u.read_at is null) as unread,
          lm.body, lm.from_team, lm.attachment_type, lm.created_at
        ${matching}
        order by lm.created_at desc, ${brokers.id}
        limit ${ADMIN_PAGE_SIZE} offset ${pageOffset(query.page)}`,
    ),
    rowsOf<{ total: number }>(db, sql`select count(*)::int as total ${matching}`),
  ]);
  return {
    items: rows.map((row) => ({
      brokerId: row.broker_id,
      brokerName: brokerDisplayName(row.full_name, row.broker_code),
      phone: row.phone,
      brokerCode: row.broker_code,
      unread: row.unread,
      lastMessage: {
        body: row.body,
        fromTeam: row.from_team,
        attachment: row.attachment_type !== null,
        createdAt: new Date(row.created_at).toISOString(),
      },
    })),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}
