import {
  and,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  COMPLETED_REFERRAL_STATUSES,
  type CommissionRule,
  type CommissionStatus,
  estimateCommission,
  OPEN_REFERRAL_STATUSES,
  type ReferralStatus,
  riyadhDayRange,
  toMoneyString,
} from '#domain';
import type { Database } from '../db/client.js';
import { preparedStatement, type Queryable } from '../db/prepared.js';
import { commissions, type Referral, referrals, tenantForms } from '../db/schema.js';
import { brokerRule } from '../groups/terms.js';

/** Accepted but not yet signed: these show a potential commission (never counted in totals). */
export const POTENTIAL_STATUSES: ReferralStatus[] = [
  'accepted_awaiting_owner_contract',
  'preparing_tenant_contract',
];

export type ReferralFilters = {
  status?: ReferralStatus | undefined;
  phone?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
};

/** The referral columns a broker's view of a referral sends: the broker's list reads only these. */
const referralViewColumns = {
  id: referrals.id,
  number: referrals.number,
  tenantPhone: referrals.tenantPhone,
  propertyType: referrals.propertyType,
  city: referrals.city,
  district: referrals.district,
  notes: referrals.notes,
  rentAmount: referrals.rentAmount,
  status: referrals.status,
  contractId: referrals.contractId,
  source: referrals.source,
  submittedAt: referrals.submittedAt,
  createdAt: referrals.createdAt,
  updatedAt: referrals.updatedAt,
};
type ReferralViewColumns = Pick<Referral, keyof typeof referralViewColumns>;

export function toReferralView(
  referral: ReferralViewColumns,
  commission: { amount: string; status: CommissionStatus } | null,
  rule: CommissionRule,
) {
  const potential =
    !commission && POTENTIAL_STATUSES.includes(referral.status as ReferralStatus)
      ? toMoneyString(estimateCommission(referral.rentAmount, rule))
      : null;
  return {
    id: referral.id,
    number: referral.number,
    tenantPhone: referral.tenantPhone,
    propertyType: referral.propertyType,
    city: referral.city,
    district: referral.district,
    notes: referral.notes,
    rentAmount: referral.rentAmount,
    status: referral.status,
    contractId: referral.contractId,
    source: referral.source,
    submittedAt: referral.submittedAt.toISOString(),
    createdAt: referral.createdAt.toISOString(),
    updatedAt: referral.updatedAt.toISOString(),
    commission,
    potentialCommission: potential,
  };
}

/** The amount and status of a referral's commission, if it has one. */
const commissionColumns = { amount: commissions.amount, commissionStatus: commissions.status };
/** A whole referral with its commission's amount and status. */
const referralColumns = { referral: referrals, ...commissionColumns };

/**
 * A page of the broker's referrals matching `where`, newest submission first: the columns
 * the page sends, not the whole row (no form token, CRM id or service-clock times to read,
 * decode and drop on every poll).
 */
const referralPage = (
  db: Queryable,
  where: SQL | undefined,
  page: { limit: number | Placeholder; offset: number | Placeholder },
) =>
  db
    .select({ referral: referralViewColumns, ...commissionColumns })
    .from(referrals)
    .leftJoin(commissions, eq(commissions.referralId, referrals.id))
    .where(where)
    .orderBy(desc(referrals.submittedAt), desc(referrals.number))
    .limit(page.limit)
    .offset(page.offset);
const referralCount = (db: Queryable, where: SQL | undefined) =>
  db.select({ value: count() }).from(referrals).where(where);

/** The unfiltered list, which every broker's page polls: named statements. */
const ofBroker = eq(referrals.brokerId, sql.placeholder('brokerId'));
const referralPageStatement = preparedStatement((db) =>
  referralPage(db, ofBroker, {
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
  }).prepare('broker_referral_page'),
);
const referralCountStatement = preparedStatement((db) =>
  referralCount(db, ofBroker).prepare('broker_referral_count'),
);

