import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import {
  brokerNameForTenants,
  brokerRequestBlock,
  FAL_LICENSE_PREFIX,
  isLinkCode,
  LINK_CODE_ALPHABET,
  LINK_CODE_LENGTH,
  LINK_FUNNEL_WEEKS,
  type ReferralSource,
  riyadhIsoDate,
} from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import { SESSION_BROKER_COLUMNS } from '../auth/sessions.js';
import type { AppConfig } from '../config.js';
import { type Database, rowsOf } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { brokers, referralLinkVisits, retiredLinkCodes } from '../db/schema.js';

/** A broker's own referral link and QR code (decision record 044). */

const randomLinkCode = () =>
  Array.from(
    { length: LINK_CODE_LENGTH },
    () => LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)],
  ).join('');

/**
 * A random code that was never retired: an old card of one broker must never open another's
 * link. A live code it may still clash with is caught by the unique constraint.
 */
async function newLinkCode(db: Pick<Database, 'select'>): Promise<string> {
  for (;;) {
    const code = randomLinkCode();
    const [retired] = await db
      .select({ code: retiredLinkCodes.code })
      .from(retiredLinkCodes)
      .where(eq(retiredLinkCodes.code, code));
    if (!retired) return code;
  }
}

/** What the broker shares: the address, the QR's (marked as scanned) and a WhatsApp text. */
export function linkOf(config: Pick<AppConfig, 'publicUrl' | 'brand'>, code: string) {
  const url = `${config.publicUrl}/r/${code}`;
  return {
    code,
    url,
    qrUrl: `${url}?s=qr`,
    shareText: `ادفع إيجارك شهرياً بدلاً من دفعة سنوية كبيرة مع ${config.brand.productName}. قدّم طلبك من رابطي الخاص، وسأتابعه معك حتى توقيع العقد: ${url}`,
  };
}

/** Gives the broker a first code, once free of clashes; one made meanwhile is kept. */
async function firstCode(db: Database, brokerId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const [row] = await db
        .update(brokers)
        .set({ linkCode: await newLinkCode(db) })
        .where(and(eq(brokers.id, brokerId), isNull(brokers.linkCode)))
        .returning({ code: brokers.linkCode });
      if (row?.code) return row.code;
      // Another call made it meanwhile.
      const [existing] = await db
        .select({ code: brokers.linkCode })
        .from(brokers)
        .where(eq(brokers.id, brokerId));
      if (existing?.code) return existing.code;
    } catch (error) {
      if (!isUniqueViolation(error, 'brokers_link_code_unique')) throw error;
    }
  }
  throw new Error('no free link code after five tries');
}

/** The broker's code, made on first use. */
export async function ensureLinkCode(db: Database, brokerId: string): Promise<string> {
  const [row] = await db
    .select({ code: brokers.linkCode })
    .from(brokers)
    .where(eq(brokers.id, brokerId));
  return row?.code ?? firstCode(db, brokerId);
}

/**
 * A new code; the old one is kept as retired (decision record 059), so a tenant opening it is
 * told the link was replaced. The broker's row is locked while the codes change hands, so two
 * regenerations at once retire every code either replaced.
 */
export async function regenerateLinkCode(
  db: Database,
  brokerId: string,
  record: AuditRecorder,
): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ code: brokers.linkCode })
          .from(brokers)
          .where(eq(brokers.id, brokerId))
          .for('update');
        const code = await newLinkCode(tx);
        await tx.update(brokers).set({ linkCode: code }).where(eq(brokers.id, brokerId));
        if (current?.code) {
          await tx
            .insert(retiredLinkCodes)
            .values({ code: current.code, brokerId })
            .onConflictDoUpdate({
              target: retiredLinkCodes.code,
              set: { brokerId, retiredAt: sql`now()` },
            });
        }
        await record(tx, {
          action: 'broker.referral_link_regenerate',
          entityType: 'broker',
          entityId: brokerId,
        });
        return code;
      });
    } catch (error) {
      // The new code was someone's: the transaction is undone, and another code is tried.
      if (!isUniqueViolation(error, 'brokers_link_code_unique')) throw error;
    }
  }
  throw new Error('no free link code after five tries');
}

/**
 * A code that is no one's link any more: the broker who had it, named as their live link would
 * name them, so only while they take requests (null when inactive, when the name is missing or
 * refused, or the account was deleted). A live code of a deleted account is retired too. Null
 * for a code that never was a link.
 */
export async function retiredLink(
  db: Database,
  code: string,
): Promise<{ brokerName: string | null } | null> {
  if (!isLinkCode(code)) return null;
  const [retired] = await db
    .select({
      fullName: brokers.fullName,
      isActive: brokers.isActive,
      deletedAt: brokers.deletedAt,
    })
    .from(retiredLinkCodes)
    .innerJoin(brokers, eq(brokers.id, retiredLinkCodes.brokerId))
    .where(eq(retiredLinkCodes.code, code));
  const [deleted] = retired
    ? []
    : await db
        .select({ id: brokers.id })
        .from(brokers)
        .where(and(eq(brokers.linkCode, code), isNotNull(brokers.deletedAt)));
  if (!retired && !deleted) return null;
  const named = retired && !retired.deletedAt && brokerRequestBlock(retired) === null;
  return { brokerName: named ? brokerNameForTenants(retired.fullName) : null };
}

