import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import { adminCommissionEndpoints } from '#contract/admin/commissions';
import { brokerEndpoints } from '#contract/brokers';
import { commissionEndpoints } from '#contract/commissions';
import { referralLinkEndpoints } from '#contract/referral-links';
import { tenantFormEndpoints } from '#contract/tenant-forms';
import {
  FAL_LICENSE_MESSAGES,
  falLicenseHoldReason,
  formatDayAr,
  PUBLIC_TEXT_MESSAGES,
  riyadhIsoDate,
} from '#domain';
import {
  auditLog,
  brokers,
  commissions,
  notifications,
  outboundMessages,
  storedFiles,
} from '../db/schema.js';
import { sweepUnattachedUploads } from '../files/retention.js';
import { LocalFileStorage } from '../integrations/storage.js';
import { type Caller, client } from '../test-support/client.js';
import { aBroker, aSignedContract } from '../test-support/factories.js';
import { addsUp, inCents, ledgerOf } from '../test-support/money.js';
import type { ApiError } from '../test-support/responses.js';
import { anAdminAndASuperAdmin } from '../test-support/staff.js';
import type { TestBroker } from '../test-support/test-app.js';
import { sharedUploadingApp } from '../test-support/uploading-app.js';

// Decision 070: only a verified, unexpired brokerage FAL licence earns payable commissions.

const DAY_MS = 24 * 60 * 60 * 1000;
const { t, base, storedOnDisk, dataDir } = sharedUploadingApp('fal-license');
let admin: TestBroker;
let root: TestBroker;
beforeAll(async () => {
  ({ admin, root } = await anAdminAndASuperAdmin(t));
});

const as = (caller: Caller) => client(t).as(caller);
const inDays = (days: number) => riyadhIsoDate(new Date(Date.now() + days * DAY_MS));
const PDF = new TextEncoder().encode('%PDF-1.4 licence');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

const profileOf = async (broker: TestBroker) =>
  (await as(broker).call(brokerEndpoints.profile)).json();
const adminRowOf = async (broker: TestBroker) => {
  const [row] = await t.database.db.select().from(brokers).where(eq(brokers.id, broker.id));
  if (!row) throw new Error('no broker row');
  return row;
};
const enterLicence = (broker: TestBroker, body: Record<string, unknown> = {}) =>
  as(broker).call(brokerEndpoints.setFalLicense, {
    body: {
      falLicense: '1100012345',
      falLicenseType: 'brokerage',
      falLicenseExpiresOn: inDays(365),
      ...body,
    },
  });
/** Uploads a licence copy over real HTTP (multipart), as the profile page does. */
async function uploadCopy(broker: TestBroker, bytes: Uint8Array, name = 'licence.pdf') {
  const form = new FormData();
  form.set('file', new Blob([Buffer.from(bytes)]), name);
  return fetch(`${base()}/api/broker/fal-license/copy`, {
    method: 'PUT',
    body: form,
    headers: { cookie: broker.cookie },
  });
}
const verify = async (
  caller: TestBroker,
  broker: TestBroker,
  body: { evidence?: string; note?: string; seenUpdatedAt?: string } = {},
) =>
  as(caller).call(adminBrokerEndpoints.verifyFalLicense, {
    params: { id: broker.id },
    body: {
      evidence: 'rega_enquiry',
      note: 'مطابقة في منصة فال',
      seenUpdatedAt: (await adminRowOf(broker)).updatedAt.toISOString(),
      ...body,
    } as never,
  });
const commissionOf = async (referralId: string) => {
  const [row] = await t.database.db
    .select()
    .from(commissions)
    .where(eq(commissions.referralId, referralId));
  return row;
};

