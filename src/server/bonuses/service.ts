import { desc, eq, sql } from 'drizzle-orm';
import { type BonusValues, toMoneyString } from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import { type Database, rowsOf, type Transaction } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { bonuses } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { countedContracts } from './award.js';

/**
 * Bonuses as super-admins define them (decision record 074): a name, a target of contracts
 * signed between two Riyadh days and a fixed amount. One that a broker has reached is paid and
 * kept: it is neither changed nor deleted (409), so what the broker was paid always says why.
 */

const NOT_FOUND = 'المكافأة غير موجودة';
const NAME_TAKEN = new AppError(409, 'BONUS_NAME_TAKEN', 'توجد مكافأة بهذا الاسم', {
  fields: { name: 'توجد مكافأة بهذا الاسم' },
});
const REACHED = new AppError(
  409,
  'BONUS_REACHED',
  'حقق وسطاء هذه المكافأة وصُرفت لهم، فلا تُعدَّل ولا تُحذف؛ يمكنك إيقافها',
);

type BonusRow = typeof bonuses.$inferSelect;

const toBonus = (bonus: BonusRow, awarded: number) => ({
  id: bonus.id,
  name: bonus.name,
  signedContracts: bonus.signedContracts,
  startsOn: bonus.startsOn,
  endsOn: bonus.endsOn,
  amount: bonus.amount,
  closedAt: bonus.closedAt?.toISOString() ?? null,
  /** Brokers paid it so far. */
  awarded,
});

const columnsOf = (values: BonusValues) => ({
  name: values.name,
  signedContracts: values.signedContracts,
  startsOn: values.startsOn,
  endsOn: values.endsOn,
  amount: toMoneyString(values.amount),
});

// Named in full: Drizzle writes a lone table's column unqualified, which `c` would capture.
const awardedCount = sql<number>`(select count(*)::int from commissions c
  where c.bonus_id = "bonuses"."id")`;

/** Every bonus, the latest ending first, with how many brokers were paid it. */
export async function listBonuses(db: Database) {
  const rows = await db
    .select({ bonus: bonuses, awarded: awardedCount })
    .from(bonuses)
    .orderBy(desc(bonuses.endsOn), desc(bonuses.createdAt));
  return { items: rows.map((row) => toBonus(row.bonus, row.awarded)) };
}

const nameTaken = (error: unknown): never => {
  if (isUniqueViolation(error)) throw NAME_TAKEN;
  throw error;
};

/** The bonus under its row lock, refused once a broker has reached it. */
async function lockedUnreached(tx: Transaction, id: string): Promise<BonusRow> {
  const [bonus] = await tx.select().from(bonuses).where(eq(bonuses.id, id)).for('update');
  if (!bonus) throw notFound(NOT_FOUND);
  const [paid] = await rowsOf<{ id: string }>(
    tx,
    sql`select id from commissions where bonus_id = ${id} limit 1`,
  );
  if (paid) throw REACHED;
  return bonus;
}

export async function createBonus(
  db: Database,
  actorId: string,
  values: BonusValues,
  record: AuditRecorder,
) {
  const created = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(bonuses)
        .values({ ...columnsOf(values), createdBy: actorId })
        .returning();
      if (!row) throw new Error('the bonus was not inserted');
      await record(tx, {
        action: 'bonus.create',
        entityType: 'bonus',
        entityId: row.id,
        after: columnsOf(values),
      });
      return row;
    })
    .catch(nameTaken);
  return toBonus(created, 0);
}

export async function updateBonus(
  db: Database,
  id: string,
  values: BonusValues,
  record: AuditRecorder,
) {
  const updated = await db
    .transaction(async (tx) => {
      const before = await lockedUnreached(tx, id);
      const [row] = await tx
        .update(bonuses)
        .set(columnsOf(values))
        .where(eq(bonuses.id, id))
        .returning();
      if (!row) throw notFound(NOT_FOUND);
      await record(tx, {
        action: 'bonus.update',
        entityType: 'bonus',
        entityId: id,
        before: columnsOf({ ...before, amount: Number(before.amount) }),
        after: columnsOf(values),
      });
      return row;
    })
    .catch(nameTaken);
  return toBonus(updated, 0);
}

export async function deleteBonus(db: Database, id: string, record: AuditRecorder) {
  await db.transaction(async (tx) => {
    const before = await lockedUnreached(tx, id);
    await tx.delete(bonuses).where(eq(bonuses.id, id));
    await record(tx, {
      action: 'bonus.delete',
      entityType: 'bonus',
      entityId: id,
      before: columnsOf({ ...before, amount: Number(before.amount) }),
    });
  });
}

/**
 * Stops a bonus at once, whether or not anyone was paid it (a mistake in its terms, a program
 * ended early): nobody is paid it from then on, and those paid keep what they were paid.
 * Audited; closing one already closed changes nothing.
 */
export async function closeBonus(db: Database, id: string, record: AuditRecorder) {
  const closed = await db.transaction(async (tx) => {
    const [bonus] = await tx.select().from(bonuses).where(eq(bonuses.id, id)).for('update');
    if (!bonus) throw notFound(NOT_FOUND);
    if (bonus.closedAt) return bonus;
    const [row] = await tx
      .update(bonuses)
      .set({ closedAt: new Date() })
      .where(eq(bonuses.id, id))
      .returning();
    if (!row) throw notFound(NOT_FOUND);
    await record(tx, {
      action: 'bonus.close',
      entityType: 'bonus',
      entityId: id,
      after: { name: row.name },
    });
    return row;
  });
  const [paid] = await db.select({ awarded: awardedCount }).from(bonuses).where(eq(bonuses.id, id));
  return toBonus(closed, paid?.awarded ?? 0);
}

/**
 * The broker's progress toward the open bonuses they have not been paid, the nearest end first:
 * the contracts that count so far, and the target. Staff see none (they never earn one).
 */
export async function bonusProgress(db: Database, brokerId: string) {
  const rows = await rowsOf<{
    name: string;
    amount: string;
    signed_contracts: number;
    ends_on: string;
    counted: number;
    reached: boolean;
  }>(
    db,
    sql`select bo.name, bo.amount::text, bo.signed_contracts, bo.ends_on::text,
        ${countedContracts} as counted,
        exists (select 1 from commissions x where x.bonus_id = bo.id and x.broker_id = b.id)
          as reached
      from brokers b, bonuses bo
      where b.id = ${brokerId} and not b.is_admin and not b.is_super_admin
        and bo.starts_on <= (now() at time zone 'Asia/Riyadh')::date
        and bo.ends_on >= (now() at time zone 'Asia/Riyadh')::date and bo.closed_at is null
      order by bo.ends_on, bo.name
      limit 3`,
  );
  return rows.map((row) => ({
    name: row.name,
    amount: row.amount,
    signedContracts: row.signed_contracts,
    endsOn: row.ends_on,
    counted: Math.min(row.counted, row.signed_contracts),
    reached: row.reached,
  }));
}
