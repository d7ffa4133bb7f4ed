import { and, eq, lte, sql } from 'drizzle-orm';
import { formatDateTimeAr, formatSar, fromCents, IBAN_CHANGE_HOLD_HOURS, toCents } from '#domain';
import { auditSystem } from '../audit/service.js';
import type { Database, Transaction } from '../db/client.js';
import { rowsOf } from '../db/client.js';
import { brokers, commissions, fraudSignals, offices } from '../db/schema.js';
import { AppError } from '../errors.js';
import { notify } from '../notifications/service.js';
import { payoutDestination } from '../offices/membership.js';
import { markRequestedCommissions } from './balances.js';
import { lockBroker } from './locks.js';

/** Brokers handled per call; the next run takes the rest. */
const RELEASE_BATCH = 500;

/**
 * Past its holding period, and held by no open fraud signal nor by the broker's licence (those
 * wait for an admin).
 */
const due = and(
  eq(commissions.status, 'on_hold'),
  eq(commissions.signalHold, false),
  eq(commissions.licenseHold, false),
  lte(commissions.payableAt, sql`now()`),
);

/**
 * Moves every commission whose holding period has ended from `on_hold` to payable, broker by
 * broker: with the broker's row locked (as every money change), each release audited as the
 * system's, and the requested marks brought up to date. The broker is notified once with the
 * amount. Safe on several instances at once: the lock and the conditional update release each
 * commission once. Returns how many commissions were released.
 */
export async function releaseHeldCommissions(db: Database): Promise<number> {
  const brokers = await db
    .selectDistinct({ brokerId: commissions.brokerId })
    .from(commissions)
    .where(due)
    .limit(RELEASE_BATCH);
  let released = 0;
  for (const { brokerId } of brokers) {
    const freed = await db.transaction(async (tx) => {
      await lockBroker(tx, brokerId);
      const rows = await tx
        .update(commissions)
        .set({ status: 'pending' })
        .where(and(eq(commissions.brokerId, brokerId), due))
        .returning({
          id: commissions.id,
          unpaid: sql<string>`${commissions.amount} - ${commissions.paidAmount}`,
        });
      if (rows.length === 0) return rows;
      await markRequestedCommissions(tx, brokerId);
      for (const row of rows) {
        await auditSystem(tx, {
          action: 'commission.release',
          entityType: 'commission',
          entityId: row.id,
          before: { status: 'on_hold' },
          after: { status: 'pending' },
        });
      }
      return rows;
    });
    if (freed.length === 0) continue;
    released += freed.length;
    const cents = freed.reduce((sum, row) => sum + toCents(row.unpaid), 0);
    await notify(db, brokerId, {
      type: 'success',
      title: 'انتهت فترة الانتظار',
      message: `أصبح مبلغ ${formatSar(fromCents(cents))} من عمولاتك قابلاً للتحويل، ويمكنك الآن طلب تحويله.`,
      link: '/commissions',
    });
  }
  return released;
}

/** Until when a broker's payouts wait after an IBAN change; null when they do not. */
export function ibanHoldUntil(ibanChangedAt: Date | null, now = new Date()): Date | null {
  if (!ibanChangedAt) return null;
  const until = new Date(ibanChangedAt.getTime() + IBAN_CHANGE_HOLD_HOURS * 3_600_000);
  return until > now ? until : null;
}

/** When the IBAN `notInIbanHold` judges last changed. */
async function ibanChangedAtFor(
  tx: Transaction,
  brokerId: string,
  payout: { officeId: string | null } | undefined,
): Promise<Date | null> {
  if (!payout) return (await payoutDestination(tx, brokerId)).ibanChangedAt;
  const [row] = payout.officeId
    ? await tx
        .select({ changedAt: offices.ibanChangedAt })
        .from(offices)
        .where(eq(offices.id, payout.officeId))
    : await tx
        .select({ changedAt: brokers.ibanChangedAt })
        .from(brokers)
        .where(eq(brokers.id, brokerId));
  return row?.changedAt ?? null;
}

/**
 * Refuses while the IBAN money would go to was replaced less than 48 hours ago: a payout's own
 * (its office's when it was made to one, else the broker's: decision 080), or, for money paid
 * outside a payout, where the broker is paid now.
 */