/** The broker's referrals, filtered and paginated in SQL, newest submission first. */
export async function listBrokerReferrals(
  db: Database,
  brokerId: string,
  filters: ReferralFilters,
) {
  const page = { limit: filters.pageSize, offset: (filters.page - 1) * filters.pageSize };
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(referrals.status, filters.status));
  if (filters.phone) conditions.push(ilike(referrals.tenantPhone, `%${filters.phone}%`));
  if (filters.from) {
    // A start date alone means that one day (docs/product.md#referral-lists-and-filters).
    const start = riyadhDayRange(filters.from).start;
    const end = riyadhDayRange(filters.to ?? filters.from).end;
    conditions.push(gte(referrals.submittedAt, start), lt(referrals.submittedAt, end));
  } else if (filters.to) {
    conditions.push(lt(referrals.submittedAt, riyadhDayRange(filters.to).end));
  }
  // Unfiltered (every poll), the named statements run and no query is built.
  const where =
    conditions.length === 0 ? null : and(eq(referrals.brokerId, brokerId), ...conditions);
  const [rows, [total], rule] = await Promise.all(
    where === null
      ? ([
          referralPageStatement(db).execute({ brokerId, ...page }),
          referralCountStatement(db).execute({ brokerId }),
          brokerRule(db, brokerId),
        ] as const)
      : ([
          referralPage(db, where, page),
          referralCount(db, where),
          brokerRule(db, brokerId),
        ] as const),
  );
  return {
    items: rows.map((row) => referralViewOf(row, rule)),
    total: total?.value ?? 0,
    page: filters.page,
    pageSize: filters.pageSize,
  };
}

type ReferralRow<R extends ReferralViewColumns = Referral> = {
  referral: R;
  amount: string | null;
  commissionStatus: CommissionStatus | null;
};

export const referralViewOf = (row: ReferralRow<ReferralViewColumns>, rule: CommissionRule) =>
  toReferralView(
    row.referral,
    row.amount && row.commissionStatus
      ? { amount: row.amount, status: row.commissionStatus }
      : null,
    rule,
  );

/** One referral of the broker, or null: another broker's id is as good as unknown. */
export async function findBrokerReferral(
  db: Database,
  brokerId: string,
  id: string,
): Promise<ReferralRow | null> {
  const [row] = await db
    .select(referralColumns)
    .from(referrals)
    .leftJoin(commissions, eq(commissions.referralId, referrals.id))
    .where(and(eq(referrals.id, id), eq(referrals.brokerId, brokerId)))
    .limit(1);
  return row ?? null;
}

export async function findTenantForm(db: Database, referralId: string) {
  const [form] = await db
    .select()
    .from(tenantForms)
    .where(eq(tenantForms.referralId, referralId))
    .limit(1);
  return form ?? null;
}

/** Dashboard figures: one named statement over the broker's referrals and commissions. */
const metricsStatement = preparedStatement((db) =>
  db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`count(*) filter (where ${inArray(referrals.status, [...OPEN_REFERRAL_STATUSES])})::int`,
      completed: sql<number>`count(*) filter (where ${inArray(referrals.status, [...COMPLETED_REFERRAL_STATUSES])})::int`,
      commission: sql<string>`(select coalesce(sum(${commissions.amount}), 0)::numeric(12,2)::text
        from ${commissions} where ${commissions.brokerId} = ${sql.placeholder('brokerId')}
          and ${commissions.status} <> 'reversed')`,
    })
    .from(referrals)
    .where(eq(referrals.brokerId, sql.placeholder('brokerId')))
    .prepare('broker_metrics'),
);

export async function brokerMetrics(db: Database, brokerId: string) {
  const [row] = await metricsStatement(db).execute({ brokerId });
  const total = row?.total ?? 0;
  const completed = row?.completed ?? 0;
  const totalCommission = row?.commission ?? '0.00';
  return {
    activeReferrals: row?.active ?? 0,
    totalCommission,
    completedContracts: completed,
    successRate: total === 0 ? 0 : Math.round((completed * 100) / total),
    totalReferrals: total,
    totalCommissions: totalCommission,
  };
}
