import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type SignalKind, type SignalScope, type SignalStatus, toCents } from '#domain';
import { assertNotOwnMoney, auditedTransaction } from '../admin/own-money.js';
import { type AuditRecorder, auditSystem } from '../audit/service.js';
import { lockBroker, markRequestedCommissions } from '../commissions/service.js';
import { type Database, rowsOf, type Transaction } from '../db/client.js';
import { brokers, fraudSignals, referrals } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { ADMIN_PAGE_SIZE, pageOffset } from '../http/toolkit.js';
import { isUuid } from '../ids.js';

/**
 * Fraud and duplicate signals (issue 16 item 3; decision record 042). A signal is recorded once
 * per cause (the row is its own record, kept for good; closing it is audited). While it is open
 * it holds the money it covers: its referral's commission (`scope: 'referral'`), all of the
 * broker's payable money and payouts (`'broker'`: a shared IBAN), or none (`'none'`: a refused
 * attempt). Held money is `on_hold` with `signal_hold`. Closing the last
 * signal that covers a commission makes it payable again (or leaves it in its holding period).
 */

export type NewSignal = {
  kind: SignalKind;
  /** What makes this cause one: the same key records nothing new. */
  dedupeKey: string;
  brokerId: string;
  referralId?: string | null;
  scope: SignalScope;
  reason: string;
  details?: Record<string, unknown>;
};

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
 * Records a signal in the caller's transaction; answers whether it is new. A new one that
 * covers money puts that money on hold at once (with the broker's row locked, as every money
 * change).
 */
export async function raiseSignal(tx: Transaction, signal: NewSignal): Promise<boolean> {
  const [created] = await tx
    .insert(fraudSignals)
    .values({ ...signal, referralId: signal.referralId ?? null, details: signal.details ?? {} })
    .onConflictDoNothing({ target: fraudSignals.dedupeKey })
    .returning({ id: fraudSignals.id });
  if (!created) return false;
  if (signal.scope !== 'none') await applySignalHolds(tx, signal.brokerId);
  return true;
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
async function releaseSignalHolds(tx: Transaction, brokerId: string): Promise<number> {
  const released = await rowsOf<{ id: string; status: string; unpaid: string }>(
    tx,
    sql`
    update commissions c
    set signal_hold = false,
      status = case when c.status = 'on_hold' and c.payable_at <= now() then 'pending'
        else c.status end,
      payable_at = case when c.status = 'on_hold' and c.payable_at <= now() then now()
        else c.payable_at end,
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

export const heldBySignal = () =>
  new AppError(
    409,
    'HELD_BY_SIGNAL',
    'هذا المبلغ موقوف بسبب تنبيه مفتوح، يرجى معالجته من تبويب التنبيهات أولاً',
  );

/**
 * Resolves or dismisses an open signal with the admin's note (audited); holds lift. Nobody
 * decides on a signal of their own (or of an account sharing their phone or IBAN): that refusal
 * is audited though nothing changes.
 */
export async function closeSignal(
  db: Database,
  id: string,
  change: { status: Exclude<SignalStatus, 'open'>; note: string; adminId: string },
  record: AuditRecorder,
) {
  return auditedTransaction(db, record, async (tx) => {
    const [peek] = isUuid(id)
      ? await tx
          .select({ brokerId: fraudSignals.brokerId })
          .from(fraudSignals)
          .where(eq(fraudSignals.id, id))
      : [];
    if (!peek) throw notFound('التنبيه غير موجود');
    // The broker first, as every money path locks it, then the signal itself.
    await lockBroker(tx, peek.brokerId);
    const [signal] = await tx
      .select()
      .from(fraudSignals)
      .where(eq(fraudSignals.id, id))
      .for('update');
    if (!signal) throw notFound('التنبيه غير موجود');
    await assertNotOwnMoney(tx, change.adminId, {
      kind: 'signal',
      id,
      brokerId: signal.brokerId,
      action: change.status === 'resolved' ? 'signal.resolve' : 'signal.dismiss',
    });
    if (signal.status !== 'open') {
      throw new AppError(409, 'SIGNAL_CLOSED', 'تمت معالجة هذا التنبيه من قبل');
    }
    const [closed] = await tx
      .update(fraudSignals)
      .set({
        status: change.status,
        note: change.note,
        resolvedBy: change.adminId,
        resolvedAt: new Date(),
      })
      .where(eq(fraudSignals.id, id))
      .returning();
    const payableCents = await releaseSignalHolds(tx, signal.brokerId);
    await record(tx, {
      action: change.status === 'resolved' ? 'signal.resolve' : 'signal.dismiss',
      entityType: 'fraud_signal',
      entityId: id,
      before: { status: 'open' },
      after: { status: change.status, note: change.note },
    });
    return { signal: closed ?? signal, payableCents };
  });
}

/** The signals view: newest first, by state (open unless asked), with broker and referral. */
export async function listSignals(
  db: Database,
  query: { status: SignalStatus | 'all'; page: number },
) {
  const where: SQL | undefined =
    query.status === 'all' ? undefined : eq(fraudSignals.status, query.status);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        signal: fraudSignals,
        brokerName: brokers.fullName,
        brokerPhone: brokers.phone,
        brokerCode: brokers.brokerCode,
        referralNumber: referrals.number,
      })
      .from(fraudSignals)
      .innerJoin(brokers, eq(brokers.id, fraudSignals.brokerId))
      .leftJoin(referrals, eq(referrals.id, fraudSignals.referralId))
      .where(where)
      .orderBy(desc(fraudSignals.createdAt), desc(fraudSignals.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(pageOffset(query.page)),
    db.select({ value: count() }).from(fraudSignals).where(where),
  ]);
  return {
    items: rows.map(({ signal, ...row }) => ({
      id: signal.id,
      kind: signal.kind,
      scope: signal.scope,
      reason: signal.reason,
      status: signal.status,
      note: signal.note,
      brokerId: signal.brokerId,
      referralId: signal.referralId,
      ...row,
      createdAt: signal.createdAt.toISOString(),
      resolvedAt: signal.resolvedAt?.toISOString() ?? null,
    })),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}
