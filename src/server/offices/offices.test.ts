import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { commissionEndpoints } from '#contract/commissions';
import { officeEndpoints } from '#contract/offices';
import { superadminEndpoints } from '#contract/superadmin';
import { officeShareOf } from '#domain';
import {
  auditLog,
  brokers,
  commissions,
  notifications,
  officeMembers,
  offices,
  outboundMessages,
  payouts,
} from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { aBroker, aReferral, aSignedContract } from '../test-support/factories.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { anAdminAndASuperAdmin } from '../test-support/staff.js';
import { nextPhone, type TestBroker } from '../test-support/test-app.js';

// Decision 080: brokerage offices, their agents invited by phone, where the members'
// commissions are paid and the office's share recorded on each.

const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
let admin: TestBroker;
let root: TestBroker;
beforeAll(async () => {
  ({ admin, root } = await anAdminAndASuperAdmin(t));
});

const as = (caller: Caller) => client(t).as(caller);
const OFFICE_IBAN = 'SA0380000000608010167519';
const AGENT_IBAN = 'SA4420000001234567891234';
let crSerial = 1_000_000_000;
/** A commercial registration no other test's office holds. */
const aCr = () => {
  crSerial += 7_919;
  return String(crSerial);
};
const register = (owner: TestBroker, name = 'مكتب الشمري للعقار') =>
  as(owner).call(officeEndpoints.create, { body: { name, crNumber: aCr() } });
const mine = async (broker: TestBroker) => (await as(broker).call(officeEndpoints.mine)).json();

/** An office with its owner, and an agent who accepted the owner's invitation. */
async function anOfficeWithAnAgent() {
  const owner = await aBroker(t, { fullName: 'عبدالله الشمري' });
  const agent = await aBroker(t, { fullName: 'سلمان العنزي' });
  expect((await register(owner)).statusCode).toBe(201);
  expect(
    (await as(owner).call(officeEndpoints.invite, { body: { phone: agent.phone } })).statusCode,
  ).toBe(201);
  const [invitation] = (await mine(agent)).invitations;
  expect(
    (await as(agent).call(officeEndpoints.accept, { params: { id: invitation?.id ?? '' } }))
      .statusCode,
  ).toBe(200);
  return { owner, agent };
}

