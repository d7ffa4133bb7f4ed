import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { ReferralStatus } from '../../domain/index.js';
import type { Database } from '../db/client.js';
import { brokers, commissions, referrals } from '../db/schema.js';
import { isUuid } from '../ids.js';
import { tenantFormPath } from '../referrals/links.js';
import { referralViewOf } from '../referrals/service.js';
import { ADMIN_PAGE_SIZE, likeTerm } from './query.js';

export type ReferralQuery = { search?: string | undefined; status?: ReferralStatus | undefined };

/**
 * The referrals tab's search (tenant phone, broker name or code, referral id or number) and
 * status filter, shared by the list, the admin overview and the export.
 */
export function referralListWhere(query: ReferralQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(referrals.status, query.status));
  if (query.search) {
    const term = likeTerm(query.search);
    const exact = query.search.replace(/^#/, '');
    const match = or(
      ilike(referrals.tenantPhone, term),
      ilike(brokers.fullName, term),
      ilike(brokers.brokerCode, term),
      // A referral's id, or its number as admins quote it ("#1234").
      isUuid(exact) ? eq(referrals.id, exact) : undefined,
      /^\d{1,9}$/.test(exact) ? eq(referrals.number, Number(exact)) : undefined,
    );
    if (match) conditions.push(match);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** All referrals, searched by tenant phone, broker name or code, newest submission first. */
export async function listAdminReferrals(
  db: Database,
  publicUrl: string,
  query: ReferralQuery & { page: number },
) {
  const where = referralListWhere(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        referral: referrals,
        amount: commissions.amount,
        commissionStatus: commissions.status,
        brokerName: brokers.fullName,
        brokerPhone: brokers.phone,
        brokerCode: brokers.brokerCode,
      })
      .from(referrals)
      .innerJoin(brokers, eq(brokers.id, referrals.brokerId))
      .leftJoin(commissions, eq(commissions.referralId, referrals.id))
      .where(where)
      .orderBy(desc(referrals.submittedAt), desc(referrals.number))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db
      .select({ value: count() })
      .from(referrals)
      .innerJoin(brokers, eq(brokers.id, referrals.brokerId))
      .where(where),
  ]);
  return {
    items: rows.map((row) => ({
      ...referralViewOf(row),
      brokerName: row.brokerName,
      brokerPhone: row.brokerPhone,
      brokerCode: row.brokerCode,
      formToken: row.referral.formToken,
      tenantFormUrl: `${publicUrl}${tenantFormPath(row.referral.formToken)}`,
    })),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}