export async function notInIbanHold(
  tx: Transaction,
  brokerId: string,
  payout?: { officeId: string | null },
): Promise<void> {
  const until = ibanHoldUntil(await ibanChangedAtFor(tx, brokerId, payout));
  if (until) {
    throw new AppError(
      409,
      'IBAN_CHANGE_HOLD',
      payout?.officeId
        ? `غيّر المكتب آيبانه أو وجهة تحويل عمولات أعضائه مؤخراً، فتتوقف دفعاته حتى ${formatDateTimeAr(until)}`
        : `غيّر الوسيط رقم الآيبان مؤخراً، فتتوقف دفعاته حتى ${formatDateTimeAr(until)}`,
    );
  }
}

/** An open signal covers commission `c`: one on its referral, or one on its whole broker. */
const covered = sql`exists (select 1 from fraud_signals s
  where s.status = 'open' and ((s.scope = 'referral' and s.referral_id = c.referral_id)
    or (s.scope = 'broker' and s.broker_id = c.broker_id)))`;

/** Whether an open signal holds all of the broker's money: no payout of theirs may move. */
export async function brokerHeldBySignal(tx: Transaction, brokerId: string): Promise<boolean> {
  const [open] = await tx
    .select({ id: fraudSignals.id })
    .from(fraudSignals)
    .where(
      and(
        eq(fraudSignals.brokerId, brokerId),
        eq(fraudSignals.scope, 'broker'),
        eq(fraudSignals.status, 'open'),
      ),
    )
    .limit(1);
  return open !== undefined;
}

/**
 * Holds every payable or time-held commission of the broker that an open signal covers. A
 * referral's signals are raised before or as its commission is created, so none is `requested`;
 * what a broker-wide signal finds in open payouts stays there, and those payouts cannot move
 * while it is open (brokerHeldBySignal). Called again when a payout gives its money back.
 */
export async function applySignalHolds(tx: Transaction, brokerId: string): Promise<void> {
  await lockBroker(tx, brokerId);
  const held = await rowsOf<{ id: string }>(
    tx,
    sql`
    update commissions c
    set signal_hold = true, status = case when c.status = 'pending' then 'on_hold' else c.status end
    where c.broker_id = ${brokerId} and c.status in ('pending', 'on_hold') and not c.signal_hold
      and ${covered}
    returning c.id`,
  );
  await markRequestedCommissions(tx, brokerId);
  await auditEach(tx, held, 'commission.signal_hold', { signalHold: false }, { signalHold: true });
}

/** One system audit row per commission a statement held or released. */
async function auditEach(
  tx: Transaction,
  rows: { id: string }[],
  action: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) {
  for (const { id } of rows) {
    await auditSystem(tx, { action, entityType: 'commission', entityId: id, before, after });
  }
}

/**
 * Lifts the hold of every commission of the broker no open signal covers any more. One whose
 * holding period is over becomes payable now: its `payable_at` moves to now and its payment
 * deadline is computed again from there (the team could not pay it while it was held).
 */
export async function releaseSignalHolds(tx: Transaction, brokerId: string): Promise<number> {
  const released = await rowsOf<{ id: string; status: string; unpaid: string }>(
    tx,
    sql`
    update commissions c
    set signal_hold = false,
      status = case when c.status = 'on_hold' and not c.license_hold and c.payable_at <= now()
        then 'pending' else c.status end,
      payable_at = case when c.status = 'on_hold' and not c.license_hold
        and c.payable_at <= now() then now() else c.payable_at end,
      pay_due_at = null
    where c.broker_id = ${brokerId} and c.signal_hold and not ${covered}
    returning c.id, c.status, c.amount - c.paid_amount as unpaid`,
  );
  await markRequestedCommissions(tx, brokerId);
  await auditEach(
    tx,
    released,
    'commission.signal_release',
    { signalHold: true },
    { signalHold: false },
  );
  // What became payable (in halalas), for the broker's notice.
  return released
    .filter((row) => row.status === 'pending')
    .reduce((sum, row) => sum + toCents(row.unpaid), 0);
}

/** A commission that waits for the broker's FAL licence (decision 070). */
export const heldByFalLicense = () =>
  new AppError(
    409,
    'HELD_BY_FAL_LICENSE',
    'هذه العمولة موقوفة حتى يتم التحقق من رخصة فال للوسيط، يرجى التحقق منها من تبويب الوسطاء',
  );

export const heldBySignal = () =>
  new AppError(
    409,
    'HELD_BY_SIGNAL',
    'هذا المبلغ موقوف بسبب تنبيه مفتوح، يرجى معالجته من تبويب التنبيهات أولاً',
  );
