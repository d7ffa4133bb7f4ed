import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { adminPayoutEndpoints } from '#contract/admin/payouts';
import { adminReferralEndpoints } from '#contract/admin/referrals';
import { superadminEndpoints } from '#contract/superadmin';
import { client } from '../test-support/client.js';
import { callOf } from '../test-support/endpoints.js';
import type { ApiError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { signUpBroker, type TestBroker } from '../test-support/test-app.js';

/**
 * Every administrative call, each refused for a caller without the right, whatever its input:
 * the role is checked before the body or query is read, so a bad payload never answers 400 to
 * somebody who may not call at all. Raw URLs: the matrix is checked against the server's route
 * table, and its inputs (bad queries, wrong-typed bodies) are ones the contract refuses.
 */
type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object };

const ID = randomUUID();
const ADMIN_CALLS: Call[] = [
  { method: 'GET', url: '/api/admin/summary' },
  { method: 'GET', url: '/api/admin/operations' },
  { method: 'GET', url: '/api/admin/analytics?from=bad' },
  { method: 'GET', url: '/api/admin/brokers?page=0' },
  { method: 'POST', url: `/api/admin/brokers/${ID}/activate` },
  { method: 'POST', url: `/api/admin/brokers/${ID}/deactivate` },
  { method: 'POST', url: `/api/admin/brokers/${ID}/refuse-activation`, payload: { reason: 1 } },
  { method: 'GET', url: `/api/admin/brokers/${ID}/fal-license/copy` },
  { method: 'POST', url: `/api/admin/brokers/${ID}/fal-license/verify`, payload: {} },
  { method: 'POST', url: `/api/admin/brokers/${ID}/fal-license/refuse`, payload: {} },
  { method: 'GET', url: `/api/admin/brokers/${ID}/tax-profile/certificate` },
  { method: 'POST', url: `/api/admin/brokers/${ID}/tax-profile/verify`, payload: {} },
  { method: 'GET', url: `/api/admin/brokers/${ID}/terms` },
  { method: 'GET', url: `/api/admin/brokers/${ID}/notes` },
  { method: 'POST', url: `/api/admin/brokers/${ID}/notes`, payload: { body: 1 } },
  { method: 'PUT', url: `/api/admin/brokers/${ID}/tags`, payload: { tags: 'x' } },
  { method: 'POST', url: `/api/admin/brokers/${ID}/nudge` },
  { method: 'GET', url: `/api/admin/brokers/${ID}/adjustments` },
  { method: 'GET', url: `/api/admin/brokers/${ID}/activation-answers` },
  { method: 'POST', url: `/api/admin/brokers/${ID}/adjustments`, payload: { amount: 1 } },
  { method: 'GET', url: '/api/admin/broker-tags' },
  { method: 'GET', url: '/api/admin/conversations?page=0' },
  { method: 'GET', url: `/api/admin/conversations/${ID}` },
  { method: 'POST', url: `/api/admin/conversations/${ID}/messages` },
  { method: 'POST', url: `/api/admin/conversations/${ID}/read` },
  { method: 'GET', url: `/api/admin/messages/${ID}/attachment` },
  { method: 'GET', url: '/api/admin/broadcasts/audience?audience=nope' },
  { method: 'GET', url: '/api/admin/broadcasts/groups' },
  { method: 'GET', url: '/api/admin/offices' },
  { method: 'GET', url: '/api/admin/broadcasts?page=0' },
  { method: 'POST', url: '/api/admin/broadcasts', payload: { audience: 'nope' } },
  { method: 'GET', url: '/api/admin/documents?month=2026-11' },
  { method: 'GET', url: '/api/admin/documents/export?month=2026-11' },
  { method: 'GET', url: `/api/admin/documents/${ID}` },
  { method: 'GET', url: `/api/admin/documents/${ID}/xml` },
  { method: 'GET', url: '/api/admin/referrals?status=nope' },
  { method: 'GET', url: `/api/admin/referrals/${ID}/tenant-form` },
  { method: 'GET', url: `/api/admin/referrals/${ID}/history` },
  { method: 'PUT', url: `/api/admin/referrals/${ID}/status`, payload: { status: 'nope' } },
  { method: 'GET', url: '/api/admin/commissions?status=nope' },
  { method: 'POST', url: `/api/admin/commissions/${ID}/confirm-payment`, payload: {} },
  { method: 'POST', url: `/api/admin/commissions/${ID}/reverse`, payload: {} },
  { method: 'GET', url: '/api/admin/payouts?status=nope' },
  { method: 'POST', url: `/api/admin/payouts/${ID}/pay`, payload: {} },
  { method: 'POST', url: `/api/admin/payouts/${ID}/reject`, payload: {} },
  { method: 'POST', url: `/api/admin/payouts/${ID}/fail`, payload: {} },
  { method: 'POST', url: `/api/admin/payouts/${ID}/cancel`, payload: {} },
  { method: 'GET', url: '/api/admin/payouts/steps' },
  { method: 'POST', url: '/api/admin/payouts/mark', payload: { ids: [] } },
  { method: 'POST', url: '/api/admin/payouts/pay-due' },
  { method: 'POST', url: '/api/admin/payouts/bank-file' },
  { method: 'GET', url: '/api/admin/payouts/bank-file/nope' },
  { method: 'GET', url: '/api/admin/config/sms_notifications_enabled' },
  { method: 'POST', url: '/api/admin/config', payload: { key: 'x' } },
  { method: 'GET', url: '/api/admin/export/brokers' },
  { method: 'GET', url: '/api/admin/export/referrals' },
  { method: 'GET', url: '/api/admin/export/commissions' },
  { method: 'GET', url: '/api/admin/outbox?status=nope' },
  { method: 'POST', url: `/api/admin/outbox/${ID}/retry` },
  { method: 'POST', url: '/api/admin/test-zoho-lead', payload: { tenantPhone: 'x' } },
  { method: 'GET', url: '/api/admin/signals?status=nope' },
  { method: 'POST', url: `/api/admin/signals/${ID}/resolve`, payload: {} },
  { method: 'POST', url: `/api/admin/signals/${ID}/dismiss`, payload: {} },
  { method: 'GET', url: '/api/admin/data-requests?status=nope' },
  { method: 'POST', url: `/api/admin/data-requests/${ID}/correct` },
  { method: 'POST', url: `/api/admin/data-requests/${ID}/erase` },
  { method: 'POST', url: `/api/admin/data-requests/${ID}/refuse`, payload: {} },
];
const SUPERADMIN_CALLS: Call[] = [
  { method: 'GET', url: '/api/superadmin/users?page=0' },
  { method: 'PATCH', url: `/api/superadmin/users/${ID}/role`, payload: { isAdmin: 'yes' } },
  { method: 'DELETE', url: `/api/superadmin/brokers/${ID}` },
  { method: 'DELETE', url: `/api/superadmin/referrals/${ID}` },
  { method: 'GET', url: '/api/superadmin/audit-log?page=0' },
  { method: 'GET', url: '/api/superadmin/holidays' },
  { method: 'POST', url: '/api/superadmin/holidays', payload: { day: 'nope' } },
  { method: 'DELETE', url: '/api/superadmin/holidays/nope' },
  { method: 'GET', url: '/api/superadmin/webhooks' },
  { method: 'POST', url: '/api/superadmin/webhooks', payload: { url: 'nope' } },
  { method: 'PATCH', url: `/api/superadmin/webhooks/${ID}`, payload: { active: 'yes' } },
  { method: 'POST', url: `/api/superadmin/webhooks/${ID}/rotate-secret` },
  { method: 'DELETE', url: `/api/superadmin/webhooks/${ID}` },
  { method: 'GET', url: '/api/superadmin/webhooks/deliveries?page=0' },
  { method: 'POST', url: `/api/superadmin/webhooks/deliveries/${ID}/resend` },
  { method: 'GET', url: '/api/superadmin/data-incidents?page=0' },
  { method: 'POST', url: '/api/superadmin/data-incidents', payload: { title: 1 } },
  { method: 'PATCH', url: `/api/superadmin/data-incidents/${ID}`, payload: { status: 'nope' } },
  { method: 'GET', url: '/api/superadmin/groups' },
  { method: 'POST', url: '/api/superadmin/groups', payload: { name: 1 } },
  { method: 'PUT', url: `/api/superadmin/groups/${ID}`, payload: { name: 1 } },
  { method: 'DELETE', url: `/api/superadmin/groups/${ID}` },
  { method: 'POST', url: `/api/superadmin/groups/${ID}/default` },
  { method: 'GET', url: '/api/superadmin/bonuses' },
  { method: 'POST', url: '/api/superadmin/bonuses', payload: { name: 1 } },
  { method: 'PUT', url: `/api/superadmin/bonuses/${ID}`, payload: { name: 1 } },
  { method: 'DELETE', url: `/api/superadmin/bonuses/${ID}` },
  { method: 'POST', url: `/api/superadmin/bonuses/${ID}/close` },
  { method: 'GET', url: '/api/superadmin/program-terms' },
  { method: 'POST', url: '/api/superadmin/program-terms', payload: { body: 1 } },
  { method: 'GET', url: '/api/superadmin/activation-questions' },
  { method: 'POST', url: '/api/superadmin/activation-questions', payload: { prompt: 1 } },
  { method: 'PUT', url: `/api/superadmin/activation-questions/${ID}`, payload: { prompt: 1 } },
  { method: 'DELETE', url: `/api/superadmin/activation-questions/${ID}` },
  { method: 'GET', url: '/api/superadmin/api-keys' },
  { method: 'POST', url: '/api/superadmin/api-keys', payload: { name: 1 } },
  { method: 'POST', url: `/api/superadmin/api-keys/${ID}/revoke` },
  { method: 'POST', url: '/api/superadmin/promotion-rules', payload: { groupId: 'x' } },
  { method: 'DELETE', url: `/api/superadmin/promotion-rules/${ID}` },
  { method: 'POST', url: `/api/superadmin/brokers/${ID}/group`, payload: { groupId: 'x' } },
  {
    method: 'POST',
    url: `/api/superadmin/brokers/${ID}/commission-override`,
    payload: { reason: 1 },
  },
];

