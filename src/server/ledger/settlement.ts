import { and, asc, eq, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import {
  formatDateAr,
  formatSar,
  fromCents,
  type PayoutStatus,
  payoutStatusLabel,
  toCents,
  UNSETTLED_PAYOUT_STATUSES,
} from '#domain';
import type { ProviderTaxIdentity } from '#domain/brand';
import type { AuditRecorder } from '../audit/service.js';
import { payoutVat } from '../brokers/tax-profile.js';
import type { Database, Transaction } from '../db/client.js';
import { brokers, commissions, offices, payouts } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { issuePaymentDocument } from '../invoices/payment-documents.js';
import { notify } from '../notifications/service.js';
import { payoutDestination } from '../offices/membership.js';
import { queueWebhookEvent, type WebhookData } from '../webhooks/events.js';
import { commissionSummary, markRequestedCommissions } from './balances.js';
import {
  applySignalHolds,
  brokerHeldBySignal,
  heldByFalLicense,
  heldBySignal,
  notInIbanHold,
} from './holds.js';
import { lockBroker, lockedCommission } from './locks.js';
import {
  assertCommissionBelowDualControl,
  assertDualControl,
  assertNotOwnCommission,
  assertNotOwnCredit,
  assertNotOwnMoney,
  auditedTransaction,
} from './own-money.js';
import { deductedForAr, owesDeductions, recover } from './reversals.js';

type Payout = typeof payouts.$inferSelect;

/** A payout read with its broker's row locked: found first, read again once the lock is held. */
async function lockedPayout(tx: Transaction, id: string): Promise<Payout> {
  const [peek] = await tx
    .select({ brokerId: payouts.brokerId })
    .from(payouts)
    .where(eq(payouts.id, id));
  if (!peek) throw notFound('طلب التحويل غير موجود');
  await lockBroker(tx, peek.brokerId);
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, id));
  if (!payout) throw notFound('طلب التحويل غير موجود');
  return payout;
}

/**
 * What must hold before a payout's money goes out (approved, or paid from a draft or an
 * approved payout): the broker's IBAN has not just changed, and no open signal holds the
 * broker. A payout already sent may still be marked paid or failed: the bank has the money.
 */
async function mayPayOut(tx: Transaction, payout: Payout): Promise<void> {
  await notInIbanHold(tx, payout.brokerId, payout);
  if (await brokerHeldBySignal(tx, payout.brokerId)) throw heldBySignal();
}

/**
 * Nobody moves a payout of their own (or of an account sharing their phone or IBAN), in any
 * direction: failing or rejecting one would make its money payable again.
 */
const notOwn = (tx: Transaction, payout: Payout, adminId: string, action: string) =>
  assertNotOwnMoney(tx, adminId, {
    kind: 'payout',
    id: payout.id,
    brokerId: payout.brokerId,
    action,
  });

const wrongState = (payout: Payout, action: string) =>
  new AppError(
    409,
    'PAYOUT_STATE',
    `لا يمكن ${action} دفعة حالتها «${payoutStatusLabel(payout.status)}»`,
  );

/**
 * A payout in a downloaded bank file, or sent, may be with the bank: it is neither cancelled nor
 * rejected (its money could be asked for and paid twice); when the bank returns it, it is
 * recorded as failed.
 */
const inBankFile = () =>
  new AppError(
    409,
    'IN_BANK_FILE',
    'هذه الدفعة في ملف بنك نُزّل، فقد تكون عند البنك؛ إن أعادها البنك فسجّل فشلها',
  );

/**
 * The payout as it was read, in an update's condition. Every money path holds the broker's row
 * lock, but a bank file stamps its payouts in one statement without it (newBankFile): a payout
 * it took meanwhile no longer matches, so nothing is written on a state that has changed.
 */
const asRead = (payout: Payout): SQL | undefined =>
  and(
    eq(payouts.id, payout.id),
    eq(payouts.status, payout.status),
    // Its IBAN too: an office's new IBAN moves its open payouts (decision 080).
    eq(payouts.iban, payout.iban),
    payout.bankBatch ? eq(payouts.bankBatch, payout.bankBatch) : isNull(payouts.bankBatch),
  );

