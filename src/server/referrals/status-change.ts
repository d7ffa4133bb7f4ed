import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  CONTRACT_DETAILS_MESSAGES,
  ejarRegisterNumber,
  formatSar,
  isErasedTenantPhone,
  normalizeEjarContractNumber,
  type ReferralStatus,
  referralStatusLabel,
} from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import { awardBonuses } from '../bonuses/award.js';
import type { AppContext } from '../context.js';
import type { Transaction } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { commissions, type Referral, referrals } from '../db/schema.js';
import { AppError } from '../errors.js';
import { promoteBroker } from '../groups/promotion.js';
import { brokerTerms } from '../groups/terms.js';
import { createCommission } from '../ledger/commissions.js';
import { lockBroker } from '../ledger/locks.js';
import { assertNotOwnMoney, auditedTransaction } from '../ledger/own-money.js';
import { queueStatusChange } from '../messaging/status-messages.js';
import { notify } from '../notifications/service.js';
import { fillDeadlinesAfterCommit } from '../service-clocks.js';

/** Reaching these creates the broker's commission (once, whatever happens afterwards). */
const COMMISSION_STATUSES: ReferralStatus[] = ['contract_signed', 'commission_added'];

/**
 * Changes the status in one transaction with the row locked, and records it there. On reaching
 * contract signing the commission is inserted with ON CONFLICT DO NOTHING on its unique
 * referral id: concurrent or repeated changes can never make a second one, and later changes
 * never remove it.
 *
 * The commission is computed from the contract's annual rent as the admin confirms it, else
 * from the rent the broker declared. The contract rent is stored only with the commission it
 * prices: once a commission exists its amount is settled, and a later figure would contradict it.
 *
 * Nobody processes a referral of their own (or of an account sharing their phone or IBAN): its
 * status decides a commission. That refusal is audited though nothing changes.
 */
