import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AdminCommissionSort } from '#contract/admin/lists';
import type { CommissionStatus } from '#domain';
import type { Database } from '../../db/client.js';
import { brokers, commissions, deductions, referrals } from '../../db/schema.js';
import { ADMIN_PAGE_SIZE, brokerColumns, likeTerm, pageOffset } from '../../http/toolkit.js';

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

/** The commissions tab's orders: creation either way (the index on created_at), id breaking ties. */
const COMMISSION_ORDER: Record<AdminCommissionSort, SQL[]> = {
  'createdAt:desc': [desc(commissions.createdAt), desc(commissions.id)],
  'createdAt:asc': [asc(commissions.createdAt), asc(commissions.id)],
};

export async function listAdminCommissions(
  db: Database,
  query: CommissionQuery & { page: number; sort: AdminCommissionSort },
) {
  const where = commissionListWhere(query);
  const base = () =>
    db
      .select({
        commission: commissions,
        ...brokerColumns,
        tenantPhone: referrals.tenantPhone,
        // What the broker still owes for reversed commissions and deductions (decision 074): a
        // payment confirmed now sends that much less.
        brokerOwes: sql<string>`((select coalesce(sum(o.paid_amount - o.recovered_amount), 0)
            from ${commissions} o
            where o.broker_id = ${commissions.brokerId} and o.status = 'reversed')
          + (select coalesce(sum(d.amount - d.recovered_amount), 0)
            from ${deductions} d where d.broker_id = ${commissions.brokerId}))
          ::numeric(12,2)::text`,
      })
      .from(commissions)
      .innerJoin(brokers, eq(brokers.id, commissions.brokerId))
      .leftJoin(referrals, eq(referrals.id, commissions.referralId));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(...COMMISSION_ORDER[query.sort])
      .limit(ADMIN_PAGE_SIZE)
      .offset(pageOffset(query.page)),
    db.select({ value: count() }).from(commissions).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.commission.id,
      kind: row.commission.kind,
      referralId: row.commission.referralId,
      reason: row.commission.reason,
      amount: row.commission.amount,
      vatAmount: row.commission.vatAmount,
      paidAmount: row.commission.paidAmount,
      status: row.commission.status,
      contractNumber: row.commission.contractNumber,
      paidAt: row.commission.paidAt?.toISOString() ?? null,
      payableAt: row.commission.payableAt.toISOString(),
      signalHold: row.commission.signalHold,
      licenseHold: row.commission.licenseHold,
      reversalReason: row.commission.reversalReason,
      recoveredAmount: row.commission.recoveredAmount,
      rule: row.commission.rule,
      createdAt: row.commission.createdAt.toISOString(),
      brokerName: row.brokerName,
      brokerPhone: row.brokerPhone,
      brokerCode: row.brokerCode,
      tenantPhone: row.tenantPhone,
      brokerOwes: row.brokerOwes,
    })),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}
