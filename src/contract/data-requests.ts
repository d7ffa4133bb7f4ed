import { z } from 'zod';
import {
  CONSENT_PURPOSES,
  DATA_REQUEST_KINDS,
  DATA_REQUEST_STATUSES,
  dataAccessCodeBodySchema,
  dataRequestBodySchema,
  multiLineText,
  TENANT_DOCUMENT_KINDS,
} from '../domain/index.js';
import { endpoint, idParams, isoDateTime, money, referralStatus } from './common.js';

const tokenParams = z.object({ token: z.string() });

/** A tenant's request as the tenant and the console see it, with its 30-day clock. */
export const dataRequest = z.object({
  id: z.string(),
  kind: z.enum(DATA_REQUEST_KINDS),
  status: z.enum(DATA_REQUEST_STATUSES),
  correction: z
    .object({
      name: z.string().optional(),
      income: z.number().optional(),
      monthlyObligations: z.number().optional(),
    })
    .nullable(),
  note: z.string().nullable(),
  createdAt: isoDateTime,
  dueAt: isoDateTime,
  resolvedAt: isoDateTime.nullable(),
  /** Why it was refused, in the operations team's words. */
  resolution: z.string().nullable(),
});

/** Everything held on the tenant through this referral, as the tenant sees it (PDPL art. 4). */
export const dataHeld = z.object({
  phone: z.string(),
  referral: z.object({
    number: z.number().int(),
    status: referralStatus,
    createdAt: isoDateTime,
    rent: z.number().int().nullable(),
    city: z.string().nullable(),
    /** The name a tenant may see, or null. */
    brokerName: z.string().nullable(),
  }),
  form: z
    .object({
      name: z.string(),
      income: money,
      monthlyObligations: money,
      submittedAt: isoDateTime,
      documents: z.array(
        z.object({ kind: z.enum(TENANT_DOCUMENT_KINDS), providedAt: isoDateTime }),
      ),
    })
    .nullable(),
  consents: z.array(
    z.object({ purpose: z.enum(CONSENT_PURPOSES), text: z.string(), givenAt: isoDateTime }),
  ),
  requests: z.array(dataRequest),
});

/** A request in the console's queue: its referral and the data the correction would change. */
export const adminDataRequest = dataRequest.extend({
  referralId: z.string().nullable(),
  referralNumber: z.number().int().nullable(),
  /** Whole days to the deadline; negative once overdue; null once answered. */
  daysLeft: z.number().int().nullable(),
  current: z.object({ name: z.string(), income: money, monthlyObligations: money }).nullable(),
});

export const dataRequestEndpoints = {
  sendCode: endpoint({
    method: 'POST',
    path: '/api/tenant-form/:token/data/code',
    access: 'public',
    summary: "a one-time code to the referral's phone, to see the data held on the tenant",
    params: tokenParams,
    response: z.object({ message: z.string(), otpCode: z.string().optional() }),
  }),
  open: endpoint({
    method: 'POST',
    path: '/api/tenant-form/:token/data/session',
    access: 'public',
    summary:
      "the code confirmed: opens the tenant's view of their data for 15 minutes (an HttpOnly cookie) and answers it (audited)",
    params: tokenParams,
    body: dataAccessCodeBodySchema,
    response: dataHeld,
  }),
  read: endpoint({
    method: 'GET',
    path: '/api/tenant-form/:token/data',
    access: 'public',
    summary: 'the data held on the tenant, while their view is open (audited)',
    params: tokenParams,
    response: dataHeld,
  }),
  request: endpoint({
    method: 'POST',
    path: '/api/tenant-form/:token/data/requests',
    access: 'public',
    summary: 'the tenant asks for a correction or an erasure, while their view is open (audited)',
    params: tokenParams,
    body: dataRequestBodySchema,
    status: 201,
    response: dataRequest,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/admin/data-requests',
    access: 'admin',
    summary:
      "tenants' requests about their data, open first by deadline, each with its 30-day clock",
    query: z.object({
      status: z.enum(DATA_REQUEST_STATUSES, { error: 'حالة غير معروفة' }).optional(),
    }),
    response: z.object({ items: z.array(adminDataRequest) }),
  }),
  correct: endpoint({
    method: 'POST',
    path: '/api/admin/data-requests/:id/correct',
    access: 'admin',
    summary: "apply a tenant's correction to their form (audited)",
    params: idParams,
    notFound: 'الطلب غير موجود',
    response: adminDataRequest,
  }),
  erase: endpoint({
    method: 'POST',
    path: '/api/admin/data-requests/:id/erase',
    access: 'admin',
    summary:
      "erase the tenant's data, keeping only what the ledger needs: the referral's number, broker, status and money (audited)",
    params: idParams,
    notFound: 'الطلب غير موجود',
    response: adminDataRequest,
  }),
  refuse: endpoint({
    method: 'POST',
    path: '/api/admin/data-requests/:id/refuse',
    access: 'admin',
    summary: 'refuse a request with the reason the tenant reads (audited)',
    params: idParams,
    notFound: 'الطلب غير موجود',
    body: z.object({
      reason: multiLineText({ max: 500, min: 5, required: 'يرجى كتابة سبب الرفض' }),
    }),
    response: adminDataRequest,
  }),
};
