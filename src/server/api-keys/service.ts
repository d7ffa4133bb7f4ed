import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  type ApiKeyInput,
  type ApiScope,
  formatDateAr,
  MAX_API_KEY_DAYS,
  riyadhIsoDate,
} from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import type { Database } from '../db/client.js';
import { apiKeys, brokers } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { notify } from '../notifications/service.js';

/**
 * Keys for the inbound API (decision record 077). A key is `shk_` and 43 characters of base64url
 * (32 random bytes): guessing one is out of reach, so its SHA-256 is enough to find it, and only
 * that hash is stored. The secret is in the creation's answer and nowhere else.
 */

const SECRET_PREFIX = 'shk_';
/** How much of a key is kept and shown to tell keys apart: the prefix and 4 characters. */
const SHOWN = SECRET_PREFIX.length + 4;
const DAY_MS = 86_400_000;
/** Riyadh is UTC+3 all year: a Riyadh day ends at 21:00 UTC. */
const RIYADH_DAY_END_UTC = 'T20:59:59.999Z';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The key a caller is, once its bearer token is checked. */
export type ApiCaller = { id: string; name: string; scopes: ApiScope[]; createdBy: string };

const view = (
  row: typeof apiKeys.$inferSelect & { createdByName?: string | null; creatorActive?: boolean },
) => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as ApiScope[],
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdByName ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  // A key acts for its creator: it stops when they are no longer a live super-admin.
  creatorActive: row.creatorActive ?? true,
});

/** Every key, newest first. */
export async function listApiKeys(db: Database) {
  const rows = await db
    .select({
      key: apiKeys,
      createdByName: brokers.fullName,
      creatorActive: sql<boolean>`coalesce(${brokers.isSuperAdmin} and ${brokers.deletedAt} is null, false)`,
    })
    .from(apiKeys)
    .leftJoin(brokers, eq(brokers.id, apiKeys.createdBy))
    .orderBy(desc(apiKeys.createdAt));
  return {
    items: rows.map(({ key, createdByName, creatorActive }) =>
      view({ ...key, createdByName, creatorActive }),
    ),
  };
}

/**
 * Creates a key that works until the end of its last Riyadh day, from today to a year ahead
 * (400 otherwise). Answers its secret, once.
 */
export async function createApiKey(
  db: Database,
  actorId: string,
  input: Omit<ApiKeyInput, 'password'>,
  record: AuditRecorder,
) {
  const today = riyadhIsoDate(new Date());
  const latest = riyadhIsoDate(new Date(Date.now() + MAX_API_KEY_DAYS * DAY_MS));
  if (input.expiresOn < today || input.expiresOn > latest) {
    throw new AppError(400, 'VALIDATION_ERROR', 'يرجى اختيار تاريخ انتهاء خلال سنة من اليوم', {
      fields: { expiresOn: 'يرجى اختيار تاريخ انتهاء خلال سنة من اليوم' },
    });
  }
  const secret = `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(apiKeys)
      .values({
        name: input.name,
        prefix: secret.slice(0, SHOWN),
        secretSha256: sha256(secret),
        scopes: [...input.scopes],
        expiresAt: new Date(`${input.expiresOn}${RIYADH_DAY_END_UTC}`),
        createdBy: actorId,
      })
      .returning();
    if (!made) throw new Error('the key was not inserted');
    await record(tx, {
      action: 'api_key.create',
      entityType: 'api_key',
      entityId: made.id,
      after: { name: made.name, scopes: made.scopes, expiresAt: made.expiresAt },
    });
    return made;
  });
  // Every other super-admin hears of it: a key outlives any session.
  const others = await db
    .select({ id: brokers.id })
    .from(brokers)
    .where(and(eq(brokers.isSuperAdmin, true), isNull(brokers.deletedAt), ne(brokers.id, actorId)));
  for (const other of others) {
    await notify(db, other.id, {
      type: 'info',
      title: 'أُنشئ مفتاح جديد للواجهة البرمجية',
      message: `«${row.name}»، ينتهي في ${formatDateAr(row.expiresAt)}. إن لم تعرفه فألغِه من ربط الأنظمة.`,
    });
  }
  return { ...view(row), secret };
}

/** Revokes a key at once; a revoked key stays revoked (the first revocation is kept). */
export async function revokeApiKey(
  db: Database,
  id: string,
  actorId: string,
  record: AuditRecorder,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date(), revokedBy: actorId })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning();
    if (row) {
      await record(tx, {
        action: 'api_key.revoke',
        entityType: 'api_key',
        entityId: id,
        before: { name: row.name },
      });
      return view(row);
    }
    const [already] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id));
    if (!already) throw notFound('المفتاح غير موجود');
    return view(already);
  });
}

/**
 * The key a bearer token names, if it is live: not revoked, not expired, and its creator still
 * a super-admin (a key acts for the person who made it, and no longer than their role). Its
 * last use is noted at most once a minute.
 */
export async function authenticateApiKey(db: Database, token: string): Promise<ApiCaller | null> {
  if (!token.startsWith(SECRET_PREFIX) || token.length > 100) return null;
  const [row] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      createdBy: apiKeys.createdBy,
    })
    .from(apiKeys)
    .innerJoin(brokers, eq(brokers.id, apiKeys.createdBy))
    .where(
      and(
        eq(apiKeys.secretSha256, sha256(token)),
        isNull(apiKeys.revokedAt),
        gt(apiKeys.expiresAt, sql`now()`),
        eq(brokers.isSuperAdmin, true),
        isNull(brokers.deletedAt),
      ),
    );
  if (!row) return null;
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(apiKeys.id, row.id),
        sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute')`,
      ),
    );
  return { ...row, scopes: row.scopes as ApiScope[] };
}
