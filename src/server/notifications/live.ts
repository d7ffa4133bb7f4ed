import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/client.js';

/** The NOTIFY channel that carries "this broker has a new notification" between instances. */
const CHANNEL = 'shareek_notifications';

/**
 * Live delivery to open pages (server-sent events). A notification is announced with NOTIFY,
 * so every instance using the database hears it, its own included, and tells the pages of that
 * broker connected to it; pages also poll every 30 s (docs/decisions/034-live-notifications-across-instances.md).
 */
const hub = new EventEmitter();
hub.setMaxListeners(0);

export function onNotification(brokerId: string, listener: () => void): () => void {
  hub.on(brokerId, listener);
  return () => hub.off(brokerId, listener);
}

/** Announces a broker's new notification to every instance (sent when the writer commits). */
export async function announceNotification(
  db: Pick<Database, 'execute'>,
  brokerId: string,
): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANNEL}, ${brokerId})`);
}

/** Listens for announcements until the returned function is called. */
export function listenForNotifications(database: DatabaseHandle): Promise<() => Promise<void>> {
  return database.listen(CHANNEL, (brokerId) => hub.emit(brokerId), {
    // Announcements made while the connection was lost are gone: every open page reads again.
    onReconnect: () => {
      for (const brokerId of hub.eventNames()) hub.emit(brokerId);
    },
  });
}
