import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import { brokers, officeMembers, offices } from '../db/schema.js';

type Reader = Pick<Database, 'select'> | Transaction;

/** The office a broker is an active member of (its owner included), or null. */
export async function activeOfficeOf(db: Reader, brokerId: string) {
  const [row] = await db
    .select({ office: offices, role: officeMembers.role, memberId: officeMembers.id })
    .from(officeMembers)
    .innerJoin(offices, eq(offices.id, officeMembers.officeId))
    .where(and(eq(officeMembers.brokerId, brokerId), eq(officeMembers.status, 'active')));
  return row ?? null;
}

/**
 * Where a broker's payout goes (decision 080): the office's IBAN while the broker is an active
 * member of an office that chose to be paid, else the IBAN on the broker's profile; with the
 * time that IBAN last changed (payouts wait 48 hours after a change).
 */
export async function payoutDestination(
  db: Reader,
  brokerId: string,
): Promise<{ iban: string | null; ibanChangedAt: Date | null; officeId: string | null }> {
  const membership = await activeOfficeOf(db, brokerId);
  if (membership?.office.payoutTo === 'office') {
    return {
      iban: membership.office.iban,
      ibanChangedAt: membership.office.ibanChangedAt,
      officeId: membership.office.id,
    };
  }
  const [broker] = await db
    .select({ iban: brokers.iban, ibanChangedAt: brokers.ibanChangedAt })
    .from(brokers)
    .where(eq(brokers.id, brokerId));
  return {
    iban: broker?.iban ?? null,
    ibanChangedAt: broker?.ibanChangedAt ?? null,
    officeId: null,
  };
}
