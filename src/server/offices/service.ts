/**
 * Brokerage offices and their agents (issue 35 item 4, decision record 080). A broker registers
 * an office by its commercial registration and becomes its owner and first member; the owner
 * invites agents by phone (told in the app when they have an account, and on the phone through
 * the outbox), chooses where the members' commissions are paid and the office's share of each,
 * and reads the team's referrals and earnings made while each was a member. An agent who leaves
 * keeps their referrals and commissions; the office keeps what was paid to it.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  brokerDisplayName,
  MAX_OFFICE_MEMBERS,
  type OfficeInput,
  type OfficePayee,
  type OfficeRole,
} from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import { maskedIban } from '../brokers/bank-account.js';
import { type Database, rowsOf, type Transaction } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { brokers, officeMembers, offices, payouts, referrals } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { ADMIN_PAGE_SIZE, pageOffset } from '../http/toolkit.js';
import { lockBroker } from '../ledger/locks.js';
import { enqueueMessage, enqueueNotice } from '../messaging/outbox.js';
import { notify } from '../notifications/service.js';
import { activeOfficeOf } from './membership.js';

type OfficeRow = typeof offices.$inferSelect;

const OFFICE_NOT_FOUND = 'لست عضواً في مكتب';

/** How long an invitation waits: a number may change hands, and an old one is forgotten. */
export const INVITATION_DAYS = 14;
const invitationFresh = sql`${officeMembers.createdAt} > now() - make_interval(days => ${INVITATION_DAYS})`;
const OWNER_ONLY = 'هذا الإجراء لصاحب المكتب فقط';
const INVITATION_NOT_FOUND = 'الدعوة غير موجودة';

/** What a broker's phone notice of an invitation needs. */
export type InvitationContext = { whatsappConfigured: boolean; productName: string };

async function ownerNameOf(db: Pick<Database, 'select'>, ownerId: string): Promise<string> {
  const [owner] = await db
    .select({ fullName: brokers.fullName, brokerCode: brokers.brokerCode })
    .from(brokers)
    .where(eq(brokers.id, ownerId));
  return owner ? brokerDisplayName(owner.fullName, owner.brokerCode) : '';
}

