import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AdminBrokerSort } from '#contract/admin/lists';
import { riyadhIsoDate } from '#domain';
import { toProfile } from '../../brokers/profile.js';
import type { Database } from '../../db/client.js';
import {
  brokerNotes,
  brokerNudges,
  brokers,
  commissions,
  officeMembers,
  offices,
  referrals,
} from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { ADMIN_PAGE_SIZE, likeTerm, pageOffset } from '../../http/toolkit.js';
import { isUuid } from '../../ids.js';
import { dormancyDays } from '../../settings/service.js';

/** Retired (deleted) accounts stay for the money records but are no longer brokers. */
const liveBroker = isNull(brokers.deletedAt);

type BrokerFilter = 'all' | 'active' | 'inactive' | 'pending' | 'fal_license' | 'dormant';

/** A complete, unexpired brokerage licence no admin has verified or refused: the queue. */
const licenceWaiting = () =>
  and(
    isNotNull(brokers.falLicense),
    eq(brokers.falLicenseType, 'brokerage'),
    gte(brokers.falLicenseExpiresOn, riyadhIsoDate(new Date())),
    isNull(brokers.falLicenseVerifiedAt),
    isNull(brokers.falLicenseRefusal),
  );

export type BrokerQuery = {
  search?: string | undefined;
  filter: BrokerFilter;
  tag?: string | undefined;
  office?: string | undefined;
};

/** When the broker last referred: their last referral, else their sign-up. */
const lastReferralAt = sql`(select max(r.submitted_at) from ${referrals} r where r.broker_id = ${brokers}.id)`;

/**
 * An active broker with no referral in `days` days, counted from their last referral or, with
 * none, from their sign-up (decision 073). Staff accounts are never dormant: they are the team.
 */
export const dormantBroker = (days: number) =>
  sql`${brokers.isActive} and not ${brokers.isAdmin} and not ${brokers.isSuperAdmin}
    and coalesce(${lastReferralAt}, ${brokers.createdAt}) < now() - make_interval(days => ${days})`;

/**
 * Live brokers matching the brokers tab's search (name, phone, code, a whole tag, a note's words),
 * filter and tag; shared by list and export. `dormancyDays` is the setting in force.
 */
export function brokerListWhere(query: BrokerQuery, dormancyDays: number): SQL | undefined {
  const conditions: SQL[] = [liveBroker];
  if (query.filter === 'dormant') conditions.push(dormantBroker(dormancyDays));
  if (query.tag) conditions.push(sql`${brokers.tags} @> array[${query.tag}]::text[]`);
  if (query.office) {
    // An office's active members (decision 080); an id that names none finds nobody.
    conditions.push(
      isUuid(query.office)
        ? sql`exists (select 1 from ${officeMembers} m where m.broker_id = ${brokers.id}
            and m.status = 'active' and m.office_id = ${query.office})`
        : sql`false`,
    );
  }
  if (query.filter === 'active') conditions.push(eq(brokers.isActive, true));
  if (query.filter === 'inactive') conditions.push(eq(brokers.isActive, false));
  if (query.filter === 'pending') {
    conditions.push(eq(brokers.isActive, false), isNotNull(brokers.activationRequestedAt));
  }
  if (query.filter === 'fal_license') {
    const waiting = licenceWaiting();
    if (waiting) conditions.push(waiting);
  }
  if (query.search) {
    const term = likeTerm(query.search);
    const match = or(
      ilike(brokers.fullName, term),
      ilike(brokers.phone, term),
      ilike(brokers.brokerCode, term),
      // A tag typed whole, and a note's words: each an index's (decision 073).
      sql`${brokers.tags} @> array[${query.search}]::text[]`,
      sql`${brokers.id} = any(array(select n.broker_id from ${brokerNotes} n where n.body ilike ${term}))`,
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

/** A broker's row with what the brokers tab adds to it. */
const adminBrokerRow = (db: Database) =>
  db
    .select({
      broker: brokers,
      referralCount: sql<number>`(select count(*) from ${referrals} r where r.broker_id = ${brokers}.id)::int`,
      commissionTotal: sql<string>`(select coalesce(sum(c.amount), 0) from ${commissions} c where c.broker_id = ${brokers}.id)::numeric(14,2)::text`,
      verifiedBy: sql<
        string | null
      >`(select coalesce(v.full_name, v.phone) from ${brokers} v where v.id = ${brokers.falLicenseVerifiedBy})`,
      vatVerifiedBy: sql<
        string | null
      >`(select coalesce(v.full_name, v.phone) from ${brokers} v where v.id = ${brokers.vatVerifiedBy})`,
      lastReferralAt: sql<number | null>`(extract(epoch from ${lastReferralAt}) * 1000)::float8`,
      lastNudgedAt: sql<number | null>`(extract(epoch from (select max(n.created_at)
        from ${brokerNudges} n where n.broker_id = ${brokers}.id)) * 1000)::float8`,
      registeredOffice: sql<string | null>`(select o.name from ${officeMembers} m
        join ${offices} o on o.id = m.office_id
        where m.broker_id = ${brokers}.id and m.status = 'active')`,
    })
    .from(brokers);

type AdminBrokerRow = Awaited<ReturnType<typeof adminBrokerRow>>[number];

/**
 * A broker as the brokers tab shows one: the profile, for the details dialog the referral count
 * and commission total, whether the broker is the protected super-admin (never deleted), and the
 * licence's verification on record.
 */
function toAdminBroker(row: AdminBrokerRow, protectedPhone: string | null) {
  const { broker } = row;
  const { falLicenseEvidence: evidence, falLicenseNote: note } = broker;
  return {
    ...toProfile(broker),
    referralCount: row.referralCount,
    commissionTotal: row.commissionTotal,
    isProtected: broker.phone === protectedPhone,
    falLicenseReview:
      evidence && note && broker.falLicenseVerifiedAt
        ? { evidence, note, verifiedBy: row.verifiedBy }
        : null,
    vatReview:
      broker.vatNote && broker.vatVerifiedAt
        ? { note: broker.vatNote, verifiedBy: row.vatVerifiedBy }
        : null,
    tags: broker.tags,
    lastReferralAt: isoOf(row.lastReferralAt),
    lastNudgedAt: isoOf(row.lastNudgedAt),
    registeredOffice: row.registeredOffice,
  };
}

/** A time read as epoch milliseconds, as ISO 8601; null stays null. */
const isoOf = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** A page of live brokers matching the tab's search and filter, in its order. */
export async function listAdminBrokers(
  db: Database,
  protectedPhone: string | null,
  query: BrokerQuery & { page: number; sort: AdminBrokerSort },
) {
  const where = brokerListWhere(query, await dormancyDays(db));
  const [rows, [total]] = await Promise.all([
    adminBrokerRow(db)
      .where(where)
      .orderBy(...BROKER_ORDER[query.sort])
      .limit(ADMIN_PAGE_SIZE)
      .offset(pageOffset(query.page)),
    db.select({ value: count() }).from(brokers).where(where),
  ]);
  return {
    items: rows.map((row) => toAdminBroker(row, protectedPhone)),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** One live broker as the brokers tab shows them; 404 when there is none. */
export async function adminBroker(db: Database, brokerId: string, protectedPhone: string | null) {
  const [row] = await adminBrokerRow(db).where(and(eq(brokers.id, brokerId), liveBroker));
  if (!row) throw notFound('الوسيط غير موجود');
  return toAdminBroker(row, protectedPhone);
}
