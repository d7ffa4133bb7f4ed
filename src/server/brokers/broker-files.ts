/**
 * A broker's own documents on file: the FAL licence's copy (decision 070) and the VAT
 * registration certificate (decision 071). Each is a PDF, a JPEG or a PNG judged by its bytes,
 * stored under a key of the server's, private like a tenant's documents, one per kind: a new
 * upload replaces the last (removed after the commit) and clears the admin's verification.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditRecorder } from '../audit/service.js';
import type { AppContext } from '../context.js';
import type { Transaction } from '../db/client.js';
import { type Broker, brokers, storedFiles } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { readUpload, storeUpload } from '../files/upload.js';
import { contentTypeOfKey, storedFileType } from '../integrations/storage.js';
import { lockedLiveBroker } from '../ledger/locks.js';

/** Each document: its column on the broker's row, its file kind, its audit and its words. */
export const BROKER_FILES = {
  fal_license: {
    column: 'falLicenseCopy',
    audit: 'broker.fal_license_copy',
    fileName: 'fal-license',
    verifiedAt: 'falLicenseVerifiedAt',
    none: 'يرجى اختيار نسخة الرخصة: ملف بي دي إف أو صورة',
    missing: 'لا توجد نسخة من الرخصة',
  },
  vat_certificate: {
    column: 'vatCertificate',
    audit: 'broker.vat_certificate',
    fileName: 'vat-certificate',
    verifiedAt: 'vatVerifiedAt',
    none: 'يرجى اختيار شهادة التسجيل الضريبي: ملف بي دي إف أو صورة',
    missing: 'لا توجد شهادة تسجيل ضريبي',
  },
} as const satisfies Record<
  string,
  {
    column: keyof Broker;
    audit: string;
    fileName: string;
    verifiedAt: keyof Broker;
    none: string;
    missing: string;
  }
>;
export type BrokerFileKind = keyof typeof BROKER_FILES;

/**
 * Stores an uploaded document of the broker's and puts it on the broker's row with `cleared`
 * (the verification it voids), audited in the same transaction. The file is removed again when
 * the transaction fails, and the replaced one after it commits. `refusal` is what a file of
 * another type is told.
 */
export async function uploadBrokerFile(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  request: FastifyRequest,
  input: {
    brokerId: string;
    kind: BrokerFileKind;
    cleared: Partial<Broker>;
    refusal: { code: string; message: string };
    precheck: () => Promise<void>;
    /** Runs under the broker's lock before the row changes: a refusal there stores nothing. */
    underLock?: (tx: Transaction, before: Broker) => Promise<void>;
  },
  record: AuditRecorder,
): Promise<Broker> {
  const spec = BROKER_FILES[input.kind];
  const { file } = await readUpload(request, input.precheck);
  if (!file || file.length === 0) throw new AppError(400, 'NO_FILE', spec.none);
  const type = storedFileType(file);
  if (!type) throw new AppError(400, input.refusal.code, input.refusal.message);
  const key = `${randomBytes(16).toString('hex')}.${type}`;
  await storeUpload(request, ctx.storage, { key, file, contentType: contentTypeOfKey(key) });
  let replaced: string | null = null;
  const after = await ctx.db
    .transaction(async (tx) => {
      const before = await lockedLiveBroker(tx, input.brokerId);
      await input.underLock?.(tx, before);
      replaced = before[spec.column];
      await tx
        .insert(storedFiles)
        .values({ key, brokerId: input.brokerId, kind: input.kind, size: file.length });
      const [row] = await tx
        .update(brokers)
        .set({ [spec.column]: key, ...input.cleared, updatedAt: new Date() })
        .where(eq(brokers.id, input.brokerId))
        .returning();
      if (!row) throw notFound('الوسيط غير موجود');
      if (replaced) await tx.delete(storedFiles).where(eq(storedFiles.key, replaced));
      await record(tx, {
        action: spec.audit,
        entityType: 'broker',
        entityId: input.brokerId,
        before: { copy: replaced !== null, verified: before[spec.verifiedAt] !== null },
        after: { copy: true, size: file.length, verified: false },
      });
      return row;
    })
    .catch(async (error: unknown) => {
      // A file with no row would be kept forever unseen.
      await ctx.storage.delete(key).catch(() => {});
      throw error;
    });
  if (replaced) {
    const old: string = replaced;
    await ctx.storage.delete(old).catch((error: unknown) => {
      request.log.warn({ err: error }, 'a replaced broker document could not be removed');
    });
  }
  return after;
}

/**
 * Sends the broker's document as an attachment (`fal-license.pdf`, `vat-certificate.png`…),
 * never cached; `opened` runs (an audit row) before a byte leaves. 404 when there is none.
 */
export async function sendBrokerFile(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  reply: FastifyReply,
  input: { brokerId: string; kind: BrokerFileKind },
  opened?: (key: string) => Promise<void>,
): Promise<FastifyReply> {
  const spec = BROKER_FILES[input.kind];
  const missing = () => notFound(spec.missing);
  const [broker] = await ctx.db
    .select({ key: brokers[spec.column] })
    .from(brokers)
    .where(and(eq(brokers.id, input.brokerId), isNull(brokers.deletedAt)));
  if (!broker?.key) throw missing();
  const stream = await ctx.storage.get(broker.key);
  if (!stream) throw missing();
  try {
    await opened?.(broker.key);
  } catch (error) {
    stream.destroy();
    throw error;
  }
  const extension = broker.key.split('.').pop();
  return reply
    .header('content-type', contentTypeOfKey(broker.key))
    .header('content-disposition', `attachment; filename="${spec.fileName}.${extension}"`)
    .header('cache-control', 'private, no-store')
    .send(stream);
}
