/**
 * The broker's tax profile (decision 071): a person or an establishment, a VAT registration
 * with its certificate that an admin verifies, and the self-billing agreement accepted with its
 * text. A verified registration under an accepted agreement puts 15% VAT on the broker's
 * commissions and payouts, and their payments produce self-billed tax invoices.
 *
 * Nothing that decides the VAT changes while a payout of the broker is unsettled: the payout's
 * VAT was fixed when it was made, and its document must say what its bank transfer paid.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  cleanText,
  SELF_BILLING_AGREEMENTS,
  SELF_BILLING_VERSION,
  TAX_PROFILE_MESSAGES,
  type TaxProfile,
  type VatState,
  vatSplit,
} from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import type { AppContext } from '../context.js';
import type { Database, Transaction } from '../db/client.js';
import { type Broker, brokers, payouts, selfBillingAcceptances } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { UNSETTLED } from '../ledger/balances.js';
import { lockedLiveBroker } from '../ledger/locks.js';
import { moneyConflict } from '../ledger/own-money.js';
import { notify } from '../notifications/service.js';
import { uploadBrokerFile } from './broker-files.js';

/** What any change to the registration clears: the admin vouched for what they saw. */
const UNVERIFIED = { vatVerifiedAt: null, vatVerifiedBy: null, vatNote: null } as const;

type TaxRecord = Pick<
  Broker,
  'vatNumber' | 'vatVerifiedAt' | 'selfBillingVersion' | 'taxEntity' | 'legalName' | 'crNumber'
>;

export function vatState(broker: TaxRecord): VatState {
  if (!broker.vatNumber) return 'none';
  return broker.vatVerifiedAt ? 'verified' : 'unverified';
}

/** Whether the broker charges VAT: a verified registration under an accepted agreement. */
export const chargesVat = (broker: TaxRecord): boolean =>
  vatState(broker) === 'verified' && broker.selfBillingVersion !== null;

/** The tax profile as the broker and the admins read it. */
export function toTaxProfile(broker: Broker) {
  return {
    entity: broker.taxEntity,
    legalName: broker.legalName,
    crNumber: broker.crNumber,
    vatNumber: broker.vatNumber,
    certificate: broker.vatCertificate !== null,
    vatState: vatState(broker),
    vatVerifiedAt: broker.vatVerifiedAt?.toISOString() ?? null,
    chargesVat: chargesVat(broker),
    acceptedAgreement: broker.selfBillingVersion,
    agreement: {
      version: SELF_BILLING_VERSION,
      text: SELF_BILLING_AGREEMENTS[SELF_BILLING_VERSION],
    },
  };
}

const taxOf = (broker: TaxRecord) => ({
  entity: broker.taxEntity,
  legalName: broker.legalName,
  crNumber: broker.crNumber,
  vatNumber: broker.vatNumber,
  verified: broker.vatVerifiedAt !== null,
});

/** Refused while a payout of the broker is unsettled (its VAT is fixed, see the module note). */
async function noUnsettledPayout(tx: Transaction, brokerId: string): Promise<void> {
  const [open] = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.brokerId, brokerId), sql`${payouts.status} in ${UNSETTLED}`))
    .limit(1);
  if (open) {
    throw new AppError(
      409,
      'PAYOUT_IN_PROGRESS',
      'لا يتغيّر التسجيل الضريبي أثناء وجود دفعة قيد المعالجة؛ يرجى المحاولة بعد تسويتها',
    );
  }
}

/**
 * The VAT of the broker's commissions not yet paid in full follows the registration as it now
 * stands: 15% of the amount, rounded half up to the halala (vatSplit's rule), or 0. Called on
 * every change to it, so a commission carries VAT exactly when the broker charges it.
 */
async function repriceUnpaidCommissions(
  tx: Transaction,
  broker: TaxRecord & { id: string },
): Promise<void> {
  const rate = chargesVat(broker) ? sql`0.15` : sql`0`;
  await tx.execute(sql`
    update commissions set vat_amount = round(amount * ${rate}, 2)
    where broker_id = ${broker.id} and paid_amount < amount and status <> 'reversed'`);
}

/**
 * The broker saves the tax profile. A VAT number comes with the current agreement accepted
 * (its text and the time kept, with the address and browser); any change to the profile clears
 * the verification. Refused while a payout is unsettled. Answers the broker.
 */
export async function saveTaxProfile(
  db: Database,
  input: { brokerId: string; profile: TaxProfile; ip: string; userAgent: string | undefined },
  record: AuditRecorder,
): Promise<Broker> {
  const parsed = input.profile;
  return db.transaction(async (tx) => {
    const before = await lockedLiveBroker(tx, input.brokerId);
    const changed =
      before.taxEntity !== parsed.entity ||
      before.legalName !== parsed.legalName ||
      before.crNumber !== parsed.crNumber ||
      before.vatNumber !== parsed.vatNumber;
    const accepts =
      parsed.acceptedAgreement !== null && before.selfBillingVersion !== parsed.acceptedAgreement;
    if (!changed && !accepts) return before;
    if (changed) await noUnsettledPayout(tx, input.brokerId);
    if (accepts && parsed.acceptedAgreement !== null) {
      const version = SELF_BILLING_VERSION;
      await tx.insert(selfBillingAcceptances).values({
        brokerId: input.brokerId,
        version,
        text: SELF_BILLING_AGREEMENTS[version],
        ipAddress: input.ip,
        userAgent: input.userAgent ? cleanText(input.userAgent).slice(0, 300) : null,
      });
      await record(tx, {
        action: 'broker.self_billing_accept',
        entityType: 'broker',
        entityId: input.brokerId,
        before: { version: before.selfBillingVersion },
        after: { version },
      });
    }
    const [after] = await tx
      .update(brokers)
      .set({
        taxEntity: parsed.entity,
        legalName: parsed.legalName,
        crNumber: parsed.crNumber,
        vatNumber: parsed.vatNumber,
        ...(accepts ? { selfBillingVersion: SELF_BILLING_VERSION } : {}),
        ...(changed ? UNVERIFIED : {}),
        updatedAt: new Date(),
      })
      .where(eq(brokers.id, input.brokerId))
      .returning();
    if (!after) throw notFound('الوسيط غير موجود');
    if (changed) {
      await record(tx, {
        action: 'broker.tax_profile_update',
        entityType: 'broker',
        entityId: input.brokerId,
        before: taxOf(before),
        after: taxOf(after),
      });
      await repriceUnpaidCommissions(tx, after);
    }
    return after;
  });
}

