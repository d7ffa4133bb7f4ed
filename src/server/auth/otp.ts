import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { OTP_CODE_LENGTH, OTP_VALIDITY_MINUTES, type OtpPurpose, otpPurposePhrase } from '#domain';
import type { Database } from '../db/client.js';
import { authFailures, otpCodes, otpVerifications } from '../db/schema.js';
import { AppError } from '../errors.js';

const OTP_TTL_MS = OTP_VALIDITY_MINUTES * 60 * 1000;
/** Tries per code, right or wrong: a sixth try is refused even with the right code. */
const OTP_MAX_TRIES = 5;
/** Wrong codes one phone may take in any 24 hours, across codes, addresses and instances. */
const OTP_DAILY_BUDGET = 10;
const BUDGET_WINDOW_SECONDS = 24 * 60 * 60;
/** How long a verified code lets its client set a password (create account or reset). */
export const VERIFIED_WINDOW_MS = 10 * 60 * 1000;

/** What a verification is for: `verify-otp-only` creates an account, `verify-otp-temp` resets. */
export type VerificationPurpose = 'create' | 'reset';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const hashCode = (id: string, code: string) => sha256(`${id}:${code}`);

const invalidCode = () => new AppError(400, 'OTP_INVALID', 'رمز التحقق غير صحيح');
const expiredCode = () =>
  new AppError(400, 'OTP_EXPIRED', 'انتهت صلاحية رمز التحقق، يرجى طلب رمز جديد');
const tooManyTries = () =>
  new AppError(429, 'OTP_ATTEMPTS_EXCEEDED', 'تجاوزت عدد المحاولات المسموح بها، يرجى طلب رمز جديد');
const budgetExhausted = (retryAfterSeconds: number) =>
  new AppError(
    429,
    'OTP_BUDGET_EXHAUSTED',
    'تم إيقاف الدخول برمز التحقق لهذا الرقم مؤقتاً بسبب محاولات خاطئة متكررة، يرجى المحاولة بعد ٢٤ ساعة أو تسجيل الدخول بكلمة المرور',
    { retryAfter: retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );
/** The right code, asked for one purpose and offered to another. */
const wrongPurpose = (purpose: OtpPurpose) =>
  new AppError(
    400,
    'OTP_WRONG_PURPOSE',
    `رمز التحقق هذا أُرسل ${otpPurposePhrase(purpose)}، ولا يصلح لهذه العملية. يرجى طلب رمز جديد`,
  );
const verificationRequired = () =>
  new AppError(403, 'OTP_VERIFICATION_REQUIRED', 'يرجى التحقق من رقم الجوال برمز التحقق أولاً');

/**
 * Issues a fresh code (OTP_CODE_LENGTH digits) for the phone and one purpose; any earlier unused code of the
 * phone stops working, whatever it was for: one live code per phone, so a code's purpose is
 * always the one its message named.
 */
export async function issueOtp(db: Database, phone: string, purpose: OtpPurpose): Promise<string> {
  const code = randomInt(0, 10 ** OTP_CODE_LENGTH)
    .toString()
    .padStart(OTP_CODE_LENGTH, '0');
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
      purpose,
      expiresAt: new Date(Date.now() + OTP_TTL_MS),
    });
  });
  return code;
}

/** The phone's wrong codes of the last 24 hours. */
const wrongCodesToday = (phone: string) =>
  and(
    eq(authFailures.phone, phone),
    eq(authFailures.kind, 'otp'),
    gt(authFailures.createdAt, sql`now() - make_interval(secs => ${BUDGET_WINDOW_SECONDS})`),
  );

/** Seconds until the phone may try a code again, or 0 while its budget lasts. */
async function budgetRetryAfter(db: Database, phone: string): Promise<number> {
  // The oldest of the last OTP_DAILY_BUDGET failures: when it leaves the 24 hours, one try
  // comes back.
  const [row] = await db
    .select({
      retryAfter: sql<number>`greatest(1, ceil(extract(epoch from ${authFailures.createdAt} + make_interval(secs => ${BUDGET_WINDOW_SECONDS}) - now())))::int`,
    })
    .from(authFailures)
    .where(wrongCodesToday(phone))
    .orderBy(desc(authFailures.createdAt), desc(authFailures.id))
    .offset(OTP_DAILY_BUDGET - 1)
    .limit(1);
  return row?.retryAfter ?? 0;
}

/** Refuses with 429 while the phone has spent its wrong-code budget (send-otp uses it too). */
export async function assertCodeBudget(db: Database, phone: string): Promise<void> {
  const retryAfter = await budgetRetryAfter(db, phone);
  if (retryAfter > 0) throw budgetExhausted(retryAfter);
}

/**
 * Takes one try out of the phone's budget before the code is compared, so parallel guesses
 * from any number of addresses or instances can never together exceed it: each inserted row is
 * visible to every later count, and the try that finds the budget spent gives its row back.
 */
