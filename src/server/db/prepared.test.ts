import { and, eq, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test-support/database.js';
import type { DatabaseHandle } from './client.js';
import { compiledRows, type Queryable } from './prepared.js';
import { brokers, commissions, referrals } from './schema.js';

// The product's named statements decode their rows with a mapper made once
// per statement. It must answer exactly what Drizzle's own execution answers, whatever the
// select holds: nested objects, left-joined tables whose row is missing, SQL with and without
// a decoder, aliases, unions, placeholders, a transaction.
let database: DatabaseHandle;
let drop: () => Promise<void>;
let brokerId: string;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  const { db } = database;
  await db.execute(sql`insert into brokers (phone, password_hash, broker_code, full_name, is_active)
    values ('0551110001', 'not-a-hash', 'SH-T0001', 'وسيط الاختبار', true)`);
  const [broker] = await db.select({ id: brokers.id }).from(brokers);
  brokerId = broker?.id ?? '';
  // Six referrals, every second one with a commission (one paid): some rows have none.
  await db.execute(sql`insert into referrals (broker_id, tenant_phone, status, rent_amount, city, form_token, submitted_at)
    select ${brokerId}, '05' || lpad((30000000 + g)::text, 8, '0'),
           (array['contract_signed','accepted_awaiting_owner_contract'])[1 + g % 2],
           case when g = 3 then null else 30000 + g * 1000 end, case when g % 3 = 0 then null else 'riyadh' end,
           'prepared-' || g, now() - (g || ' days')::interval
    from generate_series(1, 6) g`);
  await db.execute(sql`insert into commissions (broker_id, referral_id, amount, status, paid_amount, paid_at)
    select broker_id, id, 512.5, case when rent_amount > 32000 then 'paid' else 'pending' end,
           case when rent_amount > 32000 then 512.5 else 0 end,
           case when rent_amount > 32000 then now() end
    from referrals where status = 'contract_signed'`);
});
afterAll(async () => {
  await database.close();
  await drop();
});

/** Drizzle's own answer and the compiled one, from two statements prepared alike. */
async function bothWays<
  Statement extends { execute: (values?: Record<string, unknown>) => Promise<unknown> },
>(prepare: (name: string) => Statement, values: Record<string, unknown> = {}) {
  const name = `prepared_test_${Math.random().toString(36).slice(2, 10)}`;
  const drizzles = await prepare(`${name}_a`).execute(values);
  const compiled = await compiledRows(prepare(`${name}_b`)).execute(values);
  return { drizzles, compiled };
}

describe('rows decoded by a mapper made once per statement', () => {
  it('answers what Drizzle answers for nested objects and a left join with and without a row', async () => {
    const query = (db: Queryable) =>
      db
        .select({
          referral: {
            id: referrals.id,
            submittedAt: referrals.submittedAt,
            rent: referrals.rentAmount,
          },
          commission: {
            amount: commissions.amount,
            paidAt: commissions.paidAt,
            status: commissions.status,
          },
          amount: commissions.amount,
          flag: sql<boolean>`${referrals.city} is null`,
          count: sql<number>`count(*) over ()`.mapWith(Number),
          named: sql<string>`upper(${referrals.status})`.as('named'),
        })
        .from(referrals)
        .leftJoin(commissions, eq(commissions.referralId, referrals.id))
        .where(eq(referrals.brokerId, sql.placeholder('brokerId')))
        .orderBy(referrals.submittedAt);
    const { drizzles, compiled } = await bothWays((name) => query(database.db).prepare(name), {
      brokerId,
    });
    expect(compiled).toEqual(drizzles);
    const rows = compiled as { commission: unknown; referral: { submittedAt: unknown } }[];
    expect(rows).toHaveLength(6);
    // Missing commissions are null objects, present ones decoded (dates as Date).
    expect(rows.filter((row) => row.commission === null)).toHaveLength(3);
    expect(rows[0]?.referral.submittedAt).toBeInstanceOf(Date);
  });

  it('answers what Drizzle answers for a union with decoders, limits and offsets', async () => {
    const query = (db: Queryable) =>
      unionAll(
        db
          .select({
            kind: sql<number>`0`,
            id: sql<string>`${commissions.id}::text`,
            paidAt: commissions.paidAt,
            at: sql<Date>`${commissions.createdAt}`.mapWith(commissions.createdAt),
          })
          .from(commissions)
          .where(eq(commissions.brokerId, sql.placeholder('brokerId'))),
        db
          .select({
            kind: sql<number>`1`.as('kind'),
            id: sql<string>`'potential-' || ${referrals.id}`.as('id'),
            paidAt: sql<Date | null>`null::timestamptz`.as('paid_at'),
            at: sql<Date>`${referrals.submittedAt}`.mapWith(referrals.submittedAt).as('at'),
          })
          .from(referrals)
          .where(and(eq(referrals.brokerId, sql.placeholder('brokerId')))),
      )
        .orderBy(sql`1`, sql`4 desc`)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
    for (const page of [
      { limit: 4, offset: 0 },
      { limit: 4, offset: 4 },
      { limit: 4, offset: 40 },
    ]) {
      const { drizzles, compiled } = await bothWays((name) => query(database.db).prepare(name), {
        brokerId,
        ...page,
      });
      expect(compiled).toEqual(drizzles);
    }
  });

  it('runs inside the transaction it was prepared on', async () => {
    const inTransaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`update referrals set city = 'jeddah' where broker_id = ${brokerId}`);
      const statement = compiledRows(
        tx
          .select({ city: referrals.city })
          .from(referrals)
          .where(eq(referrals.brokerId, sql.placeholder('brokerId')))
          .prepare('prepared_test_in_transaction'),
      );
      const rows = await statement.execute({ brokerId });
      expect(rows.map((row) => row.city)).toEqual(Array(6).fill('jeddah'));
      tx.rollback();
    });
    await expect(inTransaction).rejects.toThrow('Rollback');
    const after = await database.db
      .select({ city: referrals.city })
      .from(referrals)
      .where(eq(referrals.city, 'jeddah'));
    expect(after).toHaveLength(0);
  });

  it('refuses a statement that is not a Drizzle select on node-postgres', () => {
    expect(() => compiledRows({ execute: async () => [] })).toThrow(/not a Drizzle select/);
  });
});
