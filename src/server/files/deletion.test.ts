import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantFormEndpoints } from '#contract/tenant-forms';
import { storedFiles } from '../db/schema.js';
import { type FileStorage, LocalFileStorage } from '../integrations/storage.js';
import { client } from '../test-support/client.js';
import { anActiveBrokerWithReferral } from '../test-support/factories.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import { createTestApp, uploadTenantPdf } from '../test-support/test-app.js';
import { removeStoredDocuments } from './deletion.js';
import { sweepUnattachedUploads } from './retention.js';

const DAY_MS = 24 * 60 * 60 * 1000;

let dataDir: string;
let base: string;
let storage: LocalFileStorage;
beforeAll(async () => {
  // A folder of our own: the app stores uploads under it, the sweep removes them from it.
  dataDir = await mkdtemp(path.join(tmpdir(), 'deletion-test-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});
const t = sharedTestApp(() =>
  createTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000', DATA_DIR: dataDir }),
);
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  storage = new LocalFileStorage(path.join(dataDir, 'uploads'));
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

const storedOnDisk = (key: string) => existsSync(path.join(dataDir, 'uploads', key));

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
    const oldUnattached = await uploadTenantPdf(base, abandoned.token);
    // Uploaded and attached to the submitted form: kept however old.
    const { referral: submitted } = await anActiveBrokerWithReferral(t);
    const oldAttached = await uploadTenantPdf(base, submitted.token);
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
        },
      });
    expect(sent.statusCode).toBe(200);
    // Uploaded today: the tenant may still be filling the form in.
    const { referral: pending } = await anActiveBrokerWithReferral(t);
    const fresh = await uploadTenantPdf(base, pending.token);
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
