import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isDiskFull } from '../db/errors.js';
import { AppError } from '../errors.js';
import { type FileStorage, StorageUnavailableError } from '../integrations/storage.js';
import { errorLogFields } from '../plugins/log-safety.js';

/** The largest document anyone uploads: a tenant's PDF, a broker's licence copy. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const tooLarge = () =>
  new AppError(413, 'FILE_TOO_LARGE', 'حجم الملف يجب أن يكون أقل من ٥ ميجابايت');

/**
 * Multipart for the plugin's routes: one file, a few small fields (`fieldSize` bytes each, 1 KiB
 * unless told), nothing past the limit.
 */
export const registerUploads = (app: FastifyInstance, fields: number, fieldSize = 1024) =>
  app.register(fastifyMultipart, {
    // One byte over the limit is enough to know; the stream is then abandoned at once.
    limits: {
      fileSize: MAX_UPLOAD_BYTES + 1,
      files: 1,
      fields,
      parts: fields + 1,
      fieldSize,
    },
  });

/** Reads a file part into memory, refusing (and abandoning the stream) past `max` bytes. */
async function readAtMost(stream: AsyncIterable<Buffer>, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > max) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * A multipart upload's text fields and its file (null when none was sent): a declared size far
 * beyond the limit is refused before a byte is read, a body that is not multipart is a 415.
 * Call `precheck` (a rate limit) once the request is known to be multipart.
 */
export async function readUpload(
  request: FastifyRequest,
  precheck: () => Promise<void>,
): Promise<{ fields: Record<string, string>; file: Buffer | null }> {
  if (Number(request.headers['content-length'] ?? 0) > MAX_UPLOAD_BYTES + 64 * 1024) {
    throw tooLarge();
  }
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'يرجى إرسال الملف بصيغة multipart/form-data');
  }
  await precheck();
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        file = await readAtMost(part.file, MAX_UPLOAD_BYTES);
      } else if (part.valueTruncated || part.fieldnameTruncated) {
        // A field past its size is cut by the parser: refused whole, never stored shortened.
        throw new AppError(413, 'FIELD_TOO_LARGE', 'النص المرسل أطول من المسموح');
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, 'INVALID_UPLOAD', 'تعذر قراءة الملف المرفق، يرجى المحاولة مرة أخرى');
  }
  return { fields, file };
}

/** Stores a file; storage out of reach is a 503 in Arabic (a full disk also shown on /readyz). */
export async function storeUpload(
  request: FastifyRequest,
  storage: FileStorage,
  upload: { key: string; file: Buffer; contentType: string },
): Promise<void> {
  try {
    await storage.put(upload.key, upload.file, upload.contentType);
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    // A full disk is shown on /readyz and logged once a minute; anything else, each time.
    if (isDiskFull(error)) request.server.diskSpace.writeFailed(error, request, 503);
    else request.log.error(errorLogFields(error.cause), 'file storage unavailable');
    throw new AppError(503, 'STORAGE_UNAVAILABLE', 'تعذر حفظ الملف الآن، يرجى المحاولة بعد قليل');
  }
}
