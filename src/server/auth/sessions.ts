import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { type Broker, brokers, sessions } from '../db/schema.js';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a session and returns the cookie token; only its SHA-256 is stored. */
export async function createSession(db: Database, brokerId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: hashToken(token),
    brokerId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return token;
}

export async function findSession(
  db: Database,
  token: string,
): Promise<{ sessionId: string; broker: Broker } | null> {
  const sessionId = hashToken(token);
  const [row] = await db
    .select({ broker: brokers })
    .from(sessions)
    .innerJoin(brokers, eq(brokers.id, sessions.brokerId))
    .where(
      and(
        eq(sessions.id, sessionId),
        gt(sessions.expiresAt, new Date()),
        isNull(brokers.deletedAt),
      ),
    )
    .limit(1);
  return row ? { sessionId, broker: row.broker } : null;
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
