import { beforeAll, describe, expect, it } from 'vitest';
import { notificationEndpoints } from '#contract/notifications';
import { type Caller, client } from '../test-support/client.js';
import { aBroker } from '../test-support/factories.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { notify } from './service.js';

let base: string;
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

const as = (caller: Caller) => client(t).as(caller);

describe('notifications', () => {
  it('are listed per broker with the unread count, and marked read', async () => {
    const b = await aBroker(t);
    const other = await aBroker(t);
    await notify(t.database.db, b.id, {
      type: 'success',
      title: 'تم تفعيل حسابك',
      message: 'يمكنك الآن إضافة الطلبات',
    });
    await notify(t.database.db, b.id, {
      type: 'info',
      title: 'تحديث حالة الطلب',
      message: 'قيد المراجعة',
    });

    const list = await as(b).call(notificationEndpoints.list);
    expect(list.json().unread).toBe(2);
    expect(list.json().items.map((n) => n.title)).toEqual(['تحديث حالة الطلب', 'تم تفعيل حسابك']);
    expect((await as(other).call(notificationEndpoints.list)).json()).toEqual({
      unread: 0,
      items: [],
    });

    await as(b).call(notificationEndpoints.markRead);
    const after = (await as(b).call(notificationEndpoints.list)).json();
    expect(after.unread).toBe(0);
    expect(after.items.every((n) => n.read)).toBe(true);
  });

  it('are pushed live over server-sent events', async () => {
    const b = await aBroker(t);
    const controller = new AbortController();
    const response = await fetch(`${base}/api/notifications/stream`, {
      headers: { cookie: b.cookie },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read(); // the retry hint
    await notify(t.database.db, b.id, { type: 'info', title: 'جديد', message: 'رسالة' });
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toContain('event: notification');
    controller.abort();
  });

  it('need a session', async () => {
    expect((await as(null).call(notificationEndpoints.list)).statusCode).toBe(401);
    expect((await fetch(`${base}/api/notifications/stream`)).status).toBe(401);
  });
});