/** What a payout changed under the lock answers: only a bank file can have taken it. */
const takenMeanwhile = () =>
  new AppError(
    409,
    'IN_BANK_FILE',
    'دخلت هذه الدفعة للتو ملف بنك نُزّل، فقد تكون عند البنك؛ حدّث الصفحة وتحقّق منها قبل أي إجراء',
  );

/** Updates a payout still as it was read; refused when a bank file took it meanwhile. */
async function updateAsRead(
  tx: Transaction,
  payout: Payout,
  changes: Partial<Payout>,
): Promise<Payout> {
  const [row] = await tx.update(payouts).set(changes).where(asRead(payout)).returning();
  if (!row) throw takenMeanwhile();
  return row;
}

/**
 * After a payout gives its money back (failed, rejected, cancelled): its commissions are
 * requested no more, an open broker-wide signal holds them again, and the answer says whether
 * one does (the broker is told the money is payable only when it is).
 */
async function moneyBack(tx: Transaction, brokerId: string): Promise<{ held: boolean }> {
  await markRequestedCommissions(tx, brokerId);
  await applySignalHolds(tx, brokerId);
  return { held: await brokerHeldBySignal(tx, brokerId) };
}

/** The broker's notice that a payout's money is back: what happened, and where the money is. */
function noticeMoneyBack(
  db: Database,
  payout: Payout,
  notice: { title: string; what: string; held: boolean },
) {
  return notify(db, payout.brokerId, {
    type: 'warning',
    title: notice.title,
    message: `${notice.what}. ${
      notice.held
        ? 'عاد المبلغ إلى رصيدك، وهو قيد المراجعة لدى فريق العمليات قبل أن يُتاح للتحويل.'
        : 'عاد المبلغ إلى رصيدك المتاح للتحويل.'
    }`,
    link: '/commissions',
  });
}

/**
 * How every payment ends, in its transaction: `deducted` (cents, settled beyond what was sent)
 * recovers what the broker owes for reversed commissions, the open requests' commissions are
 * marked again, `payout.paid` is queued with the money sent, and the payment is audited: the
 * state it found, and what it paid.
 */
async function finishPayment(
  tx: Transaction,
  record: AuditRecorder,
  payment: {
    brokerId: string;
    deducted: number;
    payout: WebhookData['payout.paid']['payout'];
    before: Record<string, unknown>;
    paid: Record<string, unknown>;
  },
): Promise<void> {
  const { brokerId, deducted, payout } = payment;
  await recover(tx, brokerId, deducted);
  await markRequestedCommissions(tx, brokerId);
  await queueWebhookEvent(tx, 'payout.paid', { payout, broker: { id: brokerId } });
  await record(tx, {
    action: payout.kind === 'commission' ? 'commission.confirm_payment' : 'payout.pay',
    entityType: payout.kind,
    entityId: payout.id,
    before: payment.before,
    after: { status: 'paid', ...payment.paid },
  });
}

/**
 * Approves a draft, sends an approved payout (with the bank's reference) or records that the
 * bank returned one (with the reason: its money is payable again). Idempotent: a payout
 * already in the state asked changes nothing. Audited in the same transaction; a refusal of
 * who the admin is (own money, four eyes) is audited though nothing changes.
 */
