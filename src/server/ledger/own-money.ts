import { sql } from 'drizzle-orm';
import { formatSar, toCents } from '#domain';
import type { AuditEntry, AuditRecorder } from '../audit/service.js';
import { type Database, rowsOf, type Transaction } from '../db/client.js';
import { AppError } from '../errors.js';
import { payoutDualControlAmount } from '../settings/service.js';

/**
 * Who may handle money. Admins are brokers too: nobody settles their own
 * money, nor that of an account sharing their phone or bank account, and a large payout is sent
 * and paid by someone other than the admin who approved it. Each refusal is audited, though the
 * change it refused is rolled back. Every money and decision path of the console calls these
 * rules in its transaction, once the subject is read under its broker's lock.
 */

/** A refusal the audit log keeps: written after the refused change's transaction rolled back. */
class AuditedRefusal extends AppError {
  constructor(
    code: string,
    message: string,
    readonly entry: AuditEntry,
  ) {
    super(403, code, message);
  }
}

/**
 * The change's transaction, as `db.transaction`; when it ends in an audited refusal, the refusal
 * is recorded on the database itself (the transaction's own rows are gone) and answered as it
 * was.
 */
export async function auditedTransaction<T>(
  db: Database,
  record: AuditRecorder,
  change: (tx: Transaction) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(change);
  } catch (error) {
    if (error instanceof AuditedRefusal) await record(db, error.entry);
    throw error;
  }
}

/** What an admin handles: each names its audit entity and how its refusal reads. */
export type MoneySubject = 'referral' | 'commission' | 'payout' | 'signal' | 'terms' | 'adjustment';

const ENTITY_TYPES: Record<MoneySubject, string> = {
  referral: 'referral',
  commission: 'commission',
  payout: 'payout',
  signal: 'fraud_signal',
  terms: 'broker',
  adjustment: 'broker',
};

/** Why the admin may not handle the broker's money: theirs, or an account sharing a link. */
export type MoneyConflict = 'own' | 'shared_phone' | 'shared_iban';

const ANOTHER_ADMIN = 'يجب أن يتولاها مشرف آخر';

/**
 * The refusal of each subject and conflict. The own payout's and own signal's texts are those
 * the console has said since 043 and 042.
 */
const MESSAGES: Record<MoneySubject, Record<MoneyConflict, string>> = {
  referral: {
    own: `لا يمكنك معالجة إحالة تخصّك؛ ${ANOTHER_ADMIN}`,
    shared_phone: `لا يمكنك معالجة إحالة لحساب يشاركك رقم الجوال؛ ${ANOTHER_ADMIN}`,
    shared_iban: `لا يمكنك معالجة إحالة لحساب يشاركك الحساب البنكي؛ ${ANOTHER_ADMIN}`,
  },
  commission: {
    own: `لا يمكنك معالجة عمولة تخصّك، ولو بإلغائها؛ ${ANOTHER_ADMIN}`,
    shared_phone: `لا يمكنك معالجة عمولة لحساب يشاركك رقم الجوال؛ ${ANOTHER_ADMIN}`,
    shared_iban: `لا يمكنك معالجة عمولة لحساب يشاركك الحساب البنكي؛ ${ANOTHER_ADMIN}`,
  },
  payout: {
    own: 'لا يمكنك معالجة دفعة مستحقة لك',
    shared_phone: `لا يمكنك معالجة دفعة لحساب يشاركك رقم الجوال؛ ${ANOTHER_ADMIN}`,
    shared_iban: `لا يمكنك معالجة دفعة لحساب يشاركك الحساب البنكي؛ ${ANOTHER_ADMIN}`,
  },
  signal: {
    own: 'لا يمكنك معالجة تنبيه على إحالاتك',
    shared_phone: 'لا يمكنك معالجة تنبيه على حساب يشاركك رقم الجوال؛ يجب أن يتولاه مشرف آخر',
    shared_iban: 'لا يمكنك معالجة تنبيه على حساب يشاركك الحساب البنكي؛ يجب أن يتولاه مشرف آخر',
  },
  // A broker's group and commission override (decision record 072).
  terms: {
    own: 'لا يمكنك تعديل مجموعتك أو عمولتك؛ يجب أن يتولى ذلك مشرف عام آخر',
    shared_phone: 'لا يمكنك تعديل شروط عمولة حساب يشاركك رقم الجوال؛ يجب أن يتولى ذلك مشرف عام آخر',
    shared_iban:
      'لا يمكنك تعديل شروط عمولة حساب يشاركك الحساب البنكي؛ يجب أن يتولى ذلك مشرف عام آخر',
  },
  // An adjustment of a broker's money (decision record 074).
  adjustment: {
    own: `لا يمكنك إضافة تسوية إلى حسابك؛ ${ANOTHER_ADMIN}`,
    shared_phone: `لا يمكنك إضافة تسوية لحساب يشاركك رقم الجوال؛ ${ANOTHER_ADMIN}`,
    shared_iban: `لا يمكنك إضافة تسوية لحساب يشاركك الحساب البنكي؛ ${ANOTHER_ADMIN}`,
  },
};

/**
 * Whether the admin is the broker, or shares a phone with them (phones are unique per account,
 * so only through a second phone), or an IBAN (on either profile or any payout of either: an
 * IBAN since replaced still says whose account it is). Null when they are strangers.
 */
