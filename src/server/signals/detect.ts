import { and, desc, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import {
  arabicCount,
  DEFAULT_DAILY_REFERRALS,
  ejarRegisterNumber,
  formatNumberAr,
  formatSar,
  NOUNS,
  normalizeEjarContractNumber,
  OPEN_REFERRAL_STATUSES,
  REFERRAL_OWNERSHIP_DAYS,
  RENT_MEDIAN_MIN_SAMPLES,
  RENT_MISMATCH_RATIO,
  RENT_OUTLIER_FACTOR,
  riyadhDayRange,
  riyadhIsoDate,
  type SignalKind,
} from '#domain';
import type { Database, Transaction } from '../db/client.js';
import { brokers, type Referral, referrals } from '../db/schema.js';
import { HOLDING_CLOSED } from '../referrals/ownership.js';
import { getSetting } from '../settings/service.js';
import { raiseSignal } from './service.js';

/** What each cause of a signal looks at (decision record 042). */

export const DAILY_REFERRALS_KEY = 'signal_daily_referrals';

async function dailyReferralLimit(tx: Pick<Database, 'select'>): Promise<number> {
  const stored = Number(await getSetting(tx, DAILY_REFERRALS_KEY));
  return Number.isInteger(stored) && stored >= 1 ? stored : DEFAULT_DAILY_REFERRALS;
}

/**
 * A signal on one referral that holds its commission: one per cause and referral (the key is
 * both), whatever else it carries.
 */
function holdReferral(
  tx: Transaction,
  referral: Referral,
  kind: SignalKind,
  reason: string,
  details?: Record<string, unknown>,
): Promise<boolean> {
  return raiseSignal(tx, {
    kind,
    dedupeKey: `${kind}:${referral.id}`,
    brokerId: referral.brokerId,
    referralId: referral.id,
    scope: 'referral',
    reason,
    details,
  });
}

/**
 * A new referral: the tenant's phone is the broker's own (or second) phone; the broker is staff
 * (an admin or a super-admin: whoever processes it, the money is a colleague's); the broker has
 * sent more referrals today (Riyadh) than the limit. Each holds this referral's commission.
 * Typed or asked for through the broker's link, every referral is created through here.
 */
export async function checkNewReferral(tx: Transaction, referral: Referral): Promise<void> {
  const [broker] = await tx
    .select({
      phone: brokers.phone,
      secondPhone: brokers.secondPhone,
      isAdmin: brokers.isAdmin,
      isSuperAdmin: brokers.isSuperAdmin,
    })
    .from(brokers)
    .where(eq(brokers.id, referral.brokerId));
  if (broker && [broker.phone, broker.secondPhone].includes(referral.tenantPhone)) {
    await holdReferral(
      tx,
      referral,
      'own_phone',
      'جوال المستأجر في هذه الإحالة هو أحد أرقام الوسيط نفسه',
    );
  }
  if (broker?.isAdmin || broker?.isSuperAdmin) {
    await holdReferral(
      tx,
      referral,
      'staff_referral',
      `أُرسلت هذه الإحالة من حساب ${broker.isSuperAdmin ? 'مشرف عام' : 'مشرف'}، فلا تُصرف عمولتها حتى يراجعها مشرف آخر`,
    );
  }
  const today = riyadhDayRange(riyadhIsoDate(new Date()));
  const [sent] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(referrals)
    .where(and(eq(referrals.brokerId, referral.brokerId), gte(referrals.createdAt, today.start)));
  const limit = await dailyReferralLimit(tx);
  if ((sent?.count ?? 0) > limit) {
    await holdReferral(
      tx,
      referral,
      'referral_burst',
      `أرسل الوسيط ${arabicCount(sent?.count ?? 0, NOUNS.referral)} اليوم، والحد المعتاد ${formatNumberAr(limit)}`,
      { today: sent?.count ?? 0, limit },
    );
  }
}

/**
 * A broker refused a tenant another broker holds (an open referral, or one within the 90-day
 * window): recorded for the admins, holding no money (the attempt created nothing). In its own
 * transaction, after the refused one rolled back.
 */
export async function recordContestedTenant(
  db: Database,
  brokerId: string,
  tenantPhone: string,
): Promise<void> {
  // Who holds the tenant, as the refusal saw it (src/server/referrals/ownership.ts): an open
  // referral of another broker first, else a closed one still inside the 90 days. A conflict
  // with the broker's own open referral is no one else's.
  const [held] = await db
    .select({ id: referrals.id, number: referrals.number })
    .from(referrals)
    .innerJoin(brokers, eq(brokers.id, referrals.brokerId))
    .where(
      and(
        eq(referrals.tenantPhone, tenantPhone),
        ne(referrals.brokerId, brokerId),
        isNull(brokers.deletedAt),
        or(
          inArray(referrals.status, OPEN_REFERRAL_STATUSES),
          and(
            inArray(referrals.status, HOLDING_CLOSED),
            sql`${referrals.createdAt} > now() - make_interval(days => ${REFERRAL_OWNERSHIP_DAYS})`,
          ),
        ),
      ),
    )
    .orderBy(
      sql`${inArray(referrals.status, OPEN_REFERRAL_STATUSES)} desc`,
      desc(referrals.createdAt),
    )
    .limit(1);
  if (!held) return;
  await db.transaction((tx) =>
    raiseSignal(tx, {
      kind: 'multi_broker_tenant',
      dedupeKey: `multi_broker_tenant:${held.id}:${brokerId}`,
      brokerId,
      referralId: held.id,
      scope: 'none',
      reason: `حاول الوسيط ترشيح مستأجر سبق ترشيحه في الإحالة رقم ${formatNumberAr(held.number)}`,
      details: { tenantPhone },
    }),
  );
}

/**
 * A lease signed on two referrals (decision 069): the same Ejar register number, whatever the
 * version, on another referral. Each of them gets a signal holding its commission, so neither
 * is paid until an admin decides which one the lease belongs to.
 */
async function checkDuplicateContract(tx: Transaction, referral: Referral): Promise<void> {
  // Only an Ejar number names a lease: a free-text one stored before the rule matches nothing.
  const number = referral.contractId ? normalizeEjarContractNumber(referral.contractId) : null;
  if (!number) return;
  const register = ejarRegisterNumber(number);
  const others = await tx
    .select()
    .from(referrals)
    .where(
      and(
        ne(referrals.id, referral.id),
        sql`split_part(${referrals.contractId}, '/', 1) = ${register}`,
      ),
    )
    .orderBy(referrals.number);
  if (others.length === 0) return;
  const numbers = (rows: Referral[]) => rows.map((row) => formatNumberAr(row.number)).join('، ');
  await holdReferral(
    tx,
    referral,
    'duplicate_contract',
    `رقم عقد إيجار ${register} مسجّل أيضاً في الإحالة رقم ${numbers(others)}`,
    { contract: register, referrals: others.map((row) => row.number) },
  );
  for (const other of others) {
    await holdReferral(
      tx,
      other,
      'duplicate_contract',
      `رقم عقد إيجار ${register} سُجّل لاحقاً في الإحالة رقم ${formatNumberAr(referral.number)}`,
      { contract: register, referrals: [referral.number] },
    );
  }
}

/**
 * A contract signed: its rent differs from the declared one by more than 25%, or the declared
 * rent is more than five times the median (of its city when the referral names one, else of
 * every declared rent, with at least five to go on). Either holds the new commission.
 */
export async function checkSignedContract(tx: Transaction, referral: Referral): Promise<void> {
  await checkDuplicateContract(tx, referral);
  const declared = referral.rentAmount;
  const contract = referral.contractRent;
  if (declared && contract && Math.abs(contract - declared) / declared > RENT_MISMATCH_RATIO) {
    await holdReferral(
      tx,
      referral,
      'rent_mismatch',
      `إيجار العقد ${formatSar(contract)} يختلف عن الإيجار المُعلن ${formatSar(declared)} بأكثر من ٢٥٪`,
      { declared, contract },
    );
  }
  if (declared) {
    // Against the city's median when the referral names one, else every declared rent's.
    const [market] = await tx
      .select({
        median: sql<
          number | null
        >`percentile_cont(0.5) within group (order by ${referrals.rentAmount})`,
        samples: sql<number>`count(*)::int`,
      })
      .from(referrals)
      .where(
        and(
          referral.city ? eq(referrals.city, referral.city) : undefined,
          sql`${referrals.rentAmount} is not null`,
        ),
      );
    const median = market?.median == null ? null : Number(market.median);
    if (
      median &&
      (market?.samples ?? 0) >= RENT_MEDIAN_MIN_SAMPLES &&
      declared > RENT_OUTLIER_FACTOR * median
    ) {
      const where = referral.city ? 'في المدينة' : 'في الإحالات';
      await holdReferral(
        tx,
        referral,
        'rent_outlier',
        `الإيجار المُعلن ${formatSar(declared)} أعلى من خمسة أضعاف القيمة الوسطى ${where} (${formatSar(Math.round(median))})`,
        { declared, median, samples: market?.samples, city: referral.city },
      );
    }
  }
}
