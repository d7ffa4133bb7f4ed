import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { superadminEndpoints } from '#contract/superadmin';
import { auditActionKeys } from '#domain/audit-actions';
import type { AuditRecorder } from '../audit/service.js';
import { toProfile } from '../brokers/profile.js';
import type { Database } from '../db/client.js';
import {
  apiKeys,
  auditLog,
  type Broker,
  brokers,
  commissions,
  referrals,
  storedFiles,
} from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { deleteDocumentRows } from '../files/deletion.js';
import { ADMIN_PAGE_SIZE, likeTerm, pageOffset } from '../http/toolkit.js';
import { commissionSummary, markRequestedCommissions } from '../ledger/balances.js';
import { lockBroker } from '../ledger/locks.js';

type AuditLogQuery = z.output<typeof superadminEndpoints.auditLog.query>;
type UsersQuery = z.output<typeof superadminEndpoints.users.query>;

/**
 * Who did what and when, newest first, searched by the actor's phone or the entity's id, and
 * filtered by an action (its rows under an old name included).
 */
export async function listAuditLog(db: Database, query: AuditLogQuery) {
  const { search, action, page } = query;
  const conditions = [
    // The inbound API's calls, one a call (decision 077), are shown when asked for by name.
    action ? inArray(auditLog.action, auditActionKeys(action)) : ne(auditLog.action, 'api.call'),
    ...(search
      ? [
          or(
            ilike(auditLog.actorPhone, likeTerm(search)),
            ilike(auditLog.entityId, likeTerm(search)),
          ),
        ]
      : []),
  ];
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, apiKeyName: apiKeys.name })
      .from(auditLog)
      .leftJoin(apiKeys, eq(apiKeys.id, auditLog.apiKeyId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return {
    items: rows.map(({ entry, apiKeyName }) => ({
      ...entry,
      apiKeyName,
      createdAt: entry.createdAt.toISOString(),
    })),
    total: total?.value ?? 0,
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** Live accounts with their roles, searched, and the counts per role. */
export async function listUsers(
  db: Database,
  query: UsersQuery,
  isProtected: (phone: string) => boolean,
) {
  const { search, page } = query;
  // Retired accounts are no users any more; their money records are in the admin lists.
  const live = isNull(brokers.deletedAt);
  const where = search
    ? and(
        live,
        or(
          ilike(brokers.phone, likeTerm(search)),
          ilike(brokers.fullName, likeTerm(search)),
          ilike(brokers.brokerCode, likeTerm(search)),
        ),
      )
    : live;
  const [rows, [total], [counts]] = await Promise.all([
    db
      .select()
      .from(brokers)
      .where(where)
      .orderBy(desc(brokers.createdAt), desc(brokers.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ value: count() }).from(brokers).where(where),
    db
      .select({
        total: sql<number>`count(*)::int`,
        active: sql<number>`count(*) filter (where ${brokers.isActive})::int`,
        admins: sql<number>`count(*) filter (where ${brokers.isAdmin})::int`,
        superAdmins: sql<number>`count(*) filter (where ${brokers.isSuperAdmin})::int`,
      })
      .from(brokers)
      .where(live),
  ]);
  return {
    counts: counts ?? { total: 0, active: 0, admins: 0, superAdmins: 0 },
    items: rows.map((b) => ({ ...toProfile(b), isProtected: isProtected(b.phone) })),
    total: total?.value ?? 0,
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/**
 * Grants or removes admin and super-admin in one transaction, recorded there; never the last
 * super-admin.
 */
export async function changeRoles(
  db: Database,
  user: Broker,
  roles: { isAdmin?: boolean | undefined; isSuperAdmin?: boolean | undefined },
  record: AuditRecorder,
): Promise<Broker> {
  const { isAdmin, isSuperAdmin } = roles;
  return db.transaction(async (tx) => {
    if (isSuperAdmin === false && user.isSuperAdmin) {
      // Every live super-admin, the one demoted included, locked in id order (as account
      // deletion does): two demotions at once wait for each other instead of deadlocking,
      // and cannot together remove the last one.
      const superAdmins = await tx
        .select({ id: brokers.id })
        .from(brokers)
        .where(and(eq(brokers.isSuperAdmin, true), isNull(brokers.deletedAt)))
        .orderBy(asc(brokers.id))
        .for('update');
      if (!superAdmins.some((row) => row.id !== user.id)) {
        throw new AppError(409, 'LAST_SUPERADMIN', 'لا يمكن إزالة صلاحية آخر مشرف عام');
      }
    }
    const [row] = await tx
      .update(brokers)
      .set({
        ...(isAdmin !== undefined ? { isAdmin } : {}),
        ...(isSuperAdmin !== undefined ? { isSuperAdmin } : {}),
        updatedAt: new Date(),
      })
      .where(eq(brokers.id, user.id))
      .returning();
    if (!row) throw notFound('المستخدم غير موجود');
    if (row.isAdmin !== user.isAdmin || row.isSuperAdmin !== user.isSuperAdmin) {
      await record(tx, {
        action: 'user.role_change',
        entityType: 'broker',
        entityId: user.id,
        before: { isAdmin: user.isAdmin, isSuperAdmin: user.isSuperAdmin },
        after: { isAdmin: row.isAdmin, isSuperAdmin: row.isSuperAdmin },
      });
    }
    return row;
  });
}

/**
 * Deletes a referral whose commission is neither paid nor held by an open transfer request,
 * under the broker's money lock, recorded in the same transaction. Answers the storage keys of
 * its documents, to remove after the commit.
 */
export async function deleteReferral(
  db: Database,
  id: string,
  record: AuditRecorder,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [peek] = await tx
      .select({ brokerId: referrals.brokerId })
      .from(referrals)
      .where(eq(referrals.id, id));
    if (!peek) throw notFound('الإحالة غير موجودة');
    // The broker's money is checked and changed under the same lock as every payout.
    await lockBroker(tx, peek.brokerId);
    const [referral] = await tx.select().from(referrals).where(eq(referrals.id, id));
    if (!referral) throw notFound('الإحالة غير موجودة');
    const [commission] = await tx.select().from(commissions).where(eq(commissions.referralId, id));
    if (commission) {
      // Money already transferred stays on record; money an open transfer request
      // holds cannot vanish from under it.
      if (Number(commission.paidAmount) > 0) {
        throw new AppError(
          409,
          'COMMISSION_PAID',
          'لا يمكن حذف إحالة دُفعت عمولتها أو جزء منها، فهي جزء من سجل المدفوعات',
        );
      }
      // Only payable money can be held by a request: not money on hold, nor a reversed one.
      const payable = commission.status === 'pending' || commission.status === 'requested';
      // Open requests hold the payable money before what reversed commissions still owe.
      const { pending, toRecover } = await commissionSummary(tx, referral.brokerId);
      if (payable && Number(pending) + Number(toRecover) < Number(commission.amount)) {
        throw new AppError(
          409,
          'COMMISSION_HELD',
          'عمولة هذه الإحالة محجوزة لطلب تحويل مفتوح، يرجى معالجة الطلب أولاً',
        );
      }
    }
    const documentKeys = await deleteDocumentRows(tx, eq(storedFiles.referralId, id));
    // Its commission, tenant form and short link cascade.
    await tx.delete(referrals).where(eq(referrals.id, id));
    await markRequestedCommissions(tx, referral.brokerId);
    await record(tx, {
      action: 'referral.delete',
      entityType: 'referral',
      entityId: id,
      before: {
        number: referral.number,
        tenantPhone: referral.tenantPhone,
        status: referral.status,
        brokerId: referral.brokerId,
        commission: commission ? { amount: commission.amount, status: commission.status } : null,
      },
    });
    return documentKeys;
  });
}
