import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  formatSar,
  fromCents,
  type SignalKind,
  type SignalScope,
  type SignalStatus,
} from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import type { Database, Transaction } from '../db/client.js';
import { brokers, fraudSignals, referrals } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { ADMIN_PAGE_SIZE, brokerColumns, pageOffset } from '../http/toolkit.js';
import { isUuid } from '../ids.js';
import { applySignalHolds, releaseSignalHolds } from '../ledger/holds.js';
import { lockBroker } from '../ledger/locks.js';
import { assertNotOwnMoney, auditedTransaction } from '../ledger/own-money.js';
import { notify } from '../notifications/service.js';
import { fillDeadlinesAfterCommit } from '../service-clocks.js';

/**
 * Fraud and duplicate signals (decision record 042). A signal is recorded once
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
 * Resolves or dismisses an open signal with the admin's note (audited); holds lift. Nobody
 * decides on a signal of their own (or of an account sharing their phone or IBAN): that refusal
 * is audited though nothing changes.
 */
export async function closeSignal(
  db: Database,
  log: FastifyBaseLogger,
  id: string,
  change: { status: Exclude<SignalStatus, 'open'>; note: string; adminId: string },
  record: AuditRecorder,
) {
  const result = await auditedTransaction(db, record, async (tx) => {
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
  // A released commission's payment deadline, from the moment it became payable; and its
  // broker hears that it may be asked for (never why it was held).
  await fillDeadlinesAfterCommit(db, log);
  if (result.payableCents > 0) {
    await notify(db, result.signal.brokerId, {
      type: 'success',
      title: 'انتهت مراجعة عمولتك',
      message: `أصبح مبلغ ${formatSar(fromCents(result.payableCents))} من عمولاتك قابلاً للتحويل، ويمكنك الآن طلب تحويله.`,
      link: '/commissions',
    });
  }
  return result;
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
        ...brokerColumns,
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
