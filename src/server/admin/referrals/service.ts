import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AdminReferralSort } from '#contract/admin/lists';
import {
  estimateCommission,
  type ReferralStatus,
  type SignalKind,
  type SignalScope,
  toMoneyString,
} from '#domain';
import type { Database } from '../../db/client.js';
import { brokers, commissions, fraudSignals, referrals } from '../../db/schema.js';
import { brokerTermsOf, ruleOf } from '../../groups/terms.js';
import { ADMIN_PAGE_SIZE, brokerColumns, likeTerm, pageOffset } from '../../http/toolkit.js';
import { isUuid } from '../../ids.js';
import { referralViewOf } from '../../referrals/service.js';
import { loadHolidays, overdueReferral, stageClock } from '../../service-clocks.js';
import { tenantFormPath } from '../../tenant-forms/links.js';

export type ReferralQuery = {
  search?: string | undefined;
  status?: ReferralStatus | undefined;
  /** Only referrals past their stage's service deadline. */
  overdue?: 'true' | undefined;
};

/** Trigram indexes need three characters; shorter terms are matched in one scan. */
const TRIGRAM_MIN = 3;

/**
 * Referrals whose tenant phone, broker name or broker code contains the term, or whose id or
 * number ("#1234") it is. The condition names only the referrals table, so the list's count
 * needs no join.
 */
