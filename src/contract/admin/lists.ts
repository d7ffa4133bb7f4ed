import { z } from 'zod';
import { COMMISSION_STATUS_KEYS, singleLineText } from '../../domain/index.js';
import { ok, pageNumber } from '../common.js';

// ---------- pieces of the console's lists ----------

/** A page number of an admin list (the page size is the server's, 50). */
export const adminPage = pageNumber;
/** The search box of the brokers, referrals and export screens. */
/** A search box's text: one line, no control or direction characters (it reaches the audit log). */
export const searchTerm = singleLineText({ max: 100 }).optional();
/** A calendar day `YYYY-MM-DD` (Riyadh) on the wire. */
export const isoDay = z.string();
/** A commission as the admin sees it: never `potential`, which only the broker's list shows. */
export const storedCommissionStatus = z.enum(COMMISSION_STATUS_KEYS);
/**
 * `fal_license`: a brokerage licence waiting for an admin's verification (decision 070);
 * `dormant`: active brokers with no referral in the dormancy period (decision 073).
 */
export const brokerFilter = z
  .enum(['all', 'active', 'inactive', 'pending', 'fal_license', 'dormant'])
  .default('all');
/** One of the team's tags on brokers: the brokers with it. */
export const brokerTagFilter = singleLineText({ max: 30 }).optional();
export const count = z.number().int();
/**
 * The orders a console list may be asked for (`sort`): `<column>:asc|desc`, each column served
 * by an index. The first is the list's order when none is asked.
 */
export const ADMIN_BROKER_SORTS = [
  'createdAt:desc',
  'createdAt:asc',
  'phone:asc',
  'phone:desc',
  'brokerCode:asc',
  'brokerCode:desc',
] as const;
export type AdminBrokerSort = (typeof ADMIN_BROKER_SORTS)[number];

export const ADMIN_REFERRAL_SORTS = [
  'submittedAt:desc',
  'submittedAt:asc',
  'number:desc',
  'number:asc',
  'tenantPhone:asc',
  'tenantPhone:desc',
  /** The nearest service deadline first (the most overdue on top); no deadline last. */
  'stageDueAt:asc',
  'stageDueAt:desc',
] as const;
export type AdminReferralSort = (typeof ADMIN_REFERRAL_SORTS)[number];

/** The commissions tab sorts by creation, newest first unless asked. */
export const ADMIN_COMMISSION_SORTS = ['createdAt:desc', 'createdAt:asc'] as const;
export type AdminCommissionSort = (typeof ADMIN_COMMISSION_SORTS)[number];

export const sortQuery = <const T extends readonly [string, ...string[]]>(orders: T) =>
  z.enum(orders, { error: 'ترتيب غير معروف' }).default(orders[0]);

/** Who a commission or a transfer request belongs to, beside it in the admin lists. */
export const brokerColumns = {
  brokerName: z.string().nullable(),
  brokerPhone: z.string(),
  brokerCode: z.string(),
};
/** A payout call that is idempotent: `changed` is false when it had already been done. */
export const changed = ok.extend({ changed: z.boolean() });
/** The optional bank reference an admin gives when money goes out. */
export const transferReference = singleLineText({
  max: 100,
  tooLong: 'مرجع التحويل أطول من المسموح',
});
export const transferReferenceBody = z
  .object({ transferReference: transferReference.nullish() })
  .default({});

/** A reason the broker reads inside a sentence of a notification: one line. */
export const reason = (required: string) => singleLineText({ max: 500, min: 1, required });
export const reasonBody = (required: string) => z.object({ reason: reason(required) });