export async function movePayout(
  db: Database,
  id: string,
  to: 'approved' | 'sent' | 'failed',
  by: { adminId: string; transferReference?: string | null; reason?: string },
  record: AuditRecorder,
): Promise<{ changed: boolean; payout: Payout }> {
  const audited = `payout.${to === 'approved' ? 'approve' : to === 'sent' ? 'send' : 'fail'}`;
  const result = await auditedTransaction(db, record, async (tx) => {
    const payout = await lockedPayout(tx, id);
    await notOwn(tx, payout, by.adminId, audited);
    if (payout.status === to) return { changed: false, payout, held: false };
    const from: Record<typeof to, PayoutStatus[]> = {
      approved: ['draft'],
      sent: ['approved'],
      failed: ['approved', 'sent'],
    };
    const action = { approved: 'اعتماد', sent: 'إرسال', failed: 'تسجيل فشل' }[to];
    if (!from[to].includes(payout.status)) throw wrongState(payout, action);
    if (to === 'sent' && !payout.bankBatch) {
      throw new AppError(
        409,
        'NOT_IN_BANK_FILE',
        'لم تُضمَّن هذه الدفعة في ملف البنك بعد؛ نزّل ملف البنك أولاً',
      );
    }
    if (to === 'sent') await assertDualControl(tx, by.adminId, payout, 'payout.send');
    // Only approval lets money out; a payout in a bank file is with the bank already, so what
    // happens to it next (sent, failed) is recorded whatever has changed since.
    if (to === 'approved') await mayPayOut(tx, payout);
    const now = new Date();
    // The bank file names the beneficiary as the profile did when the payout was approved: the
    // office, for a payout to its IBAN (decision 080).
    const [broker] = payout.officeId
      ? await tx
          .select({ fullName: offices.name })
          .from(offices)
          .where(eq(offices.id, payout.officeId))
      : await tx
          .select({ fullName: brokers.fullName })
          .from(brokers)
          .where(eq(brokers.id, payout.brokerId));
    const changes: Partial<Payout> =
      to === 'approved'
        ? {
            status: to,
            approvedBy: by.adminId,
            approvedAt: now,
            beneficiaryName: broker?.fullName ?? null,
          }
        : to === 'sent'
          ? { status: to, sentAt: now, transferReference: by.transferReference ?? null }
          : {
              status: to,
              failureReason: by.reason ?? null,
              handledAt: now,
              handledBy: by.adminId,
            };
    const moved = await updateAsRead(tx, payout, changes);
    // Failed, its money is payable again, unless a broker-wide signal holds it.
    const { held } = to === 'failed' ? await moneyBack(tx, payout.brokerId) : { held: false };
    await record(tx, {
      action: audited,
      entityType: 'payout',
      entityId: id,
      before: { status: payout.status, amount: payout.amount },
      after: {
        status: to,
        ...(to === 'sent' ? { transferReference: by.transferReference ?? null } : {}),
        ...(to === 'failed' ? { reason: by.reason ?? null } : {}),
      },
    });
    return { changed: true, payout: moved, held };
  });
  if (result.changed && to === 'failed') {
    await noticeMoneyBack(db, result.payout, {
      title: 'لم يكتمل تحويل دفعتك',
      what: `أعاد البنك دفعة بقيمة ${formatSar(result.payout.amount)}: ${by.reason ?? ''}`,
      held: result.held,
    });
  }
  return { changed: result.changed, payout: result.payout };
}

/**
 * Marks a commission paid in full. Idempotent: a second confirmation changes nothing. Refused
 * when money of this broker is held by an open transfer request that this payment would cover.
 */
