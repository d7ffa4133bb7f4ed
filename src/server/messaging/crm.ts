import { eq } from 'drizzle-orm';
import { referralStatusLabel } from '#domain';
import type { Database } from '../db/client.js';
import { brokers, type OutboundMessage, referrals } from '../db/schema.js';
import { DeliveryError } from '../integrations/delivery.js';
import type { LeadFields, ZohoCrm } from '../integrations/zoho.js';

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

/** Update the known lead, else the one with this phone, else create one. */
export async function upsertLead(
  crm: ZohoCrm,
  fields: LeadFields,
  knownId: string | null,
): Promise<string> {
  const id = knownId ?? (await crm.searchLeadsByPhone(fields.tenantPhone))[0]?.id ?? null;
  if (id) {
    await crm.updateLead(id, fields);
    return id;
  }
  return (await crm.createLead(fields)).id;
}
