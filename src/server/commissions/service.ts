import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  type CommissionKind,
  type CommissionStatus,
  estimateCommission,
  fromCents,
  toMoneyString,
  vatSplit,
} from '#domain';
import type { Brand } from '#domain/brand';
import type { AuditRecorder } from '../audit/service.js';
import { maskedIban, putIbanOnProfile } from '../brokers/bank-account.js';
import { brokerChargesVat, payoutVat } from '../brokers/tax-profile.js';
import type { AppContext } from '../context.js';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/client.js';
import { preparedStatement } from '../db/prepared.js';
import { brokers, commissions, paymentDocuments, payouts, referrals } from '../db/schema.js';
import { AppError } from '../errors.js';
import { brokerRule } from '../groups/terms.js';
import { commissionSummary, markRequestedCommissions, UNSETTLED } from '../ledger/balances.js';
import { lockBroker } from '../ledger/locks.js';
import { announceNotification } from '../notifications/live.js';
import { payoutDestination } from '../offices/membership.js';
import { POTENTIAL_STATUSES } from '../referrals/service.js';

/** The broker's accepted referrals without a commission yet: the potential ones. */
const potentialOfBroker = and(
  eq(referrals.brokerId, sql.placeholder('brokerId')),
  inArray(referrals.status, POTENTIAL_STATUSES),
  isNull(commissions.id),
);

/**
 * The rows of the broker's commission list: real commissions (kind 0) then the potential ones
 * of accepted referrals without one (kind 1), newest first within each, a page at a time.
 *
 * The first select's fields decode every row of the union, so they are columns or plain SQL,
 * never aliased SQL: Drizzle's row mapping tells a field's kind by walking its class chain,
 * in every cell, three times for an aliased expression, once for plain SQL, never for a column
 * (a CPU profile of the page under load: these walks were its largest cost). Without aliases
 * the sort names the union's columns by position (1 kind, 13 at, 2 id).
 */
const commissionPageStatement = preparedStatement((db) =>
  unionAll(
    db
      .select({
        kind: sql<number>`0`,
        id: sql<string>`${commissions.id}::text`,
        referralId: commissions.referralId,
        tenantPhone: referrals.tenantPhone,
        amount: sql<string | null>`${commissions.amount}`,
        vatAmount: sql<string | null>`${commissions.vatAmount}`,
        paidAmount: commissions.paidAmount,
        status: commissions.status,
        contractNumber: commissions.contractNumber,
        paidAt: commissions.paidAt,
        payableAt: commissions.payableAt,
        reversalReason: commissions.reversalReason,
        at: sql<Date>`${commissions.createdAt}`.mapWith(commissions.createdAt),
        rent: sql<number | null>`null::integer`,
        licenseHold: commissions.licenseHold,
        commissionKind: commissions.kind,
        reason: commissions.reason,
      })
      .from(commissions)
      .leftJoin(referrals, eq(referrals.id, commissions.referralId))
      .where(eq(commissions.brokerId, sql.placeholder('brokerId'))),
    db
      .select({
        kind: sql<number>`1`.as('kind'),
        id: sql<string>`'potential-' || ${referrals.id}`.as('id'),
        referralId: referrals.id,
        tenantPhone: referrals.tenantPhone,
        amount: sql<string | null>`null::numeric`.as('amount'),
        vatAmount: sql<string | null>`null::numeric`.as('vat_amount'),
        paidAmount: sql<string>`'0.00'::numeric`.as('paid_amount'),
        status: sql<CommissionStatus>`'potential'`.as('status'),
        contractNumber: sql<string | null>`null::text`.as('contract_number'),
        paidAt: sql<Date | null>`null::timestamptz`.as('paid_at'),
        // Potential commissions have none (kind 1 answers null).
        payableAt: sql<Date>`null::timestamptz`.as('payable_at'),
        reversalReason: sql<string | null>`null::text`.as('reversal_reason'),
        at: sql<Date>`${referrals.submittedAt}`.mapWith(referrals.submittedAt).as('at'),
        rent: referrals.rentAmount,
        licenseHold: sql<boolean>`false`.as('license_hold'),
        commissionKind: sql<CommissionKind>`'referral'`.as('commission_kind'),
        reason: sql<string | null>`null::text`.as('reason'),
      })
      .from(referrals)
      .leftJoin(commissions, eq(commissions.referralId, referrals.id))
      .where(potentialOfBroker),
  )
    .orderBy(sql`1`, sql`13 desc`, sql`2 desc`)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('commission_page'),
);

const commissionCountStatement = preparedStatement((db) =>
  db
    .select({
      total: sql<number>`(select count(*) from ${commissions}
          where ${commissions.brokerId} = ${sql.placeholder('brokerId')})::int
        + count(*)::int`,
    })
    .from(referrals)
    .leftJoin(commissions, eq(commissions.referralId, referrals.id))
    .where(potentialOfBroker)
    .prepare('commission_count'),
);

