import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpBroker, type TestApp } from '../test-support/test-app.js';
import { notify } from './service.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

describe('notifications', () => {
  it('are listed per broker with the unread count, and marked read', async () => {
    const b = await signUpBroker(t);
    const other = await signUpBroker(t);
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

    const list = await t.app.inject({ url: '/api/notifications', headers: { cookie: b.cookie } });
    expect(list.json().unread).toBe(2);
    expect(list.json().items.map((n: { title: string }) => n.title)).toEqual([
      'تحديث حالة الطلب',
      'تم تفعيل حسابك',
    ]);
    expect(
      (await t.app.inject({ url: '/api/notifications', headers: { cookie: other.cookie } })).json(),
    ).toEqual({
      unread: 0,
      items: [],
    });

    await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: { cookie: b.cookie },
    });
    const after = (
      await t.app.inject({ url: '/api/notifications', headers: { cookie: b.cookie } })
    ).json();
    expect(after.unread).toBe(0);
    expect(after.items.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it('are pushed live over server-sent events', async () => {
    const b = await signUpBroker(t);
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
    expect((await t.app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
    expect((await fetch(`${base}/api/notifications/stream`)).status).toBe(401);
  });
});