const refuseWhileUnsettled = (db: Database, brokerId: string) =>
  db.transaction((tx) => noUnsettledPayout(tx, brokerId));

/** The broker uploads the VAT registration certificate: the registration waits again. */
export async function uploadVatCertificate(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  request: FastifyRequest,
  brokerId: string,
  precheck: () => Promise<void>,
  record: AuditRecorder,
): Promise<Broker> {
  return uploadBrokerFile(
    ctx,
    request,
    {
      brokerId,
      kind: 'vat_certificate',
      cleared: UNVERIFIED,
      refusal: { code: 'NOT_VAT_CERTIFICATE', message: TAX_PROFILE_MESSAGES.certificate },
      // Before the upload is read, and again under the lock: a certificate changes what the
      // VAT rests on, so not while a payout is unsettled; unpaid commissions lose the VAT.
      precheck: async () => {
        await precheck();
        await refuseWhileUnsettled(ctx.db, brokerId);
      },
      underLock: async (tx, before) => {
        await noUnsettledPayout(tx, brokerId);
        await repriceUnpaidCommissions(tx, { ...before, ...UNVERIFIED });
      },
    },
    record,
  );
}

const ownTaxProfile = () =>
  new AppError(403, 'OWN_TAX_PROFILE', 'لا يمكنك التحقق من تسجيلك الضريبي بنفسك');

/**
 * An admin verifies the broker's VAT registration as they saw it (`seenUpdatedAt`), with a note
 * of what they checked (the certificate, ZATCA's public VAT number enquiry). Needs the number,
 * the certificate and the accepted agreement; never one's own; not while a payout is unsettled.
 * The broker's unpaid commissions carry VAT from then on, and the broker is told.
 */
export async function verifyVatRegistration(
  db: Database,
  input: { brokerId: string; adminId: string; note: string; seenUpdatedAt: string },
  record: AuditRecorder,
): Promise<Broker> {
  if (input.brokerId === input.adminId) throw ownTaxProfile();
  const broker = await db.transaction(async (tx) => {
    const before = await lockedLiveBroker(tx, input.brokerId);
    if (before.updatedAt.toISOString() !== input.seenUpdatedAt) {
      throw new AppError(
        409,
        'TAX_PROFILE_CHANGED',
        'تغيّرت بيانات الوسيط منذ فتحها، يرجى مراجعة التسجيل الضريبي من جديد',
      );
    }
    if (!before.vatNumber || !before.vatCertificate || before.selfBillingVersion === null) {
      throw new AppError(
        409,
        'TAX_PROFILE_INCOMPLETE',
        'لم يُكمل الوسيط رقم التسجيل الضريبي وشهادته والموافقة على اتفاقية الفوترة الذاتية',
      );
    }
    await noUnsettledPayout(tx, input.brokerId);
    // Nor an account sharing the admin's phone or IBAN: its payouts would carry 15% more.
    if (await moneyConflict(tx, input.adminId, input.brokerId)) throw ownTaxProfile();
    const [after] = await tx
      .update(brokers)
      .set({
        vatVerifiedAt: new Date(),
        vatVerifiedBy: input.adminId,
        vatNote: input.note,
        updatedAt: new Date(),
      })
      .where(eq(brokers.id, input.brokerId))
      .returning();
    if (!after) throw notFound('الوسيط غير موجود');
    await record(tx, {
      action: 'broker.vat_verify',
      entityType: 'broker',
      entityId: input.brokerId,
      before: taxOf(before),
      after: { ...taxOf(after), note: input.note },
    });
    await repriceUnpaidCommissions(tx, after);
    return after;
  });
  await notify(db, broker.id, {
    type: 'success',
    title: 'تم التحقق من تسجيلك الضريبي',
    message:
      'ستُضاف ضريبة القيمة المضافة ١٥٪ إلى عمولاتك غير المدفوعة، وتصدر لك فاتورة ضريبية ذاتية مع كل دفعة.',
    link: '/profile',
  });
  return broker;
}

/** Whether the broker's commissions carry VAT now. */
export async function brokerChargesVat(db: Database, brokerId: string): Promise<boolean> {
  const [broker] = await db.select().from(brokers).where(eq(brokers.id, brokerId));
  return broker !== undefined && chargesVat(broker);
}

/**
 * The VAT a payout made now carries: 15% of its amount (riyals) under the broker's verified
 * registration, with the number it is charged under; none otherwise.
 */
export async function payoutVat(
  tx: Transaction,
  brokerId: string,
  amount: string,
): Promise<{ vatAmount: string; vatNumber: string | null }> {
  const [broker] = await tx.select().from(brokers).where(eq(brokers.id, brokerId));
  const registered = broker !== undefined && chargesVat(broker);
  return {
    vatAmount: vatSplit(amount, { vatRegistered: registered }).vat,
    vatNumber: registered ? (broker?.vatNumber ?? null) : null,
  };
}
