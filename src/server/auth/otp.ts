import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { otpCodes } from '../db/schema.js';
import { AppError } from '../errors.js';

export const OTP_TTL_MS = 5 * 60 * 1000;
/** Tries per code, right or wrong: a sixth try is refused even with the right code. */
export const OTP_MAX_TRIES = 5;
/** How long a verified code lets the caller set a password (create account or reset). */
export const VERIFIED_WINDOW_MS = 10 * 60 * 1000;

const hashCode = (id: string, code: string) =>
  createHash('sha256').update(`${id}:${code}`).digest('hex');

const invalidCode = () => new AppError(400, 'OTP_INVALID', 'رمز التحقق غير صحيح');
const expiredCode = () =>
  new AppError(400, 'OTP_EXPIRED', 'انتهت صلاحية رمز التحقق، يرجى طلب رمز جديد');

/** Issues a fresh 4-digit code for the phone; any earlier unused code stops working. */
export async function issueOtp(db: Database, phone: string): Promise<string> {
  const code = randomInt(0, 10_000).toString().padStart(4, '0');
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx
      .update(otpCodes)
      .set({ used: true })
      .where(and(eq(otpCodes.phone, phone), eq(otpCodes.used, false)));
    await tx.insert(otpCodes).values({
      id,
      phone,
      codeHash: hashCode(id, code),
      expiresAt: new Date(Date.now() + OTP_TTL_MS),
    });
  });
  return code;
}

/**
 * Checks the latest code of the phone. A right code is used up at once (single use); every
 * try counts against the code, which stops working after five.
 * `consume: false` keeps the verification open for a following create/reset-password call.
 */
export async function verifyOtp(
  db: Database,
  phone: string,
  code: string,
  options: { consume: boolean },
): Promise<void> {
  const [latest] = await db
    .select()
    .from(otpCodes)
    .where(eq(otpCodes.phone, phone))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!latest) throw invalidCode();
  if (latest.attempts >= OTP_MAX_TRIES) throw tooManyTries();
  if (latest.used) throw invalidCode();
  if (latest.expiresAt.getTime() <= Date.now()) throw expiredCode();

  // Count the try before comparing, atomically, so parallel guesses cannot exceed the limit.
  const [counted] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, latest.id), lt(otpCodes.attempts, OTP_MAX_TRIES)))
    .returning({ id: otpCodes.id });
  if (!counted) throw tooManyTries();

  const expected = Buffer.from(latest.codeHash, 'hex');
  const actual = Buffer.from(hashCode(latest.id, code), 'hex');
  if (!timingSafeEqual(expected, actual)) throw invalidCode();

  const now = new Date();
  // The `used = false` guard makes the code single-use even under concurrent verifications.
  const [claimed] = await db
    .update(otpCodes)
    .set({ used: true, verifiedAt: now, consumedAt: options.consume ? now : null })
    .where(and(eq(otpCodes.id, latest.id), eq(otpCodes.used, false)))
    .returning({ id: otpCodes.id });
  if (!claimed) throw invalidCode();
}

/** Uses up a verification made by `verifyOtp({consume:false})` in the last few minutes. */
export async function consumeVerification(db: Database, phone: string): Promise<void> {
  const since = new Date(Date.now() - VERIFIED_WINDOW_MS);
  const [pending] = await db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(
      and(eq(otpCodes.phone, phone), gt(otpCodes.verifiedAt, since), isNull(otpCodes.consumedAt)),
    )
    .orderBy(desc(otpCodes.verifiedAt))
    .limit(1);
  const [claimed] = pending
    ? await db
        .update(otpCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(otpCodes.id, pending.id), isNull(otpCodes.consumedAt)))
        .returning({ id: otpCodes.id })
    : [];
  if (!claimed) {
    throw new AppError(
      403,
      'OTP_VERIFICATION_REQUIRED',
      'يرجى التحقق من رقم الجوال برمز التحقق أولاً',
    );
  }
}

function tooManyTries(): AppError {
  return new AppError(
    429,
    'OTP_ATTEMPTS_EXCEEDED',
    'تجاوزت عدد المحاولات المسموح بها، يرجى طلب رمز جديد',
  );
}
