import { asc, eq, sql } from 'drizzle-orm';
import { type BrokerGroupValues, rateOfPercent, ruleSummaryAr } from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import { type Database, rowsOf, type Transaction } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { brokerGroups, brokers, promotionRules } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { lockedLiveBroker } from '../ledger/locks.js';
import { assertNotOwnMoney, auditedTransaction } from '../ledger/own-money.js';
import { notify } from '../notifications/service.js';
import { commissionRule, holdingDays, payoutMinimum } from '../settings/service.js';
import { brokerTerms, defaultGroupId, groupOfBroker } from './terms.js';

type GroupRow = typeof brokerGroups.$inferSelect;
type RuleRow = typeof promotionRules.$inferSelect;

const GROUP_NOT_FOUND = 'المجموعة غير موجودة';
const NAME_TAKEN = new AppError(409, 'GROUP_NAME_TAKEN', 'توجد مجموعة بهذا الاسم', {
  fields: { name: 'توجد مجموعة بهذا الاسم' },
});

const toRule = (rule: RuleRow) => ({
  id: rule.id,
  groupId: rule.groupId,
  signedContracts: rule.signedContracts,
  withinDays: rule.withinDays,
});

const toGroup = (group: GroupRow, brokerCount: number, rules: RuleRow[]) => ({
  id: group.id,
  name: group.name,
  level: group.level,
  rate: group.commissionRate,
  minimum: group.commissionMinimum,
  holdingDays: group.holdingDays,
  payoutMinimum: group.payoutMinimum,
  isDefault: group.isDefault,
  brokerCount,
  rules: rules.filter((rule) => rule.groupId === group.id).map(toRule),
});

/** Live brokers per group (a broker without one counts in the default group). */
async function brokerCounts(db: Pick<Database, 'execute'>): Promise<Map<string, number>> {
  const rows = await rowsOf<{ group_id: string | null; brokers: number }>(
    db,
    sql`select ${groupOfBroker} as group_id, count(*)::int as brokers
      from ${brokers} where ${brokers.deletedAt} is null group by 1`,
  );
  return new Map(rows.flatMap((row) => (row.group_id ? [[row.group_id, row.brokers]] : [])));
}

/** Every group by level (then name), with the program's settings their empty terms mean. */
export async function listGroups(db: Database) {
  const groups = await db
    .select()
    .from(brokerGroups)
    .orderBy(asc(brokerGroups.level), asc(brokerGroups.name));
  const rules = await db
    .select()
    .from(promotionRules)
    .orderBy(asc(promotionRules.signedContracts), asc(promotionRules.createdAt));
  const counts = await brokerCounts(db);
  const program = await commissionRule(db);
  return {
    items: groups.map((group) => toGroup(group, counts.get(group.id) ?? 0, rules)),
    program: {
      rate: program.rate,
      minimum: program.minimum,
      holdingDays: await holdingDays(db),
      payoutMinimum: await payoutMinimum(db),
    },
  };
}

/** One group as the list shows it. */
async function groupView(db: Database | Transaction, id: string) {
  const [group] = await db.select().from(brokerGroups).where(eq(brokerGroups.id, id));
  if (!group) throw notFound(GROUP_NOT_FOUND);
  const rules = await db.select().from(promotionRules).where(eq(promotionRules.groupId, id));
  const counts = await brokerCounts(db);
  return toGroup(group, counts.get(id) ?? 0, rules);
}

const columnsOf = (values: BrokerGroupValues) => ({
  name: values.name,
  level: values.level,
  commissionRate: rateOfPercent(values.ratePercent),
  commissionMinimum: values.minimum,
  holdingDays: values.holdingDays,
  payoutMinimum: values.payoutMinimum,
});

/** A group's figures for the audit log. */
const auditedGroup = (group: GroupRow) => ({
  name: group.name,
  level: group.level,
  rate: group.commissionRate,
  minimum: group.commissionMinimum,
  holdingDays: group.holdingDays,
  payoutMinimum: group.payoutMinimum,
  isDefault: group.isDefault,
});

