import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AdminBrokerSort } from '#contract/admin/lists';
import { toProfile } from '../../brokers/profile.js';
import type { Database } from '../../db/client.js';
import { brokers, commissions, referrals } from '../../db/schema.js';
import { ADMIN_PAGE_SIZE, likeTerm, pageOffset } from '../../http/toolkit.js';

/** Retired (deleted) accounts stay for the money records but are no longer brokers. */
const liveBroker = isNull(brokers.deletedAt);

type BrokerFilter = 'all' | 'active' | 'inactive' | 'pending';

export type BrokerQuery = { search?: string | undefined; filter: BrokerFilter };

/** Live brokers matching the brokers tab's search and filter; shared by list and export. */
export function brokerListWhere(query: BrokerQuery): SQL | undefined {
  const conditions: SQL[] = [liveBroker];
  if (query.filter === 'active') conditions.push(eq(brokers.isActive, true));
  if (query.filter === 'inactive') conditions.push(eq(brokers.isActive, false));
  if (query.filter === 'pending') {
    conditions.push(eq(brokers.isActive, false), isNotNull(brokers.activationRequestedAt));
  }
  if (query.search) {
    const term = likeTerm(query.search);
    const match = or(
      ilike(brokers.fullName, term),
      ilike(brokers.phone, term),
      ilike(brokers.brokerCode, term),
    );
    if (match) conditions.push(match);
  }
  return and(...conditions);
}

/**
 * Each order of the brokers tab, every one an index scan: registration date (with the id to
 * break ties), or the unique phone or broker code.
 */
const BROKER_ORDER: Record<AdminBrokerSort, SQL[]> = {
  'createdAt:desc': [desc(brokers.createdAt), desc(brokers.id)],
  'createdAt:asc': [asc(brokers.createdAt), asc(brokers.id)],
  'phone:asc': [asc(brokers.phone)],
  'phone:desc': [desc(brokers.phone)],
  'brokerCode:asc': [asc(brokers.brokerCode)],
  'brokerCode:desc': [desc(brokers.brokerCode)],
};

/**
 * A page of brokers with, for the details dialog, each one's referral count and commission
 * total, and whether the broker is the protected super-admin (never deleted).
 */
export async function listAdminBrokers(
  db: Database,
  protectedPhone: string | null,
  query: BrokerQuery & { page: number; sort: AdminBrokerSort },
) {
  const where = brokerListWhere(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        broker: brokers,
        referralCount: sql<number>`(select count(*) from ${referrals} r where r.broker_id = ${brokers}.id)::int`,
        commissionTotal: sql<string>`(select coalesce(sum(c.amount), 0) from ${commissions} c where c.broker_id = ${brokers}.id)::numeric(14,2)::text`,
      })
      .from(brokers)
      .where(where)
      .orderBy(...BROKER_ORDER[query.sort])
      .limit(ADMIN_PAGE_SIZE)
      .offset(pageOffset(query.page)),
    db.select({ value: count() }).from(brokers).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      ...toProfile(row.broker),
      referralCount: row.referralCount,
      commissionTotal: row.commissionTotal,
      isProtected: row.broker.phone === protectedPhone,
    })),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}
