import { isIP, isIPv6 } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { Database } from './db/client.js';
import { rateLimits } from './db/schema.js';
import { AppError, tooManyAttempts } from './errors.js';

export type RateRule = { key: string; limit: number; windowSeconds: number };

/**
 * Fixed-window counters in the database, so every instance behind a load balancer shares
 * them. Each rule is counted; the first one over its limit refuses with 429 and Retry-After.
 */
export async function enforceRateLimits(db: Database, rules: RateRule[]): Promise<void> {
  for (const rule of rules) {
    const [row] = await db
      .insert(rateLimits)
      .values({
        key: rule.key,
        count: 1,
        resetAt: sql`now() + make_interval(secs => ${rule.windowSeconds})`,
      })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({
        count: rateLimits.count,
        retryAfter: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimits.resetAt} - now())))::int`,
      });
    if (row && row.count > rule.limit) throw tooManyAttempts(row.retryAfter);
  }
}

/**
 * True for the first caller of the window under `key`, false for every later one: "once a day",
 * "once an hour", across instances. The window starts with that first call.
 */
export async function firstInWindow(
  db: Database,
  key: string,
  windowSeconds: number,
): Promise<boolean> {
  return enforceRateLimits(db, [{ key, limit: 1, windowSeconds }]).then(
    () => true,
    (error: unknown) => {
      if (error instanceof AppError && error.code === 'TOO_MANY_ATTEMPTS') return false;
      throw error;
    },
  );
}

/**
 * Counts every rule, or none: a rule over its limit gives back what the rules before it took
 * (and its own try), so a request refused by one ceiling does not spend the others (an attacker
 * flooding one exhausted link must not use up the whole platform's budget). Answers the refusing
 * rule and its seconds to wait, or null when every rule counted.
 */
export async function takeAllOrNone<R extends RateRule>(
  db: Database,
  rules: R[],
): Promise<{ rule: R; retryAfter: number } | null> {
  for (const [index, rule] of rules.entries()) {
    try {
      await enforceRateLimits(db, [rule]);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'TOO_MANY_ATTEMPTS') throw error;
      await giveBack(db, rules.slice(0, index + 1));
      return { rule, retryAfter: Number(error.headers['retry-after'] ?? rule.windowSeconds) };
    }
  }
  return null;
}

/**
 * Takes back one count of each rule (within its current window): for a try that turned out not
 * to be what the limit is about, such as a right password under a wrong-password limit.
 */
export async function giveBack(db: Database, rules: RateRule[]): Promise<void> {
  for (const rule of rules) {
    await db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(eq(rateLimits.key, rule.key));
  }
}

/** Drops windows that ended a day ago; run now and then to keep the table small. */
export async function pruneRateLimits(db: Database): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.resetAt} < now() - interval '1 day'`);
}

/**
 * The key a client address is counted under: an IPv4 address as it is, an IPv6 address by its
 * /64 (one subscriber's whole prefix, which a client can rotate through at will). Anything else
 * (a forwarded-for header a trusted proxy passed on as the client wrote it: garbage, a NUL byte
 * PostgreSQL refuses in text, kilobytes of it) is counted under one shared key, so it can
 * neither break the counting query nor mint a fresh bucket per request.
 */
export function addressKey(ip: string): string {
  if (isIP(ip) === 0) return 'not-an-address';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = ip.includes('::')
    ? [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The client address as the audit log records it: an IP address, or nothing (see addressKey). */
export const recordedAddress = (ip: string): string | null => (isIP(ip) === 0 ? null : ip);
