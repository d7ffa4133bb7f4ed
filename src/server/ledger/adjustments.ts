import { desc, eq, sql } from 'drizzle-orm';
import {
  ADMIN_ADJUSTMENT_LIMIT,
  ADMIN_CREDIT_DAYS,
  type AdjustmentDirection,
  arabicCount,
  type CommissionStatus,
  formatSar,
  NOUNS,
  toCents,
  toMoneyString,
  vatSplit,
} from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import { licenseHoldsNewCommission } from '../brokers/fal-license.js';
import { chargesVat } from '../brokers/tax-profile.js';
import { type Database, rowsOf, type Transaction } from '../db/client.js';
import { type Broker, commissions, deductions, notifications } from '../db/schema.js';
import { AppError } from '../errors.js';
import { announceNotification } from '../notifications/live.js';
import { markRequestedCommissions } from './balances.js';
import { applySignalHolds } from './holds.js';
import { lockedLiveBroker } from './locks.js';
import { assertNotOwnMoney, auditedTransaction } from './own-money.js';

/**
 * Adjustments (decision record 074). A positive one is a commission of kind `adjustment`: payable
 * at once (unless the broker's FAL licence or an open fraud signal holds it, as any commission),
 * paid through the same payouts, bank files and documents. A negative one is a deduction: money
 * the broker owes, taken off their total and from their next payments, never a negative
 * commission. Both are made under the broker's lock, audited and told to the broker.
 */

/**
 * A commission no contract made (a positive adjustment or a bonus), in the caller's transaction
 * with the broker's row locked. Answers its id; null for a bonus the broker already had (one
 * per broker and bonus).
 */
export async function createProgramCommission(
  tx: Transaction,
  broker: Broker,
  made: {
    kind: 'adjustment' | 'bonus';
    amount: number;
    reason: string;
    bonusId?: string;
    createdBy?: string;
  },
): Promise<string | null> {
  const amount = toMoneyString(made.amount);
  const licenseHold = await licenseHoldsNewCommission(tx, broker.id);
  const [created] = await tx
    .insert(commissions)
    .values({
      brokerId: broker.id,
      kind: made.kind,
      bonusId: made.bonusId ?? null,
      reason: made.reason,
      createdBy: made.createdBy ?? null,
      amount,
      vatAmount: vatSplit(amount, { vatRegistered: chargesVat(broker) }).vat,
      status: licenseHold ? 'on_hold' : 'pending',
      licenseHold,
    })
    .onConflictDoNothing()
    .returning({ id: commissions.id });
  if (!created) return null;
  await applySignalHolds(tx, broker.id);
  await markRequestedCommissions(tx, broker.id);
  return created.id;
}

/**
 * An admin who is not a super-admin deducts at most ADMIN_ADJUSTMENT_LIMIT at a time, and credits
 * at most that much in all over ADMIN_CREDIT_DAYS, counted under a lock of the admin's own so
 * that two credits at once cannot both pass (403 `ADJUSTMENT_LIMIT`).
 */