/** Real commissions, then the potential ones of accepted referrals (never in the totals). */
export async function listCommissions(
  db: Database,
  brokerId: string,
  paging: { page: number; pageSize: number },
) {
  const [rows, [count], rule, vatRegistered] = await Promise.all([
    commissionPageStatement(db).execute({
      brokerId,
      limit: paging.pageSize,
      offset: (paging.page - 1) * paging.pageSize,
    }),
    commissionCountStatement(db).execute({ brokerId }),
    brokerRule(db, brokerId),
    brokerChargesVat(db, brokerId),
  ]);
  return {
    items: rows.map((row) => {
      const amount = row.amount ?? toMoneyString(estimateCommission(row.rent, rule));
      return {
        id: row.id,
        kind: row.commissionKind,
        referralId: row.referralId,
        tenantPhone: row.tenantPhone,
        reason: row.reason,
        amount,
        // A potential commission's VAT as it would be under the registration as it stands.
        vatAmount: row.vatAmount ?? vatSplit(amount, { vatRegistered }).vat,
        paidAmount: row.paidAmount,
        status: row.status,
        contractNumber: row.contractNumber,
        paidAt: row.paidAt?.toISOString() ?? null,
        payableAt: row.kind === 0 ? row.payableAt.toISOString() : null,
        reversalReason: row.reversalReason,
        licenseHold: row.licenseHold,
        createdAt: row.at.toISOString(),
      };
    }),
    total: count?.total ?? 0,
    page: paging.page,
    pageSize: paging.pageSize,
  };
}

/**
 * Files a transfer request to the IBAN on the broker's profile; where the profile has none,
 * the IBAN given becomes the profile's, only once the caller has confirmed the password
 * (`passwordConfirmed`), and with the same 48-hour hold as on the profile. The broker's row is
 * locked for the check-and-insert, so two concurrent requests can never together exceed what
 * is available.
 */
const PASSWORD_FOR_FIRST_IBAN = 'يرجى إدخال كلمة المرور الحالية لحفظ الحساب البنكي';

export async function requestPayout(
  db: Database,
  brokerId: string,
  input: { amount: number; iban: string; passwordConfirmed: boolean },
  { record, brand, outbox }: { record: AuditRecorder; brand: Brand; outbox: AppContext['outbox'] },
): Promise<typeof payouts.$inferSelect> {
  const { created, ibanSet } = await db.transaction(async (tx) => {
    await lockBroker(tx, brokerId);
    const [broker] = await tx
      .select({ iban: brokers.iban })
      .from(brokers)
      .where(eq(brokers.id, brokerId));
    // The office's IBAN when the broker's office chose to be paid (decision 080).
    const destination = await payoutDestination(tx, brokerId);
    if (destination.officeId) {
      if (input.iban !== destination.iban) {
        const message = 'تُحوَّل عمولاتك إلى آيبان مكتبك كما اختار المكتب؛ لا يُقبل آيبان غيره';
        throw new AppError(400, 'IBAN_NOT_OFFICE', message, { fields: { bankAccount: message } });
      }
    } else if (!broker?.iban && !input.passwordConfirmed) {
      // The profile had an IBAN when the route looked and lost it since: ask again.
      throw new AppError(400, 'PASSWORD_REQUIRED', PASSWORD_FOR_FIRST_IBAN, {
        fields: { password: PASSWORD_FOR_FIRST_IBAN },
      });
    }
    const iban = destination.officeId ? input.iban : (broker?.iban ?? input.iban);
    if (input.iban !== iban) {
      const message = 'هذا الآيبان يختلف عن المسجل في ملفك الشخصي؛ غيّره من الملف الشخصي أولاً';
      throw new AppError(400, 'IBAN_NOT_ON_PROFILE', message, { fields: { bankAccount: message } });
    }
    const summary = await commissionSummary(tx, brokerId);
    if (Math.round(input.amount * 100) > Math.round(Number(summary.pending) * 100)) {
      throw new AppError(
        400,
        'AMOUNT_ABOVE_AVAILABLE',
        'المبلغ المطلوب أكبر من المبلغ المتاح للتحويل',
        {
          fields: { amount: 'المبلغ المطلوب أكبر من المبلغ المتاح للتحويل' },
        },
      );
    }
    const amount = toMoneyString(input.amount);
    const [created] = await tx
      .insert(payouts)
      .values({
        brokerId,
        amount,
        iban,
        officeId: destination.officeId,
        ...(await payoutVat(tx, brokerId, amount)),
      })
      .returning();
    if (!created) throw new Error('transfer request insert returned nothing');
    await markRequestedCommissions(tx, brokerId);
    await record(tx, {
      action: 'payout.request',
      entityType: 'payout',
      entityId: created.id,
      after: {
        amount: created.amount,
        vatAmount: created.vatAmount,
        iban: maskedIban(created.iban),
        office: created.officeId,
      },
    });
    // After the request, so a signal the IBAN raises holds what is left, not the request.
    const ibanSet =
      !destination.officeId &&
      !broker?.iban &&
      (await putIbanOnProfile(tx, brokerId, iban, { record, brand })).changed;
    return { created, ibanSet };
  });
  // The first IBAN became the profile's: its owner is told, in the app and by SMS.
  if (ibanSet) {
    await announceNotification(db, brokerId);
    outbox.kick();
  }
  return created;
}

