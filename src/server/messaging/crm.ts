import { eq } from 'drizzle-orm';
import { referralStatusLabel } from '#domain';
import type { Database } from '../db/client.js';
import { brokers, type OutboundMessage, referrals } from '../db/schema.js';
import { DeliveryError } from '../integrations/delivery.js';
import {
  type LeadFields,
  type TokenBudget,
  tokenBudgetSpent,
  ZOHO_TOKEN_LIMIT,
  ZOHO_TOKEN_WINDOW_MS,
  type ZohoCrm,
} from '../integrations/zoho.js';
import { takeAllOrNone } from '../rate-limit.js';

/**
 * A referral's lead in Zoho CRM, from the referral as it is now: found by the tenant's phone
 * first (a lead made by hand, or by an attempt whose answer was lost, is reused), then created
 * or updated; its id is kept on the referral. Returns the lead's id.
 */
export async function runCrmCall(
  db: Database,
  crm: ZohoCrm,
  row: OutboundMessage,
): Promise<string> {
  if (!row.referralId) throw new DeliveryError('config', 'no_referral', 'طلب CRM بلا إحالة');
  const [referral] = await db
    .select({
      id: referrals.id,
      tenantPhone: referrals.tenantPhone,
      rentAmount: referrals.rentAmount,
      city: referrals.city,
      status: referrals.status,
      zohoLeadId: referrals.zohoLeadId,
      brokerCode: brokers.brokerCode,
    })
    .from(referrals)
    .innerJoin(brokers, eq(brokers.id, referrals.brokerId))
    .where(eq(referrals.id, row.referralId));
  if (!referral) throw new DeliveryError('config', 'no_referral', 'الإحالة لم تعد موجودة');
  const fields: LeadFields = {
    tenantPhone: referral.tenantPhone,
    rentAmount: referral.rentAmount,
    brokerCode: referral.brokerCode,
    city: referral.city,
    referralId: referral.id,
    status: referralStatusLabel(referral.status),
  };
  const leadId = await upsertLead(crm, fields, referral.zohoLeadId);
  if (leadId !== referral.zohoLeadId) {
    await db.update(referrals).set({ zohoLeadId: leadId }).where(eq(referrals.id, referral.id));
  }
  return leadId;
}

/**
 * Update the known lead, else the live one with this phone, else create one.
 *
 * A stored id Zoho no longer takes (sales converted or deleted the lead) is not an error to
 * retry for a day and alert the admins about every hour: the lead is looked for by the
 * tenant's phone, and, none being live, made anew; the caller stores the new id. Made anew
 * rather than the row closed with a note, because a referral is a Lead that follows its status
 * (docs/product.md): a status change after the conversion (a contract completed, say) still
 * reaches sales, as a lead whose description names the referral, where a note
 * would have nowhere to live but the outbox (a skipped referral cannot be remembered without a
 * new column, and so would be looked up, and skipped, again on each later change). Sales who
 * no longer want the referral's leads may delete the new one: each status change makes one at
 * most.
 */
export async function upsertLead(
  crm: ZohoCrm,
  fields: LeadFields,
  knownId: string | null,
): Promise<string> {
  if (knownId && (await crm.updateLead(knownId, fields))) return knownId;
  const found = (await crm.searchLeadsByPhone(fields.tenantPhone)).find(({ id }) => id !== knownId);
  // Gone between the search and the update too: make one.
  if (found && (await crm.updateLead(found.id, fields))) return found.id;
  return (await crm.createLead(fields)).id;
}

/**
 * Tokens taken from a refresh token's budget, counted in `rate_limits` so that every instance
 * together stays within Zoho's limit (ZOHO_TOKEN_LIMIT per ZOHO_TOKEN_WINDOW_MS). The table's
 * windows are fixed, begun by their first count, where Zoho's ten minutes may be any ten: ten
 * tokens at the end of one window and ten at the start of the next would be twenty in a few
 * seconds. Half the limit per window keeps any ten minutes, which overlap two windows at most,
 * within it. Five every ten minutes, for all instances together, is ample: a token lasts an
 * hour and each instance keeps its own, so an instance needs about one an hour.
 */
const SHARED_TOKENS_PER_WINDOW = ZOHO_TOKEN_LIMIT / 2;

export function sharedTokenBudget(db: Database): TokenBudget {
  return async (key) => {
    const refused = await takeAllOrNone(db, [
      { key, limit: SHARED_TOKENS_PER_WINDOW, windowSeconds: ZOHO_TOKEN_WINDOW_MS / 1000 },
    ]);
    if (refused) throw tokenBudgetSpent(refused.retryAfter * 1000);
  };
}
