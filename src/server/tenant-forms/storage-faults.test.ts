import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../db/schema.js';
import { LocalFileStorage } from '../integrations/storage.js';
import { anActiveBrokerWithReferral } from '../test-support/factories.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

// Storage full or unwritable during an upload — a clear error, no partial
// file, nothing recorded. "Full" is a real 64 KB tmpfs (the tests run as root, as CI does);
// "unwritable" is a storage folder whose parent is a file.
const PDF_100KB = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(100 * 1024, 0x20)]);
const small = mkdtempSync(path.join(tmpdir(), 'full-disk-'));
const blocked = path.join(mkdtempSync(path.join(tmpdir(), 'unwritable-')), 'a-file');
writeFileSync(blocked, '');

async function appOn(storageRoot: string): Promise<{ t: TestApp; base: string }> {
  const t = await createTestApp({}, { storage: new LocalFileStorage(storageRoot) });
  return { t, base: await t.app.listen({ port: 0, host: '127.0.0.1' }) };
}

function upload(base: string, token: string, file: Buffer) {
  const form = new FormData();
  form.set('token', token);
  form.set('type', 'salary');
  form.set('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'salary.pdf');
  return fetch(`${base}/api/upload`, { method: 'POST', body: form });
}

beforeAll(() => {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', small]);
});
afterAll(() => {
  execFileSync('umount', [small]);
});

describe('storage that cannot take a file', () => {
  it.each([
    ['full (a 64 KB disk, a 100 KB PDF)', path.join(small, 'uploads')],
    ['unwritable (its folder cannot be created)', path.join(blocked, 'uploads')],
  ])('%s: 503 with an Arabic message, no partial file, nothing recorded', async (_, root) => {
    const { t, base } = await appOn(root);
    try {
      const { referral } = await anActiveBrokerWithReferral(t);
      const response = await upload(base, referral.token, PDF_100KB);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        code: 'STORAGE_UNAVAILABLE',
        message: 'تعذر حفظ الملف الآن، يرجى المحاولة بعد قليل',
      });
      const rows = await t.database.db
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.referralId, referral.id));
      expect(rows).toEqual([]);
      const left = root.startsWith(small) ? readdirSync(small, { recursive: true }) : [];
      expect(
        left.filter((name) => String(name).endsWith('.pdf') || String(name).includes('.partial')),
      ).toEqual([]);

      // The same upload fits once there is room: the failure left nothing in the way.
      if (root.startsWith(small)) {
        const fits = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1024, 0x20)]);
        expect((await upload(base, referral.token, fits)).status).toBe(201);
        mkdirSync(root, { recursive: true });
        expect(readdirSync(root).filter((n) => n.endsWith('.pdf'))).toHaveLength(1);
      }
    } finally {
      await t.close();
    }
  });
});
