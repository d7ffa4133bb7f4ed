import { eq, sql } from 'drizzle-orm';
import {
  type AppliedRule,
  estimateCommission,
  officeShareOf,
  toMoneyString,
  vatSplit,
} from '#domain';
import { licenseHoldsNewCommission } from '../brokers/fal-license.js';
import { chargesVat } from '../brokers/tax-profile.js';
import type { Transaction } from '../db/client.js';
import { brokers, commissions, type Referral, referrals } from '../db/schema.js';
import { activeOfficeOf } from '../offices/membership.js';
import { checkSignedContract } from '../signals/detect.js';
import { queueWebhookEvent } from '../webhooks/events.js';
import { applySignalHolds } from './holds.js';

/**
 * Creates the commission of a referral whose contract is signed, in the caller's transaction,
 * with the broker's row already locked (every money path locks it first). Inserted with ON
 * CONFLICT DO NOTHING on its unique referral id: concurrent or repeated signings never make a
 * second one, and later status changes never remove it.
 *
 * It is computed from the contract's annual rent as the admin confirms it, else from the rent
 * the broker declared, with the broker's rule and holding period as they stand now (decision
 * record 072), the rule stored with it. The contract
 * rent is stored on the referral only with the commission it prices: once a commission exists
 * its amount is settled, and a later figure would contradict it. A repeated signing only fills
 * a contract number the commission lacked.
 *
 * Answers the new commission's amount (null when it already existed) and the referral as it
 * stands after pricing.
 */
export async function createCommission(
  tx: Transaction,
  referral: Referral,
  terms: { contractRent: number | null; rule: AppliedRule },
): Promise<{ amount: string | null; referral: Referral }> {
  const { contractRent, rule } = terms;
  const { holdingDays } = rule;
  let after = referral;
  const amount = toMoneyString(estimateCommission(contractRent ?? referral.rentAmount, rule));
  // Brokerage earns only under a verified, valid FAL licence (decision 070): until then the
  // commission waits, whatever its holding period.
  const licenseHold = await licenseHoldsNewCommission(tx, referral.brokerId);
  // 15% VAT on top for a broker whose VAT registration is verified (decision 071).
  const [broker] = await tx.select().from(brokers).where(eq(brokers.id, referral.brokerId));
  const { vat: vatAmount } = vatSplit(amount, {
    vatRegistered: broker !== undefined && chargesVat(broker),
  });
  // The broker's office then, and its share of this commission (decision 080).
  // The owner's own commissions are the office's already: no share of them is recorded.
  const found = await activeOfficeOf(tx, referral.brokerId);
  const membership = found?.role === 'agent' ? found : null;
  const sharePercent = membership?.office.sharePercent ?? null;
  const [created] = await tx
    .insert(commissions)
    .values({
      brokerId: referral.brokerId,
      referralId: referral.id,
      amount,
      vatAmount,
      contractNumber: referral.contractId,
      rule,
      officeId: membership?.office.id ?? null,
      officeSharePercent: membership ? sharePercent : null,
      officeAmount: membership ? officeShareOf(amount, sharePercent) : null,
      // Inside the holding period until it ends; payable at once when there is none.
      status: holdingDays > 0 || licenseHold ? 'on_hold' : 'pending',
      licenseHold,
      payableAt: sql`now() + make_interval(days => ${holdingDays})`,
    })
    .onConflictDoNothing({ target: commissions.referralId })
    .returning({
      id: commissions.id,
      amount: commissions.amount,
      status: commissions.status,
    });
  if (!created) {
    if (referral.contractId) {
      await tx
        .update(commissions)
        .set({
          contractNumber: sql`coalesce(${commissions.contractNumber}, ${referral.contractId})`,
        })
        .where(eq(commissions.referralId, referral.id));
    }
    return { amount: null, referral };
  }
  if (contractRent !== null) {
    const [priced] = await tx
      .update(referrals)
      .set({ contractRent })
      .where(eq(referrals.id, referral.id))
      .returning();
    if (priced) after = priced;
  }
  // The contract's own signals, then any open signal that covers the new commission;
  // subscribers hear of it as it stands after them (held or payable).
  await checkSignedContract(tx, after);
  await applySignalHolds(tx, after.brokerId);
  const [stored] = await tx
    .select({ status: commissions.status })
    .from(commissions)
    .where(eq(commissions.id, created.id));
  await queueWebhookEvent(tx, 'commission.created', {
    commission: {
      ...created,
      status: stored?.status ?? created.status,
      referralId: after.id,
    },
    broker: { id: after.brokerId },
  });
  return { amount: created.amount, referral: after };
}
