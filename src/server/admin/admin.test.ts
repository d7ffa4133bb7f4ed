import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpBroker, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
});
afterAll(async () => {
  await t.close();
});

describe('broker activation by an admin', () => {
  it('activates and deactivates, notifying the broker', async () => {
    const admin = await signUpBroker(t, { admin: true });
    const broker = await signUpBroker(t, { active: false });
    const post = (url: string, cookie: string) =>
      t.app.inject({ method: 'POST', url, headers: { cookie } });

    const activated = await post(`/api/admin/brokers/${broker.id}/activate`, admin.cookie);
    expect(activated.statusCode).toBe(200);
    expect(activated.json().isActive).toBe(true);
    const notes = (
      await t.app.inject({ url: '/api/notifications', headers: { cookie: broker.cookie } })
    ).json();
    expect(notes.items[0].title).toBe('تم تفعيل حسابك');

    const deactivated = await post(`/api/admin/brokers/${broker.id}/deactivate`, admin.cookie);
    expect(deactivated.json().isActive).toBe(false);
  });

  it('refuses brokers (403), signed-out callers (401) and unknown ids (404)', async () => {
    const admin = await signUpBroker(t, { admin: true });
    const broker = await signUpBroker(t, { active: false });
    const url = `/api/admin/brokers/${broker.id}/activate`;
    expect(
      (await t.app.inject({ method: 'POST', url, headers: { cookie: broker.cookie } })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/brokers/00000000-0000-4000-8000-000000000000/activate',
      headers: { cookie: admin.cookie },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
