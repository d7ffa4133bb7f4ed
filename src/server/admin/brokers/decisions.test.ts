import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import { brokerEndpoints } from '#contract/brokers';
import { notificationEndpoints } from '#contract/notifications';
import { auditLog, brokers } from '../../db/schema.js';
import { type Caller, client } from '../../test-support/client.js';
import { aBroker, anAdmin } from '../../test-support/factories.js';
import type { ApiError } from '../../test-support/responses.js';
import { sharedTestApp } from '../../test-support/shared-test-app.js';
import type { TestBroker } from '../../test-support/test-app.js';

// Issue 34 item 3: deactivating an account and refusing an activation request each need a
// reason, which the broker reads in their notification and on their dashboard.

const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
let admin: TestBroker;
beforeAll(async () => {
  admin = await anAdmin(t);
});

const as = (caller: Caller) => client(t).as(caller);
const profileOf = async (broker: TestBroker) =>
  (await as(broker).call(brokerEndpoints.profile)).json();
const lastNotice = async (broker: TestBroker) =>
  (await as(broker).call(notificationEndpoints.list)).json().items[0];
const audited = (action: string, brokerId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, brokerId)));

describe('a decision on an account carries a reason the broker reads', () => {
  it('deactivation asks a reason in Arabic, keeps it for the broker, and activation clears it', async () => {
    const broker = await aBroker(t);
    for (const [body, message] of [
      [{}, 'يرجى كتابة سبب إلغاء التفعيل'],
      [{ reason: '' }, 'يرجى كتابة سبب إلغاء التفعيل'],
      [{ reason: 'مخالفة\u202Eالشروط' }, null],
    ] as const) {
      const refused = await as(admin).call(adminBrokerEndpoints.deactivate, {
        params: { id: broker.id },
        body: body as { reason: string },
      });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(refused.body).toContain(message);
    }
    expect((await profileOf(broker)).isActive).toBe(true);

    const reason = 'تكرار إحالات لمستأجرين دون موافقتهم';
    const done = await as(admin).call(adminBrokerEndpoints.deactivate, {
      params: { id: broker.id },
      body: { reason: `${reason}.` },
    });
    expect(done.statusCode).toBe(200);
    expect(await profileOf(broker)).toMatchObject({
      isActive: false,
      inactiveReason: `${reason}.`,
    });
    expect(await lastNotice(broker)).toMatchObject({
      title: 'تم إيقاف تفعيل حسابك',
      message: `السبب: ${reason}. لا يمكنك إضافة طلبات جديدة حالياً، يرجى التواصل مع الإدارة.`,
    });
    expect((await audited('broker.deactivate', broker.id))[0]?.after).toEqual({
      isActive: false,
      reason: `${reason}.`,
    });
    // An account already inactive is not deactivated again.
    const twice = await as(admin).call(adminBrokerEndpoints.deactivate, {
      params: { id: broker.id },
      body: { reason: 'سبب آخر' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ApiError>().message).toBe('هذا الحساب غير مفعل أصلاً');
    expect((await profileOf(broker)).inactiveReason).toBe(`${reason}.`);

    await as(admin).call(adminBrokerEndpoints.activate, { params: { id: broker.id } });
    expect(await profileOf(broker)).toMatchObject({ isActive: true, inactiveReason: null });
    const [row] = await t.database.db.select().from(brokers).where(eq(brokers.id, broker.id));
    expect(row?.inactiveReason).toBeNull();
  });

  it('a waiting activation request is refused with a reason; the broker may ask again', async () => {
    const broker = await aBroker(t, { active: false });
    const reason = 'رقم رخصة فال لا يطابق الاسم المسجل';
    const early = await as(admin).call(adminBrokerEndpoints.refuseActivation, {
      params: { id: broker.id },
      body: { reason },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json<ApiError>().message).toBe('لا يوجد طلب تفعيل بانتظار المراجعة لهذا الوسيط');

    expect((await as(broker).call(brokerEndpoints.requestActivation)).statusCode).toBe(200);
    const missing = await as(admin).call(adminBrokerEndpoints.refuseActivation, {
      params: { id: broker.id },
      body: { reason: '' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('يرجى كتابة سبب رفض الطلب');
    expect((await profileOf(broker)).activationRequestedAt).not.toBeNull();

    const refused = await as(admin).call(adminBrokerEndpoints.refuseActivation, {
      params: { id: broker.id },
      body: { reason },
    });
    expect(refused.statusCode).toBe(200);
    expect(await profileOf(broker)).toMatchObject({
      isActive: false,
      activationRequestedAt: null,
      inactiveReason: reason,
    });
    expect(await lastNotice(broker)).toMatchObject({
      title: 'لم يُقبل طلب تفعيل حسابك',
      message: `السبب: ${reason}. يمكنك استكمال ما يلزم ثم طلب التفعيل مرة أخرى.`,
    });
    expect((await audited('broker.activation_refuse', broker.id))[0]).toMatchObject({
      actorId: admin.id,
      after: { isActive: false, reason },
    });
    // Not a waiting request any more; the broker asks again.
    const pending = (
      await as(admin).call(adminBrokerEndpoints.list, {
        query: { filter: 'pending', search: broker.phone },
      })
    ).json();
    expect(pending.total).toBe(0);
    expect((await as(broker).call(brokerEndpoints.requestActivation)).statusCode).toBe(200);
    // A broker may not refuse their own: only admins decide.
    expect(
      (
        await as(broker).call(adminBrokerEndpoints.refuseActivation, {
          params: { id: broker.id },
          body: { reason },
        })
      ).statusCode,
    ).toBe(403);
  });
});
