import { and, asc, eq, gt, max } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminSettingsEndpoints, DOCUMENT_RETENTION_DAYS } from '#contract/admin/settings';
import { referralLinkEndpoints } from '#contract/referral-links';
import { auditLog, systemConfig } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { aBroker } from '../test-support/factories.js';
import type { ApiError, ValidationError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { anAdminAndASuperAdmin } from '../test-support/staff.js';
import type { TestBroker } from '../test-support/test-app.js';
import { DOCUMENT_RETENTION_KEY } from './service.js';

// The retention schedule's setting (decision record 068): how many days after a referral
// closes its tenant's documents are erased. Super-admins set it; the privacy notice reads it.

const t = sharedTestApp();
const as = (caller: Caller) => client(t).as(caller);
let admin: TestBroker;
let root: TestBroker;
beforeAll(async () => {
  ({ admin, root } = await anAdminAndASuperAdmin(t));
});
/** The audit log's last row before the test: a test reads only the changes it made. */
let since = 0;
beforeEach(async () => {
  await t.database.db.delete(systemConfig).where(eq(systemConfig.key, DOCUMENT_RETENTION_KEY));
  const [last] = await t.database.db.select({ id: max(auditLog.id) }).from(auditLog);
  since = last?.id ?? 0;
});

const stored = async () =>
  (
    await t.database.db
      .select({ value: systemConfig.value, updatedBy: systemConfig.updatedBy })
      .from(systemConfig)
      .where(eq(systemConfig.key, DOCUMENT_RETENTION_KEY))
  )[0] ?? null;

const changes = () =>
  t.database.db
    .select({
      actorId: auditLog.actorId,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(
      and(
        gt(auditLog.id, since),
        eq(auditLog.entityType, 'setting'),
        eq(auditLog.entityId, DOCUMENT_RETENTION_KEY),
      ),
    )
    .orderBy(asc(auditLog.id));

const inForce = async () => {
  const answer = await as(null).call(referralLinkEndpoints.retention);
  expect(answer.statusCode).toBe(200);
  return answer.json().documentRetentionDays;
};

const setDays = (caller: Caller, value: string) =>
  as(caller).call(adminSettingsEndpoints.set, {
    body: { key: 'document_retention_days', value },
  });

describe('the document retention period', () => {
  it('is 90 days until a super-admin sets it, and the privacy notice reads it without a session', async () => {
    expect(DOCUMENT_RETENTION_DAYS.default).toBe(90);
    expect(await inForce()).toBe(90);
  });

  it('a super-admin sets it, audited with the value before and after, and the notice follows', async () => {
    const first = await setDays(root, '30');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ key: 'document_retention_days', value: '30' });
    expect(await stored()).toEqual({ value: '30', updatedBy: root.id });
    expect(await inForce()).toBe(30);
    expect((await setDays(root, '3650')).statusCode).toBe(200);
    expect(await inForce()).toBe(3650);
    expect((await setDays(root, '7')).statusCode).toBe(200);
    expect(await inForce()).toBe(7);
    expect(await changes()).toEqual([
      {
        actorId: root.id,
        action: 'settings.change',
        before: { value: null },
        after: { value: '30' },
      },
      {
        actorId: root.id,
        action: 'settings.change',
        before: { value: '30' },
        after: { value: '3650' },
      },
      {
        actorId: root.id,
        action: 'settings.change',
        before: { value: '3650' },
        after: { value: '7' },
      },
    ]);
    // Admins may read it, as every console setting.
    const read = await as(admin).call(adminSettingsEndpoints.get, {
      params: { key: 'document_retention_days' },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().value).toBe('7');
  });

  it('an admin and a broker are refused in Arabic, a stranger asked to sign in; nothing is written', async () => {
    const broker = await aBroker(t);
    const byAdmin = await setDays(admin, '30');
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json<ApiError>()).toEqual({
      code: 'FORBIDDEN',
      message: 'تعديل مدة حفظ مستندات المستأجرين متاح للمشرف العام فقط',
    });
    const byBroker = await setDays(broker, '30');
    expect(byBroker.statusCode).toBe(403);
    expect(byBroker.json<ApiError>().message).toMatch(/[\u0600-\u06FF]/);
    expect((await setDays(null, '30')).statusCode).toBe(401);
    expect(await stored()).toBeNull();
    expect(await changes()).toEqual([]);
    expect(await inForce()).toBe(90);
  });

  it.each([
    ['6', 'below a week'],
    ['0', 'zero'],
    ['3651', 'above ten years'],
    ['99999', 'too many digits'],
    ['090', 'a leading zero'],
    ['٩٠', 'Arabic-Indic digits'],
    ['12.5', 'a fraction'],
    ['-30', 'negative'],
    [' 90', 'a space'],
    ['تسعون', 'words'],
    ['', 'empty'],
  ])('refuses %j (%s) with the Arabic message, writing nothing', async (value) => {
    expect((await setDays(root, '45')).statusCode).toBe(200);
    const before = (await changes()).length;
    const refused = await setDays(root, value);
    expect(refused.statusCode).toBe(400);
    const body = refused.json<ValidationError>();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.fields.value).toBe('يرجى إدخال عدد أيام بين ٧ و٣٦٥٠');
    expect(await stored()).toEqual({ value: '45', updatedBy: root.id });
    expect(await changes()).toHaveLength(before);
    expect(await inForce()).toBe(45);
  });

  it('refuses a value that is not text, or missing', async () => {
    // Raw: the contract types the value as a string, and these are what it refuses.
    for (const body of [
      { key: 'document_retention_days', value: 30 },
      { key: 'document_retention_days' },
    ]) {
      const refused = await as(root).post('/api/admin/config', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ValidationError>().fields.value).toMatch(/[\u0600-\u06FF]/);
    }
    expect(await stored()).toBeNull();
    expect(await changes()).toEqual([]);
  });

  it('a value set by hand outside the bounds counts as the default', async () => {
    for (const value of ['3', '5000', 'ninety', '']) {
      await t.database.db
        .insert(systemConfig)
        .values({ key: DOCUMENT_RETENTION_KEY, value })
        .onConflictDoUpdate({ target: systemConfig.key, set: { value } });
      expect(await inForce()).toBe(90);
    }
  });
});