function referralSearch(search: string): SQL {
  const term = likeTerm(search);
  const exact = search.replace(/^#/, '');
  const id = isUuid(exact) ? exact : null;
  const number = /^\d{1,9}$/.test(exact) ? Number(exact) : null;
  if (search.length >= TRIGRAM_MIN) {
    // Each branch uses its own index (trigram on the phone; trigram on the brokers' name and
    // code, then those brokers' referrals by broker id, the array keeping the planner from a
    // hash join over every referral; the id; the number). An OR across them, or across
    // tables, would scan every referral instead.
    return sql`${referrals.id} in (
      select id from referrals where tenant_phone ilike ${term}
      union all
      select id from referrals where broker_id = any(array(
        select id from brokers where full_name ilike ${term} or broker_code ilike ${term}))
      ${id ? sql`union all select id from referrals where id = ${id}` : sql``}
      ${number !== null ? sql`union all select id from referrals where number = ${number}` : sql``})`;
  }
  const matches = or(
    ilike(referrals.tenantPhone, term),
    sql`${referrals.brokerId} in (select id from brokers where full_name ilike ${term} or broker_code ilike ${term})`,
    number !== null ? eq(referrals.number, number) : undefined,
  );
  return matches ?? sql`false`;
}

/** The referrals tab's search and status filter, shared by the list, the overview and the export. */
export function referralListWhere(query: ReferralQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(referrals.status, query.status));
  if (query.search) conditions.push(referralSearch(query.search));
  if (query.overdue) conditions.push(overdueReferral());
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * Each order of the referrals tab, every one served by an index: submission (with the number,
 * as the index on both), the unique number, or the tenant phone (then the number).
 */
const REFERRAL_ORDER: Record<AdminReferralSort, SQL[]> = {
  'submittedAt:desc': [desc(referrals.submittedAt), desc(referrals.number)],
  'submittedAt:asc': [asc(referrals.submittedAt), asc(referrals.number)],
  'number:desc': [desc(referrals.number)],
  'number:asc': [asc(referrals.number)],
  'tenantPhone:asc': [asc(referrals.tenantPhone), asc(referrals.number)],
  'tenantPhone:desc': [desc(referrals.tenantPhone), desc(referrals.number)],
  // Partial index on the deadline; referrals without one come after, newest first.
  'stageDueAt:asc': [sql`${referrals.stageDueAt} asc nulls last`, desc(referrals.number)],
  'stageDueAt:desc': [sql`${referrals.stageDueAt} desc nulls last`, desc(referrals.number)],
};

type OpenSignal = { id: string; kind: SignalKind; scope: SignalScope; reason: string };

/**
 * The open signals of a page of referrals, by referral: those on the referral, and those on its
 * broker's whole account (scope `broker`, a shared IBAN). One query for the page's rows only
 * (never for the rows an offset skips), from the signals' referral and broker indexes.
 */
async function openSignalsOf(
  db: Database,
  page: { id: string; brokerId: string }[],
): Promise<Map<string, OpenSignal[]>> {
  const byReferral = new Map<string, OpenSignal[]>();
  if (page.length === 0) return byReferral;
  const referralIds = page.map((r) => r.id);
  const brokerIds = [...new Set(page.map((r) => r.brokerId))];
  const open = await db
    .select({
      id: fraudSignals.id,
      kind: fraudSignals.kind,
      scope: fraudSignals.scope,
      reason: fraudSignals.reason,
      referralId: fraudSignals.referralId,
      brokerId: fraudSignals.brokerId,
    })
    .from(fraudSignals)
    .where(
      and(
        eq(fraudSignals.status, 'open'),
        or(
          inArray(fraudSignals.referralId, referralIds),
          and(eq(fraudSignals.scope, 'broker'), inArray(fraudSignals.brokerId, brokerIds)),
        ),
      ),
    )
    .orderBy(asc(fraudSignals.createdAt), asc(fraudSignals.id));
  for (const referral of page) {
    byReferral.set(
      referral.id,
      open
        .filter(
          (s) =>
            s.referralId === referral.id ||
            (s.scope === 'broker' && s.brokerId === referral.brokerId),
        )
        .map(({ id, kind, scope, reason }) => ({ id, kind, scope, reason })),
    );
  }
  return byReferral;
}

/** All referrals, searched by tenant phone, broker name or code; newest submission first. */
export async function listAdminReferrals(
  db: Database,
  publicUrl: string,
  query: ReferralQuery & { page: number; sort: AdminReferralSort },
) {
  const where = referralListWhere(query);
  const [rows, [total], holidays] = await Promise.all([
    db
      .select({
        referral: referrals,
        amount: commissions.amount,
        commissionStatus: commissions.status,
        ...brokerColumns,
      })
      .from(referrals)
      .innerJoin(brokers, eq(brokers.id, referrals.brokerId))
      .leftJoin(commissions, eq(commissions.referralId, referrals.id))
      .where(where)
      .orderBy(...REFERRAL_ORDER[query.sort])
      .limit(ADMIN_PAGE_SIZE)
      .offset(pageOffset(query.page)),
    db.select({ value: count() }).from(referrals).where(where),
    loadHolidays(db),
  ]);
  const signals = await openSignalsOf(
    db,
    rows.map(({ referral }) => referral),
  );
  // Each broker's own rule (their group's, or their override): what signing would create now.
  const terms = await brokerTermsOf(
    db,
    rows.map(({ referral }) => referral.brokerId),
  );
  const now = new Date();
  return {
    items: rows.map((row) => ({
      ...referralViewOf(row, ruleOf(terms, row.referral.brokerId)),
      // What reaching contract signing would create now, under the broker's rule.
      commissionEstimate: toMoneyString(
        estimateCommission(row.referral.rentAmount, ruleOf(terms, row.referral.brokerId)),
      ),
      // The rule itself, so the processing dialog prices the contract rent the admin confirms.
      commissionRule: ruleOf(terms, row.referral.brokerId),
      contractRent: row.referral.contractRent,
      contractStartsOn: row.referral.contractStartsOn,
      contractEndsOn: row.referral.contractEndsOn,
      brokerName: row.brokerName,
      brokerPhone: row.brokerPhone,
      brokerCode: row.brokerCode,
      formToken: row.referral.formToken,
      tenantFormUrl: `${publicUrl}${tenantFormPath(row.referral.formToken)}`,
      stageClock: stageClock(row.referral, holidays, now),
      openSignals: signals.get(row.referral.id) ?? [],
    })),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}