describe('an office', () => {
  it('is registered by its commercial registration, refused in Arabic with nothing written', async () => {
    const owner = await aBroker(t);
    const before = await t.database.db.select().from(offices);
    const refusals = [
      [{ name: '', crNumber: aCr() }, 'يرجى كتابة اسم المكتب'],
      [{ name: 'مكتب\u202E', crNumber: aCr() }, 'النص يحتوي على رموز غير مسموح بها'],
      [{ name: 'مكتب الرياض', crNumber: '' }, 'يرجى إدخال رقم السجل التجاري'],
      [{ name: 'مكتب الرياض', crNumber: '12345' }, 'رقم السجل التجاري يتكون من ١٠ أرقام'],
    ] as const;
    for (const [body, message] of refusals) {
      const refused = await as(owner).call(officeEndpoints.create, { body });
      expect(refused.statusCode, message).toBe(400);
      expect(refused.json<ApiError>().message).toBe(message);
    }
    expect(await t.database.db.select().from(offices)).toHaveLength(before.length);

    // Arabic-Indic digits, as a Saudi keyboard types them, stored in Latin ones.
    const created = await as(owner).call(officeEndpoints.create, {
      body: { name: 'مكتب الرياض', crNumber: '١٠١٠٢٣٤٥٦٧' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ crNumber: '1010234567', payoutTo: 'agent' });
    expect(await mine(owner)).toMatchObject({ role: 'owner', office: { name: 'مكتب الرياض' } });
    // One registration per commercial registration, one office per owner.
    const sameCr = await as(await aBroker(t)).call(officeEndpoints.create, {
      body: { name: 'مكتب آخر', crNumber: '1010234567' },
    });
    expect(sameCr.statusCode).toBe(409);
    expect(sameCr.json<ApiError>().message).toBe('هذا السجل التجاري مسجل لمكتب آخر');
    expect((await register(owner)).statusCode).toBe(409);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'office.create'), eq(auditLog.actorId, owner.id)));
    expect(audited).toHaveLength(1);
  });

  it('invites agents by phone: told in the app and once on the phone; only its owner invites', async () => {
    // An invitation is a message to a phone: an account not yet activated sends none.
    const newcomer = await aBroker(t, { active: false });
    expect((await register(newcomer, 'مكتب جديد')).statusCode).toBe(201);
    const early = await as(newcomer).call(officeEndpoints.invite, { body: { phone: nextPhone() } });
    expect(early.statusCode).toBe(403);
    expect(early.json<ApiError>().message).toBe('فعّل حسابك أولاً لتدعو وسطاء إلى مكتبك');

    const owner = await aBroker(t, { fullName: 'فهد القحطاني' });
    const agent = await aBroker(t);
    expect((await register(owner, 'مكتب القحطاني')).statusCode).toBe(201);
    const refusals = [
      [{ phone: '123' }, 'يرجى إدخال رقم جوال صحيح'],
      [{ phone: owner.phone }, 'هذا رقم جوالك؛ يرجى إدخال رقم الوسيط المدعو'],
    ] as const;
    for (const [body, message] of refusals) {
      const refused = await as(owner).call(officeEndpoints.invite, { body });
      expect(refused.statusCode, message).toBe(400);
      expect(refused.json<ApiError>().message).toBe(message);
    }
    // Arabic-Indic digits in the phone, as typed.
    const arabicPhone = agent.phone.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] ?? d);
    const invited = await as(owner).call(officeEndpoints.invite, { body: { phone: arabicPhone } });
    expect(invited.statusCode, invited.body).toBe(201);
    const again = await as(owner).call(officeEndpoints.invite, { body: { phone: agent.phone } });
    expect(again.statusCode).toBe(409);
    // Someone without an account is invited too: the phone hears of it.
    const stranger = nextPhone();
    expect(
      (await as(owner).call(officeEndpoints.invite, { body: { phone: stranger } })).statusCode,
    ).toBe(201);
    const notices = await t.database.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.kind, 'office_invitation'));
    const toAgent = notices.filter((n) => n.recipient === agent.phone);
    expect(toAgent).toHaveLength(1);
    expect(toAgent[0]?.body).toContain('مكتب «مكتب القحطاني»');
    expect(notices.filter((n) => n.recipient === stranger)).toHaveLength(1);
    const bell = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.brokerId, agent.id));
    expect(bell.map((n) => n.title)).toContain('دعوة للانضمام إلى مكتب');

    // The invitation is the invitee's to answer: another broker does not find it.
    const [invitation] = (await mine(agent)).invitations;
    expect(invitation).toMatchObject({ officeName: 'مكتب القحطاني', ownerName: 'فهد القحطاني' });
    const other = await aBroker(t);
    expect(
      (await as(other).call(officeEndpoints.accept, { params: { id: invitation?.id ?? '' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await as(agent).call(officeEndpoints.accept, { params: { id: invitation?.id ?? '' } }))
        .statusCode,
    ).toBe(200);
    expect(await mine(agent)).toMatchObject({ role: 'agent', office: { name: 'مكتب القحطاني' } });
    // An agent neither invites nor reads the team; a member of one office joins no other.
    expect(
      (await as(agent).call(officeEndpoints.invite, { body: { phone: nextPhone() } })).statusCode,
    ).toBe(403);
    expect((await as(agent).call(officeEndpoints.team, { query: {} })).statusCode).toBe(403);
    const rival = await aBroker(t);
    expect((await register(rival, 'مكتب منافس')).statusCode).toBe(201);
    await as(rival).call(officeEndpoints.invite, { body: { phone: agent.phone } });
    const second = (await mine(agent)).invitations[0];
    const refused = await as(agent).call(officeEndpoints.accept, {
      params: { id: second?.id ?? '' },
    });
    expect(refused.statusCode).toBe(409);
    expect((await mine(agent)).office?.name).toBe('مكتب القحطاني');
    expect(
      (await as(agent).call(officeEndpoints.decline, { params: { id: second?.id ?? '' } }))
        .statusCode,
    ).toBe(200);
  });

  it('records its share on each commission and is paid to its IBAN, as its owner chose', async () => {
    const { owner, agent } = await anOfficeWithAnAgent();
    const payout = (body: Record<string, unknown>) =>
      as(owner).call(officeEndpoints.setPayout, {
        body: {
          payoutTo: 'office',
          sharePercent: 30,
          iban: OFFICE_IBAN,
          password: 'secret123',
          ...body,
        } as never,
      });
    const refusals = [
      [{ password: 'wrong-password' }, 400, 'كلمة المرور الحالية غير صحيحة'],
      [{ iban: null }, 400, 'يرجى إدخال آيبان المكتب لتحويل العمولات إليه'],
      [{ sharePercent: 101 }, 400, 'يرجى إدخال حصة المكتب بين ٠ و١٠٠'],
      [{ iban: 'SA00123' }, 400, 'يرجى إدخال رقم آيبان سعودي صحيح'],
    ] as const;
    for (const [body, status, message] of refusals) {
      const refused = await payout(body);
      expect(refused.statusCode, message).toBe(status);
      expect(refused.json<ApiError>().message).toBe(message);
    }
    expect(await mine(agent)).toMatchObject({ office: { payoutTo: 'agent', iban: null } });
    // An agent cannot choose for the office (refused before any password is tried).
    const byAgent = await as(agent).call(officeEndpoints.setPayout, {
      body: { payoutTo: 'agent', sharePercent: null, iban: null, password: 'secret123' },
    });
    expect(byAgent.statusCode).toBe(403);

    const saved = await payout({});
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ payoutTo: 'office', sharePercent: 30, iban: OFFICE_IBAN });
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.brokerId, agent.id));
    expect(told.map((n) => n.title)).toContain('تغيّرت طريقة تحويل العمولات في مكتبك');

    // The agent's next commission carries the office and its share.
    const { commission } = await aSignedContract(t, admin, { broker: agent });
    const [row] = await t.database.db
      .select()
      .from(commissions)
      .where(eq(commissions.id, commission.id));
    const office = (await mine(owner)).office;
    expect(row).toMatchObject({
      brokerId: agent.id,
      officeId: office?.id,
      officeSharePercent: 30,
      officeAmount: officeShareOf(row?.amount ?? '0', 30),
    });
    expect(Number(row?.officeAmount)).toBeGreaterThan(0);

    // Paid to the office's IBAN: the agent's own is refused, and none goes on their profile.
    expect((await mine(agent)).office).toMatchObject({ payoutTo: 'office', iban: OFFICE_IBAN });
    await t.database.db
      .update(commissions)
      .set({ status: 'pending', licenseHold: false, signalHold: false })
      .where(eq(commissions.id, commission.id));
    const own = await as(agent).call(commissionEndpoints.requestPayout, {
      body: { amount: '100', bankAccount: AGENT_IBAN, password: 'secret123' },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json<ApiError>().code).toBe('IBAN_NOT_OFFICE');
    const toOffice = await as(agent).call(commissionEndpoints.requestPayout, {
      body: { amount: '100', bankAccount: OFFICE_IBAN },
    });
    expect(toOffice.statusCode, toOffice.body).toBe(201);
    const [paidOut] = await t.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.id, toOffice.json().id));
    expect(paidOut).toMatchObject({ iban: OFFICE_IBAN, officeId: office?.id, brokerId: agent.id });
    const [profile] = await t.database.db
      .select({ iban: brokers.iban })
      .from(brokers)
      .where(eq(brokers.id, agent.id));
    expect(profile?.iban).toBeNull();

    // The office's IBAN was set just now: its payouts wait 48 hours, as a broker's do.
    const approving = await as(admin).call(adminPayoutEndpoints.mark, {
      body: { ids: [toOffice.json().id], status: 'approved' },
    });
    expect(approving.json().changed).toBe(0);
    expect(approving.json().refused[0]?.message).toMatch(/^غيّر المكتب آيبانه أو وجهة تحويل/);
    // Where the money goes was told to the owner and the agent by SMS.
    const sms = await t.database.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.kind, 'security_notice'));
    for (const who of [owner, agent]) {
      expect(
        sms.filter((n) => n.recipient === who.phone && n.body.includes('تُحوَّل عمولات أعضاء مكتب')),
      ).toHaveLength(1);
    }
    // An admin who is a member of the office handles none of its payouts.
    const colleague = await aBroker(t);
    await t.database.db.update(brokers).set({ isAdmin: true }).where(eq(brokers.id, colleague.id));
    await as(owner).call(officeEndpoints.invite, { body: { phone: colleague.phone } });
    const [invitation] = (await mine(colleague)).invitations;
    await as(colleague).call(officeEndpoints.accept, { params: { id: invitation?.id ?? '' } });
    await t.database.db
      .update(offices)
      .set({ ibanChangedAt: sql`now() - interval '49 hours'` })
      .where(eq(offices.id, office?.id ?? ''));
    const byColleague = await as(colleague).call(adminPayoutEndpoints.mark, {
      body: { ids: [toOffice.json().id], status: 'approved' },
    });
    expect(byColleague.json().changed).toBe(0);
    const byAdmin = await as(admin).call(adminPayoutEndpoints.mark, {
      body: { ids: [toOffice.json().id], status: 'approved' },
    });
    expect(byAdmin.json().changed).toBe(1);
  });

  it('shows its owner the team’s referrals and earnings; an agent who leaves keeps theirs', async () => {
    const { owner, agent } = await anOfficeWithAnAgent();
    const { commission, referral } = await aSignedContract(t, admin, { broker: agent });
    const team = (await as(owner).call(officeEndpoints.team, { query: {} })).json();
    const member = team.members.find((m) => m.role === 'agent');
    expect(member).toMatchObject({
      name: 'سلمان العنزي',
      status: 'active',
      referrals: 1,
      signedContracts: 1,
      earned: commission.amount,
    });
    expect(team.items).toEqual([
      expect.objectContaining({
        id: referral.id,
        agentName: 'سلمان العنزي',
        commission: commission.amount,
      }),
    ]);
    // The team's referrals carry no tenant's data.
    expect(JSON.stringify(team.items)).not.toContain(referral.tenantPhone);

    // The owner stays; the agent leaves, keeping their referral and commission.
    expect((await as(owner).call(officeEndpoints.leave)).statusCode).toBe(409);
    expect((await as(agent).call(officeEndpoints.leave)).statusCode).toBe(200);
    expect((await mine(agent)).office).toBeNull();
    const mineAfter = (await as(agent).call(commissionEndpoints.list)).json().items;
    expect(mineAfter.map((c) => c.id)).toContain(commission.id);
    // A referral made after leaving is not the office's to see.
    await aReferral(t, agent);
    const after = (await as(owner).call(officeEndpoints.team, { query: {} })).json();
    expect(after.members.find((m) => m.role === 'agent')).toMatchObject({
      status: 'left',
      referrals: 1,
    });
    expect(after.items.map((r) => r.id)).toEqual([referral.id]);
    const leftAudit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'office.leave'), eq(auditLog.actorId, agent.id)));
    expect(leftAudit).toHaveLength(1);
  });

  it('lets its owner cancel an invitation and remove an agent', async () => {
    const { owner, agent } = await anOfficeWithAnAgent();
    await as(owner).call(officeEndpoints.invite, { body: { phone: nextPhone() } });
    const { members } = (await as(owner).call(officeEndpoints.team, { query: {} })).json();
    const invited = members.find((m) => m.status === 'invited');
    const active = members.find((m) => m.role === 'agent' && m.status === 'active');
    const self = members.find((m) => m.role === 'owner');
    expect(
      (await as(owner).call(officeEndpoints.endMembership, { params: { id: self?.id ?? '' } }))
        .statusCode,
    ).toBe(409);
    for (const member of [invited, active]) {
      expect(
        (await as(owner).call(officeEndpoints.endMembership, { params: { id: member?.id ?? '' } }))
          .statusCode,
      ).toBe(200);
    }
    const statuses = await t.database.db
      .select({ status: officeMembers.status })
      .from(officeMembers)
      .where(eq(officeMembers.invitedBy, owner.id));
    expect(statuses.map((s) => s.status).sort()).toEqual(['active', 'cancelled', 'removed']);
    expect((await mine(agent)).office).toBeNull();
    // Another office's owner removes nobody here.
    const stranger = await aBroker(t);
    await register(stranger, 'مكتب غريب');
    expect(
      (await as(stranger).call(officeEndpoints.endMembership, { params: { id: active?.id ?? '' } }))
        .statusCode,
    ).toBe(404);
  });

  it('is seen and filtered by admins; a retired owner’s office lets its agents go', async () => {
    const { owner, agent } = await anOfficeWithAnAgent();
    const office = (await mine(owner)).office;
    const listed = (await as(admin).call(officeEndpoints.adminList)).json();
    expect(listed.items).toContainEqual(
      expect.objectContaining({ id: office?.id, members: 2, ownerName: 'عبدالله الشمري' }),
    );
    expect((await as(agent).call(officeEndpoints.adminList)).statusCode).toBe(403);
    const filtered = (
      await as(admin).call(adminBrokerEndpoints.list, { query: { office: office?.id ?? '' } })
    ).json();
    expect(filtered.items.map((b) => b.id).sort()).toEqual([owner.id, agent.id].sort());
    expect(filtered.items.every((b) => b.registeredOffice === office?.name)).toBe(true);
    expect(
      (await as(admin).call(adminBrokerEndpoints.list, { query: { office: 'nope' } })).json().total,
    ).toBe(0);

    expect(
      (await as(root).call(superadminEndpoints.deleteBroker, { params: { id: owner.id } }))
        .statusCode,
    ).toBe(200);
    expect((await mine(agent)).office).toBeNull();
    const rows = await t.database.db
      .select({ status: officeMembers.status })
      .from(officeMembers)
      .where(eq(officeMembers.officeId, office?.id ?? ''));
    expect(rows.map((r) => r.status).sort()).toEqual(['left', 'removed']);
  });
});
