import { z } from 'zod';
import { boundedDaySchema, singleLineText } from '../domain/index.js';
import { adminPage } from './admin/lists.js';
import { profile } from './brokers.js';
import { endpoint, idParams, isoDateTime, ok, pageOf } from './common.js';

/**
 * One audit-log row as the super-admin's page reads it. The actor's IP address is recorded but
 * not sent: the page never shows it, so it stays in the database for an investigation.
 */
const auditEntry = z.object({
  id: z.number().int(),
  actorId: z.string().nullable(),
  /** Kept when the actor is deleted; null for a tenant acting through a form link. */
  actorPhone: z.string().nullable(),
  /** The inbound API key that made the call (decision 077); null for everything else. */
  apiKeyName: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** The changed fields before and after, as each action records them. */
  before: z.unknown(),
  after: z.unknown(),
  createdAt: isoDateTime,
});

/** A Saudi public holiday: a Riyadh calendar day and its name. */
export const holiday = z.object({
  day: boundedDaySchema,
  name: singleLineText({
    max: 100,
    min: 1,
    required: 'يرجى كتابة اسم العطلة',
    tooLong: 'الاسم أطول من المسموح',
  }),
});

const user = profile.extend({
  /** The protected super-admin: never deleted, never demoted. */
  isProtected: z.boolean(),
});

/** The audit log's search (the actor's phone or the entity's id), action and page. */
export const auditLogListQuery = z.object({
  search: singleLineText({ max: 100 }).optional(),
  action: singleLineText({ max: 60 }).optional(),
  page: adminPage,
});

/** The user list's search and page. */
export const userListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  page: adminPage,
});

export const superadminEndpoints = {
  auditLog: endpoint({
    method: 'GET',
    path: '/api/superadmin/audit-log',
    access: 'superadmin',
    summary: "who did what and when, searched by the actor's phone or the entity's id",
    query: auditLogListQuery,
    response: pageOf(auditEntry),
  }),
  users: endpoint({
    method: 'GET',
    path: '/api/superadmin/users',
    access: 'superadmin',
    summary: 'live accounts with their roles, searched, and the counts per role',
    query: userListQuery,
    response: pageOf(user).extend({
      counts: z.object({
        total: z.number().int(),
        active: z.number().int(),
        admins: z.number().int(),
        superAdmins: z.number().int(),
      }),
    }),
  }),
  changeRole: endpoint({
    method: 'PATCH',
    path: '/api/superadmin/users/:id/role',
    access: 'superadmin',
    summary: 'grant or remove admin and super-admin (audited; never the last super-admin)',
    params: idParams,
    notFound: 'المستخدم غير موجود',
    body: z.object({ isAdmin: z.boolean().optional(), isSuperAdmin: z.boolean().optional() }),
    response: profile,
  }),
  deleteBroker: endpoint({
    method: 'DELETE',
    path: '/api/superadmin/brokers/:id',
    access: 'superadmin',
    summary: 'retire a broker, keeping their money records (audited)',
    params: idParams,
    notFound: 'الوسيط غير موجود',
    response: ok,
  }),
  deleteReferral: endpoint({
    method: 'DELETE',
    path: '/api/superadmin/referrals/:id',
    access: 'superadmin',
    summary: 'delete a referral whose commission is neither paid nor held (audited)',
    params: idParams,
    notFound: 'الإحالة غير موجودة',
    response: ok,
  }),
  holidays: endpoint({
    method: 'GET',
    path: '/api/superadmin/holidays',
    access: 'superadmin',
    summary: 'the public holidays the service clocks skip, by day',
    response: z.object({ items: z.array(holiday) }),
  }),
  addHoliday: endpoint({
    method: 'POST',
    path: '/api/superadmin/holidays',
    access: 'superadmin',
    summary: 'add a public holiday; open service deadlines are computed again (audited)',
    body: holiday,
    status: 201,
    response: holiday,
  }),
  removeHoliday: endpoint({
    method: 'DELETE',
    path: '/api/superadmin/holidays/:day',
    access: 'superadmin',
    summary: 'remove a public holiday; open service deadlines are computed again (audited)',
    params: z.object({ day: z.string() }),
    response: ok,
  }),
};
