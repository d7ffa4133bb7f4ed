import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { auditLog } from '../db/schema.js';

export type AuditEntry = {
  action: string;
  entityType: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
};

/** Records who did what, when, with the state before and after. */
export async function audit(
  db: Database,
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
    ip: request.ip,
  });
}
