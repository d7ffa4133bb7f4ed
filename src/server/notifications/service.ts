import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { brokers, notifications } from '../db/schema.js';
import { announceNotification } from './live.js';

export type NotificationInput = {
  type: 'success' | 'error' | 'warning' | 'info';
  title: string;
  message: string;
  link?: string | null;
};

/** Tells every admin (every account with the admin role that is not retired). */
export async function notifyAdmins(db: Database, input: NotificationInput): Promise<void> {
  const admins = await db
    .select({ id: brokers.id })
    .from(brokers)
    .where(and(eq(brokers.isAdmin, true), isNull(brokers.deletedAt)));
  for (const admin of admins) await notify(db, admin.id, input);
}

export async function notify(
  db: Pick<Database, 'select' | 'insert' | 'execute'>,
  brokerId: string,
  input: NotificationInput,
): Promise<void> {
  // A retired account keeps its money records but hears nothing more (its row is anonymised).
  const [live] = await db
    .select({ id: brokers.id })
    .from(brokers)
    .where(and(eq(brokers.id, brokerId), isNull(brokers.deletedAt)));
  if (!live) return;
  await db.insert(notifications).values({ brokerId, ...input, link: input.link ?? null });
  await announceNotification(db, brokerId);
}

export async function listNotifications(db: Database, brokerId: string) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.brokerId, brokerId))
    .orderBy(desc(notifications.createdAt))
    .limit(50);
  const [unread] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.brokerId, brokerId), isNull(notifications.readAt)));
  return {
    unread: unread?.count ?? 0,
    items: rows.map((n) => ({
      id: n.id,
      type: n.type,
      title: n.title,
      message: n.message,
      link: n.link,
      read: n.readAt !== null,
      timestamp: n.createdAt.toISOString(),
    })),
  };
}

export async function markAllRead(db: Database, brokerId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.brokerId, brokerId), isNull(notifications.readAt)));
}
