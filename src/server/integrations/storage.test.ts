import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileStorage, LocalFileStorage, S3FileStorage } from './storage.js';

let s3server: S3rver;
let s3: S3FileStorage;

beforeAll(async () => {
  s3server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), 's3rver-')),
    configureBuckets: [{ name: 'tenant-documents', configs: [] }],
  });
  const { port } = await s3server.run();
  s3 = new S3FileStorage({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'tenant-documents',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
});
afterAll(async () => {
  await s3server.close();
});

async function bytes(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const adapters: [string, () => FileStorage][] = [
  ['local folder', () => new LocalFileStorage(mkdtempSync(path.join(tmpdir(), 'uploads-')))],
  ['S3-compatible', () => s3],
];

describe.each(adapters)('%s storage', (_name, make) => {
  const key = `${'a'.repeat(32)}.pdf`;
  const pdf = Buffer.from('%PDF-1.7\nhello\n%%EOF\n');

  it('keeps, returns and deletes a file byte for byte', async () => {
    const storage = make();
    await storage.put(key, pdf, 'application/pdf');
    expect((await bytes(await storage.get(key)))?.equals(pdf)).toBe(true);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('answers null for a file that is not there', async () => {
    expect(await make().get(`${'b'.repeat(32)}.pdf`)).toBeNull();
  });

  it.each(['../../etc/passwd', '/etc/passwd', 'x.pdf', `${'a'.repeat(32)}.pdf/../x`])(
    'refuses the key %s',
    async (bad) => {
      const storage = make();
      await expect(storage.get(bad)).rejects.toThrow('invalid storage key');
      await expect(storage.put(bad, pdf, 'application/pdf')).rejects.toThrow('invalid storage key');
    },
  );
});
