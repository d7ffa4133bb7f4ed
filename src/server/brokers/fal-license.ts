/**
 * The broker's FAL licence (decision 070): what the broker enters and uploads, an admin's
 * verification or refusal, the hold it puts on new commissions until it is verified and valid,
 * and the reminders before it expires. Every change to the licence clears its verification, so
 * an admin only ever vouches for what they saw.
 */
import { and, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  FAL_LICENSE_MAX_YEARS,
  FAL_LICENSE_MESSAGES,
  FAL_LICENSE_REMINDER_DAYS,
  type FalLicenseBody,
  type FalLicenseEvidence,
  falLicenseState,
  falLicenseTypeLabel,
  formatDayAr,
  formatSar,
  fromCents,
  isRetiredPhone,
  riyadhIsoDate,
  toCents,
} from '#domain';
import { type AuditRecorder, auditSystem } from '../audit/service.js';
import type { AppContext } from '../context.js';
import type { Database, Transaction } from '../db/client.js';
import { rowsOf } from '../db/client.js';
import { type Broker, brokers } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { markRequestedCommissions } from '../ledger/balances.js';
import { lockedLiveBroker } from '../ledger/locks.js';
import { enqueueMessage } from '../messaging/outbox.js';
import { notify } from '../notifications/service.js';
import { uploadBrokerFile } from './broker-files.js';

/** What any change to the licence clears: the verification and a refusal were of the old one. */
const UNVERIFIED = {
  falLicenseVerifiedAt: null,
  falLicenseVerifiedBy: null,
  falLicenseEvidence: null,
  falLicenseNote: null,
  falLicenseRefusal: null,
} as const;

/** The licence as the audit log keeps it: what it was and whether it was verified. */
const licenceOf = (broker: Broker) => ({
  falLicense: broker.falLicense,
  falLicenseType: broker.falLicenseType,
  falLicenseExpiresOn: broker.falLicenseExpiresOn,
  verified: broker.falLicenseVerifiedAt !== null,
});

const DAY_MS = 24 * 60 * 60 * 1000;
const today = () => riyadhIsoDate(new Date());

/**
 * The verification columns a profile save writes with a licence number (the profile's own
 * field): cleared, and the change audited, when the number changes; nothing otherwise. Locks
 * the broker's row as every money path does (the verification decides who is paid).
 */
export async function falLicenseNumberChange(
  tx: Transaction,
  brokerId: string,
  falLicense: string | null | undefined,
  record: AuditRecorder,
): Promise<typeof UNVERIFIED | Record<string, never>> {
  if (falLicense === undefined) return {};
  const before = await lockedLiveBroker(tx, brokerId);
  if ((falLicense || null) === before.falLicense) return {};
  await record(tx, {
    action: 'broker.fal_license_update',
    entityType: 'broker',
    entityId: brokerId,
    before: licenceOf(before),
    after: { ...licenceOf(before), falLicense: falLicense || null, verified: false },
  });
  return UNVERIFIED;
}

/**
 * The broker enters or renews the licence. A licence already expired is refused (it earns
 * nothing); a change waits for an admin again. Answers the broker as it stands.
 */
export async function saveFalLicense(
  db: Database,
  brokerId: string,
  body: FalLicenseBody,
  record: AuditRecorder,
): Promise<Broker> {
  if (body.falLicenseExpiresOn < today()) {
    throw new AppError(400, 'FAL_LICENSE_EXPIRED', FAL_LICENSE_MESSAGES.expired);
  }
  // A typing slip (2099) would never be reminded of nor expire.
  const furthest = riyadhIsoDate(new Date(Date.now() + FAL_LICENSE_MAX_YEARS * 366 * DAY_MS));
  if (body.falLicenseExpiresOn > furthest) {
    throw new AppError(400, 'FAL_LICENSE_TOO_FAR', FAL_LICENSE_MESSAGES.tooFar);
  }
  return db.transaction(async (tx) => {
    const before = await lockedLiveBroker(tx, brokerId);
    const same =
      before.falLicense === body.falLicense &&
      before.falLicenseType === body.falLicenseType &&
      before.falLicenseExpiresOn === body.falLicenseExpiresOn;
    if (same) return before;
    const [after] = await tx
      .update(brokers)
      .set({ ...body, ...UNVERIFIED, updatedAt: new Date() })
      .where(eq(brokers.id, brokerId))
      .returning();
    if (!after) throw notFound('الوسيط غير موجود');
    await record(tx, {
      action: 'broker.fal_license_update',
      entityType: 'broker',
      entityId: brokerId,
      before: licenceOf(before),
      after: licenceOf(after),
    });
    return after;
  });
}

