import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { knownDevices } from '../db/schema.js';

/** How long a browser stays known after its last sign-in. */
export const KNOWN_DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** True when the cookie's token is one this account signed in with. */
export async function isKnownDevice(
  db: Database,
  brokerId: string,
  token: string | undefined,
): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(and(eq(knownDevices.id, hashToken(token)), eq(knownDevices.brokerId, brokerId)))
    .limit(1);
  return Boolean(row);
}

/** Remembers this browser for the account; returns the cookie's token (only its hash kept). */
export async function rememberDevice(db: Database, brokerId: string): Promise<string> {
  const token = randomBytes(16).toString('base64url');
  await db.insert(knownDevices).values({ id: hashToken(token), brokerId });
  return token;
}
