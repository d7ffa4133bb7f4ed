import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { preparedStatement } from '../db/prepared.js';
import { type Broker, brokers, sessions } from '../db/schema.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** A broker's session: at most 30 days, and ends after 7 days without use. */
const BROKER_SESSION_MAX_MS = 30 * DAY_MS;
const BROKER_SESSION_IDLE_MS = 7 * DAY_MS;
/** An admin's or super-admin's session ends 12 hours after sign-in, used or not. */
const STAFF_SESSION_MAX_MS = 12 * HOUR_MS;
/** Use is recorded at most once an hour, so a read stays a read. */
const TOUCH_EVERY_MS = HOUR_MS;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const isStaff = (broker: Pick<Broker, 'isAdmin' | 'isSuperAdmin'>) =>
  broker.isAdmin || broker.isSuperAdmin;

/** How long the session of this account may last at most, from sign-in. */
export const sessionLifetimeMs = (broker: Pick<Broker, 'isAdmin' | 'isSuperAdmin'>) =>
  isStaff(broker) ? STAFF_SESSION_MAX_MS : BROKER_SESSION_MAX_MS;

/** `now()` shifted by a constant duration, written into the statement: nothing to send. */
const nowPlus = (ms: number) => sql`now() + ${sql.raw(`interval '${ms} milliseconds'`)}`;

/** Creates a session and returns the cookie token; only its SHA-256 is stored. */
export async function createSession(db: Database, broker: Broker): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: hashToken(token),
    brokerId: broker.id,
    expiresAt: nowPlus(sessionLifetimeMs(broker)),
  });
  return token;
}

/**
 * What a request knows of the signed-in account: who it is and what it may do. Routes that
 * need more of the account (the profile, the password hash) read it themselves.
 */
export type SessionBroker = Pick<
  Broker,
  'id' | 'phone' | 'fullName' | 'brokerCode' | 'isActive' | 'isAdmin' | 'isSuperAdmin'
>;

/** The account's columns a session carries (`SessionBroker`), wherever one is read. */
export const SESSION_BROKER_COLUMNS = {
  id: brokers.id,
  phone: brokers.phone,
  fullName: brokers.fullName,
  brokerCode: brokers.brokerCode,
  isActive: brokers.isActive,
  isAdmin: brokers.isAdmin,
  isSuperAdmin: brokers.isSuperAdmin,
};

/**
 * The session of a cookie token and its account, read on every signed-in request: one named
 * statement selecting only the columns requests use. Nothing is kept in memory, so a revoked
 * session or a deleted account is refused at once by every instance. Every limit is measured
 * with the database's clock, which also wrote the session's times.
 */
const sessionStatement = preparedStatement((db) =>
  db
    .select({
      ...SESSION_BROKER_COLUMNS,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(brokers, eq(brokers.id, sessions.brokerId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        gt(sessions.expiresAt, sql`now()`),
        isNull(brokers.deletedAt),
        // Rights can change after sign-in: whoever is staff now is held to the staff limit.
        or(
          and(
            eq(brokers.isAdmin, false),
            eq(brokers.isSuperAdmin, false),
            gt(sessions.lastSeenAt, nowPlus(-BROKER_SESSION_IDLE_MS)),
          ),
          and(
            or(eq(brokers.isAdmin, true), eq(brokers.isSuperAdmin, true)),
            gt(sessions.createdAt, nowPlus(-STAFF_SESSION_MAX_MS)),
          ),
        ),
      ),
    )
    .limit(1)
    .prepare('session_broker'),
);

export async function findSession(
  db: Database,
  token: string,
): Promise<{ sessionId: string; broker: SessionBroker } | null> {
  const sessionId = hashToken(token);
  const [row] = await sessionStatement(db).execute({ sessionId });
  if (!row) return null;
  const { lastSeenAt, ...broker } = row;
  // Read by this process's clock only to skip the write; the write itself checks the database's.
  if (Date.now() - lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, nowPlus(-TOUCH_EVERY_MS))));
  }
  return { sessionId, broker };
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of the broker, except the one given (the caller's own). */
export async function revokeSessions(
  db: Database,
  brokerId: string,
  exceptSessionId?: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.brokerId, brokerId), ne(sessions.id, exceptSessionId))
        : eq(sessions.brokerId, brokerId),
    );
}

/** Drops sessions that can no longer be used. */
export async function pruneSessions(db: Database): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
