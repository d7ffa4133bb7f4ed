import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { isErasedTenantPhone, normalizeReferralStatus, type ReferralStatus } from '#domain';
import type { Database } from '../db/client.js';
import { apiKeys, auditLog, brokers, type Referral } from '../db/schema.js';

/** The audit actions that move a referral on, and who takes each. */
const STEPS = {
  'referral.create': 'broker',
  'tenant_form.submit': 'tenant',
  'referral.status_change': 'admin',
  'referral.expire': 'system',
} as const;
type StepAction = keyof typeof STEPS;
const STEP_ACTIONS = Object.keys(STEPS) as StepAction[];

/** What the history needs of the referral's own row. */
type HistoryOf = Pick<Referral, 'id' | 'submittedAt' | 'status' | 'updatedAt'>;

export type HistoryEntry = {
  at: string;
  kind: 'created' | 'tenant_submitted' | 'status_changed' | 'note_changed';
  status: ReferralStatus;
  actor: (typeof STEPS)[StepAction];
  note: string | null;
  /** The acting account's name, else its phone; null for the tenant. Only admins see it. */
  actorName: string | null;
};

/**
 * A referral's history, oldest first, read from the audit log every change writes in its own
 * transaction (so it is never missing a committed change). A change that altered neither the
 * status nor the note (a contract number alone) is not a step of this history. A referral older
 * than its audit record (demo data, imports) still starts with its creation and ends with the
 * status it has, both from its own row; that last status only an admin can have set.
 */
export async function referralHistory(
  db: Pick<Database, 'select'>,
  referral: HistoryOf,
): Promise<HistoryEntry[]> {
  const rows = await db
    .select({
      at: auditLog.createdAt,
      action: auditLog.action,
      actorName: sql<
        string | null
      >`coalesce(nullif(trim(${brokers.fullName}), ''), ${auditLog.actorPhone}, ${apiKeys.name})`,
      status: sql<string | null>`${auditLog.after}->>'status'`,
      before: sql<string | null>`${auditLog.before}->>'status'`,
      note: sql<string | null>`${auditLog.after}->>'notes'`,
      noteBefore: sql<string | null>`${auditLog.before}->>'notes'`,
    })
    .from(auditLog)
    .leftJoin(brokers, eq(brokers.id, auditLog.actorId))
    .leftJoin(apiKeys, eq(apiKeys.id, auditLog.apiKeyId))
    .where(
      and(
        eq(auditLog.entityType, 'referral'),
        eq(auditLog.entityId, referral.id),
        inArray(auditLog.action, STEP_ACTIONS),
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));

  const entries: HistoryEntry[] = [];
  for (const row of rows) {
    const action = row.action as StepAction;
    const actor = STEPS[action];
    const entry = {
      at: row.at.toISOString(),
      status: normalizeReferralStatus(row.status),
      actor,
      actorName: actor === 'tenant' ? null : row.actorName,
    };
    if (action === 'referral.create') {
      entries.push({ ...entry, kind: 'created', note: null });
    } else if (action === 'tenant_form.submit') {
      entries.push({ ...entry, kind: 'tenant_submitted', note: null });
    } else {
      const noteChanged = row.note !== row.noteBefore;
      const statusChanged = row.status !== row.before;
      if (!noteChanged && !statusChanged) continue;
      entries.push({
        ...entry,
        kind: statusChanged ? 'status_changed' : 'note_changed',
        note: noteChanged ? row.note : null,
      });
    }
  }
  if (entries[0]?.kind !== 'created') {
    entries.unshift({
      at: referral.submittedAt.toISOString(),
      kind: 'created',
      status: 'pending_completion',
      actor: 'broker',
      note: null,
      actorName: null,
    });
  }
  const last = entries.at(-1);
  if (last && last.status !== normalizeReferralStatus(referral.status)) {
    entries.push({
      at: referral.updatedAt.toISOString(),
      kind: 'status_changed',
      status: normalizeReferralStatus(referral.status),
      actor: 'admin',
      note: null,
      actorName: null,
    });
  }
  return entries;
}

/** The broker's history: the same steps, without the name of any account that acted. */
export async function brokerReferralHistory(
  db: Pick<Database, 'select'>,
  referral: HistoryOf & Pick<Referral, 'tenantPhone'>,
) {
  const entries = await referralHistory(db, referral);
  // Once the tenant's data is erased (decision 068), the admins' notes, which may speak of the
  // tenant, are no longer the broker's to read; the steps themselves stay.
  const erased = isErasedTenantPhone(referral.tenantPhone);
  return entries.map(({ actorName: _hidden, ...entry }) =>
    erased ? { ...entry, note: null } : entry,
  );
}
