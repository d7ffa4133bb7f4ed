import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  arabicCount,
  EXPIRED_REFERRAL_NOTE,
  inGenitive,
  NOUNS,
  REFERRAL_COMPLETION_DAYS,
  REFERRAL_OWNERSHIP_DAYS,
  type ReferralStatus,
  TENANT_ALREADY_REFERRED,
} from '#domain';
import { auditSystem } from '../audit/service.js';
import type { AppContext } from '../context.js';
import type { Transaction } from '../db/client.js';
import { auditLog, brokers, type Referral, referrals, tenantForms } from '../db/schema.js';
import { AppError } from '../errors.js';
import { queueStatusChange } from '../messaging/status-messages.js';
import { notify } from '../notifications/service.js';

/**
 * Closed referrals that still hold their tenant's phone for the broker who made them: a signed
 * contract and a cancellation (an expiry among them). A rejection hands the phone back: the team
 * decided against that referral, and another broker may try. Open referrals are held by the
 * one-open-referral-per-tenant index, with its own message.
 */
export const HOLDING_CLOSED: ReferralStatus[] = [
  'contract_signed',
  'commission_added',
  'cancelled',
];

/**
 * Refuses a referral of a tenant whom another broker referred in the last
 * REFERRAL_OWNERSHIP_DAYS, without naming anyone. Runs in the referral's transaction, after a
 * lock on the phone, so two brokers referring one tenant at once are checked one after the other.
 */
export async function claimTenantPhone(
  tx: Transaction,
  brokerId: string,
  tenantPhone: string,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tenant-phone:${tenantPhone}`}))`);
  const [held] = await tx
    .select({ id: referrals.id })
    .from(referrals)
    .where(
      and(
        eq(referrals.tenantPhone, tenantPhone),
        ne(referrals.brokerId, brokerId),
        inArray(referrals.status, HOLDING_CLOSED),
        sql`${referrals.createdAt} > now() - make_interval(days => ${REFERRAL_OWNERSHIP_DAYS})`,
        // A retired account owns nothing: its referrals were cancelled to free its tenants.
        sql`exists (select 1 from ${brokers} where ${brokers.id} = ${referrals.brokerId}
          and ${brokers.deletedAt} is null)`,
      ),
    )
    .limit(1);
  if (held) throw new AppError(409, 'TENANT_ALREADY_REFERRED', TENANT_ALREADY_REFERRED);
  // Nor may a broker whose referral of this tenant expired refer the tenant again within the
  // window: re-referring every month would hold the phone forever.
  const [expired] = await tx
    .select({ id: referrals.id })
    .from(referrals)
    .where(
      and(
        eq(referrals.tenantPhone, tenantPhone),
        eq(referrals.brokerId, brokerId),
        eq(referrals.status, 'cancelled'),
        sql`${referrals.createdAt} > now() - make_interval(days => ${REFERRAL_OWNERSHIP_DAYS})`,
        sql`exists (select 1 from ${auditLog} where ${auditLog.entityType} = 'referral'
          and ${auditLog.entityId} = ${referrals.id}::text and ${auditLog.action} = 'referral.expire')`,
      ),
    )
    .limit(1);
  if (expired) {
    throw new AppError(
      409,
      'TENANT_REFERRAL_EXPIRED',
      `لم يكمل هذا المستأجر بياناته في طلبك السابق، ولا يمكن ترشيحه مرة أخرى قبل مرور ${arabicCount(REFERRAL_OWNERSHIP_DAYS, NOUNS.day)} على ذلك الطلب`,
    );
  }
}

/** Referrals expired per call; the next run takes the rest. */
const EXPIRY_BATCH = 200;

/**
 * Cancels, with EXPIRED_REFERRAL_NOTE, each referral still waiting for its tenant
 * REFERRAL_COMPLETION_DAYS after it was made, so a phone cannot be held forever. Each one in its
 * own transaction with its audit row, the broker's status message and the CRM update; the broker
 * is notified. Safe on several instances at once: a referral another run holds is skipped, and
 * the conditions are checked again on the locked row. Returns how many were cancelled.
 */
export async function expireUncompletedReferrals(
  ctx: Pick<AppContext, 'db' | 'config' | 'channels' | 'outbox'>,
): Promise<number> {
  const { db } = ctx;
  const stale = sql`${referrals.status} = 'pending_completion'
    and ${referrals.createdAt} < now() - make_interval(days => ${REFERRAL_COMPLETION_DAYS})
    and not exists (select 1 from ${tenantForms} where ${tenantForms.referralId} = ${referrals.id})`;
  const candidates = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(stale)
    .orderBy(referrals.createdAt)
    .limit(EXPIRY_BATCH);
  const expired: Referral[] = [];
  for (const { id } of candidates) {
    const after = await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(referrals)
        .where(and(eq(referrals.id, id), stale))
        .for('update', { skipLocked: true });
      if (!before) return null;
      const [updated] = await tx
        .update(referrals)
        .set({ status: 'cancelled', notes: EXPIRED_REFERRAL_NOTE, updatedAt: new Date() })
        .where(eq(referrals.id, id))
        .returning();
      if (!updated) return null;
      await auditSystem(tx, {
        action: 'referral.expire',
        entityType: 'referral',
        entityId: id,
        before: { status: before.status, notes: before.notes },
        after: { status: updated.status, notes: updated.notes },
      });
      await queueStatusChange(tx, ctx, before, updated);
      return updated;
    });
    if (after) expired.push(after);
  }
  for (const referral of expired) {
    await notify(db, referral.brokerId, {
      type: 'warning',
      title: EXPIRED_REFERRAL_NOTE,
      message: `أُلغي طلب المستأجر ${referral.tenantPhone} لأن المستأجر لم يكمل بياناته خلال ${arabicCount(REFERRAL_COMPLETION_DAYS, inGenitive(NOUNS.day))}.`,
      link: `/referral/${referral.id}`,
    });
  }
  if (expired.length > 0) ctx.outbox.kick();
  return expired.length;
}