/** One default at a time: every change of it (and the first group made) waits for the one before. */
const lockDefault = (tx: Transaction) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('broker_groups:default'))`);

/** A group's row, locked for a change of it; 404 when there is none. */
async function lockedGroup(tx: Transaction, id: string): Promise<GroupRow> {
  const [group] = await tx.select().from(brokerGroups).where(eq(brokerGroups.id, id)).for('update');
  if (!group) throw notFound(GROUP_NOT_FOUND);
  return group;
}

const nameTaken = (error: unknown) => {
  if (isUniqueViolation(error, 'broker_groups_name_unique')) throw NAME_TAKEN;
  throw error;
};

/** The first group made is the default one: every broker without a group is in it. */
export async function createGroup(db: Database, values: BrokerGroupValues, record: AuditRecorder) {
  const id = await db
    .transaction(async (tx) => {
      await lockDefault(tx);
      const [existing] = await tx
        .select({ id: brokerGroups.id })
        .from(brokerGroups)
        .where(eq(brokerGroups.isDefault, true));
      const [created] = await tx
        .insert(brokerGroups)
        .values({ ...columnsOf(values), isDefault: !existing })
        .returning();
      if (!created) throw new Error('the group was not inserted');
      await record(tx, {
        action: 'group.create',
        entityType: 'broker_group',
        entityId: created.id,
        after: auditedGroup(created),
      });
      return created.id;
    })
    .catch(nameTaken);
  return groupView(db, id);
}

/**
 * Whether the super-admin, or an account sharing their phone or IBAN, is a live broker of the
 * group: its terms would be their own money (decision 047).
 */
async function ownGroup(tx: Transaction, actorId: string, groupId: string): Promise<boolean> {
  const [found] = await rowsOf<{ id: string }>(
    tx,
    sql`select m.id from ${brokers} m, ${brokers} me
      where me.id = ${actorId} and m.deleted_at is null
        and coalesce(m.group_id, ${defaultGroupId}) = ${groupId}
        and (m.id = me.id
          or (me.iban is not null and m.iban = me.iban)
          or m.phone = me.second_phone or m.second_phone = me.phone
          or (me.second_phone is not null and m.second_phone = me.second_phone))
      limit 1`,
  );
  return found !== undefined;
}

const TERMS_OF_OWN_GROUP = new AppError(
  403,
  'OWN_MONEY',
  'لا يمكنك تعديل شروط مجموعة أنت فيها أو حساب مرتبط بك؛ يجب أن يتولى ذلك مشرف عام آخر',
);

/**
 * A group's terms changed by a super-admin who is not in it (nor an account linked to theirs):
 * its name and level they may change whoever is in it. New terms apply to commissions made from
 * now on: those made keep the rule stored with them.
 */
export async function updateGroup(
  db: Database,
  actorId: string,
  id: string,
  values: BrokerGroupValues,
  record: AuditRecorder,
) {
  await db
    .transaction(async (tx) => {
      const before = await lockedGroup(tx, id);
      const terms = columnsOf(values);
      const termsChange =
        terms.commissionRate !== before.commissionRate ||
        terms.commissionMinimum !== before.commissionMinimum ||
        terms.holdingDays !== before.holdingDays ||
        terms.payoutMinimum !== before.payoutMinimum;
      if (termsChange && (await ownGroup(tx, actorId, id))) throw TERMS_OF_OWN_GROUP;
      const [after] = await tx
        .update(brokerGroups)
        .set({ ...columnsOf(values), updatedAt: new Date() })
        .where(eq(brokerGroups.id, id))
        .returning();
      if (!after) throw notFound(GROUP_NOT_FOUND);
      await record(tx, {
        action: 'group.update',
        entityType: 'broker_group',
        entityId: id,
        before: auditedGroup(before),
        after: auditedGroup(after),
      });
    })
    .catch(nameTaken);
  return groupView(db, id);
}

/**
 * Deletes a group that is not the default and has no live broker, with its promotion rules;
 * retired accounts still naming it are left in none. Its row is locked first: a broker being
 * moved into it meanwhile is waited for and counted.
 */
export async function deleteGroup(db: Database, id: string, record: AuditRecorder) {
  await db.transaction(async (tx) => {
    await lockDefault(tx);
    const group = await lockedGroup(tx, id);
    if (group.isDefault) {
      throw new AppError(
        409,
        'DEFAULT_GROUP',
        'لا يمكن حذف المجموعة الافتراضية؛ اجعل مجموعة أخرى افتراضية أولاً',
      );
    }
    const [members] = await rowsOf<{ count: number }>(
      tx,
      sql`select count(*)::int as count from ${brokers}
        where ${brokers.groupId} = ${id} and ${brokers.deletedAt} is null`,
    );
    if ((members?.count ?? 0) > 0) {
      throw new AppError(
        409,
        'GROUP_HAS_BROKERS',
        'لا يمكن حذف مجموعة فيها وسطاء؛ انقلهم إلى مجموعة أخرى أولاً',
      );
    }
    // Retired accounts earn nothing more: they leave the group with it.
    await tx
      .update(brokers)
      .set({ groupId: null })
      .where(sql`${brokers.groupId} = ${id} and ${brokers.deletedAt} is not null`);
    const rules = await tx.select().from(promotionRules).where(eq(promotionRules.groupId, id));
    await tx.delete(brokerGroups).where(eq(brokerGroups.id, id));
    await record(tx, {
      action: 'group.delete',
      entityType: 'broker_group',
      entityId: id,
      before: { ...auditedGroup(group), rules: rules.map(toRule) },
    });
  });
}

/** The group new brokers join from now on; brokers already in groups stay where they are. */
export async function makeDefaultGroup(db: Database, id: string, record: AuditRecorder) {
  await db.transaction(async (tx) => {
    await lockDefault(tx);
    const group = await lockedGroup(tx, id);
    if (group.isDefault) return;
    const [before] = await tx
      .select({ id: brokerGroups.id, name: brokerGroups.name })
      .from(brokerGroups)
      .where(eq(brokerGroups.isDefault, true));
    // Brokers without a group are in the default one: they stay in it, the new one is for new brokers.
    const pinned = before
      ? await tx
          .update(brokers)
          .set({ groupId: before.id })
          .where(sql`${brokers.groupId} is null`)
          .returning({ id: brokers.id })
      : [];
    await tx
      .update(brokerGroups)
      .set({ isDefault: false, updatedAt: new Date() })
      .where(eq(brokerGroups.isDefault, true));
    await tx
      .update(brokerGroups)
      .set({ isDefault: true, updatedAt: new Date() })
      .where(eq(brokerGroups.id, id));
    await record(tx, {
      action: 'group.make_default',
      entityType: 'broker_group',
      entityId: id,
      before: { defaultGroup: before?.name ?? null },
      after: { defaultGroup: group.name, brokersKeptInPrevious: pinned.length },
    });
  });
  return groupView(db, id);
}

export async function addPromotionRule(
  db: Database,
  values: { groupId: string; signedContracts: number; withinDays: number },
  record: AuditRecorder,
) {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ name: brokerGroups.name })
      .from(brokerGroups)
      .where(eq(brokerGroups.id, values.groupId))
      .for('key share');
    if (!group) {
      throw new AppError(400, 'VALIDATION_ERROR', GROUP_NOT_FOUND, {
        fields: { groupId: GROUP_NOT_FOUND },
      });
    }
    const [created] = await tx.insert(promotionRules).values(values).returning();
    if (!created) throw new Error('the rule was not inserted');
    await record(tx, {
      action: 'promotion_rule.create',
      entityType: 'promotion_rule',
      entityId: created.id,
      after: { group: group.name, ...values },
    });
    return toRule(created);
  });
}

export async function removePromotionRule(db: Database, id: string, record: AuditRecorder) {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(promotionRules).where(eq(promotionRules.id, id)).returning();
    if (!removed) throw notFound('القاعدة غير موجودة');
    await record(tx, {
      action: 'promotion_rule.delete',
      entityType: 'promotion_rule',
      entityId: id,
      before: toRule(removed),
    });
  });
}

/** A broker's group, override and the rule a commission would be made by now. */
export async function brokerTermsView(db: Database | Transaction, brokerId: string) {
  const [broker] = await db
    .select({
      rateOverride: brokers.commissionRateOverride,
      minimumOverride: brokers.commissionMinimumOverride,
      overrideReason: brokers.commissionOverrideReason,
    })
    .from(brokers)
    .where(sql`${brokers.id} = ${brokerId} and ${brokers.deletedAt} is null`);
  if (!broker) throw notFound('الوسيط غير موجود');
  const { rule } = await brokerTerms(db, brokerId);
  return { groupId: rule.groupId, groupName: rule.groupName, ...broker, rule };
}

/**
 * A broker's row locked for a change of their terms, refused (403, audited by the caller's
 * auditedTransaction) when they are the admin or share the admin's phone or IBAN.
 */
async function lockTermsOf(tx: Transaction, adminId: string, brokerId: string, action: string) {
  await lockedLiveBroker(tx, brokerId);
  await assertNotOwnMoney(tx, adminId, { kind: 'terms', id: brokerId, brokerId, action });
}

/**
 * Moves a broker to a group (a super-admin, with a reason): their next commissions are made by
 * its terms, those made keep their rule. Never the admin's own account nor one sharing their
 * phone or IBAN (403). Audited; the broker is told.
 */
export async function moveBroker(
  db: Database,
  adminId: string,
  brokerId: string,
  move: { groupId: string; reason: string },
  record: AuditRecorder,
) {
  const program = await auditedTransaction(db, record, async (tx) => {
    await lockTermsOf(tx, adminId, brokerId, 'broker.group_change');
    // Held while the broker joins it: a deletion waits, or has happened (400, never a 500).
    const [group] = await tx
      .select({ id: brokerGroups.id, name: brokerGroups.name })
      .from(brokerGroups)
      .where(eq(brokerGroups.id, move.groupId))
      .for('key share');
    if (!group) {
      throw new AppError(400, 'VALIDATION_ERROR', GROUP_NOT_FOUND, {
        fields: { groupId: GROUP_NOT_FOUND },
      });
    }
    const before = await brokerTermsView(tx, brokerId);
    await tx
      .update(brokers)
      .set({ groupId: group.id, groupMovedAt: new Date() })
      .where(eq(brokers.id, brokerId));
    const after = await brokerTermsView(tx, brokerId);
    await record(tx, {
      action: 'broker.group_change',
      entityType: 'broker',
      entityId: brokerId,
      before: { group: before.groupName },
      after: { group: after.groupName, reason: move.reason },
    });
    return after;
  });
  await notify(db, brokerId, {
    type: 'info',
    title: `انتقلت إلى مجموعة «${program.groupName ?? ''}»`,
    message: `تُحتسب عمولاتك الجديدة بنسبة ${ruleSummaryAr(program.rule)}. العمولات السابقة لا تتغير.`,
    link: '/commissions',
  });
  return program;
}

/**
 * Sets a broker's own commission rate and minimum (either may be empty: the group's), or clears
 * both, with a reason; their next commissions are made by it. Never the admin's own account nor
 * one sharing their phone or IBAN (403). Audited; the broker is told.
 */
export async function setCommissionOverride(
  db: Database,
  adminId: string,
  brokerId: string,
  override: { ratePercent: number | null; minimum: number | null; reason: string },
  record: AuditRecorder,
) {
  const program = await auditedTransaction(db, record, async (tx) => {
    await lockTermsOf(tx, adminId, brokerId, 'broker.commission_override');
    const before = await brokerTermsView(tx, brokerId);
    const cleared = override.ratePercent === null && override.minimum === null;
    await tx
      .update(brokers)
      .set({
        commissionRateOverride: rateOfPercent(override.ratePercent),
        commissionMinimumOverride: override.minimum,
        commissionOverrideReason: cleared ? null : override.reason,
      })
      .where(eq(brokers.id, brokerId));
    const after = await brokerTermsView(tx, brokerId);
    await record(tx, {
      action: 'broker.commission_override',
      entityType: 'broker',
      entityId: brokerId,
      before: { rate: before.rateOverride, minimum: before.minimumOverride },
      after: { rate: after.rateOverride, minimum: after.minimumOverride, reason: override.reason },
    });
    return after;
  });
  const cleared = program.rateOverride === null && program.minimumOverride === null;
  await notify(db, brokerId, {
    type: 'info',
    title: cleared ? 'عادت عمولتك إلى شروط مجموعتك' : 'حُدّدت لك عمولة خاصة',
    message: `تُحتسب عمولاتك الجديدة بنسبة ${ruleSummaryAr(program.rule)}. العمولات السابقة لا تتغير.`,
    link: '/commissions',
  });
  return program;
}