/**
 * The broker uploads a copy of the licence (broker-files.ts): the licence waits for an admin
 * again.
 */
export const uploadFalLicenseCopy = (
  ctx: Pick<AppContext, 'db' | 'storage'>,
  request: FastifyRequest,
  brokerId: string,
  precheck: () => Promise<void>,
  record: AuditRecorder,
): Promise<Broker> =>
  uploadBrokerFile(
    ctx,
    request,
    {
      brokerId,
      kind: 'fal_license',
      cleared: UNVERIFIED,
      refusal: { code: 'NOT_LICENSE_COPY', message: FAL_LICENSE_MESSAGES.copy },
      precheck,
    },
    record,
  );

/** An admin acts on a licence that is their own: refused, whatever their role. */
const ownLicence = () =>
  new AppError(403, 'OWN_FAL_LICENSE', 'لا يمكنك التحقق من رخصتك أو رفضها بنفسك');

/**
 * An admin verifies the licence as it stood when they opened it (`seenUpdatedAt`: the broker's
 * `updatedAt` they were shown; anything changed since is a 409), naming the evidence and a note.
 * Only a complete, unexpired brokerage licence can be verified, and a copy must be on file when
 * the copy is the evidence. The commissions it held are released in the same transaction, and
 * the broker is told. Answers the broker.
 */
export async function verifyFalLicense(
  db: Database,
  input: {
    brokerId: string;
    adminId: string;
    evidence: FalLicenseEvidence;
    note: string;
    seenUpdatedAt: string;
  },
  record: AuditRecorder,
): Promise<Broker> {
  if (input.brokerId === input.adminId) throw ownLicence();
  const { broker, released } = await db.transaction(async (tx) => {
    const before = await lockedLiveBroker(tx, input.brokerId);
    if (before.updatedAt.toISOString() !== input.seenUpdatedAt) {
      throw new AppError(
        409,
        'FAL_LICENSE_CHANGED',
        'تغيّرت بيانات الوسيط منذ فتحها، يرجى مراجعة الرخصة من جديد',
      );
    }
    const state = falLicenseState({ ...before, ...UNVERIFIED }, today());
    if (state === 'missing') {
      throw new AppError(
        409,
        'FAL_LICENSE_INCOMPLETE',
        'لم يُكمل الوسيط بيانات الرخصة: الرقم والنوع وتاريخ الانتهاء',
      );
    }
    if (state === 'not_brokerage') {
      throw new AppError(
        409,
        'FAL_LICENSE_NOT_BROKERAGE',
        'نوع الرخصة لا يشمل الوساطة والتسويق العقاري، فلا تُعتمد للعمولات',
      );
    }
    if (state === 'expired') {
      throw new AppError(
        409,
        'FAL_LICENSE_EXPIRED',
        'الرخصة منتهية، ولا يُتحقق منها قبل أن يحدّث الوسيط تاريخ انتهائها',
      );
    }
    if (input.evidence === 'copy' && !before.falLicenseCopy) {
      throw new AppError(409, 'FAL_LICENSE_NO_COPY', 'لم يرفع الوسيط نسخة من الرخصة');
    }
    const [after] = await tx
      .update(brokers)
      .set({
        falLicenseVerifiedAt: new Date(),
        falLicenseVerifiedBy: input.adminId,
        falLicenseEvidence: input.evidence,
        falLicenseNote: input.note,
        falLicenseRefusal: null,
        // A second admin's dialog, opened before this, no longer matches: it sees this first.
        updatedAt: new Date(),
      })
      .where(eq(brokers.id, input.brokerId))
      .returning();
    if (!after) throw notFound('الوسيط غير موجود');
    await record(tx, {
      action: 'broker.fal_license_verify',
      entityType: 'broker',
      entityId: input.brokerId,
      before: licenceOf(before),
      after: { ...licenceOf(after), evidence: input.evidence, note: input.note },
    });
    return { broker: after, released: await releaseLicenseHolds(tx, input.brokerId) };
  });
  const typeLabel = broker.falLicenseType ? falLicenseTypeLabel(broker.falLicenseType) : '';
  await notify(db, broker.id, {
    type: 'success',
    title: 'تم التحقق من رخصة فال',
    message:
      released > 0
        ? `تحققت الإدارة من رخصة ${typeLabel}، وأصبح مبلغ ${formatSar(fromCents(released))} من عمولاتك قابلاً للتحويل.`
        : `تحققت الإدارة من رخصة ${typeLabel}، وستُحتسب عمولاتك الجديدة دون إيقاف.`,
    link: '/commissions',
  });
  return broker;
}