describe('a broker without a verified licence', () => {
  it('refers, but the commission waits in a hold that says why, past any holding period', async () => {
    const broker = await aBroker(t, { licensed: false });
    expect((await profileOf(broker)).falLicenseStanding).toEqual({
      state: 'missing',
      verifiedAt: null,
      refusal: null,
      holdReason: falLicenseHoldReason('missing'),
    });
    const { referral, commission } = await aSignedContract(t, admin, { broker });
    expect(commission).toMatchObject({ status: 'on_hold', licenseHold: true });
    // No holding period is set: only the licence holds it, and the hourly release leaves it.
    expect(await t.app.scheduledJobs.releaseCommissions()).toBe(0);
    expect(await commissionOf(referral.id)).toMatchObject({ status: 'on_hold', licenseHold: true });
    const paid = await as(admin).call(adminCommissionEndpoints.confirmPayment, {
      params: { id: commission.id },
      body: {},
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json<ApiError>().code).toBe('HELD_BY_FAL_LICENSE');
    const listed = (await as(admin).call(adminCommissionEndpoints.list, { query: {} })).json();
    expect(listed.items.find((c) => c.id === commission.id)?.licenseHold).toBe(true);
    const summary = (await as(broker).call(commissionEndpoints.summary)).json();
    expect(addsUp(summary)).toBe(true);
    expect(await ledgerOf(t.database.db, broker.id)).toEqual(inCents(summary));
  });

  it('is verified by an admin with the evidence and a note: the held money is released', async () => {
    const broker = await aBroker(t, { licensed: false });
    const { referral } = await aSignedContract(t, admin, { broker });
    // Arabic-Indic digits as a Saudi keyboard types them are kept as Latin ones.
    const entered = await enterLicence(broker, { falLicense: '١١٠٠٠١٢٣٤٥' });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(entered.json()).toMatchObject({
      falLicense: '1100012345',
      falLicenseType: 'brokerage',
      falLicenseStanding: { state: 'unverified', holdReason: falLicenseHoldReason('unverified') },
    });

    const verified = await verify(admin, broker);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({
      id: broker.id,
      falLicenseStanding: { state: 'verified', holdReason: null },
      falLicenseReview: { evidence: 'rega_enquiry', note: 'مطابقة في منصة فال' },
    });
    expect(await commissionOf(referral.id)).toMatchObject({
      status: 'pending',
      licenseHold: false,
    });
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'broker.fal_license_verify'), eq(auditLog.entityId, broker.id)),
      );
    expect(audited?.actorId).toBe(admin.id);
    expect(audited?.after).toMatchObject({ evidence: 'rega_enquiry', note: 'مطابقة في منصة فال' });
    const releasedId = (await commissionOf(referral.id))?.id;
    const released = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'commission.license_release'));
    expect(released.some((row) => row.entityId === releasedId)).toBe(true);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.brokerId, broker.id));
    expect(told.map((n) => n.title)).toContain('تم التحقق من رخصة فال');
    const summary = (await as(broker).call(commissionEndpoints.summary)).json();
    expect(await ledgerOf(t.database.db, broker.id)).toEqual(inCents(summary));

    // The QR card the broker prints carries the number, as the link page does.
    const card = await as(broker).call(referralLinkEndpoints.qr);
    expect(card.body).toContain('رخصة فال رقم 1100012345</text>');

    // The next commission is payable at once: nothing holds it any more.
    const { commission } = await aSignedContract(t, admin, { broker });
    expect(commission).toMatchObject({ status: 'pending', licenseHold: false });
  });

  it('keeps a commission held by an open signal after the licence is verified', async () => {
    const broker = await aBroker(t, { licensed: false });
    const { referral } = await aSignedContract(t, admin, { broker });
    await t.database.db
      .update(commissions)
      .set({ signalHold: true })
      .where(eq(commissions.referralId, referral.id));
    await enterLicence(broker);
    expect((await verify(admin, broker)).statusCode).toBe(200);
    expect(await commissionOf(referral.id)).toMatchObject({
      status: 'on_hold',
      licenseHold: false,
      signalHold: true,
    });
  });
});