export async function confirmCommissionPayment(
  db: Database,
  commissionId: string,
  adminId: string,
  transferReference: string | null,
  {
    record,
    issuer,
    shownVat = null,
  }: {
    record: AuditRecorder;
    issuer: ProviderTaxIdentity;
    /** The VAT the admin was shown on what is sent; a different one now is refused (409). */
    shownVat?: string | null;
  },
): Promise<{
  changed: boolean;
  brokerId: string;
  amount: string;
  sent: string;
  deducted: string;
  vatAmount: string;
}> {
  const result = await auditedTransaction(db, record, async (tx) => {
    const commission = await lockedCommission(tx, commissionId);
    await assertNotOwnCommission(tx, commission, adminId, 'commission.confirm_payment');
    assertNotOwnCredit(commission, adminId);
    if (commission.status === 'paid') {
      const none = fromCents(0);
      return {
        changed: false,
        brokerId: commission.brokerId,
        amount: commission.amount,
        sent: none,
        deducted: none,
        withDeductions: false,
        vatAmount: none,
      };
    }
    if (commission.status === 'reversed') {
      throw new AppError(409, 'COMMISSION_REVERSED', 'هذه العمولة ملغاة ولا يمكن دفعها');
    }
    if (commission.signalHold) throw heldBySignal();
    if (commission.licenseHold) throw heldByFalLicense();
    await notInIbanHold(tx, commission.brokerId);
    await assertCommissionBelowDualControl(tx, commission);
    if (commission.status === 'on_hold') {
      throw new AppError(
        409,
        'COMMISSION_ON_HOLD',
        `هذه العمولة في فترة الانتظار، ولا يمكن دفعها قبل ${formatDateAr(commission.payableAt)}`,
      );
    }
    const summary = await commissionSummary(tx, commission.brokerId);
    const outstanding = toCents(commission.amount) - toCents(commission.paidAmount);
    // What is still owed for reversed commissions is deducted from this payment; what open
    // transfer requests hold must stay payable afterwards.
    const owed = toCents(summary.toRecover);
    if (toCents(summary.pending) + owed < outstanding) {
      throw new AppError(
        409,
        'HELD_BY_TRANSFER_REQUEST',
        'هذا المبلغ محجوز لطلب تحويل مفتوح، يرجى معالجته من طلبات التحويل',
      );
    }
    const deducted = Math.min(owed, outstanding);
    const sent = fromCents(outstanding - deducted);
    // The VAT on what is sent, as a payout made now would carry (decision 071).
    const vat =
      outstanding - deducted > 0
        ? await payoutVat(tx, commission.brokerId, sent)
        : { vatAmount: fromCents(0), vatNumber: null };
    if (shownVat !== null && toCents(shownVat) !== toCents(vat.vatAmount)) {
      throw new AppError(
        409,
        'VAT_CHANGED',
        'تغيّر التسجيل الضريبي للوسيط منذ فتح العمولة؛ حدّث الصفحة وراجع المبلغ قبل تأكيد الدفع',
      );
    }
    await tx
      .update(commissions)
      .set({ status: 'paid', paidAmount: commission.amount, paidAt: new Date(), transferReference })
      .where(eq(commissions.id, commission.id));
    // Nothing sent (all of it deducted) makes no document: nothing was paid.
    if (outstanding - deducted > 0) {
      await issuePaymentDocument(tx, issuer, {
        brokerId: commission.brokerId,
        source: { commissionId: commission.id },
        settled: [{ commissionId: commission.id, halalas: outstanding }],
        deducted,
        ...vat,
        transferReference,
        iban: await ibanOf(tx, commission.brokerId),
      });
    }
    // What the deduction was for, read before the payment takes it back.
    const withDeductions = deducted > 0 && (await owesDeductions(tx, commission.brokerId));
    await finishPayment(tx, record, {
      brokerId: commission.brokerId,
      deducted,
      payout: {
        id: commission.id,
        kind: 'commission',
        amount: fromCents(outstanding - deducted),
        transferReference,
      },
      before: { status: commission.status, paidAmount: commission.paidAmount },
      paid: {
        paidAmount: commission.amount,
        transferReference,
        sent,
        vatAmount: vat.vatAmount,
        deducted: fromCents(deducted),
      },
    });
    return {
      changed: true,
      brokerId: commission.brokerId,
      amount: commission.amount,
      sent,
      deducted: fromCents(deducted),
      withDeductions,
      vatAmount: vat.vatAmount,
    };
  });
  if (result.changed) {
    await notify(db, result.brokerId, {
      type: 'success',
      title: 'تم دفع العمولة',
      message: `${
        Number(result.deducted) > 0
          ? `سُوّيت عمولة بقيمة ${formatSar(result.amount)}: حُوّل ${formatSar(result.sent)} إلى حسابك وخُصم ${formatSar(result.deducted)} ${deductedForAr(result.withDeductions)}.`
          : `تم تحويل عمولة بقيمة ${formatSar(result.amount)} إلى حسابك.`
      }${vatNote(result.vatAmount)}`,
      link: '/commissions',
    });
  }
  return result;
}

/**
 * Where a commission confirmed paid on its own went: the IBAN the broker is paid to (theirs, or
 * their office's: decision 080).
 */
async function ibanOf(tx: Transaction, brokerId: string): Promise<string | null> {
  return (await payoutDestination(tx, brokerId)).iban;
}

/** What a payment notice adds when VAT was paid on top: the VAT, and where the invoice is. */
const vatNote = (vatAmount: string) =>
  Number(vatAmount) > 0
    ? ` وحُوّلت معه ضريبة القيمة المضافة ${formatSar(vatAmount)}، وفاتورتك الذاتية في صفحة العمولات.`
    : '';

/**
 * Pays a payout (a draft, an approved or a sent one): settles its amount across the broker's
 * unpaid commissions, oldest first (a commission may be settled in part). Idempotent on an
 * already paid one. The bank's reference given at sending stays unless another is given.
 */
