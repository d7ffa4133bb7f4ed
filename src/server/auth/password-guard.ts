import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { authFailures } from '../db/schema.js';
import { tooManyAttempts } from '../errors.js';

/** Wrong passwords a phone may take in 24 hours before each further try must wait. */
const PASSWORD_FREE_FAILURES = 10;
/** The longest wait between two tries: a stranger can slow the owner, never lock them out. */
const PASSWORD_MAX_DELAY_SECONDS = 300;

/**
 * Takes a password try for the phone, or refuses it with 429 and Retry-After while the phone
 * must wait: after PASSWORD_FREE_FAILURES wrong passwords in 24 hours, from any addresses,
 * each further try waits 1, 2, 4 … up to 300 seconds after the previous failure. So spraying
 * one account from many addresses stays within about 300 tries a day, and the owner, with the
 * right password, waits at most five minutes on a new browser and not at all on one they
 * signed in with before. Returns the try's id: give it back with
 * `forgivePasswordTry` when the password was right.
 */
export async function takePasswordTry(
  db: Database,
  phone: string,
  options: { knownDevice: boolean },
): Promise<number> {
  const [mine] = await db
    .insert(authFailures)
    .values({ phone, kind: 'password' })
    .returning({ id: authFailures.id });
  if (!mine) throw new Error('auth failure insert returned nothing');
  // Counted after our own row is in, so parallel tries see each other and cannot all pass.
  const [recent] = await db
    .select({
      failures: sql<number>`count(*)::int`,
      secondsSinceLast: sql<number>`coalesce(extract(epoch from now() - max(${authFailures.createdAt})), 1e9)::float8`,
    })
    .from(authFailures)
    .where(
      and(
        eq(authFailures.phone, phone),
        eq(authFailures.kind, 'password'),
        ne(authFailures.id, mine.id),
        gt(authFailures.createdAt, sql`now() - interval '24 hours'`),
      ),
    );
  const failures = recent?.failures ?? 0;
  // A browser the owner signed in with before is not held up by failures it did not make
  // (it stays under the hard limit per phone and address): a stranger failing on purpose at
  // every turn can slow new browsers, never the owner's own.
  if (failures >= PASSWORD_FREE_FAILURES && !options.knownDevice) {
    const wait = Math.min(2 ** (failures - PASSWORD_FREE_FAILURES), PASSWORD_MAX_DELAY_SECONDS);
    const since = Number(recent?.secondsSinceLast ?? Number.POSITIVE_INFINITY);
    if (since < wait) {
      await forgivePasswordTry(db, mine.id);
      throw tooManyAttempts(Math.max(1, Math.ceil(wait - since)));
    }
  }
  return mine.id;
}

/** A right password: the try does not count as a failure. */
export async function forgivePasswordTry(db: Database, id: number): Promise<void> {
  await db.delete(authFailures).where(eq(authFailures.id, id));
}
