import { z } from 'zod';
import { TENANT_DOCUMENT_KINDS, tenantFormBodySchema } from '../domain/index.js';
import { endpoint, referralStatus } from './common.js';

export const tenantFormEndpoints = {
  open: endpoint({
    method: 'GET',
    path: '/api/tenant-form/:token',
    access: 'public',
    summary: "the tenant's form behind a link: whose it is and whether it was sent",
    params: z.object({ token: z.string() }),
    // Of the broker only the name the consent needs (the name a tenant may see, null when
    // missing or refused, never the broker code) and the FAL licence, public on their link too.
    response: z.object({
      referralId: z.string(),
      tenantPhone: z.string(),
      submitted: z.boolean(),
      brokerName: z.string().nullable(),
      brokerFalLicense: z.string().nullable(),
    }),
  }),
  submit: endpoint({
    method: 'POST',
    path: '/api/tenant-form/submit',
    access: 'public',
    summary: 'the tenant sends their data; the referral moves to review',
    body: tenantFormBodySchema,
    response: z.object({ ok: z.literal(true), status: referralStatus }),
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/upload',
    access: 'public',
    summary: 'a PDF document through a tenant-form link (multipart: token, type, file)',
    status: 201,
    response: z.object({ url: z.string(), size: z.number().int() }),
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/files/:key',
    access: 'admin',
    summary: "a tenant's uploaded document, for admins only (audited)",
    params: z.object({ key: z.string() }),
    response: null,
  }),
  openLink: endpoint({
    method: 'GET',
    path: '/api/files/links/:id/:kind',
    access: 'admin',
    summary: "a tenant's typed document link, opened through the server so the opening is audited",
    params: z.object({ id: z.string(), kind: z.enum(TENANT_DOCUMENT_KINDS) }),
    notFound: 'الملف غير موجود',
    response: null,
  }),
};
