import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/client.js';

/**
 * The NOTIFY channel that carries "this broker has something new" between instances: a bare
 * broker id for a notification, `m:` and a broker id for a message of that broker's
 * conversation with the team (decision 079), `m:*` for a broadcast (every conversation).
 */
export const NOTIFICATION_CHANNEL = 'shareek_notifications';
const MESSAGE = 'm:';
/** The key the team's pages listen on: a message in any conversation. */
const TEAM = `${MESSAGE}team`;
const EVERY_CONVERSATION = '*';

/**
 * Live delivery to open pages (server-sent events). A notification or a message is announced
 * with NOTIFY, so every instance using the database hears it, its own included, and tells the
 * pages connected to it; pages also poll every 30 s
 * (docs/decisions/034-live-notifications-across-instances.md).
 */
const hub = new EventEmitter();
hub.setMaxListeners(0);

const subscribe = (key: string, listener: () => void): (() => void) => {
  hub.on(key, listener);
  return () => hub.off(key, listener);
};

export const onNotification = (brokerId: string, listener: () => void): (() => void) =>
  subscribe(brokerId, listener);

/** A new or read message in the broker's own conversation. */
export const onMessage = (brokerId: string, listener: () => void): (() => void) =>
  subscribe(`${MESSAGE}${brokerId}`, listener);

/** A new or read message in any conversation: what the team's pages hear. */
export const onTeamMessage = (listener: () => void): (() => void) => subscribe(TEAM, listener);

/** Announces a broker's new notification to every instance (sent when the writer commits). */
export async function announceNotification(
  db: Pick<Database, 'execute'>,
  brokerId: string,
): Promise<void> {
  await db.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${brokerId})`);
}

/** Announces a change in a broker's conversation, or in every one (a broadcast). */
export async function announceMessage(
  db: Pick<Database, 'execute'>,
  brokerId: string | 'every',
): Promise<void> {
  const target = brokerId === 'every' ? EVERY_CONVERSATION : brokerId;
  await db.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${`${MESSAGE}${target}`})`);
}

function deliver(payload: string): void {
  if (!payload.startsWith(MESSAGE)) {
    hub.emit(payload);
    return;
  }
  const target = payload.slice(MESSAGE.length);
  if (target === EVERY_CONVERSATION) {
    for (const key of hub.eventNames()) {
      if (typeof key === 'string' && key.startsWith(MESSAGE) && key !== TEAM) hub.emit(key);
    }
  } else {
    hub.emit(payload);
  }
  hub.emit(TEAM);
}

/** Listens for announcements until the returned function is called. */
export function listenForNotifications(database: DatabaseHandle): Promise<() => Promise<void>> {
  return database.listen(NOTIFICATION_CHANNEL, deliver, {
    // Announcements made while the connection was lost are gone: every open page reads again.
    onReconnect: () => {
      for (const key of hub.eventNames()) hub.emit(key);
    },
  });
}