async function reserveTry(db: Database, phone: string): Promise<number> {
  const [reserved] = await db
    .insert(authFailures)
    .values({ phone, kind: 'otp' })
    .returning({ id: authFailures.id });
  if (!reserved) throw new Error('auth failure insert returned nothing');
  const [counted] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(authFailures)
    .where(wrongCodesToday(phone));
  if ((counted?.value ?? 0) > OTP_DAILY_BUDGET) {
    await releaseTry(db, reserved.id);
    throw budgetExhausted(Math.max(1, await budgetRetryAfter(db, phone)));
  }
  return reserved.id;
}

async function releaseTry(db: Database, id: number): Promise<void> {
  await db.delete(authFailures).where(eq(authFailures.id, id));
}

export type CodeCheck = {
  /** True when this wrong code spent the last of the phone's budget. */
  budgetSpent: boolean;
};

/**
 * Checks the latest code of the phone for one purpose. The right code issued for another
 * purpose is refused and burnt. A right code is used up at once (single use); every try counts against the code, which stops working
 * after five, and every wrong code counts against the phone's daily budget. Throws on anything
 * but the right code.
 */
export async function verifyOtp(
  db: Database,
  phone: string,
  code: string,
  purpose: OtpPurpose,
  onWrongCode: (check: CodeCheck) => Promise<void>,
): Promise<void> {
  const reservation = await reserveTry(db, phone);
  let wrong = false;
  try {
    await compareLatestCode(db, phone, code, purpose);
  } catch (error) {
    wrong = error instanceof AppError && error.code === 'OTP_INVALID';
    throw error;
  } finally {
    // Only a compared wrong code stays counted; a right one, or a refusal before comparing
    // (expired, used up), gives the try back.
    if (wrong) await onWrongCode({ budgetSpent: (await budgetRetryAfter(db, phone)) > 0 });
    else await releaseTry(db, reservation);
  }
}

async function compareLatestCode(
  db: Database,
  phone: string,
  code: string,
  purpose: OtpPurpose,
): Promise<void> {
  const [latest] = await db
    .select()
    .from(otpCodes)
    .where(eq(otpCodes.phone, phone))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!latest || latest.used) throw new AppError(400, 'OTP_NONE', 'رمز التحقق غير صحيح');
  if (latest.attempts >= OTP_MAX_TRIES) throw tooManyTries();
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
  // Only someone holding the right code learns it was for something else, and the code is
  // burnt: a code read out to a stranger ("for your rent request") never signs anyone in.
  if (latest.purpose !== purpose) {
    await db.update(otpCodes).set({ used: true }).where(eq(otpCodes.id, latest.id));
    throw wrongPurpose(latest.purpose);
  }

  // The `used = false` guard makes the code single-use even under concurrent verifications.
  const [claimed] = await db
    .update(otpCodes)
    .set({ used: true })
    .where(and(eq(otpCodes.id, latest.id), eq(otpCodes.used, false)))
    .returning({ id: otpCodes.id });
  if (!claimed) throw new AppError(400, 'OTP_NONE', 'رمز التحقق غير صحيح');
}

/**
 * Records a verified code for the client that verified it: returns a random 128-bit token for
 * its cookie; only the token's hash is stored, tied to the phone and the purpose.
 */
export async function createVerification(
  db: Database,
  phone: string,
  purpose: VerificationPurpose,
): Promise<string> {
  const token = randomBytes(16).toString('base64url');
  await db.insert(otpVerifications).values({
    id: sha256(token),
    phone,
    purpose,
    expiresAt: new Date(Date.now() + VERIFIED_WINDOW_MS),
  });
  return token;
}

/**
 * Uses up the caller's own verification of this phone, once. Another client naming the same
 * phone has no token, so it cannot consume the owner's verification.
 */
export async function consumeVerification(
  db: Database,
  token: string | undefined,
  phone: string,
  purposes: VerificationPurpose[],
): Promise<void> {
  if (!token) throw verificationRequired();
  const [claimed] = await db
    .update(otpVerifications)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(otpVerifications.id, sha256(token)),
        eq(otpVerifications.phone, phone),
        inArray(otpVerifications.purpose, purposes),
        isNull(otpVerifications.consumedAt),
        gt(otpVerifications.expiresAt, new Date()),
      ),
    )
    .returning({ id: otpVerifications.id });
  if (!claimed) throw verificationRequired();
}

/** Drops what no check reads any more: old failures, verifications and codes. */
export async function pruneOtpRecords(db: Database): Promise<void> {
  const dayAgo = sql`now() - interval '2 days'`;
  await db.delete(authFailures).where(lt(authFailures.createdAt, dayAgo));
  await db.delete(otpVerifications).where(lt(otpVerifications.expiresAt, dayAgo));
  await db.delete(otpCodes).where(lt(otpCodes.expiresAt, dayAgo));
}
