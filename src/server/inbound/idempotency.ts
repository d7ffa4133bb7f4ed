import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY } from '#contract/inbound';
import type { AuditWriter } from '../audit/service.js';
import type { Database } from '../db/client.js';
import { apiIdempotency } from '../db/schema.js';
import { AppError } from '../errors.js';

/** A claim's status code while its call runs, and once its change committed without an answer. */
const RUNNING = 0;
const APPLIED = 1;
/** A claim left running this long was abandoned (a crash before any change): taken again. */
const ABANDONED_AFTER = sql`interval '5 minutes'`;

/**
 * A state-changing inbound call runs once per `Idempotency-Key` (decision record 077). The key is
 * claimed first (one row per API key and Idempotency-Key); the call's change marks the claim
 * applied in its own transaction (`applied`), and its answer is kept on the claim once it is
 * made. The same key with the same request answers that, without running it again; with another
 * request, 422; while the first still runs, 409. A call refused before any change gives its
 * claim back (the same key may try again); one whose change committed never runs again, even if
 * what followed failed: its key answers 409 `IDEMPOTENCY_KEY_APPLIED`.
 */
export async function once<T>(
  db: Database,
  request: FastifyRequest,
  apiKeyId: string,
  run: (applied: (tx: AuditWriter) => Promise<void>) => Promise<T>,
): Promise<{ statusCode: number; response: T }> {
  const header = request.headers['idempotency-key'];
  const key = typeof header === 'string' ? header : '';
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new AppError(
      400,
      'IDEMPOTENCY_KEY_REQUIRED',
      'يرجى إرسال ترويسة Idempotency-Key من ٨ إلى ١٠٠ حرف لاتيني مطبوع',
    );
  }
  // What the call is: its route, its ids and its body (not the URL as typed).
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify([
        request.method,
        request.routeOptions.url,
        request.params ?? null,
        request.body ?? null,
      ]),
    )
    .digest('hex');
  const ours = and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.idempotencyKey, key));
  const [claimed] = await db
    .insert(apiIdempotency)
    .values({
      apiKeyId,
      idempotencyKey: key,
      requestSha256: fingerprint,
      statusCode: RUNNING,
      response: {},
    })
    .onConflictDoUpdate({
      target: [apiIdempotency.apiKeyId, apiIdempotency.idempotencyKey],
      set: { createdAt: sql`now()` },
      setWhere: sql`${apiIdempotency.statusCode} = ${RUNNING}
        and ${apiIdempotency.requestSha256} = excluded.request_sha256
        and ${apiIdempotency.createdAt} < now() - ${ABANDONED_AFTER}`,
    })
    .returning({ key: apiIdempotency.idempotencyKey });
  if (!claimed) {
    const [kept] = await db.select().from(apiIdempotency).where(ours);
    if (kept && kept.requestSha256 !== fingerprint) {
      throw new AppError(
        422,
        'IDEMPOTENCY_KEY_REUSED',
        'استُخدم مفتاح Idempotency-Key هذا لطلب آخر؛ استخدم مفتاحاً جديداً لكل طلب جديد',
      );
    }
    if (kept?.statusCode === APPLIED) {
      throw new AppError(
        409,
        'IDEMPOTENCY_KEY_APPLIED',
        'نُفِّذ الطلب بمفتاح Idempotency-Key هذا ولم تُحفظ إجابته؛ اقرأ حالة الإحالة',
      );
    }
    if (!kept || kept.statusCode === RUNNING) {
      throw new AppError(
        409,
        'IDEMPOTENCY_KEY_IN_USE',
        'طلب بمفتاح Idempotency-Key هذا ما زال قيد التنفيذ؛ أعد المحاولة بعد قليل',
      );
    }
    return { statusCode: kept.statusCode, response: kept.response as T };
  }
  // An upsert, the one write an audit recorder's transaction offers: the claim is there.
  const applied = async (tx: AuditWriter) => {
    await tx
      .insert(apiIdempotency)
      .values({
        apiKeyId,
        idempotencyKey: key,
        requestSha256: fingerprint,
        statusCode: APPLIED,
        response: {},
      })
      .onConflictDoUpdate({
        target: [apiIdempotency.apiKeyId, apiIdempotency.idempotencyKey],
        set: { statusCode: APPLIED },
      });
  };
  let response: T;
  try {
    response = await run(applied);
  } catch (error) {
    // Given back only if nothing was applied; a failure here must not hide the call's own.
    await db
      .delete(apiIdempotency)
      .where(and(ours, eq(apiIdempotency.statusCode, RUNNING)))
      .catch((failure: unknown) => request.log.error({ err: failure }, 'idempotency claim kept'));
    throw error;
  }
  await db.update(apiIdempotency).set({ statusCode: 200, response }).where(ours);
  return { statusCode: 200, response };
}

/** How long an Idempotency-Key answers the same: retries come within hours, not months. */
export const IDEMPOTENCY_DAYS = 30;

/** Drops the claims older than `IDEMPOTENCY_DAYS` (the hourly housekeeping step). */
export async function pruneIdempotency(db: Database): Promise<number> {
  const dropped = await db
    .delete(apiIdempotency)
    .where(lt(apiIdempotency.createdAt, sql`now() - make_interval(days => ${IDEMPOTENCY_DAYS})`))
    .returning({ key: apiIdempotency.idempotencyKey });
  return dropped.length;
}