let broker: TestBroker;
let admin: TestBroker;
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeAll(async () => {
  broker = await signUpBroker(t);
  admin = await signUpBroker(t, { admin: true });
});

const call = (c: Call, cookie?: string) =>
  t.app.inject({
    method: c.method,
    url: c.url,
    headers: cookie ? { cookie } : {},
    ...(c.payload ? { payload: c.payload } : {}),
  });

describe('who may call the administrative API', () => {
  it('names every admin and super-admin route in the matrix', () => {
    // The server's own record of what it serves, as `npm run routes` prints it.
    const declared = t.app.routeRecord
      .filter((route) => /^\/api\/(admin|superadmin)\//.test(route.path))
      .map((route) => `${route.method} ${route.path}`);
    declared.sort();
    const covered = [...ADMIN_CALLS, ...SUPERADMIN_CALLS]
      .map((c) => {
        const path = (c.url.split('?')[0] ?? '')
          .replace(ID, ':id')
          .replace(/\/export\/\w+$/, '/export/:type')
          .replace(/\/config\/\w+$/, '/config/:key')
          .replace(/\/holidays\/nope$/, '/holidays/:day')
          .replace(/\/bank-file\/nope$/, '/bank-file/:batch');
        return `${c.method} ${path}`;
      })
      .filter((entry, index, all) => all.indexOf(entry) === index)
      .sort();
    expect(covered).toEqual(declared);
  });

  it.each([...ADMIN_CALLS, ...SUPERADMIN_CALLS])('$method $url: 401 signed out', async (c) => {
    const response = await call(c);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'يرجى تسجيل الدخول أولاً', code: 'UNAUTHENTICATED' });
  });

  it.each([...ADMIN_CALLS, ...SUPERADMIN_CALLS])('$method $url: 403 for a broker', async (c) => {
    const response = await call(c, broker.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'غير مخول للوصول لهذه الصفحة', code: 'FORBIDDEN' });
  });

  it.each(SUPERADMIN_CALLS)('$method $url: 403 for an admin', async (c) => {
    expect((await call(c, admin.cookie)).statusCode).toBe(403);
  });

  it('an expired or forged session is as good as none', async () => {
    const response = await call(ADMIN_CALLS[0] as Call, 'sid=forged-token');
    expect(response.statusCode).toBe(401);
  });
});

