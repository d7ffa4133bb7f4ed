import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  fromCents,
  IBAN_CHANGE_HOLD_HOURS,
  payoutReference,
  riyadhIsoDate,
  toCents,
} from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import { payoutVat } from '../brokers/tax-profile.js';
import { type Database, rowsOf, type Transaction } from '../db/client.js';
import { brokers, payouts } from '../db/schema.js';
import { csvCell } from '../exports/csv.js';
import { brokerTerms } from '../groups/terms.js';
import { payoutDestination } from '../offices/membership.js';
import { payoutDualControlAmount } from '../settings/service.js';
import { commissionSummary, markRequestedCommissions } from './balances.js';
import { brokerHeldBySignal, ibanHoldUntil } from './holds.js';
import { lockBroker } from './locks.js';
import { moneyConflict } from './own-money.js';

/**
 * Payouts in bulk (decision record 043): «دفع كل المستحق» makes one draft per
 * broker with at least the minimum payable, and the bank file lists the approved payouts.
 */

export type DueRun = {
  created: number;
  /** Riyals, as money text. */
  amount: string;
  /**
   * Brokers left out, by why: no IBAN on the profile, an IBAN just changed, an open signal, or
   * the admin's own money (their account, or one sharing their phone or IBAN: decision 047).
   */
  skipped: { noIban: number; ibanHold: number; signal: number; ownMoney: number };
};

/**
 * One draft per broker whose payable money (net of what reversed commissions still owe) is at
 * least the minimum, to the IBAN on the profile. Each broker in a transaction of its own, with
 * the broker's row locked and the money read again under the lock: two runs at once, or a run
 * beside the broker's own request, never ask for the same riyal twice.
 */
export async function createDuePayouts(
  db: Database,
  adminId: string,
  record: AuditRecorder,
): Promise<DueRun> {
  // Brokers with payable commissions: the run looks no further.
  const candidates = await rowsOf<{ broker_id: string }>(
    db,
    sql`select distinct c.broker_id from commissions c
      join brokers b on b.id = c.broker_id
      where c.status = 'pending' and b.deleted_at is null`,
  );
  const run: DueRun = {
    created: 0,
    amount: '0.00',
    skipped: { noIban: 0, ibanHold: 0, signal: 0, ownMoney: 0 },
  };
  let total = 0;
  for (const { broker_id: brokerId } of candidates) {
    const outcome = await db.transaction(async (tx) => {
      await lockBroker(tx, brokerId);
      const summary = await commissionSummary(tx, brokerId);
      const due = toCents(summary.pending);
      // The broker's group's payout minimum, else the program's (decision record 072).
      const { payoutMinimum: least } = await brokerTerms(tx, brokerId);
      if (due < least * 100) return 'below' as const;
      // The profile's IBAN, or the office's when the broker's office is paid (decision 080).
      const destination = await payoutDestination(tx, brokerId);
      if (!destination.iban) return 'noIban' as const;
      if (ibanHoldUntil(destination.ibanChangedAt)) return 'ibanHold' as const;
      if (await brokerHeldBySignal(tx, brokerId)) return 'signal' as const;
      // Nobody drafts their own payout, even in bulk: another admin's run will.
      if (await moneyConflict(tx, adminId, brokerId)) return 'ownMoney' as const;
      const [created] = await tx
        .insert(payouts)
        .values({
          brokerId,
          amount: fromCents(due),
          iban: destination.iban,
          officeId: destination.officeId,
          source: 'bulk',
          ...(await payoutVat(tx, brokerId, fromCents(due))),
        })
        .returning({ id: payouts.id, amount: payouts.amount, vatAmount: payouts.vatAmount });
      if (!created) throw new Error('payout insert returned nothing');
      await markRequestedCommissions(tx, brokerId);
      await record(tx, {
        action: 'payout.create',
        entityType: 'payout',
        entityId: created.id,
        after: {
          status: 'draft',
          source: 'bulk',
          amount: created.amount,
          vatAmount: created.vatAmount,
          brokerId,
        },
      });
      return due;
    });
    if (typeof outcome === 'number') {
      run.created += 1;
      total += outcome;
    } else if (outcome !== 'below') {
      run.skipped[outcome] += 1;
    }
  }
  run.amount = fromCents(total);
  return run;
}

