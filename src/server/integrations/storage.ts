import { createReadStream } from 'node:fs';
import { link, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/**
 * Stored files are named by the server only: 32 hex characters and the extension of what the
 * bytes are (a tenant's PDF; a broker's licence copy may also be a JPEG or PNG image).
 */
export const STORAGE_KEY = /^[a-f0-9]{32}\.(?:pdf|jpg|png)$/;

const CONTENT_TYPES = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png' } as const;
type StoredFileType = keyof typeof CONTENT_TYPES;

/** The media type a stored file is served and stored with, from its key's extension. */
export const contentTypeOfKey = (key: string): string =>
  CONTENT_TYPES[(key.split('.').pop() ?? 'pdf') as StoredFileType] ?? CONTENT_TYPES.pdf;

/** What the bytes are, by their signature (never by a name or a declared type); null if none. */
export function storedFileType(file: Buffer): StoredFileType | null {
  if (file.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (file[0] === 0xff && file[1] === 0xd8 && file[2] === 0xff) return 'jpg';
  if (file.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  return null;
}

export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes as a stream, or null when there is no such file. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}

/** The storage could not take a file (disk full or unwritable, bucket unreachable). */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super('file storage unavailable', { cause });
  }
}

function assertKey(key: string): void {
  // Keys never come from users unchecked, but a traversal must be impossible all the same.
  if (!STORAGE_KEY.test(key)) throw new Error('invalid storage key');
}

/** Default: a private folder under DATA_DIR, outside anything the web server serves. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(key: string, body: Buffer): Promise<void> {
    assertKey(key);
    const target = path.join(this.root, key);
    // Written under another name and linked into place whole: a disk that fills up mid-write
    // leaves no partial file under the key (and the link, like `wx`, never overwrites one).
    const partial = `${target}.partial`;
    try {
      await mkdir(this.root, { recursive: true, mode: 0o700 });
      await writeFile(partial, body, { mode: 0o600, flag: 'wx' });
      await link(partial, target);
    } catch (error) {
      throw new StorageUnavailableError(error);
    } finally {
      await rm(partial, { force: true }).catch(() => {});
    }
  }

  async get(key: string): Promise<Readable | null> {
    assertKey(key);
    const file = path.join(this.root, key);
    try {
      await stat(file);
    } catch {
      return null;
    }
    return createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await rm(path.join(this.root, key), { force: true });
  }
}

export type S3Settings = {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

/** S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, …), private bucket. */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertKey(key);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
        }),
      );
    } catch (error) {
      throw new StorageUnavailableError(error);
    }
  }

  async get(key: string): Promise<Readable | null> {
    assertKey(key);
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }),
      );
      return object.Body instanceof Readable ? object.Body : null;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey')
        return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }
}

/** The storage the configuration names: a local folder, or an S3-compatible bucket. */
export function storageFor(
  settings: { kind: 'local'; root: string } | ({ kind: 's3' } & S3Settings),
): FileStorage {
  return settings.kind === 's3' ? new S3FileStorage(settings) : new LocalFileStorage(settings.root);
}