export async function listPayouts(db: Database, brokerId: string) {
  const rows = await db
    .select({ payout: payouts, documentId: paymentDocuments.id })
    .from(payouts)
    .leftJoin(paymentDocuments, eq(paymentDocuments.payoutId, payouts.id))
    .where(eq(payouts.brokerId, brokerId))
    .orderBy(desc(payouts.createdAt));
  return rows.map(({ payout: r, documentId }) => ({
    id: r.id,
    amount: r.amount,
    vatAmount: r.vatAmount,
    documentId,
    iban: r.iban,
    status: r.status,
    source: r.source,
    rejectionReason: r.rejectionReason,
    failureReason: r.failureReason,
    createdAt: r.createdAt.toISOString(),
    handledAt: r.handledAt?.toISOString() ?? null,
  }));
}

type EarningsRow = {
  month: string;
  paid: string;
  pending: string;
  held: string;
  on_hold: string;
  open: string;
};

/**
 * The earnings view, in one statement over the session broker's commissions: the twelve Riyadh
 * months ending with the one holding `now` (empty months included), each commission in the
 * month it was added. Open requests hold unpaid money oldest commission first, as
 * markRequestedCommissions and payouts settle it, so held and pending add up to the summary's.
 */
export async function commissionEarnings(
  db: Pick<Database, 'execute'>,
  brokerId: string,
  now: Date = new Date(),
) {
  const rows = await rowsOf<EarningsRow>(
    db,
    sql`
    with open_requests as (
      select coalesce(sum(t.amount), 0) as total from transfer_requests t
      where t.broker_id = ${brokerId} and t.status in ${UNSETTLED}
    ),
    months as (
      select generate_series(
        date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'Asia/Riyadh')
          - interval '11 months',
        date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'Asia/Riyadh'),
        interval '1 month'
      ) as month
    ),
    unpaid as (
      select date_trunc('month', c.created_at at time zone 'Asia/Riyadh') as month,
        c.paid_amount - c.recovered_amount as paid,
        case when c.status = 'reversed' then 0 else c.amount - c.paid_amount end as unpaid,
        sum(case when c.status = 'reversed' then 0 else c.amount - c.paid_amount end)
          over (order by c.created_at, c.id)
          - (case when c.status = 'reversed' then 0 else c.amount - c.paid_amount end) as before_it
      from commissions c
      where c.broker_id = ${brokerId} and c.status <> 'on_hold'
    ),
    on_hold as (
      select date_trunc('month', c.created_at at time zone 'Asia/Riyadh') as month,
        c.amount - c.paid_amount as waiting
      from commissions c
      where c.broker_id = ${brokerId} and c.status = 'on_hold'
    ),
    split as (
      select u.month, u.paid, u.unpaid,
        greatest(0, least(u.unpaid, o.total - u.before_it)) as held,
        0::numeric as waiting
      from unpaid u cross join open_requests o
      union all
      select h.month, 0, 0, 0, h.waiting from on_hold h
    )
    select to_char(m.month, 'YYYY-MM') as month,
      coalesce(sum(s.paid), 0)::numeric(14,2)::text as paid,
      coalesce(sum(s.unpaid - s.held), 0)::numeric(14,2)::text as pending,
      coalesce(sum(s.held), 0)::numeric(14,2)::text as held,
      coalesce(sum(s.waiting), 0)::numeric(14,2)::text as on_hold,
      (select total from open_requests)::numeric(14,2)::text as open
    from months m left join split s on s.month = m.month
    group by m.month
    order by m.month`,
  );
  const months = rows.map(({ month, paid, pending, held, on_hold }) => ({
    month,
    paid,
    pending,
    held,
    onHold: on_hold,
  }));
  const cents = (key: 'paid' | 'pending' | 'held' | 'onHold') =>
    months.reduce((sum, m) => sum + Math.round(Number(m[key]) * 100), 0);
  return {
    months,
    totals: {
      paid: fromCents(cents('paid')),
      pending: fromCents(cents('pending')),
      held: fromCents(cents('held')),
      onHold: fromCents(cents('onHold')),
    },
    unsettledPayouts: rows[0]?.open ?? '0.00',
  };
}
