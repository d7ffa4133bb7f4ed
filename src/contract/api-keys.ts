import { z } from 'zod';
import { API_SCOPES, apiKeyBody } from '../domain/index.js';
import { endpoint, idParams, isoDateTime } from './common.js';

// ---------- API keys for the inbound API (decision record 077) ----------

/** A key as super-admins manage it: never its secret, which is shown once, at creation. */
const apiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  expiresAt: isoDateTime,
  lastUsedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  createdBy: z.string().nullable(),
  revokedAt: isoDateTime.nullable(),
  /** False once its creator is no longer a live super-admin: the key then stops working. */
  creatorActive: z.boolean(),
});

export const apiKeyEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/superadmin/api-keys',
    access: 'superadmin',
    summary: 'the inbound API keys, newest first, with their scopes, expiry and last use',
    response: z.object({ items: z.array(apiKey) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/superadmin/api-keys',
    access: 'superadmin',
    summary:
      'create a key with a name, scopes and an expiry; its secret is in this answer only (audited)',
    body: apiKeyBody,
    status: 201,
    response: apiKey.extend({ secret: z.string() }),
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/api/superadmin/api-keys/:id/revoke',
    access: 'superadmin',
    summary: 'revoke a key at once: its next call is refused (audited; idempotent)',
    params: idParams,
    notFound: 'المفتاح غير موجود',
    response: apiKey,
  }),
};
