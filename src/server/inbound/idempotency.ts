import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY } from '#contract/inbound';
import type { Database } from '../db/client.js';
import { apiIdempotency } from '../db/schema.js';
import { AppError } from '../errors.js';

/** A claim's status code while its call runs. */
const RUNNING = 0;
/** A claim left running this long was abandoned (a crash): the key may be claimed again. */
const ABANDONED_AFTER = sql`interval '5 minutes'`;

/**
 * A state-changing inbound call runs once per `Idempotency-Key` (decision record 077): the key is
 * claimed first (one row per API key and Idempotency-Key), the call runs, and its answer is kept
 * on the claim. The same key with the same request answers that, without running it again; with
 * another request, 422; while the first still runs, 409. A refused call gives its claim back:
 * nothing changed, and the same key may try again.
 */
export async function once<T>(
  db: Database,
  request: FastifyRequest,
  apiKeyId: string,
  run: () => Promise<T>,
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
  const fingerprint = createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
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
      set: { requestSha256: fingerprint, createdAt: sql`now()` },
      setWhere: sql`${apiIdempotency.statusCode} = ${RUNNING} and ${apiIdempotency.createdAt} < now() - ${ABANDONED_AFTER}`,
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
    if (!kept || kept.statusCode === RUNNING) {
      throw new AppError(
        409,
        'IDEMPOTENCY_KEY_IN_USE',
        'طلب بمفتاح Idempotency-Key هذا ما زال قيد التنفيذ؛ أعد المحاولة بعد قليل',
      );
    }
    return { statusCode: kept.statusCode, response: kept.response as T };
  }
  let response: T;
  try {
    response = await run();
  } catch (error) {
    await db.delete(apiIdempotency).where(ours);
    throw error;
  }
  await db.update(apiIdempotency).set({ statusCode: 200, response }).where(ours);
  return { statusCode: 200, response };
}