async function withinAdminLimit(
  tx: Transaction,
  adminId: string,
  direction: AdjustmentDirection,
  amount: string,
): Promise<void> {
  const limit = ADMIN_ADJUSTMENT_LIMIT * 100;
  if (direction === 'debit') {
    if (toCents(amount) <= limit) return;
    throw new AppError(
      403,
      'ADJUSTMENT_LIMIT',
      `خصم أكثر من ${formatSar(ADMIN_ADJUSTMENT_LIMIT)} في تسوية واحدة يتولاه مشرف عام`,
    );
  }
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`adjustments:${adminId}`}))`);
  const [credited] = await rowsOf<{ total: string }>(
    tx,
    sql`select coalesce(sum(amount), 0)::text as total from commissions
      where kind = 'adjustment' and created_by = ${adminId}
        and created_at > now() - make_interval(days => ${ADMIN_CREDIT_DAYS})`,
  );
  if (toCents(credited?.total ?? '0') + toCents(amount) <= limit) return;
  throw new AppError(
    403,
    'ADJUSTMENT_LIMIT',
    `لا تتجاوز إضافاتك ${formatSar(ADMIN_ADJUSTMENT_LIMIT)} خلال ${arabicCount(ADMIN_CREDIT_DAYS, NOUNS.day)}؛ ما زاد يتولاه مشرف عام`,
  );
}

/** The broker's notice of a change to their money, written in the change's transaction. */
export async function noticeInTransaction(
  tx: Transaction,
  brokerId: string,
  notice: { type: 'success' | 'warning'; title: string; message: string },
): Promise<void> {
  await tx.insert(notifications).values({ brokerId, ...notice, link: '/commissions' });
  await announceNotification(tx, brokerId);
}

/**
 * An admin's adjustment of a broker's money, with the reason the broker reads. Refused for the
 * admin's own account or one sharing their phone or IBAN (audited); beyond an admin's limit
 * (withinAdminLimit) it is a super-admin's. Answers what was made.
 */
export async function addAdjustment(
  db: Database,
  brokerId: string,
  admin: { id: string; isSuperAdmin: boolean },
  adjustment: { direction: AdjustmentDirection; amount: number; reason: string },
  record: AuditRecorder,
): Promise<{ id: string; direction: AdjustmentDirection; amount: string }> {
  const { direction, reason } = adjustment;
  const amount = toMoneyString(adjustment.amount);
  return auditedTransaction(db, record, async (tx) => {
    const broker = await lockedLiveBroker(tx, brokerId);
    await assertNotOwnMoney(tx, admin.id, {
      kind: 'adjustment',
      id: broker.id,
      brokerId: broker.id,
      action: 'adjustment.add',
    });
    if (!admin.isSuperAdmin) await withinAdminLimit(tx, admin.id, direction, amount);
    let id: string;
    if (direction === 'credit') {
      const made = await createProgramCommission(tx, broker, {
        kind: 'adjustment',
        amount: adjustment.amount,
        reason,
        createdBy: admin.id,
      });
      if (!made) throw new Error('an adjustment commission was not inserted');
      id = made;
    } else {
      const [made] = await tx
        .insert(deductions)
        .values({ brokerId: broker.id, amount, reason, createdBy: admin.id })
        .returning({ id: deductions.id });
      if (!made) throw new Error('a deduction was not inserted');
      id = made.id;
      await markRequestedCommissions(tx, broker.id);
    }
    await record(tx, {
      action: 'adjustment.add',
      entityType: 'broker',
      entityId: broker.id,
      after: {
        direction,
        amount,
        reason,
        [direction === 'credit' ? 'commissionId' : 'deductionId']: id,
      },
    });
    await noticeInTransaction(
      tx,
      broker.id,
      direction === 'credit'
        ? {
            type: 'success',
            title: 'أُضيف مبلغ إلى عمولاتك',
            message: `أُضيفت تسوية بقيمة ${formatSar(amount)}: ${reason}`,
          }
        : {
            type: 'warning',
            title: 'خُصم مبلغ من مستحقاتك',
            message: `خُصم ${formatSar(amount)} من مستحقاتك: ${reason}. يُخصم من دفعتك القادمة ما لم يُغطِّه رصيدك الحالي.`,
          },
    );
    return { id, direction, amount };
  });
}

/** The broker's deductions, newest first. */
export async function brokerDeductions(db: Database, brokerId: string) {
  const rows = await db
    .select({
      id: deductions.id,
      amount: deductions.amount,
      recoveredAmount: deductions.recoveredAmount,
      reason: deductions.reason,
      createdAt: deductions.createdAt,
    })
    .from(deductions)
    .where(eq(deductions.brokerId, brokerId))
    .orderBy(desc(deductions.createdAt), desc(deductions.id))
    .limit(200);
  return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

/**
 * One broker's adjustments as the console lists them, newest first: the credits (adjustment
 * commissions, with their status) and the deductions (with what later payments took), each with
 * the admin who made it.
 */
export async function adjustmentsOf(db: Database, brokerId: string) {
  const rows = await rowsOf<{
    id: string;
    direction: AdjustmentDirection;
    amount: string;
    settled: string;
    reason: string;
    status: CommissionStatus | null;
    created_by: string | null;
    created_at: Date;
  }>(
    db,
    sql`select c.id::text, 'credit' as direction, c.amount::text, c.paid_amount::text as settled,
        c.reason, c.status, a.full_name as created_by, c.created_at
      from commissions c left join brokers a on a.id = c.created_by
      where c.broker_id = ${brokerId} and c.kind = 'adjustment'
      union all
      select d.id::text, 'debit', d.amount::text, d.recovered_amount::text, d.reason, null,
        a.full_name, d.created_at
      from deductions d left join brokers a on a.id = d.created_by
      where d.broker_id = ${brokerId}
      order by created_at desc, id desc
      limit 200`,
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      direction: row.direction,
      amount: row.amount,
      settled: row.settled,
      reason: row.reason,
      status: row.status,
      createdBy: row.created_by,
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}