describe('unknown ids answer 404 with an Arabic message', () => {
  const superAdmin = () => signUpBroker(t, { superAdmin: true });
  const idCalls = (id: string) => [
    callOf(adminBrokerEndpoints.activate, { params: { id } }),
    callOf(adminBrokerEndpoints.deactivate, {
      params: { id },
      body: { reason: 'مخالفة شروط البرنامج' },
    }),
    callOf(adminBrokerEndpoints.refuseActivation, {
      params: { id },
      body: { reason: 'مخالفة شروط البرنامج' },
    }),
    callOf(adminReferralEndpoints.tenantForm, { params: { id } }),
    callOf(adminReferralEndpoints.changeStatus, { params: { id }, body: { status: 'rejected' } }),
    callOf(adminCommissionEndpoints.confirmPayment, { params: { id }, body: {} }),
    callOf(adminCommissionEndpoints.reverse, { params: { id }, body: { reason: 'ألغي العقد' } }),
    callOf(adminPayoutEndpoints.pay, { params: { id }, body: {} }),
    callOf(adminPayoutEndpoints.reject, { params: { id }, body: { reason: 'لا يوجد' } }),
    callOf(adminPayoutEndpoints.fail, { params: { id }, body: { reason: 'أعاده البنك' } }),
    callOf(superadminEndpoints.changeRole, { params: { id }, body: { isAdmin: true } }),
    callOf(superadminEndpoints.deleteBroker, { params: { id } }),
    callOf(superadminEndpoints.deleteReferral, { params: { id } }),
  ];

  it.each([
    ['a random uuid', randomUUID()],
    ['not a uuid', 'not-a-uuid'],
    ['a number', '12345'],
  ])('%s', async (_, id) => {
    const root = await superAdmin();
    for (const c of idCalls(id)) {
      const response = await client(t).as(root).send(c);
      expect(response.statusCode, `${c.endpoint.method} ${c.endpoint.path}`).toBe(404);
      expect(response.json<ApiError>().message).toMatch(/[\u0600-\u06FF]/);
    }
  });
});
