import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { auditLog } from '../db/schema.js';
import { recordedAddress } from '../rate-limit.js';

export type AuditEntry = {
  action: string;
  entityType: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
};

/** The database or a transaction of it: anything that can insert the audit row. */
export type AuditWriter = Pick<Database, 'insert'>;

/** Records who did what, when, with the state before and after. */
export async function audit(
  db: AuditWriter,
  request: FastifyRequest,
  entry: AuditEntry,
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: request.broker?.id ?? null,
    actorPhone: request.broker?.phone ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: recordedAddress(request.ip),
    apiKeyId: request.apiKey?.id ?? null,
  });
}

/** Records what the product did by itself (a scheduled job): no actor, no address. */
export async function auditSystem(db: AuditWriter, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: null,
    actorPhone: null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: null,
  });
}

/**
 * Writes an entry inside the change's own transaction, so an administrative change is never
 * committed without its record. Services that own a transaction take one of these.
 */
export type AuditRecorder = (tx: AuditWriter, entry: AuditEntry) => Promise<void>;

export const auditBy =
  (request: FastifyRequest): AuditRecorder =>
  (tx, entry) =>
    audit(tx, request, entry);
