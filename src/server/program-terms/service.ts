import { createHash } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { cleanText } from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import { type Database, rowsOf } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { programTerms, programTermsAcceptances } from '../db/schema.js';
import { AppError } from '../errors.js';

/**
 * The partner program's terms (decision record 075): super-admins publish versions, each broker
 * accepts the current one before referring, and a new version asks again. Every version and
 * every acceptance is kept as it was.
 */

const latest = (db: Pick<Database, 'select'>) =>
  db.select().from(programTerms).orderBy(desc(programTerms.version)).limit(1);

/** Every version, newest first, with who published it and how many brokers accepted it. */
export async function listProgramTerms(db: Database) {
  const rows = await rowsOf<{
    version: number;
    body: string;
    published_at: Date;
    published_by: string | null;
    accepted: number;
  }>(
    db,
    sql`select t.version, t.body, t.published_at, p.full_name as published_by,
        (select count(*)::int from program_terms_acceptances a where a.version = t.version)
          as accepted
      from program_terms t left join brokers p on p.id = t.published_by
      order by t.version desc`,
  );
  return {
    items: rows.map((row) => ({
      version: row.version,
      body: row.body,
      publishedAt: new Date(row.published_at).toISOString(),
      publishedBy: row.published_by,
      accepted: row.accepted,
    })),
  };
}

/**
 * Publishes the next version of the terms: every broker accepts it before their next referral.
 * Two publications at once: the second is refused (409) rather than given the same number.
 */
export async function publishProgramTerms(
  db: Database,
  actorId: string,
  body: string,
  record: AuditRecorder,
) {
  try {
    const published = await db.transaction(async (tx) => {
      const [current] = await latest(tx);
      // The same text again would ask every broker to accept what they accepted.
      if (current?.body === body) {
        throw new AppError(
          409,
          'TERMS_UNCHANGED',
          'هذا النص هو النسخة السارية نفسها؛ عدّله قبل نشر نسخة جديدة',
        );
      }
      const [row] = await tx
        .insert(programTerms)
        .values({ version: (current?.version ?? 0) + 1, body, publishedBy: actorId })
        .returning();
      if (!row) throw new Error('the terms were not inserted');
      await record(tx, {
        action: 'program_terms.publish',
        entityType: 'program_terms',
        entityId: row.id,
        after: { version: row.version, length: body.length },
      });
      return row;
    });
    return { version: published.version, publishedAt: published.publishedAt.toISOString() };
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(409, 'TERMS_PUBLISHED_MEANWHILE', 'نُشرت نسخة أخرى للتو؛ حدّث الصفحة');
    }
    throw error;
  }
}

/** The current version and the latest the broker accepted, for the broker's own pages. */
export async function brokerProgramTerms(db: Database, brokerId: string) {
  const [[current], [accepted]] = await Promise.all([
    latest(db),
    db
      .select()
      .from(programTermsAcceptances)
      .where(eq(programTermsAcceptances.brokerId, brokerId))
      .orderBy(desc(programTermsAcceptances.version))
      .limit(1),
  ]);
  return {
    current: current
      ? {
          version: current.version,
          body: current.body,
          publishedAt: current.publishedAt.toISOString(),
        }
      : null,
    acceptedVersion: accepted?.version ?? null,
    acceptedAt: accepted?.acceptedAt.toISOString() ?? null,
  };
}

/** What a broker does only under the terms in force, in the refusal's words. */
const GUARDED = {
  referral: 'إضافة إحالة',
  payout: 'طلب تحويل العمولة',
} as const;

/**
 * Refuses a referral or a transfer request while the broker has not accepted the current terms
 * (409): nobody refers or is paid under terms they did not accept (decisions 075 and 076).
 */
export async function assertTermsAccepted(
  db: Database,
  brokerId: string,
  action: keyof typeof GUARDED,
): Promise<void> {
  const { current, acceptedVersion } = await brokerProgramTerms(db, brokerId);
  if (!current || acceptedVersion === current.version) return;
  throw new AppError(
    409,
    'TERMS_NOT_ACCEPTED',
    acceptedVersion === null
      ? `يرجى قراءة شروط البرنامج والموافقة عليها قبل ${GUARDED[action]}`
      : `نُشرت نسخة جديدة من شروط البرنامج؛ يرجى قراءتها والموافقة عليها قبل ${GUARDED[action]}`,
  );
}

/**
 * The broker accepts the version they read: refused (409) when a newer one was published since,
 * so nobody accepts a text they were not shown. Kept with the time, address and browser;
 * audited; accepting the same version again changes nothing.
 */
export async function acceptProgramTerms(
  db: Database,
  brokerId: string,
  accepted: { version: number; ip: string; userAgent: string | undefined },
  record: AuditRecorder,
) {
  await db.transaction(async (tx) => {
    const [current] = await latest(tx);
    if (!current || current.version !== accepted.version) {
      throw new AppError(
        409,
        'TERMS_CHANGED',
        'نُشرت نسخة أحدث من شروط البرنامج؛ راجعها ثم وافق عليها',
      );
    }
    const [row] = await tx
      .insert(programTermsAcceptances)
      .values({
        brokerId,
        version: current.version,
        bodySha256: createHash('sha256').update(current.body).digest('hex'),
        ipAddress: accepted.ip,
        userAgent: accepted.userAgent ? cleanText(accepted.userAgent).slice(0, 300) : null,
      })
      .onConflictDoNothing()
      .returning({ id: programTermsAcceptances.id });
    if (row) {
      await record(tx, {
        action: 'program_terms.accept',
        entityType: 'broker',
        entityId: brokerId,
        after: { version: current.version },
      });
    }
  });
  return brokerProgramTerms(db, brokerId);
}
