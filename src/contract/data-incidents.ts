import { z } from 'zod';
import {
  DATA_INCIDENT_CATEGORIES,
  DATA_INCIDENT_CLOCK_STATES,
  DATA_INCIDENT_NOTICES,
  DATA_INCIDENT_STATUSES,
  multiLineText,
  singleLineText,
} from '../domain/index.js';
import { adminPage } from './admin/lists.js';
import { endpoint, idParams, isoDateTime, pageOf, wholeNumber } from './common.js';

/** The 72-hour clock to SDAIA, as the server computed it for the answer. */
const dataIncidentClock = z.object({
  deadlineAt: isoDateTime,
  state: z.enum(DATA_INCIDENT_CLOCK_STATES),
  hoursLeft: z.number().int().nullable(),
  hoursLate: z.number().int().nullable(),
});

/** A personal-data incident of the breach register, with its clock. */
export const dataIncident = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  dataCategories: z.array(z.enum(DATA_INCIDENT_CATEGORIES)),
  affectedCount: z.number().int(),
  discoveredAt: isoDateTime,
  occurredAt: isoDateTime.nullable(),
  recordedBy: z.object({ id: z.string(), fullName: z.string().nullable(), phone: z.string() }),
  sdaiaNotice: z.enum(DATA_INCIDENT_NOTICES),
  sdaiaNotifiedAt: isoDateTime.nullable(),
  sdaiaReference: z.string().nullable(),
  subjectsNotice: z.enum(DATA_INCIDENT_NOTICES),
  subjectsNotifiedAt: isoDateTime.nullable(),
  measures: z.string().nullable(),
  status: z.enum(DATA_INCIDENT_STATUSES),
  closedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  clock: dataIncidentClock,
});

const FIRST_INSTANT = Date.parse('2000-01-01T00:00:00Z');
/** A browser's clock may run a little ahead of the server's. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** An instant a person gives (ISO 8601 with its offset): since 2000, and not in the future. */
const instant = (required: string) =>
  z.iso
    .datetime({ offset: true, error: required })
    .refine((value) => Date.parse(value) >= FIRST_INSTANT, {
      error: 'يرجى إدخال تاريخ بعد عام ٢٠٠٠',
    })
    .refine((value) => Date.parse(value) <= Date.now() + CLOCK_SKEW_MS, {
      error: 'لا يمكن أن يكون الوقت في المستقبل',
    });

const measures = multiLineText({
  max: 5000,
  required: 'الإجراءات غير صالحة',
  tooLong: 'النص أطول من المسموح',
});

/** A new incident: what is known when it is recorded. */
export const dataIncidentCreateBody = z
  .object({
    title: singleLineText({
      max: 150,
      min: 1,
      required: 'يرجى كتابة عنوان الحادثة',
      tooLong: 'العنوان أطول من المسموح',
    }),
    description: multiLineText({
      max: 5000,
      min: 1,
      required: 'يرجى وصف ما حدث',
      tooLong: 'الوصف أطول من المسموح',
    }),
    dataCategories: z
      .array(z.enum(DATA_INCIDENT_CATEGORIES, { error: 'فئة بيانات غير معروفة' }), {
        error: 'يرجى اختيار فئات البيانات المتأثرة',
      })
      .min(1, { error: 'يرجى اختيار فئة بيانات واحدة على الأقل' })
      .max(DATA_INCIDENT_CATEGORIES.length, { error: 'يرجى اختيار فئات البيانات المتأثرة' })
      .transform((categories) => [...new Set(categories)]),
    affectedCount: wholeNumber(
      z.number,
      1,
      100_000_000,
      'يرجى إدخال العدد التقريبي للأشخاص المتأثرين (رقم صحيح من ١ فأكثر)',
    ),
    discoveredAt: instant('يرجى إدخال وقت اكتشاف الحادثة'),
    occurredAt: instant('يرجى إدخال وقت وقوع الحادثة').nullable().optional(),
    measures: measures.optional(),
  })
  .refine(
    ({ occurredAt, discoveredAt }) =>
      !occurredAt || Date.parse(occurredAt) <= Date.parse(discoveredAt),
    { path: ['occurredAt'], error: 'وقت وقوع الحادثة لا يمكن أن يكون بعد وقت اكتشافها' },
  );

const notice = z.enum(DATA_INCIDENT_NOTICES, { error: 'قيمة غير صالحة' });

/**
 * What may change on an incident: each notice (given once, with its time), the measures, and
 * the status. A time or a reference comes only with the notice it belongs to.
 */
export const dataIncidentUpdateBody = z
  .object({
    sdaiaNotice: notice.optional(),
    sdaiaNotifiedAt: instant('يرجى إدخال وقت إبلاغ سدايا').optional(),
    sdaiaReference: singleLineText({
      max: 100,
      required: 'رقم المرجع غير صالح',
      tooLong: 'رقم المرجع أطول من المسموح',
    }).optional(),
    subjectsNotice: notice.optional(),
    subjectsNotifiedAt: instant('يرجى إدخال وقت إبلاغ أصحاب البيانات').optional(),
    measures: measures.optional(),
    status: z.enum(DATA_INCIDENT_STATUSES, { error: 'قيمة غير صالحة' }).optional(),
  })
  .superRefine((body, context) => {
    const pair = (
      given: DataIncidentNoticeField,
      at: 'sdaiaNotifiedAt' | 'subjectsNotifiedAt',
      missing: string,
    ) => {
      if (body[given] === 'notified' && body[at] === undefined) {
        context.addIssue({ code: 'custom', path: [at], message: missing });
      }
      if (body[given] !== 'notified' && body[at] !== undefined) {
        context.addIssue({
          code: 'custom',
          path: [at],
          message: 'وقت الإبلاغ يُسجَّل مع الإبلاغ فقط',
        });
      }
    };
    pair('sdaiaNotice', 'sdaiaNotifiedAt', 'يرجى إدخال وقت إبلاغ سدايا');
    pair('subjectsNotice', 'subjectsNotifiedAt', 'يرجى إدخال وقت إبلاغ أصحاب البيانات');
    if (body.sdaiaReference !== undefined && body.sdaiaNotice !== 'notified') {
      context.addIssue({
        code: 'custom',
        path: ['sdaiaReference'],
        message: 'رقم المرجع يُسجَّل مع الإبلاغ فقط',
      });
    }
  });
type DataIncidentNoticeField = 'sdaiaNotice' | 'subjectsNotice';

/** The register's status filter and page. */
export const dataIncidentListQuery = z.object({
  status: z.enum(DATA_INCIDENT_STATUSES, { error: 'قيمة غير صالحة' }).optional(),
  page: adminPage,
});

const NOT_FOUND = 'الحادثة غير موجودة';

export const dataIncidentEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/superadmin/data-incidents',
    access: 'superadmin',
    summary:
      'the breach register: personal-data incidents, open first, each with its 72-hour clock to SDAIA',
    query: dataIncidentListQuery,
    response: pageOf(dataIncident).extend({
      counts: z.object({ open: z.number().int(), overdue: z.number().int() }),
    }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/superadmin/data-incidents',
    access: 'superadmin',
    summary: 'record a personal-data incident; its 72-hour clock starts at its discovery (audited)',
    body: dataIncidentCreateBody,
    status: 201,
    response: dataIncident,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/superadmin/data-incidents/:id',
    access: 'superadmin',
    summary:
      "record an incident's notices to SDAIA and to the data subjects, its measures, or close or reopen it (audited; never deleted)",
    params: idParams,
    notFound: NOT_FOUND,
    body: dataIncidentUpdateBody,
    response: dataIncident,
  }),
};