describe('what the broker enters', () => {
  it('refuses a malformed number, a missing type and a past expiry in Arabic, writing nothing', async () => {
    const broker = await aBroker(t, { licensed: false });
    for (const [body, message] of [
      [{ falLicense: 'FAL-123' }, PUBLIC_TEXT_MESSAGES.falLicense],
      [{ falLicense: '' }, FAL_LICENSE_MESSAGES.number],
      [{ falLicenseType: 'broker' }, FAL_LICENSE_MESSAGES.type],
      [{ falLicenseExpiresOn: inDays(-1) }, FAL_LICENSE_MESSAGES.expired],
      [{ falLicenseExpiresOn: inDays(6 * 366) }, FAL_LICENSE_MESSAGES.tooFar],
      [{ falLicenseExpiresOn: '2026-02-30' }, null],
    ] as const) {
      const refused = await enterLicence(broker, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(refused.body).toContain(message);
    }
    expect((await profileOf(broker)).falLicenseStanding.state).toBe('missing');
  });

  it('a licence that is not for brokerage never earns, and cannot be verified', async () => {
    const broker = await aBroker(t, { licensed: false });
    await enterLicence(broker, { falLicenseType: 'property_management' });
    expect((await profileOf(broker)).falLicenseStanding).toMatchObject({
      state: 'not_brokerage',
      holdReason: falLicenseHoldReason('not_brokerage'),
    });
    const refused = await verify(admin, broker);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiError>().code).toBe('FAL_LICENSE_NOT_BROKERAGE');
  });

  it('any change after verification waits for an admin again, and new commissions wait too', async () => {
    const broker = await aBroker(t);
    expect((await profileOf(broker)).falLicenseStanding.state).toBe('verified');
    const renewed = await enterLicence(broker, { falLicense: '1100099999' });
    expect(renewed.json().falLicenseStanding.state).toBe('unverified');
    const { commission } = await aSignedContract(t, admin, { broker });
    expect(commission.licenseHold).toBe(true);

    // The profile's own number field clears it the same way.
    const other = await aBroker(t);
    const patched = await as(other).call(brokerEndpoints.updateProfile, {
      body: { falLicense: '1200000001' },
    });
    expect(patched.json().falLicenseStanding.state).toBe('unverified');
    const [numbered] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'broker.fal_license_update'), eq(auditLog.entityId, other.id)),
      );
    expect(numbered?.after).toMatchObject({ falLicense: '1200000001', verified: false });
    const [changed] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'broker.fal_license_update'), eq(auditLog.entityId, broker.id)),
      );
    expect(changed?.before).toMatchObject({ verified: true });
    expect(changed?.after).toMatchObject({ falLicense: '1100099999', verified: false });
  });

  it('an expired licence holds new commissions again, and says so', async () => {
    const broker = await aBroker(t);
    await t.database.db
      .update(brokers)
      .set({ falLicenseExpiresOn: inDays(-1) })
      .where(eq(brokers.id, broker.id));
    expect((await profileOf(broker)).falLicenseStanding).toMatchObject({
      state: 'expired',
      holdReason: falLicenseHoldReason('expired'),
    });
    const { commission } = await aSignedContract(t, admin, { broker });
    expect(commission).toMatchObject({ status: 'on_hold', licenseHold: true });
    const refused = await verify(admin, broker);
    expect(refused.json<ApiError>().code).toBe('FAL_LICENSE_EXPIRED');
  });
});