export async function changeReferralStatus(
  ctx: Pick<AppContext, 'db' | 'config' | 'channels' | 'outbox'>,
  log: FastifyBaseLogger,
  referralId: string,
  adminId: string,
  change: {
    status: ReferralStatus;
    notes?: string | null;
    contractId?: string | null;
    contractRent?: number | null;
    contractStartsOn?: string | null;
    contractEndsOn?: string | null;
  },
  record: AuditRecorder,
): Promise<{ before: Referral; after: Referral; commissionCreated: string | null } | null> {
  const { db } = ctx;
  const result = await auditedTransaction(db, record, async (tx) => {
    if (COMMISSION_STATUSES.includes(change.status)) {
      // A commission may be created and held: the broker's row first, as every money path
      // locks it, then the referral's.
      const [peek] = await tx
        .select({ brokerId: referrals.brokerId, contractId: referrals.contractId })
        .from(referrals)
        .where(eq(referrals.id, referralId));
      // One lease signed on two referrals at once: the second waits for the first, then sees
      // its number and raises the duplicate signal (decision 069). Taken before any broker's
      // lock, as the tenant's phone lock is.
      const number = normalizeEjarContractNumber(change.contractId ?? peek?.contractId ?? '');
      if (number) {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`ejar:${ejarRegisterNumber(number)}`}))`,
        );
      }
      if (peek) await lockBroker(tx, peek.brokerId);
    }
    const [before] = await tx
      .select()
      .from(referrals)
      .where(eq(referrals.id, referralId))
      .for('update');
    if (!before) return null;
    // Kept for the ledger only (decision 068): its steps are over.
    if (isErasedTenantPhone(before.tenantPhone)) {
      throw new AppError(
        409,
        'TENANT_ERASED',
        'حُذفت بيانات مستأجر هذه الإحالة بطلبه، فلا تتغير حالتها',
      );
    }
    await assertNotOwnMoney(tx, adminId, {
      kind: 'referral',
      id: before.id,
      brokerId: before.brokerId,
      action: 'referral.status_change',
    });
    if (COMMISSION_STATUSES.includes(change.status)) {
      await assertContractDetails(tx, before, change);
    }
    const [updated] = await tx
      .update(referrals)
      .set({
        status: change.status,
        ...(change.notes !== undefined ? { notes: change.notes } : {}),
        ...(change.contractId !== undefined ? { contractId: change.contractId } : {}),
        ...(change.contractStartsOn !== undefined
          ? { contractStartsOn: change.contractStartsOn }
          : {}),
        ...(change.contractEndsOn !== undefined ? { contractEndsOn: change.contractEndsOn } : {}),
        updatedAt: new Date(),
      })
      .where(eq(referrals.id, referralId))
      .returning()
      .catch((error: unknown) => {
        // Reopening a closed referral of a tenant who has another open one.
        if (isUniqueViolation(error, 'referrals_one_open_per_tenant_idx')) {
          throw new AppError(
            409,
            'TENANT_HAS_OPEN_REFERRAL',
            'لا يمكن إعادة فتح هذه الإحالة: يوجد طلب مفتوح آخر لنفس المستأجر',
          );
        }
        throw error;
      });
    if (!updated) return null;
    let after = updated;
    let commissionCreated: string | null = null;
    if (COMMISSION_STATUSES.includes(change.status)) {
      // Read in the transaction, never from memory: the commission is written with the
      // broker's rule and holding period as they stand when the contract is signed.
      const { rule } = await brokerTerms(tx, updated.brokerId);
      const commission = await createCommission(tx, updated, {
        contractRent: change.contractRent ?? null,
        rule,
      });
      commissionCreated = commission.amount;
      after = commission.referral;
      // A new contract may take the broker into a higher group: for their next commissions.
      if (commission.amount !== null) {
        await promoteBroker(tx, updated.brokerId);
        await awardBonuses(tx, updated.brokerId);
      }
    }
    await record(tx, {
      action: 'referral.status_change',
      entityType: 'referral',
      entityId: after.id,
      before: {
        status: before.status,
        notes: before.notes,
        contractId: before.contractId,
        contractRent: before.contractRent,
        contractStartsOn: before.contractStartsOn,
        contractEndsOn: before.contractEndsOn,
      },
      after: {
        status: after.status,
        notes: after.notes,
        contractId: after.contractId,
        contractRent: after.contractRent,
        contractStartsOn: after.contractStartsOn,
        contractEndsOn: after.contractEndsOn,
        commissionCreated,
      },
    });
    // The messages and CRM calls it causes are queued with it.
    await queueStatusChange(tx, ctx, before, after);
    return { before, after, commissionCreated };
  });
  if (result) await afterStatusChange(ctx, log, result);
  return result;
}

/**
 * A step that creates the commission signs the lease: it names the Ejar contract (number, annual
 * rent, first and last days), each given now or already on the referral (decision 069). A step
 * after the commission exists (its «تمت إضافة العمولة») asks for nothing again.
 */
async function assertContractDetails(
  tx: Transaction,
  referral: Referral,
  change: {
    contractId?: string | null;
    contractRent?: number | null;
    contractStartsOn?: string | null;
    contractEndsOn?: string | null;
  },
): Promise<void> {
  const [existing] = await tx
    .select({ id: commissions.id })
    .from(commissions)
    .where(eq(commissions.referralId, referral.id));
  if (existing) return;
  const missing = (message: string) => new AppError(400, 'CONTRACT_DETAILS_REQUIRED', message);
  const starts = change.contractStartsOn ?? referral.contractStartsOn;
  const ends = change.contractEndsOn ?? referral.contractEndsOn;
  // A number stored before the Ejar rule (free text) does not sign a lease.
  const number = change.contractId ?? referral.contractId;
  if (!number || normalizeEjarContractNumber(number) === null) {
    throw missing(CONTRACT_DETAILS_MESSAGES.number);
  }
  if (!change.contractRent) throw missing(CONTRACT_DETAILS_MESSAGES.rent);
  if (!starts) throw missing(CONTRACT_DETAILS_MESSAGES.startsOn);
  if (!ends) throw missing(CONTRACT_DETAILS_MESSAGES.endsOn);
  if (ends <= starts) throw missing(CONTRACT_DETAILS_MESSAGES.order);
}

/**
 * What a committed status change causes outside its transaction, whoever made it: the outbox
 * woken for the messages it queued, the new stage's deadline (and a new commission's) in working
 * time, and the broker's notifications.
 */
async function afterStatusChange(
  ctx: Pick<AppContext, 'db' | 'outbox'>,
  log: FastifyBaseLogger,
  {
    before,
    after,
    commissionCreated,
  }: { before: Referral; after: Referral; commissionCreated: string | null },
): Promise<void> {
  ctx.outbox.kick();
  await fillDeadlinesAfterCommit(ctx.db, log);
  if (before.status !== after.status) {
    await notify(ctx.db, after.brokerId, {
      type: 'info',
      title: 'تحديث حالة الطلب',
      message: `طلب المستأجر ${after.tenantPhone}: ${referralStatusLabel(after.status)}`,
      link: `/referral/${after.id}`,
    });
  }
  if (commissionCreated) {
    await notify(ctx.db, after.brokerId, {
      type: 'success',
      title: 'تمت إضافة عمولة',
      message: `أُضيفت عمولة بقيمة ${formatSar(commissionCreated)} لطلب المستأجر ${after.tenantPhone}`,
      link: '/commissions',
    });
  }
}
