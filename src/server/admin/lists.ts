import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { CommissionStatus } from '../../domain/index.js';
import { toProfile } from '../brokers/profile.js';
import type { Database } from '../db/client.js';
import { brokers, commissions, referrals, transferRequests } from '../db/schema.js';
import { ADMIN_PAGE_SIZE, likeTerm, pageOffset } from '../http/toolkit.js';

/** Retired (deleted) accounts stay for the money records but are no longer brokers. */
const liveBroker = isNull(brokers.deletedAt);

/** The cards' totals: live brokers; referrals and commissions of retired ones still count. */
export async function adminSummary(db: Database) {
  const [b] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`count(*) filter (where ${brokers.isActive})::int`,
    })
    .from(brokers)
    .where(liveBroker);
  const [r] = await db.select({ total: sql<number>`count(*)::int` }).from(referrals);
  const [c] = await db
    .select({ total: sql<string>`coalesce(sum(${commissions.amount}), 0)::numeric(14,2)::text` })
    .from(commissions);
  return {
    totalBrokers: b?.total ?? 0,
    activeBrokers: b?.active ?? 0,
    totalReferrals: r?.total ?? 0,
    totalCommissions: c?.total ?? '0.00',
  };
}

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
 * A page of brokers with, for the details dialog, each one's referral count and commission
 * total, and whether the broker is the protected super-admin (never deleted).
 */
export async function listAdminBrokers(
  db: Database,
  protectedPhone: string | null,
  query: BrokerQuery & { page: number },
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
      .orderBy(desc(brokers.createdAt), desc(brokers.id))
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

export type CommissionQuery = {
  search?: string | undefined;
  status?: CommissionStatus | undefined;
};

/** The commissions tab's search and filter, shared by the list and its export. */
export function commissionListWhere(query: CommissionQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(commissions.status, query.status));
  if (query.search) {
    const term = likeTerm(query.search);
    // Names only the commissions table, so the count needs no join.
    conditions.push(
      sql`${commissions.brokerId} in (select id from brokers where full_name ilike ${term} or phone ilike ${term})`,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function listAdminCommissions(
  db: Database,
  query: CommissionQuery & { page: number },
) {
  const where = commissionListWhere(query);
  const base = () =>
    db
      .select({
        commission: commissions,
        brokerName: brokers.fullName,
        brokerPhone: brokers.phone,
        brokerCode: brokers.brokerCode,
        tenantPhone: referrals.tenantPhone,
      })
      .from(commissions)
      .innerJoin(brokers, eq(brokers.id, commissions.brokerId))
      .innerJoin(referrals, eq(referrals.id, commissions.referralId));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(commissions.createdAt), desc(commissions.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(pageOffset(query.page)),
    db.select({ value: count() }).from(commissions).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.commission.id,
      referralId: row.commission.referralId,
      amount: row.commission.amount,
      paidAmount: row.commission.paidAmount,
      status: row.commission.status,
      contractNumber: row.commission.contractNumber,
      paidAt: row.commission.paidAt?.toISOString() ?? null,
      createdAt: row.commission.createdAt.toISOString(),
      brokerName: row.brokerName,
      brokerPhone: row.brokerPhone,
      brokerCode: row.brokerCode,
      tenantPhone: row.tenantPhone,
    })),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** Transfer requests of one status, newest first, 50 a page with the total. */
export async function listTransferRequestsForAdmin(
  db: Database,
  query: { status: 'open' | 'paid' | 'rejected'; page: number },
) {
  const where = eq(transferRequests.status, query.status);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        request: transferRequests,
        brokerName: brokers.fullName,
        brokerPhone: brokers.phone,
        brokerCode: brokers.brokerCode,
      })
      .from(transferRequests)
      .innerJoin(brokers, eq(brokers.id, transferRequests.brokerId))
      .where(where)
      .orderBy(desc(transferRequests.createdAt), desc(transferRequests.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(pageOffset(query.page)),
    db.select({ value: count() }).from(transferRequests).where(where),
  ]);
  const items = rows.map(({ request, ...broker }) => ({
    id: request.id,
    brokerId: request.brokerId,
    amount: request.amount,
    iban: request.iban,
    status: request.status,
    rejectionReason: request.rejectionReason,
    createdAt: request.createdAt.toISOString(),
    handledAt: request.handledAt?.toISOString() ?? null,
    ...broker,
  }));
  return { items, total: total?.value ?? 0, page: query.page, pageSize: ADMIN_PAGE_SIZE };
}