describe('the licence copy', () => {
  it('takes a PDF or an image by its bytes, replaces the last one, and stays private', async () => {
    const broker = await aBroker(t, { licensed: false });
    const notACopy = await uploadCopy(broker, new TextEncoder().encode('<html>'), 'licence.pdf');
    expect(notACopy.status).toBe(400);
    expect(((await notACopy.json()) as ApiError).message).toBe(FAL_LICENSE_MESSAGES.copy);

    const first = await uploadCopy(broker, PDF);
    expect(first.status).toBe(200);
    const firstKey = (await adminRowOf(broker)).falLicenseCopy;
    expect(firstKey).toMatch(/\.pdf$/);
    const second = await uploadCopy(broker, PNG, 'licence.png');
    expect(second.status).toBe(200);
    const secondKey = (await adminRowOf(broker)).falLicenseCopy;
    expect(secondKey).toMatch(/\.png$/);
    expect(storedOnDisk(secondKey ?? '')).toBe(true);
    expect(storedOnDisk(firstKey ?? '')).toBe(false);
    const rows = await t.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.brokerId, broker.id));
    expect(rows.map((row) => [row.key, row.kind, row.referralId])).toEqual([
      [secondKey, 'fal_license', null],
    ]);

    // The broker reads their own; admins read it on record; the tenant documents' route does not.
    const own = await as(broker).call(brokerEndpoints.falLicenseCopy);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['cache-control']).toBe('private, no-store');
    const stranger = await as(await aBroker(t)).call(adminBrokerEndpoints.falLicenseCopy, {
      params: { id: broker.id },
    });
    expect(stranger.statusCode).toBe(403);
    const byAdmin = await as(admin).call(adminBrokerEndpoints.falLicenseCopy, {
      params: { id: broker.id },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.rawPayload.subarray(0, 8)).toEqual(Buffer.from(PNG.subarray(0, 8)));
    const opened = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'file.download'), eq(auditLog.entityId, broker.id)));
    expect(opened).toHaveLength(1);
    const asTenantDocument = await as(admin).call(tenantFormEndpoints.download, {
      params: { key: secondKey ?? '' },
    });
    expect(asTenantDocument.statusCode).toBe(404);

    // The sweep of abandoned tenant uploads never takes it, however old.
    const storage = new LocalFileStorage(path.join(dataDir(), 'uploads'));
    const quiet = { warn: () => {} };
    await sweepUnattachedUploads(t.database.db, storage, quiet, new Date(Date.now() + 30 * DAY_MS));
    expect(storedOnDisk(secondKey ?? '')).toBe(true);
  });

  it('is the evidence only when there is one; uploading it clears a verification', async () => {
    const broker = await aBroker(t, { licensed: false });
    await enterLicence(broker);
    const without = await verify(admin, broker, { evidence: 'copy' });
    expect(without.statusCode).toBe(409);
    expect(without.json<ApiError>().code).toBe('FAL_LICENSE_NO_COPY');
    await uploadCopy(broker, PDF);
    expect((await verify(admin, broker, { evidence: 'copy' })).statusCode).toBe(200);
    await uploadCopy(broker, PDF);
    expect((await profileOf(broker)).falLicenseStanding.state).toBe('unverified');
  });
});

