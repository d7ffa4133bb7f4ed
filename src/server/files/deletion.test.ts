import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tenantFormEndpoints } from '#contract/tenant-forms';
import { CONSENT_VERSION } from '#domain';
import { storedFiles } from '../db/schema.js';
import { type FileStorage, LocalFileStorage } from '../integrations/storage.js';
import { client } from '../test-support/client.js';
import { anActiveBrokerWithReferral } from '../test-support/factories.js';
import { uploadTenantPdf } from '../test-support/test-app.js';
import { sharedUploadingApp } from '../test-support/uploading-app.js';
import { removeStoredDocuments } from './deletion.js';
import { sweepUnattachedUploads } from './retention.js';

const DAY_MS = 24 * 60 * 60 * 1000;

let storage: LocalFileStorage;
// The app stores uploads in a folder of the file's own, which the sweep removes them from.
const { t, base, dataDir, storedOnDisk } = sharedUploadingApp('deletion');
beforeAll(() => {
  storage = new LocalFileStorage(path.join(dataDir(), 'uploads'));
});

/** Collects what is logged, to check a failed removal is reported with its key. */
function recordingLog() {
  const warnings: { key?: string }[] = [];
  return {
    warnings,
    log: {
      warn: (object: { key?: string }) => {
        warnings.push(object);
      },
    },
  };
}

const ageBy = (keys: string[], days: number) =>
  t.database.db
    .update(storedFiles)
    .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
    .where(inArray(storedFiles.key, keys));

const rowsOf = async (keys: string[]) =>
  (
    await t.database.db
      .select({ key: storedFiles.key })
      .from(storedFiles)
      .where(inArray(storedFiles.key, keys))
  )
    .map((row) => row.key)
    .sort();

describe('retention of unattached uploads', () => {
  it('removes uploads older than 7 days that no submitted form attaches, keeps the others', async () => {
    // Uploaded, then the form was never sent.
    const { referral: abandoned } = await anActiveBrokerWithReferral(t);
    const oldUnattached = await uploadTenantPdf(base(), abandoned.token);
    // Uploaded and attached to the submitted form: kept however old.
    const { referral: submitted } = await anActiveBrokerWithReferral(t);
    const oldAttached = await uploadTenantPdf(base(), submitted.token);
    const sent = await client(t)
      .as(null)
      .call(tenantFormEndpoints.submit, {
        body: {
          token: submitted.token,
          referralId: submitted.id,
          name: 'محمد العنزي',
          income: 12000,
          monthlyObligations: 2500,
          salaryDefinitionUrl: null,
          creditReportUrl: `upload:${oldAttached}`,
          consent: true,
          creditConsent: true,
          consentVersion: CONSENT_VERSION,
        },
      });
    expect(sent.statusCode).toBe(200);
    // Uploaded today: the tenant may still be filling the form in.
    const { referral: pending } = await anActiveBrokerWithReferral(t);
    const fresh = await uploadTenantPdf(base(), pending.token);
    await ageBy([oldUnattached, oldAttached], 8);
    const all = [oldUnattached, oldAttached, fresh];

    const { log, warnings } = recordingLog();
    expect(await sweepUnattachedUploads(t.database.db, storage, log)).toBe(1);
    expect(await rowsOf(all)).toEqual([oldAttached, fresh].sort());
    expect(storedOnDisk(oldUnattached)).toBe(false);
    expect(storedOnDisk(oldAttached)).toBe(true);
    expect(storedOnDisk(fresh)).toBe(true);
    expect(warnings).toEqual([]);

    // Nothing left to do now; eight days on, the fresh upload's turn comes, never the attached.
    expect(await sweepUnattachedUploads(t.database.db, storage, log)).toBe(0);
    expect(
      await sweepUnattachedUploads(t.database.db, storage, log, new Date(Date.now() + 8 * DAY_MS)),
    ).toBe(1);
    expect(await rowsOf(all)).toEqual([oldAttached]);
    expect(storedOnDisk(fresh)).toBe(false);
    expect(storedOnDisk(oldAttached)).toBe(true);
  });

  it('logs a document storage could not remove, with its key, and carries on', async () => {
    const first = `0${'a'.repeat(31)}.pdf`;
    const second = `1${'a'.repeat(31)}.pdf`;
    const removed: string[] = [];
    const unreliable: FileStorage = {
      put: async () => {},
      get: async () => null,
      delete: async (key) => {
        if (key === first) throw new Error('storage down');
        removed.push(key);
      },
    };
    const { log, warnings } = recordingLog();
    await expect(removeStoredDocuments(unreliable, [first, second], log)).resolves.toBeUndefined();
    expect(removed).toEqual([second]);
    expect(warnings.map((w) => w.key)).toEqual([first]);
  });
});