export async function payPayout(
  db: Database,
  requestId: string,
  adminId: string,
  transferReference: string | null,
  { record, issuer }: { record: AuditRecorder; issuer: ProviderTaxIdentity },
) {
  const result = await auditedTransaction(db, record, async (tx) => {
    const request = await lockedPayout(tx, requestId);
    await notOwn(tx, request, adminId, 'payout.pay');
    if (request.status === 'paid')
      return { changed: false, request, deducted: fromCents(0), withDeductions: false };
    if (request.status === 'rejected') {
      throw new AppError(409, 'REQUEST_CLOSED', 'تم رفض طلب التحويل هذا ولا يمكن دفعه');
    }
    // Only the states named as payable: one this build does not know is never paid.
    if (!(UNSETTLED_PAYOUT_STATUSES as readonly PayoutStatus[]).includes(request.status)) {
      throw wrongState(request, 'دفع');
    }
    await assertDualControl(tx, adminId, request, 'payout.pay');
    // A sent payout is marked paid whatever happened since: the bank already has the money.
    if (request.status !== 'sent') await mayPayOut(tx, request);
    const reference = transferReference ?? request.transferReference;
    const unpaid = await tx
      .select()
      .from(commissions)
      .where(
        and(
          eq(commissions.brokerId, request.brokerId),
          sql`${commissions.paidAmount} < ${commissions.amount}`,
          // Commissions on hold are not payable yet, reversed ones never: a request settles
          // neither.
          notInArray(commissions.status, ['on_hold', 'reversed']),
        ),
      )
      .orderBy(asc(commissions.createdAt), asc(commissions.id));
    // Beyond the amount it sends, the payment settles what is still owed for reversed
    // commissions, as far as the unpaid commissions reach beyond every open request.
    const unpaidTotal = unpaid.reduce(
      (sum, c) => sum + toCents(c.amount) - toCents(c.paidAmount),
      0,
    );
    // Every open request, this one included, must stay covered by what is left unpaid.
    const { toRecover, requested } = await commissionSummary(tx, request.brokerId);
    const deducted = Math.max(0, Math.min(toCents(toRecover), unpaidTotal - toCents(requested)));
    let remaining = toCents(request.amount) + deducted;
    const settled: { commissionId: string; halalas: number }[] = [];
    for (const commission of unpaid) {
      if (remaining <= 0) break;
      const outstanding = toCents(commission.amount) - toCents(commission.paidAmount);
      const settle = Math.min(outstanding, remaining);
      remaining -= settle;
      settled.push({ commissionId: commission.id, halalas: settle });
      const paidAmount = toCents(commission.paidAmount) + settle;
      const fully = paidAmount === toCents(commission.amount);
      await tx
        .update(commissions)
        .set({
          paidAmount: fromCents(paidAmount),
          status: fully ? 'paid' : commission.status,
          ...(fully ? { paidAt: new Date(), transferReference: reference } : {}),
          payoutId: request.id,
        })
        .where(eq(commissions.id, commission.id));
    }
    if (remaining > 0) {
      // Only possible if commissions behind the request were removed; nothing is written.
      throw new AppError(
        409,
        'REQUEST_EXCEEDS_UNPAID',
        'مبلغ طلب التحويل أكبر من العمولات غير المدفوعة لهذا الوسيط، يرجى رفضه',
      );
    }
    const paid = await updateAsRead(tx, request, {
      status: 'paid',
      handledAt: new Date(),
      handledBy: adminId,
      transferReference: reference,
    });
    await issuePaymentDocument(tx, issuer, {
      brokerId: request.brokerId,
      source: { payoutId: request.id },
      settled,
      deducted,
      vatAmount: request.vatAmount,
      vatNumber: request.vatNumber,
      transferReference: reference,
      iban: request.iban,
    });
    // What the deduction was for, read before the payment takes it back.
    const withDeductions = deducted > 0 && (await owesDeductions(tx, request.brokerId));
    await finishPayment(tx, record, {
      brokerId: request.brokerId,
      deducted,
      payout: {
        id: request.id,
        kind: 'payout',
        amount: request.amount,
        transferReference: reference,
      },
      before: { status: request.status, amount: request.amount },
      paid: { amount: request.amount, transferReference: reference, deducted: fromCents(deducted) },
    });
    return { changed: true, request: paid, deducted: fromCents(deducted), withDeductions };
  });
  if (result.changed) {
    await notify(db, result.request.brokerId, {
      type: 'success',
      title: 'تم تنفيذ طلب التحويل',
      message: `${
        Number(result.deducted) > 0
          ? `تم تحويل ${formatSar(result.request.amount)} إلى حسابك البنكي، وسُوّي معه ${formatSar(result.deducted)} ${deductedForAr(result.withDeductions)}.`
          : `تم تحويل ${formatSar(result.request.amount)} إلى حسابك البنكي.`
      }${vatNote(result.request.vatAmount)}`,
      link: '/commissions',
    });
  }
  return result;
}