describe('the admin’s decision', () => {
  it('is never on one’s own licence, nor on a licence changed since it was opened', async () => {
    const own = await verify(admin, admin);
    expect(own.statusCode).toBe(403);
    expect(own.json<ApiError>().code).toBe('OWN_FAL_LICENSE');
    const broker = await aBroker(t, { licensed: false });
    await enterLicence(broker);
    const seenUpdatedAt = (await adminRowOf(broker)).updatedAt.toISOString();
    await enterLicence(broker, { falLicense: '1100054321' });
    const stale = await verify(admin, broker, { seenUpdatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ApiError>().code).toBe('FAL_LICENSE_CHANGED');
    // A second admin's refusal since the dialog opened: the first admin's verification is stale.
    const opened = (await adminRowOf(broker)).updatedAt.toISOString();
    await as(root).call(adminBrokerEndpoints.refuseFalLicense, {
      params: { id: broker.id },
      body: { reason: 'الرقم غير موجود في منصة فال' },
    });
    const late = await verify(admin, broker, { seenUpdatedAt: opened });
    expect(late.json<ApiError>().code).toBe('FAL_LICENSE_CHANGED');
    const byBroker = await verify(await aBroker(t), broker);
    expect(byBroker.statusCode).toBe(403);
    const noNote = await verify(root, broker, { note: '' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.body).toContain(FAL_LICENSE_MESSAGES.note);
    expect((await profileOf(broker)).falLicenseStanding.state).toBe('refused');
  });

  it('the brokers tab lists the licences waiting for an admin, and only those', async () => {
    const waiting = await aBroker(t, { licensed: false });
    await enterLicence(waiting);
    const verified = await aBroker(t);
    const notBrokerage = await aBroker(t, { licensed: false });
    await enterLicence(notBrokerage, { falLicenseType: 'consulting' });
    const listed = await as(admin).call(adminBrokerEndpoints.list, {
      query: { filter: 'fal_license' },
    });
    const ids = listed.json().items.map((b) => b.id);
    expect(ids).toContain(waiting.id);
    expect(ids).not.toContain(verified.id);
    expect(ids).not.toContain(notBrokerage.id);
  });

  it('a refusal after a verification given in error holds the money it had released', async () => {
    const broker = await aBroker(t);
    const { referral } = await aSignedContract(t, admin, { broker });
    expect(await commissionOf(referral.id)).toMatchObject({
      status: 'pending',
      licenseHold: false,
    });
    const refused = await as(admin).call(adminBrokerEndpoints.refuseFalLicense, {
      params: { id: broker.id },
      body: { reason: 'الرخصة باسم وسيط آخر' },
    });
    expect(refused.statusCode).toBe(200);
    expect(await commissionOf(referral.id)).toMatchObject({ status: 'on_hold', licenseHold: true });
    const summary = (await as(broker).call(commissionEndpoints.summary)).json();
    expect(addsUp(summary)).toBe(true);
    expect(await ledgerOf(t.database.db, broker.id)).toEqual(inCents(summary));
    // A verification opened before the refusal is of a licence that has changed since.
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'commission.license_hold'), eq(auditLog.entityType, 'commission')),
      );
    expect(row).toBeDefined();
  });

  it('a refusal gives the broker its reason and withdraws a verification', async () => {
    const broker = await aBroker(t);
    const refused = await as(admin).call(adminBrokerEndpoints.refuseFalLicense, {
      params: { id: broker.id },
      body: { reason: 'الرقم لا يطابق اسم الوسيط في منصة فال' },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect((await profileOf(broker)).falLicenseStanding).toEqual({
      state: 'refused',
      verifiedAt: null,
      refusal: 'الرقم لا يطابق اسم الوسيط في منصة فال',
      holdReason: falLicenseHoldReason('refused'),
    });
    const { commission } = await aSignedContract(t, admin, { broker });
    expect(commission.licenseHold).toBe(true);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.brokerId, broker.id));
    expect(told.map((n) => n.message)).toContain('السبب: الرقم لا يطابق اسم الوسيط في منصة فال');
  });
});

describe('reminders before expiry', () => {
  it('at 30 and at 7 days, once each, on the messaging channel and in the app', async () => {
    const broker = await aBroker(t);
    const reminders = async () =>
      t.database.db
        .select()
        .from(outboundMessages)
        .where(
          and(
            eq(outboundMessages.kind, 'fal_license_reminder'),
            eq(outboundMessages.recipient, broker.phone),
          ),
        );
    // A year away: nothing.
    await t.app.scheduledJobs.remindFalLicenses();
    expect(await reminders()).toHaveLength(0);

    const ends = inDays(30);
    await t.database.db
      .update(brokers)
      .set({ falLicenseExpiresOn: ends })
      .where(eq(brokers.id, broker.id));
    expect(await t.app.scheduledJobs.remindFalLicenses()).toBeGreaterThanOrEqual(1);
    expect(await t.app.scheduledJobs.remindFalLicenses()).toBe(0);
    const [sms] = await reminders();
    expect(sms?.channel).toBe('sms');
    expect(sms?.body).toContain(
      `رخصة فال رقم 1${broker.phone.slice(1)} تنتهي في ${formatDayAr(ends)}.`,
    );

    // Seven days before: one more; a later run sends nothing.
    await t.database.db
      .update(brokers)
      .set({ falLicenseExpiresOn: inDays(7) })
      .where(eq(brokers.id, broker.id));
    await t.app.scheduledJobs.remindFalLicenses();
    await t.app.scheduledJobs.remindFalLicenses();
    expect(await reminders()).toHaveLength(2);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.brokerId, broker.id),
          eq(notifications.title, 'رخصة فال تقترب من الانتهاء'),
        ),
      );
    expect(told).toHaveLength(2);
    // Past its expiry no reminder goes: the hold says it instead.
    await t.database.db
      .update(brokers)
      .set({ falLicenseExpiresOn: sql`current_date - 1` })
      .where(eq(brokers.id, broker.id));
    await t.app.scheduledJobs.remindFalLicenses();
    expect(await reminders()).toHaveLength(2);
  });
});
