import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { formatDateTimeAr, formatIban } from '#domain';
import type { Brand } from '#domain/brand';
import type { AuditRecorder } from '../audit/service.js';
import { confirmPassword } from '../auth/confirm-password.js';
import type { AppContext } from '../context.js';
import type { Database, Transaction } from '../db/client.js';
import { brokers, notifications, payouts } from '../db/schema.js';
import { ibanHoldUntil } from '../ledger/holds.js';
import { lockBroker } from '../ledger/locks.js';
import { enqueueNotice } from '../messaging/outbox.js';
import { announceNotification } from '../notifications/live.js';
import { raiseSignal } from '../signals/service.js';

/**
 * The IBAN on a broker's profile (decision record 043): where every payout
 * goes. Setting it, the first time as every later time, takes the password
 * again and holds the broker's payouts for 48 hours, so a stolen session cannot send money
 * anywhere before the owner hears of it.
 */
/** An IBAN as the audit log and the admins' signals show it: the bank and the last digits. */
export const maskedIban = (iban: string): string =>
  formatIban(`${iban.slice(0, 8)}${'•'.repeat(12)}${iban.slice(-4)}`);

/**
 * The password again before an IBAN is put on the profile, whichever call puts it there: ten
 * tries per account and a budget per address in 15 minutes, as a new password has.
 */
export const confirmPasswordForIban = (
  db: Database,
  broker: { id: string; passwordHash: string },
  password: string | undefined,
  from: { ip: string; perAddress: number },
): Promise<void> =>
  confirmPassword(db, broker, password, from, {
    scope: 'bank-account',
    required: PASSWORD_FOR_IBAN,
  });

const PASSWORD_FOR_IBAN = 'يرجى إدخال كلمة المرور الحالية لحفظ الحساب البنكي';

/** What a signal's key keeps of an IBAN: a digest, never the IBAN itself (as migration 0013). */
const ibanDigest = (iban: string) => createHash('md5').update(iban).digest('hex');

/**
 * Puts `iban` on the broker's profile in the caller's transaction, the broker's row locked as
 * every money change. Payouts not yet in a bank file move to it (an approved one goes back to
 * draft, as it was approved for another account); one in a bank file keeps the IBAN the bank
 * has. Another broker with the same IBAN raises a signal that holds this broker's money. The
 * owner is told in the app and by SMS, in the same transaction, whatever session did it.
 * Answers whether anything changed and whether it replaced another.
 */
export async function putIbanOnProfile(
  tx: Transaction,
  brokerId: string,
  iban: string,
  { record, brand }: { record: AuditRecorder; brand: Brand },
): Promise<{ changed: boolean; replaced: boolean }> {
  await lockBroker(tx, brokerId);
  const [broker] = await tx
    .select({ iban: brokers.iban, phone: brokers.phone })
    .from(brokers)
    .where(eq(brokers.id, brokerId));
  if (!broker || broker.iban === iban) return { changed: false, replaced: false };
  const replaced = broker.iban !== null;
  const now = new Date();
  await tx
    .update(brokers)
    .set({ iban, ibanChangedAt: now, updatedAt: now })
    .where(eq(brokers.id, brokerId));
  const moved = await tx
    .update(payouts)
    .set({ iban, status: 'draft', approvedAt: null, approvedBy: null, beneficiaryName: null })
    .where(
      and(
        eq(payouts.brokerId, brokerId),
        // A payout to the broker's office keeps the office's IBAN (decision 080).
        isNull(payouts.officeId),
        inArray(payouts.status, ['draft', 'approved']),
        isNull(payouts.bankBatch),
        ne(payouts.iban, iban),
      ),
    )
    .returning({ id: payouts.id });
  const holdUntil = ibanHoldUntil(now);
  const until = holdUntil ? ` تتوقف دفعاتك حتى ${formatDateTimeAr(holdUntil)} احتياطاً.` : '';
  await tx.insert(notifications).values({
    brokerId,
    type: 'warning',
    title: replaced ? 'تم تغيير الحساب البنكي' : 'تم حفظ الحساب البنكي',
    message: `سُجّل الآيبان ${maskedIban(iban)} لتحويل عمولاتك.${until}`,
    link: '/commissions',
  });
  await enqueueNotice(tx, {
    to: broker.phone,
    body: `تم ${replaced ? 'تغيير' : 'حفظ'} الحساب البنكي لعمولاتك في ${brand.productName} (${maskedIban(iban)}). إذا لم تكن أنت، تواصل معنا فوراً على ${brand.phone}.`,
    cause: `notice:${broker.phone}:${randomUUID()}`,
  });
  await record(tx, {
    action: replaced ? 'broker.iban_change' : 'broker.iban_set',
    entityType: 'broker',
    entityId: brokerId,
    before: { iban: broker.iban ? maskedIban(broker.iban) : null },
    after: { iban: maskedIban(iban), payoutsMoved: moved.length },
  });
  const others = await tx
    .select({ code: brokers.brokerCode })
    .from(brokers)
    .where(and(eq(brokers.iban, iban), ne(brokers.id, brokerId), isNull(brokers.deletedAt)))
    .orderBy(sql`${brokers.createdAt}`);
  if (others.length > 0) {
    await raiseSignal(tx, {
      kind: 'shared_iban',
      dedupeKey: `shared_iban:${brokerId}:${ibanDigest(iban)}`,
      brokerId,
      scope: 'broker',
      reason: `الآيبان ${maskedIban(iban)} مسجل أيضاً لدى ${others.map((o) => o.code).join('، ')}`,
      details: { otherBrokers: others.map((o) => o.code) },
    });
  }
  return { changed: true, replaced };
}

/**
 * The broker sets or replaces their IBAN from the bank-account card: `putIbanOnProfile` in a
 * transaction of its own; once it is committed, the broker's open screens hear of the notice
 * and the outbox sends the SMS.
 */
export async function setBankAccount(
  ctx: Pick<AppContext, 'db' | 'config' | 'outbox'>,
  brokerId: string,
  iban: string,
  record: AuditRecorder,
): Promise<void> {
  const { changed } = await ctx.db.transaction((tx) =>
    putIbanOnProfile(tx, brokerId, iban, { record, brand: ctx.config.brand }),
  );
  if (changed) {
    await announceNotification(ctx.db, brokerId);
    ctx.outbox.kick();
  }
}