/**
 * An admin does not accept the licence, with the reason the broker reads; a verification on
 * record is withdrawn (one given in error): commissions created from now on wait again, and so
 * does every unpaid one no transfer request holds yet (those in a request follow the payout's
 * own review). Answers the broker.
 */
export async function refuseFalLicense(
  db: Database,
  input: { brokerId: string; adminId: string; reason: string },
  record: AuditRecorder,
): Promise<Broker> {
  if (input.brokerId === input.adminId) throw ownLicence();
  const broker = await db.transaction(async (tx) => {
    const before = await lockedLiveBroker(tx, input.brokerId);
    const [after] = await tx
      .update(brokers)
      .set({ ...UNVERIFIED, falLicenseRefusal: input.reason, updatedAt: new Date() })
      .where(eq(brokers.id, input.brokerId))
      .returning();
    if (!after) throw notFound('الوسيط غير موجود');
    await record(tx, {
      action: 'broker.fal_license_refuse',
      entityType: 'broker',
      entityId: input.brokerId,
      before: licenceOf(before),
      after: { ...licenceOf(after), reason: input.reason },
    });
    await holdForLicense(tx, input.brokerId);
    return after;
  });
  await notify(db, broker.id, {
    type: 'warning',
    title: 'لم تُقبل رخصة فال',
    message: `السبب: ${input.reason}`,
    link: '/profile',
  });
  return broker;
}

/**
 * Holds again, for the licence, every commission of the broker that is payable or in its
 * holding period and in no transfer request, under the broker's lock (held by the caller); each
 * is audited as `commission.license_hold`.
 */
async function holdForLicense(tx: Transaction, brokerId: string): Promise<void> {
  const held = await rowsOf<{ id: string }>(
    tx,
    sql`
    update commissions c
    set license_hold = true, status = 'on_hold'
    where c.broker_id = ${brokerId} and c.status in ('pending', 'on_hold') and not c.license_hold
    returning c.id`,
  );
  await markRequestedCommissions(tx, brokerId);
  for (const { id } of held) {
    await auditSystem(tx, {
      action: 'commission.license_hold',
      entityType: 'commission',
      entityId: id,
      before: { licenseHold: false },
      after: { licenseHold: true },
    });
  }
}

/** Whether a commission created now for the broker waits for the licence. */
export async function licenseHoldsNewCommission(
  tx: Transaction,
  brokerId: string,
): Promise<boolean> {
  const [broker] = await tx
    .select({
      falLicense: brokers.falLicense,
      falLicenseType: brokers.falLicenseType,
      falLicenseExpiresOn: brokers.falLicenseExpiresOn,
      falLicenseVerifiedAt: brokers.falLicenseVerifiedAt,
      falLicenseRefusal: brokers.falLicenseRefusal,
    })
    .from(brokers)
    .where(eq(brokers.id, brokerId));
  return !broker || falLicenseState(broker, today()) !== 'verified';
}