export async function moneyConflict(
  tx: Pick<Database, 'execute'>,
  adminId: string,
  brokerId: string,
): Promise<MoneyConflict | null> {
  if (adminId === brokerId) return 'own';
  const [found] = await rowsOf<{ shared_phone: boolean; shared_iban: boolean }>(
    tx,
    sql`select
      exists (select 1 from brokers a, brokers b where a.id = ${adminId} and b.id = ${brokerId}
        and (a.phone in (b.phone, b.second_phone) or a.second_phone in (b.phone, b.second_phone)))
        as shared_phone,
      exists (select 1 from
        (select iban from brokers where id = ${adminId}
          union select iban from transfer_requests where broker_id = ${adminId}
          -- The IBAN of an office the admin is a member of (decision 080).
          union select o.iban from offices o join office_members m on m.office_id = o.id
            where m.broker_id = ${adminId} and m.status = 'active' and o.iban is not null) a
        join (select iban from brokers where id = ${brokerId}
          union select iban from transfer_requests where broker_id = ${brokerId}) b
        on a.iban = b.iban) as shared_iban`,
  );
  if (found?.shared_phone) return 'shared_phone';
  if (found?.shared_iban) return 'shared_iban';
  return null;
}

/**
 * Refuses (403 `OWN_MONEY`, audited as `access.refused_own_money`) an admin handling a
 * referral, commission, payout or signal of their own broker account or of one sharing their
 * phone or IBAN: whichever way the money would move, reversals and rejections included.
 */
export async function assertNotOwnMoney(
  tx: Transaction,
  adminId: string,
  subject: { kind: MoneySubject; id: string; brokerId: string; action: string },
): Promise<void> {
  const conflict = await moneyConflict(tx, adminId, subject.brokerId);
  if (!conflict) return;
  throw new AuditedRefusal('OWN_MONEY', MESSAGES[subject.kind][conflict], {
    action: 'access.refused_own_money',
    entityType: ENTITY_TYPES[subject.kind],
    entityId: subject.id,
    after: { refused: subject.action, conflict, brokerId: subject.brokerId },
  });
}

/**
 * Four eyes on large payouts: one of at least the amount super-admins set
 * (`payout_dual_control_amount`) is approved by one admin and marked sent and paid by another
 * (403 `DUAL_CONTROL`, audited as `access.refused_dual_control`). A draft that large cannot be
 * paid in one step: its payer would have approved it too.
 */
/**
 * Confirming a commission's payment is one step, taken by one admin: at or above the two-person
 * amount it goes through a payout instead (approved by one admin, sent and paid by another).
 */
export async function assertCommissionBelowDualControl(
  tx: Transaction,
  commission: { id: string; amount: string; vatAmount: string },
): Promise<void> {
  const threshold = await payoutDualControlAmount(tx);
  // What leaves the account: the amount and the VAT on top (decision 071).
  if (toCents(commission.amount) + toCents(commission.vatAmount) < threshold * 100) return;
  throw new AuditedRefusal(
    'DUAL_CONTROL',
    `العمولات بمبلغ ${formatSar(threshold)} فأكثر تُدفع عبر دفعة يعتمدها مشرف ويرسلها ويؤكد دفعها مشرف آخر`,
    {
      action: 'access.refused_dual_control',
      entityType: 'commission',
      entityId: commission.id,
      after: { refused: 'commission.confirm_payment', amount: commission.amount, threshold },
    },
  );
}

export async function assertDualControl(
  tx: Transaction,
  adminId: string,
  payout: {
    id: string;
    amount: string;
    vatAmount: string;
    status: string;
    approvedBy: string | null;
  },
  action: 'payout.send' | 'payout.pay',
): Promise<void> {
  const threshold = await payoutDualControlAmount(tx);
  if (toCents(payout.amount) + toCents(payout.vatAmount) < threshold * 100) return;
  const oneStep = payout.status === 'draft';
  if (!oneStep && payout.approvedBy !== adminId) return;
  const above = `الدفعات بمبلغ ${formatSar(threshold)} فأكثر`;
  throw new AuditedRefusal(
    'DUAL_CONTROL',
    oneStep
      ? `${above} تُعتمد أولاً، ثم يرسلها ويؤكد دفعها مشرف غير الذي اعتمدها`
      : `لا يمكنك إرسال أو تأكيد دفع دفعة اعتمدتها بنفسك: ${above} يرسلها ويؤكد دفعها مشرف غير الذي اعتمدها`,
    {
      action: 'access.refused_dual_control',
      entityType: 'payout',
      entityId: payout.id,
      after: { refused: action, amount: payout.amount, threshold, approvedBy: payout.approvedBy },
    },
  );
}

/** Nobody handles a commission of their own (or of an account sharing their phone or IBAN). */
export const assertNotOwnCommission = (
  tx: Transaction,
  commission: { id: string; brokerId: string },
  adminId: string,
  action: string,
) =>
  assertNotOwnMoney(tx, adminId, {
    kind: 'commission',
    id: commission.id,
    brokerId: commission.brokerId,
    action,
  });

/**
 * Four eyes on an adjustment (decision record 074): the admin who credited it does not also
 * confirm it paid (403 `DUAL_CONTROL`, audited as `access.refused_dual_control`).
 */
export function assertNotOwnCredit(
  commission: { id: string; kind: string; createdBy: string | null; amount: string },
  adminId: string,
): void {
  if (commission.kind !== 'adjustment' || commission.createdBy !== adminId) return;
  throw new AuditedRefusal(
    'DUAL_CONTROL',
    'لا يؤكد دفع التسوية من أضافها؛ يجب أن يتولاه مشرف آخر',
    {
      action: 'access.refused_dual_control',
      entityType: 'commission',
      entityId: commission.id,
      after: {
        refused: 'commission.confirm_payment',
        amount: commission.amount,
        createdBy: adminId,
      },
    },
  );
}