async function toOffice(db: Pick<Database, 'select'>, row: OfficeRow) {
  return {
    id: row.id,
    name: row.name,
    crNumber: row.crNumber,
    ownerName: await ownerNameOf(db, row.ownerId),
    payoutTo: row.payoutTo,
    sharePercent: row.sharePercent,
    iban: row.iban,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The broker's office and role (null when none), and invitations waiting for their phone. */
export async function myOffice(db: Database, broker: { id: string; phone: string }) {
  const membership = await activeOfficeOf(db, broker.id);
  const waiting = await db
    .select({
      id: officeMembers.id,
      officeName: offices.name,
      ownerName: brokers.fullName,
      ownerCode: brokers.brokerCode,
      payoutTo: offices.payoutTo,
      sharePercent: offices.sharePercent,
      invitedAt: officeMembers.createdAt,
    })
    .from(officeMembers)
    .innerJoin(offices, eq(offices.id, officeMembers.officeId))
    .innerJoin(brokers, eq(brokers.id, offices.ownerId))
    .where(
      and(
        eq(officeMembers.phone, broker.phone),
        eq(officeMembers.status, 'invited'),
        invitationFresh,
      ),
    )
    .orderBy(asc(officeMembers.createdAt));
  const office = membership ? await toOffice(db, membership.office) : null;
  return {
    // An agent reads the office's IBAN only when their money goes to it.
    office:
      office && membership?.role !== 'owner' && office.payoutTo !== 'office'
        ? { ...office, iban: null }
        : office,
    role: membership?.role ?? null,
    invitations: waiting.map((row) => ({
      id: row.id,
      officeName: row.officeName,
      ownerName: brokerDisplayName(row.ownerName, row.ownerCode),
      payoutTo: row.payoutTo,
      sharePercent: row.sharePercent,
      invitedAt: row.invitedAt.toISOString(),
    })),
  };
}

/** The office the broker owns, locked for a change; 404 without one, 403 for an agent. */
async function ownedOffice(tx: Transaction, brokerId: string): Promise<OfficeRow> {
  await lockBroker(tx, brokerId);
  const membership = await activeOfficeOf(tx, brokerId);
  if (!membership) throw notFound(OFFICE_NOT_FOUND);
  if (membership.role !== 'owner') throw new AppError(403, 'NOT_OFFICE_OWNER', OWNER_ONLY);
  const [office] = await tx
    .select()
    .from(offices)
    .where(eq(offices.id, membership.office.id))
    .for('update');
  if (!office) throw notFound(OFFICE_NOT_FOUND);
  return office;
}

const IN_AN_OFFICE = () =>
  new AppError(409, 'ALREADY_IN_OFFICE', 'أنت عضو في مكتب؛ غادره أولاً لتسجّل مكتباً أو تنضم إلى آخر');

/**
 * Registers an office: the broker becomes its owner and first member. Refused (409) for a
 * broker already in an office, and for a commercial registration another office holds.
 */
export async function createOffice(
  db: Database,
  ownerId: string,
  input: { name: string; crNumber: string } & Partial<OfficeInput>,
  record: AuditRecorder,
) {
  try {
    return await db.transaction(async (tx) => {
      await lockBroker(tx, ownerId);
      if (await activeOfficeOf(tx, ownerId)) throw IN_AN_OFFICE();
      const [owner] = await tx
        .select({ phone: brokers.phone })
        .from(brokers)
        .where(and(eq(brokers.id, ownerId), isNull(brokers.deletedAt)));
      if (!owner) throw notFound('الوسيط غير موجود');
      const [office] = await tx
        .insert(offices)
        .values({ ownerId, name: input.name, crNumber: input.crNumber })
        .returning();
      if (!office) throw new Error('the office was not inserted');
      await tx.insert(officeMembers).values({
        officeId: office.id,
        phone: owner.phone,
        brokerId: ownerId,
        role: 'owner',
        status: 'active',
        invitedBy: ownerId,
        joinedAt: new Date(),
      });
      await record(tx, {
        action: 'office.create',
        entityType: 'office',
        entityId: office.id,
        after: { name: office.name, crNumber: office.crNumber },
      });
      return toOffice(tx, office);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'offices_cr_number_idx')) {
      throw new AppError(409, 'CR_TAKEN', 'هذا السجل التجاري مسجل لمكتب آخر', {
        fields: { crNumber: 'هذا السجل التجاري مسجل لمكتب آخر' },
      });
    }
    if (isUniqueViolation(error, 'offices_owner_idx')) {
      throw new AppError(409, 'ALREADY_OWNER', 'سجّلت مكتباً من قبل');
    }
    throw error;
  }
}

/**
 * Where the members' commissions are paid and the office's share of each (the password was
 * confirmed by the route). A new IBAN starts the 48-hour wait of the office's payouts and moves
 * its payouts not yet in a bank file to it, back to draft; every member is told.
 */
export async function setOfficePayout(
  db: Database,
  ownerId: string,
  input: { payoutTo: OfficePayee; sharePercent: number | null; iban: string | null },
  record: AuditRecorder,
) {
  return db.transaction(async (tx) => {
    const before = await ownedOffice(tx, ownerId);
    // Paying the agents keeps the office's IBAN on file as it was.
    const iban = input.payoutTo === 'office' ? input.iban : before.iban;
    const ibanChanged = iban !== before.iban;
    // Money starts going somewhere new: a new IBAN, or the office's IBAN instead of the agents'.
    // The office's payouts then wait 48 hours, as a broker's do after an IBAN change.
    const redirected = ibanChanged || (input.payoutTo === 'office' && before.payoutTo !== 'office');
    const now = new Date();
    const [after] = await tx
      .update(offices)
      .set({
        payoutTo: input.payoutTo,
        sharePercent: input.sharePercent,
        iban,
        ...(redirected ? { ibanChangedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(offices.id, before.id))
      .returning();
    if (!after) throw notFound(OFFICE_NOT_FOUND);
    if (ibanChanged && iban) {
      await tx
        .update(payouts)
        .set({ iban, status: 'draft', approvedAt: null, approvedBy: null, beneficiaryName: null })
        .where(
          and(
            eq(payouts.officeId, before.id),
            inArray(payouts.status, ['draft', 'approved']),
            isNull(payouts.bankBatch),
          ),
        );
    }
    await record(tx, {
      action: 'office.payout',
      entityType: 'office',
      entityId: before.id,
      before: {
        payoutTo: before.payoutTo,
        sharePercent: before.sharePercent,
        iban: before.iban ? maskedIban(before.iban) : null,
      },
      after: {
        payoutTo: after.payoutTo,
        sharePercent: after.sharePercent,
        iban: after.iban ? maskedIban(after.iban) : null,
      },
    });
    const members = await tx
      .select({ brokerId: officeMembers.brokerId, phone: brokers.phone })
      .from(officeMembers)
      .innerJoin(brokers, eq(brokers.id, officeMembers.brokerId))
      .where(and(eq(officeMembers.officeId, before.id), eq(officeMembers.status, 'active')));
    const where =
      after.payoutTo === 'office'
        ? `آيبان مكتب ${after.name} المنتهي بـ ${after.iban?.slice(-4) ?? ''}`
        : 'الآيبان المسجل في حساب كل وسيط';
    for (const member of members) {
      if (!member.brokerId) continue;
      if (member.brokerId !== ownerId) {
        await notify(tx, member.brokerId, {
          type: 'info',
          title: 'تغيّرت طريقة تحويل العمولات في مكتبك',
          message: `تُحوَّل طلبات تحويل عمولاتك الجديدة إلى ${where}؛ الطلبات السابقة تبقى كما قُدّمت.`,
          link: '/office',
        });
      }
      // Where money goes is told on the phone too, to the owner and every agent: a session
      // someone else holds cannot redirect it unseen.
      if (redirected) {
        await enqueueNotice(tx, {
          to: member.phone,
          body: `تنبيه: تُحوَّل عمولات أعضاء مكتب ${after.name} من الآن إلى ${where}. إن لم يكن ذلك بعلمك فتواصل مع فريق البرنامج.`,
          cause: `office-payout:${before.id}:${now.getTime()}:${member.brokerId}`,
        });
      }
    }
    return toOffice(tx, after);
  });
}

/**
 * Invites an agent by phone (owner only): never the owner's own phone, one open invitation per
 * phone and office (409), at most MAX_OFFICE_MEMBERS members and invitations. A broker with that
 * phone hears in the app; the phone hears once through the outbox (an invitee may have no
 * account yet). Audited.
 */
export async function inviteAgent(
  db: Database,
  ownerId: string,
  phone: string,
  ctx: InvitationContext,
  record: AuditRecorder,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const office = await ownedOffice(tx, ownerId);
      const [owner] = await tx
        .select({
          phone: brokers.phone,
          fullName: brokers.fullName,
          code: brokers.brokerCode,
          isActive: brokers.isActive,
        })
        .from(brokers)
        .where(eq(brokers.id, ownerId));
      // An invitation is a message to someone's phone in the owner's name: only an account the
      // team activated sends one.
      if (!owner?.isActive) {
        throw new AppError(403, 'ACCOUNT_NOT_ACTIVE', 'فعّل حسابك أولاً لتدعو وسطاء إلى مكتبك');
      }
      if (owner?.phone === phone) {
        throw new AppError(400, 'OWN_PHONE', 'هذا رقم جوالك؛ يرجى إدخال رقم الوسيط المدعو', {
          fields: { phone: 'هذا رقم جوالك؛ يرجى إدخال رقم الوسيط المدعو' },
        });
      }
      const [open] = await rowsOf<{ members: number }>(
        tx,
        sql`select count(*)::int as members from ${officeMembers}
          where ${officeMembers.officeId} = ${office.id} and ${officeMembers.status} in ('invited','active')`,
      );
      if ((open?.members ?? 0) >= MAX_OFFICE_MEMBERS) {
        throw new AppError(409, 'OFFICE_FULL', 'بلغ المكتب حدّه من الأعضاء والدعوات (١٠٠)');
      }
      const [invited] = await tx
        .insert(officeMembers)
        .values({
          officeId: office.id,
          phone,
          role: 'agent',
          status: 'invited',
          invitedBy: ownerId,
        })
        .returning({ id: officeMembers.id });
      if (!invited) throw new Error('the invitation was not inserted');
      const ownerName = owner ? brokerDisplayName(owner.fullName, owner.code) : '';
      const [invitee] = await tx
        .select({ id: brokers.id })
        .from(brokers)
        .where(and(eq(brokers.phone, phone), isNull(brokers.deletedAt)));
      if (invitee) {
        await notify(tx, invitee.id, {
          type: 'info',
          title: 'دعوة للانضمام إلى مكتب',
          message: `دعاك ${ownerName} للانضمام إلى مكتب ${office.name}.`,
          link: '/office',
        });
      }
      await enqueueMessage(tx, ctx.whatsappConfigured, {
        kind: 'office_invitation',
        to: phone,
        purpose: 'office_invitation',
        parameters: [ownerName || 'وسيط', office.name, ctx.productName],
        // Once a day per office and phone, however often it is cancelled and made again.
        cause: `office-invitation:${office.id}:${phone}:${new Date().toISOString().slice(0, 10)}`,
      });
      await record(tx, {
        action: 'office.invite',
        entityType: 'office',
        entityId: office.id,
        after: { member: invited.id, registered: invitee !== undefined },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'office_members_open_idx')) {
      throw new AppError(409, 'ALREADY_INVITED', 'هذا الرقم مدعو أو عضو في مكتبك بالفعل', {
        fields: { phone: 'هذا الرقم مدعو أو عضو في مكتبك بالفعل' },
      });
    }
    throw error;
  }
}

/**
 * Ends a membership from the owner's side: an invitation not yet answered is cancelled, an
 * agent removed. Never the owner's own. The agent's referrals and commissions stay theirs.
 */
export async function endMembership(
  db: Database,
  ownerId: string,
  memberId: string,
  record: AuditRecorder,
): Promise<void> {
  await db.transaction(async (tx) => {
    const office = await ownedOffice(tx, ownerId);
    const [member] = await tx
      .select()
      .from(officeMembers)
      .where(and(eq(officeMembers.id, memberId), eq(officeMembers.officeId, office.id)))
      .for('update');
    if (!member || !['invited', 'active'].includes(member.status)) {
      throw notFound('العضو غير موجود');
    }
    if (member.role === 'owner') {
      throw new AppError(409, 'OWNER_STAYS', 'لا يُزال صاحب المكتب من مكتبه');
    }
    const status = member.status === 'invited' ? 'cancelled' : 'removed';
    await tx
      .update(officeMembers)
      .set({ status, endedAt: new Date() })
      .where(eq(officeMembers.id, member.id));
    if (member.brokerId && status === 'removed') {
      await notify(tx, member.brokerId, {
        type: 'info',
        title: 'لم تعد عضواً في المكتب',
        message: `أزالك صاحب مكتب ${office.name}؛ إحالاتك وعمولاتك باقية لك، وتُحوَّل طلبات تحويلك الجديدة إلى آيبانك.`,
        link: '/office',
      });
    }
    await record(tx, {
      action: status === 'cancelled' ? 'office.invitation_cancel' : 'office.remove',
      entityType: 'office',
      entityId: office.id,
      after: { member: member.id },
    });
  });
}

/**
 * Answers an invitation made to the broker's phone: joining (refused, 409, while a member of
 * another office) or declining. Another phone's invitation is not found. The owner is told.
 */
export async function answerInvitation(
  db: Database,
  broker: { id: string; phone: string },
  invitationId: string,
  accept: boolean,
  record: AuditRecorder,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await lockBroker(tx, broker.id);
      const [invitation] = await tx
        .select({ member: officeMembers, office: offices })
        .from(officeMembers)
        .innerJoin(offices, eq(offices.id, officeMembers.officeId))
        .where(
          and(
            eq(officeMembers.id, invitationId),
            eq(officeMembers.phone, broker.phone),
            eq(officeMembers.status, 'invited'),
            invitationFresh,
          ),
        )
        .for('update', { of: officeMembers });
      if (!invitation) throw notFound(INVITATION_NOT_FOUND);
      if (accept && (await activeOfficeOf(tx, broker.id))) throw IN_AN_OFFICE();
      const now = new Date();
      await tx
        .update(officeMembers)
        .set(
          accept
            ? { status: 'active', brokerId: broker.id, joinedAt: now }
            : { status: 'declined', brokerId: broker.id, endedAt: now },
        )
        .where(eq(officeMembers.id, invitationId));
      const [me] = await tx
        .select({ fullName: brokers.fullName, code: brokers.brokerCode })
        .from(brokers)
        .where(eq(brokers.id, broker.id));
      const name = me ? brokerDisplayName(me.fullName, me.code) : '';
      await notify(tx, invitation.office.ownerId, {
        type: accept ? 'success' : 'info',
        title: accept ? 'انضم وسيط إلى مكتبك' : 'رُفضت دعوة إلى مكتبك',
        message: accept
          ? `انضم ${name} إلى مكتب ${invitation.office.name}.`
          : `رفض ${name} الانضمام إلى مكتب ${invitation.office.name}.`,
        link: '/office',
      });
      await record(tx, {
        action: accept ? 'office.join' : 'office.decline',
        entityType: 'office',
        entityId: invitation.office.id,
        after: { member: invitationId },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'office_members_active_idx')) throw IN_AN_OFFICE();
    throw error;
  }
}

/** The agent leaves their office (an owner cannot); their history stays theirs. */
export async function leaveOffice(
  db: Database,
  brokerId: string,
  record: AuditRecorder,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockBroker(tx, brokerId);
    const membership = await activeOfficeOf(tx, brokerId);
    if (!membership) throw notFound(OFFICE_NOT_FOUND);
    if (membership.role === 'owner') {
      throw new AppError(409, 'OWNER_STAYS', 'صاحب المكتب لا يغادر مكتبه');
    }
    await tx
      .update(officeMembers)
      .set({ status: 'left', endedAt: new Date() })
      .where(eq(officeMembers.id, membership.memberId));
    const [me] = await tx
      .select({ fullName: brokers.fullName, code: brokers.brokerCode })
      .from(brokers)
      .where(eq(brokers.id, brokerId));
    await notify(tx, membership.office.ownerId, {
      type: 'info',
      title: 'غادر وسيط مكتبك',
      message: `غادر ${me ? brokerDisplayName(me.fullName, me.code) : ''} مكتب ${membership.office.name}.`,
      link: '/office',
    });
    await record(tx, {
      action: 'office.leave',
      entityType: 'office',
      entityId: membership.office.id,
      after: { member: membership.memberId },
    });
  });
}

type MemberRow = {
  id: string;
  full_name: string | null;
  broker_code: string | null;
  phone: string;
  role: OfficeRole;
  status: (typeof officeMembers.$inferSelect)['status'];
  created_at: Date;
  joined_at: Date | null;
  ended_at: Date | null;
  referrals: number;
  signed: number;
  earned: string;
  office_share: string;
  paid: string;
};

/** A membership's window: what its broker did from joining until it ended (or now). */
const duringMembership = sql`r.broker_id = m.broker_id and m.joined_at is not null
  and r.submitted_at >= m.joined_at and (m.ended_at is null or r.submitted_at < m.ended_at)`;

/** A commission recorded with the office while this membership lasted (one row per stay). */
const madeWhileMember = sql`c.office_id = m.office_id and c.broker_id = m.broker_id
  and m.joined_at is not null and c.created_at >= m.joined_at
  and (m.ended_at is null or c.created_at < m.ended_at)`;

/**
 * The owner's view of the team: every membership with what its broker referred and earned while
 * a member (commissions recorded with this office), and a page of those referrals.
 */
export async function officeTeam(db: Database, ownerId: string, page: number) {
  const membership = await activeOfficeOf(db, ownerId);
  if (!membership) throw notFound(OFFICE_NOT_FOUND);
  if (membership.role !== 'owner') throw new AppError(403, 'NOT_OFFICE_OWNER', OWNER_ONLY);
  const officeId = membership.office.id;
  const members = await rowsOf<MemberRow>(
    db,
    sql`select m.id, b.full_name, b.broker_code, m.phone, m.role, m.status, m.created_at,
        m.joined_at, m.ended_at,
        (select count(*)::int from ${referrals} r where ${duringMembership}) as referrals,
        (select count(*)::int from commissions c
          where ${madeWhileMember} and c.kind = 'referral' and c.status <> 'reversed') as signed,
        (select coalesce(sum(c.amount), 0)::numeric(14,2)::text from commissions c
          where ${madeWhileMember} and c.status <> 'reversed') as earned,
        (select coalesce(sum(c.office_amount), 0)::numeric(14,2)::text from commissions c
          where ${madeWhileMember} and c.status <> 'reversed') as office_share,
        (select coalesce(sum(c.paid_amount), 0)::numeric(14,2)::text from commissions c
          where ${madeWhileMember}) as paid
      from ${officeMembers} m
      left join ${brokers} b on b.id = m.broker_id
      where m.office_id = ${officeId}
      order by (m.role = 'owner') desc, (m.status in ('active','invited')) desc, m.created_at`,
  );
  const teamWhere = sql`exists (select 1 from ${officeMembers} m
    where m.office_id = ${officeId} and ${duringMembership})`;
  const [rows, [total]] = await Promise.all([
    rowsOf<{
      id: string;
      number: number;
      full_name: string | null;
      broker_code: string;
      status: (typeof referrals.$inferSelect)['status'];
      submitted_at: Date;
      amount: string | null;
      office_amount: string | null;
    }>(
      db,
      sql`select r.id, r.number, b.full_name, b.broker_code, r.status, r.submitted_at,
          c.amount::text as amount, c.office_amount::text as office_amount
        from ${referrals} r
        join ${brokers} b on b.id = r.broker_id
        left join commissions c on c.referral_id = r.id and c.office_id = ${officeId}
        where ${teamWhere}
        order by r.submitted_at desc, r.id
        limit ${ADMIN_PAGE_SIZE} offset ${pageOffset(page)}`,
    ),
    rowsOf<{ total: number }>(
      db,
      sql`select count(*)::int as total from ${referrals} r where ${teamWhere}`,
    ),
  ]);
  const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
  return {
    members: members.map((m) => ({
      id: m.id,
      name: m.broker_code ? brokerDisplayName(m.full_name, m.broker_code) : null,
      phone: m.phone,
      role: m.role,
      status: m.status,
      invitedAt: new Date(m.created_at).toISOString(),
      joinedAt: iso(m.joined_at),
      endedAt: iso(m.ended_at),
      referrals: m.referrals,
      signedContracts: m.signed,
      earned: m.earned,
      officeShare: m.office_share,
      paid: m.paid,
    })),
    items: rows.map((r) => ({
      id: r.id,
      number: r.number,
      agentName: brokerDisplayName(r.full_name, r.broker_code),
      status: r.status,
      submittedAt: new Date(r.submitted_at).toISOString(),
      commission: r.amount,
      officeShare: r.office_amount,
    })),
    total: total?.total ?? 0,
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** The offices for the console's filter: owner and active members, by name. */
export async function listOffices(db: Database) {
  const rows = await rowsOf<{
    id: string;
    name: string;
    cr_number: string;
    payout_to: OfficePayee;
    full_name: string | null;
    broker_code: string;
    members: number;
  }>(
    db,
    sql`select o.id, o.name, o.cr_number, o.payout_to, b.full_name, b.broker_code,
        (select count(*)::int from ${officeMembers} m
          where m.office_id = o.id and m.status = 'active') as members
      from ${offices} o join ${brokers} b on b.id = o.owner_id
      order by o.name, o.id`,
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      crNumber: row.cr_number,
      ownerName: brokerDisplayName(row.full_name, row.broker_code),
      members: row.members,
      payoutTo: row.payout_to,
    })),
  };
}