/** The live broker behind a code, with what creating a referral needs; null if none. */
export async function brokerByCode(db: Database, code: string) {
  if (!isLinkCode(code)) return null;
  const [broker] = await db
    .select({
      ...SESSION_BROKER_COLUMNS,
      officeName: brokers.officeName,
      falLicense: brokers.falLicense,
    })
    .from(brokers)
    .where(and(eq(brokers.linkCode, code), isNull(brokers.deletedAt)));
  return broker ?? null;
}

/**
 * Counts a visit once per visitor and Riyadh day: the visitor is a digest of the address, the
 * browser and the day, so no address is kept and tomorrow's digest is another.
 */
export async function countVisit(
  db: Database,
  brokerId: string,
  visitor: { ip: string; userAgent: string },
  source: Exclude<ReferralSource, 'typed'>,
): Promise<void> {
  const day = riyadhIsoDate(new Date());
  const digest = createHash('sha256')
    .update(`${day}\u0000${visitor.ip}\u0000${visitor.userAgent}`)
    .digest('hex');
  await db
    .insert(referralLinkVisits)
    .values({ brokerId, day, visitor: digest, source })
    .onConflictDoNothing();
}

const xml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The QR code of the link on an A6 card (105 × 148 mm): the code, then the product's name and
 * the broker's, right-to-left, and the broker's FAL licence when there is one (an advert
 * carries it: decision 070). Its error correction survives a crease or a smudge (level M).
 */
export async function qrCard(
  url: string,
  names: { product: string; broker: string; falLicense: string | null },
): Promise<string> {
  const code = await QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  const inner = code
    .replace(/^<\?xml[^>]*>/, '')
    .replace('<svg ', '<svg x="75" y="90" width="900" height="900" ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="105mm" height="148mm" viewBox="0 0 1050 1480">
<rect width="1050" height="1480" fill="#ffffff"/>
${inner}
<text x="525" y="1130" text-anchor="middle" direction="rtl" font-family="Noto Sans Arabic, Tahoma, Arial, sans-serif" font-size="64" font-weight="700" fill="#0f172a">${xml(names.product)}</text>
<text x="525" y="1230" text-anchor="middle" direction="rtl" font-family="Noto Sans Arabic, Tahoma, Arial, sans-serif" font-size="52" fill="#334155">${xml(names.broker)}</text>
<text x="525" y="1330" text-anchor="middle" direction="rtl" font-family="Noto Sans Arabic, Tahoma, Arial, sans-serif" font-size="40" fill="#475569">امسح الرمز لطلب دفع الإيجار شهرياً</text>
${
  names.falLicense
    ? `<text x="525" y="1410" text-anchor="middle" direction="rtl" font-family="Noto Sans Arabic, Tahoma, Arial, sans-serif" font-size="36" fill="#475569">${FAL_LICENSE_PREFIX} ${xml(names.falLicense)}</text>\n`
    : ''
}</svg>`;
}

type FunnelRow = {
  week: string;
  visits: number;
  started: number;
  completed: number;
  signed: number;
  commissions: string;
};

/**
 * What the link brought, by Riyadh week (Sunday first) over the last LINK_FUNNEL_WEEKS: visits, requests
 * started (a verified phone made a referral), tenant forms completed, contracts signed and the
 * commissions of those referrals, each in the week of the referral's creation.
 */
export async function linkFunnel(db: Database, brokerId: string, now = new Date()) {
  const rows = await rowsOf<FunnelRow>(
    db,
    sql`
    with weeks as (
      select generate_series(
        (date_trunc('week', (${now.toISOString()}::timestamptz at time zone 'Asia/Riyadh') + interval '1 day') - interval '1 day')::date - ${(LINK_FUNNEL_WEEKS - 1) * 7}::int,
        (date_trunc('week', (${now.toISOString()}::timestamptz at time zone 'Asia/Riyadh') + interval '1 day') - interval '1 day')::date,
        interval '7 days'
      )::date as week
    ),
    visits as (
      select (date_trunc('week', v.day + 1) - interval '1 day')::date as week, count(*)::int as n
      from referral_link_visits v where v.broker_id = ${brokerId} group by 1
    ),
    linked as (
      select (date_trunc('week', (r.created_at at time zone 'Asia/Riyadh') + interval '1 day') - interval '1 day')::date as week,
        count(*)::int as started,
        count(*) filter (where exists
          (select 1 from tenant_forms f where f.referral_id = r.id))::int as completed,
        count(c.id)::int as signed,
        coalesce(sum(c.amount) filter (where c.status <> 'reversed'), 0)::numeric(12,2)::text as commissions
      from referrals r left join commissions c on c.referral_id = r.id
      where r.broker_id = ${brokerId} and r.source <> 'typed'
      group by 1
    )
    select to_char(w.week, 'YYYY-MM-DD') as week, coalesce(v.n, 0) as visits,
      coalesce(l.started, 0) as started, coalesce(l.completed, 0) as completed,
      coalesce(l.signed, 0) as signed, coalesce(l.commissions, '0.00') as commissions
    from weeks w left join visits v on v.week = w.week left join linked l on l.week = w.week
    order by w.week`,
  );
  return { weeks: rows };
}