/** The bank file's columns, in order (docs/bank-file.md). */
const BANK_FILE_COLUMNS = ['beneficiary_name', 'iban', 'amount', 'currency', 'reference'] as const;

export type BankLine = {
  id: string;
  beneficiaryName: string;
  iban: string;
  amount: string;
  reference: string;
};

/** The approved payouts of one bank file, oldest approval first: one line each. */
export async function bankFileLines(
  db: Database | Transaction,
  batch: string,
): Promise<BankLine[]> {
  const rows = await db
    .select({
      id: payouts.id,
      name: sql<string | null>`coalesce(${payouts.beneficiaryName}, ${brokers.fullName})`,
      iban: payouts.iban,
      // The gross: the net and the VAT on top (decision 071).
      amount: sql<string>`(${payouts.amount} + ${payouts.vatAmount})::numeric(12, 2)::text`,
    })
    .from(payouts)
    .innerJoin(brokers, eq(brokers.id, payouts.brokerId))
    .where(and(eq(payouts.status, 'approved'), eq(payouts.bankBatch, batch)))
    .orderBy(asc(payouts.approvedAt), asc(payouts.id));
  return rows.map((row) => ({
    id: row.id,
    beneficiaryName: row.name ?? '',
    iban: row.iban,
    amount: row.amount,
    reference: payoutReference(row.id),
  }));
}

/**
 * Whether the admin may have a bank file again: not when it holds one of their own payouts, or
 * one at or above the two-person amount that they approved (decision 047).
 */
export async function mayHaveBankFile(
  db: Database,
  batch: string,
  adminId: string,
): Promise<boolean> {
  const twoPeopleCents = (await payoutDualControlAmount(db)) * 100;
  const [conflict] = await rowsOf<{ id: string }>(
    db,
    sql`select t.id from transfer_requests t
      where t.bank_batch = ${batch} and t.status = 'approved'
        and (t.broker_id = ${adminId}
          or (t.approved_by = ${adminId} and (t.amount + t.vat_amount) * 100 >= ${twoPeopleCents}))
      limit 1`,
  );
  return !conflict;
}

/**
 * A new bank file: every approved payout in no file yet, except those of a broker whose IBAN
 * was just replaced or whom an open signal holds, stamped with a batch of its own in one
 * statement (two admins at once never put one payout in two files). Only payouts in a file may
 * be marked sent, and a change of IBAN no longer moves them. Null when there is nothing new.
 */
export async function newBankFile(
  db: Database,
  adminId: string,
): Promise<{ batch: string; lines: BankLine[] } | null> {
  const batch = `B${riyadhIsoDate(new Date()).replaceAll('-', '')}-${randomBytes(3).toString('hex').toUpperCase()}`;
  return db.transaction(async (tx) => {
    const twoPeopleCents = (await payoutDualControlAmount(tx)) * 100;
    // Handing the file to the bank is what sends the money (decision 047): the admin who
    // downloads it gets none of their own payouts, and none at or above the two-person amount
    // that they approved themselves; a colleague's file takes those.
    const stamped = await rowsOf<{ id: string }>(
      tx,
      sql`update transfer_requests t set bank_batch = ${batch}
        from brokers b
        where b.id = t.broker_id and t.status = 'approved' and t.bank_batch is null
          and (b.iban_changed_at is null
            or b.iban_changed_at <= now() - make_interval(hours => ${IBAN_CHANGE_HOLD_HOURS}))
          and not exists (select 1 from fraud_signals s where s.broker_id = t.broker_id
            and s.scope = 'broker' and s.status = 'open')
          and t.broker_id <> ${adminId}
          and not (t.approved_by = ${adminId} and (t.amount + t.vat_amount) * 100 >= ${twoPeopleCents})
        returning t.id`,
    );
    if (stamped.length === 0) return null;
    return { batch, lines: await bankFileLines(tx, batch) };
  });
}

/** The bank file: UTF-8 with a byte-order mark (Arabic names open as typed), CRLF lines. */
export function bankFileCsv(rows: BankLine[]): string {
  const lines = [
    BANK_FILE_COLUMNS.join(','),
    ...rows.map((row) =>
      [row.beneficiaryName, row.iban, row.amount, 'SAR', row.reference].map(csvCell).join(','),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