/**
 * Takes back a payout no bank has been given (a draft, or an approved one in no bank file), as
 * a rejection (the broker's request refused) or a cancellation (the team withdrawing it): the
 * reason kept, its money the broker's again (moneyBack), audited in the same transaction. One in
 * a bank file, or sent, is refused (IN_BANK_FILE), and so is one a bank file takes while this
 * runs (updateAsRead).
 */
async function withdrawPayout(
  tx: Transaction,
  record: AuditRecorder,
  payout: Payout,
  by: { to: 'rejected' | 'cancelled'; adminId: string; reason: string },
) {
  const withdrawn = await updateAsRead(tx, payout, {
    status: by.to,
    rejectionReason: by.reason,
    handledAt: new Date(),
    handledBy: by.adminId,
  });
  const { held } = await moneyBack(tx, payout.brokerId);
  await record(tx, {
    action: by.to === 'rejected' ? 'payout.reject' : 'payout.cancel',
    entityType: 'payout',
    entityId: payout.id,
    before: { status: payout.status, amount: payout.amount },
    after: { status: by.to, reason: by.reason },
  });
  return { payout: withdrawn, held };
}

/**
 * Whether a payout may still be taken back (a draft, or approved): one a bank may have (in a
 * downloaded file, or sent) is refused with IN_BANK_FILE; a settled one answers false.
 */
function withdrawable(payout: Payout): boolean {
  if (payout.status === 'sent' || (payout.status === 'approved' && payout.bankBatch)) {
    throw inBankFile();
  }
  return payout.status === 'draft' || payout.status === 'approved';
}

/** Rejects a broker's transfer request (a draft or approved payout in no bank file). */
export async function rejectPayout(
  db: Database,
  requestId: string,
  adminId: string,
  reason: string,
  record: AuditRecorder,
) {
  const rejected = await auditedTransaction(db, record, async (tx) => {
    const payout = await lockedPayout(tx, requestId);
    await notOwn(tx, payout, adminId, 'payout.reject');
    if (!withdrawable(payout)) return undefined;
    return withdrawPayout(tx, record, payout, { to: 'rejected', adminId, reason });
  });
  if (!rejected) throw new AppError(409, 'REQUEST_CLOSED', 'تمت معالجة طلب التحويل هذا مسبقاً');
  await noticeMoneyBack(db, rejected.payout, {
    title: 'تم رفض طلب التحويل',
    what: `رُفض طلب تحويل ${formatSar(rejected.payout.amount)}: ${reason}`,
    held: rejected.held,
  });
  return rejected.payout;
}

/**
 * Cancels a payout no bank has been given (docs/decisions/061): a draft (often one «دفع كل
 * المستحق» made), or an approved payout in no bank file. Its money is the broker's to ask for
 * again (payable, or held where an open signal holds it), the broker is told why and where the
 * money is, and the change is audited (`payout.cancel`). Nobody cancels a payout of their own
 * (decision 047). A repeat changes nothing; a settled payout is refused.
 */
export async function cancelPayout(
  db: Database,
  id: string,
  by: { adminId: string; reason: string },
  record: AuditRecorder,
): Promise<{ changed: boolean }> {
  const cancelled = await auditedTransaction(db, record, async (tx) => {
    const payout = await lockedPayout(tx, id);
    await notOwn(tx, payout, by.adminId, 'payout.cancel');
    if (payout.status === 'cancelled') return undefined;
    if (!withdrawable(payout)) throw wrongState(payout, 'إلغاء');
    return withdrawPayout(tx, record, payout, { to: 'cancelled', ...by });
  });
  if (!cancelled) return { changed: false };
  await noticeMoneyBack(db, cancelled.payout, {
    title: 'أُلغيت دفعة',
    what: `أُلغيت دفعة بقيمة ${formatSar(cancelled.payout.amount)} قبل إرسالها إلى البنك: ${by.reason}`,
    held: cancelled.held,
  });
  return { changed: true };
}