/**
 * Lifts the licence hold of every commission of the broker, with the broker's row locked. One
 * past its holding period and held by no open signal becomes payable now: its `payable_at` moves
 * to now and its payment deadline is computed again (the team could not pay it while it was
 * held). Answers what became payable, in halalas.
 */
async function releaseLicenseHolds(tx: Transaction, brokerId: string): Promise<number> {
  const payableNow = sql`c.status = 'on_hold' and not c.signal_hold and c.payable_at <= now()`;
  const released = await rowsOf<{ id: string; status: string; unpaid: string }>(
    tx,
    sql`
    update commissions c
    set license_hold = false,
      status = case when ${payableNow} then 'pending' else c.status end,
      payable_at = case when ${payableNow} then now() else c.payable_at end,
      pay_due_at = case when ${payableNow} then null else c.pay_due_at end
    where c.broker_id = ${brokerId} and c.license_hold
    returning c.id, c.status, c.amount - c.paid_amount as unpaid`,
  );
  await markRequestedCommissions(tx, brokerId);
  for (const { id } of released) {
    await auditSystem(tx, {
      action: 'commission.license_release',
      entityType: 'commission',
      entityId: id,
      before: { licenseHold: true },
      after: { licenseHold: false },
    });
  }
  return released
    .filter((row) => row.status === 'pending')
    .reduce((sum, row) => sum + toCents(row.unpaid), 0);
}

/**
 * Reminds each live broker whose licence ends within 30 days, once at 30 days and once at 7 (or
 * only at 7 when entered later), on the messaging channel and in the app. The outbox's key for
 * the broker, the expiry and the threshold makes every later run (and every other instance) a
 * no-op. Answers how many brokers were reminded.
 */
export async function remindExpiringLicenses(
  ctx: Pick<AppContext, 'db' | 'config' | 'channels'>,
  now = new Date(),
): Promise<number> {
  const first = riyadhIsoDate(now);
  const last = riyadhIsoDate(
    new Date(now.getTime() + Math.max(...FAL_LICENSE_REMINDER_DAYS) * DAY_MS),
  );
  const due = await ctx.db
    .select({
      id: brokers.id,
      phone: brokers.phone,
      falLicense: brokers.falLicense,
      falLicenseExpiresOn: brokers.falLicenseExpiresOn,
    })
    .from(brokers)
    .where(
      and(
        isNull(brokers.deletedAt),
        sql`${brokers.falLicense} is not null`,
        gte(brokers.falLicenseExpiresOn, first),
        lte(brokers.falLicenseExpiresOn, last),
      ),
    );
  let reminded = 0;
  for (const broker of due) {
    const expiresOn = broker.falLicenseExpiresOn;
    if (!expiresOn || !broker.falLicense || isRetiredPhone(broker.phone)) continue;
    const daysLeft = Math.round((Date.parse(expiresOn) - Date.parse(first)) / DAY_MS);
    const threshold = Math.min(...FAL_LICENSE_REMINDER_DAYS.filter((days) => days >= daysLeft));
    const ends = formatDayAr(expiresOn);
    const queued = await enqueueMessage(ctx.db, ctx.channels.whatsapp !== null, {
      kind: 'fal_license_reminder',
      to: broker.phone,
      purpose: 'fal_license_reminder',
      parameters: [ctx.config.brand.productName, broker.falLicense, ends],
      cause: `fal-license:${broker.id}:${expiresOn}:${threshold}`,
    });
    if (queued === 0) continue;
    reminded++;
    await notify(ctx.db, broker.id, {
      type: 'warning',
      title: 'رخصة فال تقترب من الانتهاء',
      message: `تنتهي رخصة فال في ${ends}. جدّدها وحدّث تاريخ انتهائها حتى لا تتوقف عمولاتك الجديدة.`,
      link: '/profile',
    });
  }
  return reminded;
}
