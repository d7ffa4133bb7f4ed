import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ResponseOf } from '#contract/common';
import { dataIncidentEndpoints as contract } from '#contract/data-incidents';
import { INVALID_CHARACTERS_MESSAGE, SINGLE_LINE_MESSAGE } from '#domain';
import { auditLog, dataIncidents } from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { type BodyOf, unchecked } from '../test-support/endpoints.js';
import { aBroker, anAdmin, aSuperAdmin } from '../test-support/factories.js';
import type { ApiError, ValidationError } from '../test-support/responses.js';
import { sharedTestApp } from '../test-support/shared-test-app.js';
import type { TestBroker } from '../test-support/test-app.js';

// The breach register: super-admins record personal-data incidents, the server runs the 72-hour
// clock to SDAIA from each one's discovery, every change is audited, and nothing is deleted.

type Incident = ResponseOf<typeof contract.create>;

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

let root: TestBroker;
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeAll(async () => {
  root = await aSuperAdmin(t);
});
const as = (caller: Caller) => client(t).as(caller);

const anIncident = (
  changes: Partial<BodyOf<typeof contract.create>> = {},
): BodyOf<typeof contract.create> => ({
  title: 'وصول غير مصرح به إلى نماذج المستأجرين',
  description: 'رابط نموذج مستأجر أُرسل إلى رقم خاطئ.\nفتحه شخص آخر واطلع على الاسم والدخل.',
  dataCategories: ['contact', 'financial'],
  affectedCount: 1,
  discoveredAt: hoursAgo(2),
  ...changes,
});

async function recorded(changes: Partial<BodyOf<typeof contract.create>> = {}) {
  const response = await as(root).call(contract.create, { body: anIncident(changes) });
  expect(response.statusCode).toBe(201);
  return response.json();
}

const update = (id: string, body: BodyOf<typeof contract.update>, caller: Caller = root) =>
  as(caller).call(contract.update, { params: { id }, body });

/** Rows of the register and of the audit log: a refused call changes neither. */
async function rowCounts() {
  const { db } = t.database;
  const [incidents] = await db.select({ n: count() }).from(dataIncidents);
  const [audits] = await db.select({ n: count() }).from(auditLog);
  return { incidents: incidents?.n, audits: audits?.n };
}

const auditsOf = async (id: string) =>
  t.database.db
    .select({ action: auditLog.action, actorId: auditLog.actorId, after: auditLog.after })
    .from(auditLog)
    .where(eq(auditLog.entityId, id))
    .orderBy(auditLog.id);

describe('recording an incident', () => {
  it('records what happened, who recorded it and starts the clock at its discovery', async () => {
    const discoveredAt = hoursAgo(2);
    const incident = await recorded({ discoveredAt, occurredAt: hoursAgo(30) });
    expect(incident).toMatchObject({
      title: 'وصول غير مصرح به إلى نماذج المستأجرين',
      dataCategories: ['contact', 'financial'],
      affectedCount: 1,
      status: 'open',
      sdaiaNotice: 'pending',
      subjectsNotice: 'pending',
      recordedBy: { id: root.id, phone: root.phone },
      clock: { state: 'on_time', hoursLeft: 70, hoursLate: null },
    });
    expect(incident.description).toContain('\n');
    expect(Date.parse(incident.clock.deadlineAt) - Date.parse(discoveredAt)).toBe(72 * HOUR);

    const list = (await as(root).call(contract.list)).json();
    expect(list.items.find((item) => item.id === incident.id)?.title).toBe(incident.title);
    expect(list.counts.open).toBeGreaterThanOrEqual(1);

    expect(await auditsOf(incident.id)).toEqual([
      {
        action: 'data_incident.create',
        actorId: root.id,
        after: expect.objectContaining({ title: incident.title, affectedCount: 1 }),
      },
    ]);
  });

  const refusals: [string, Partial<BodyOf<typeof contract.create>>, string, string][] = [
    [
      'a direction override in the title',
      { title: 'تسريب \u202Emoc.live' },
      'title',
      INVALID_CHARACTERS_MESSAGE,
    ],
    ['a line break in the title', { title: 'سطر\nآخر' }, 'title', SINGLE_LINE_MESSAGE],
    [
      'an isolate in the description',
      { description: 'وصف \u2067مخفي' },
      'description',
      INVALID_CHARACTERS_MESSAGE,
    ],
    ['an empty title', { title: '   ' }, 'title', 'يرجى كتابة عنوان الحادثة'],
    [
      'no category',
      { dataCategories: [] },
      'dataCategories',
      'يرجى اختيار فئة بيانات واحدة على الأقل',
    ],
    [
      'an unknown category',
      { dataCategories: unchecked(['health']) },
      'dataCategories.0',
      'فئة بيانات غير معروفة',
    ],
    [
      'Arabic-Indic digits as the count',
      { affectedCount: unchecked('١٢') },
      'affectedCount',
      'يرجى إدخال العدد التقريبي للأشخاص المتأثرين (رقم صحيح من ١ فأكثر)',
    ],
    [
      'a fraction as the count',
      { affectedCount: 2.5 },
      'affectedCount',
      'يرجى إدخال العدد التقريبي للأشخاص المتأثرين (رقم صحيح من ١ فأكثر)',
    ],
    [
      'a discovery in the future',
      { discoveredAt: new Date(Date.now() + 2 * HOUR).toISOString() },
      'discoveredAt',
      'لا يمكن أن يكون الوقت في المستقبل',
    ],
    [
      'a discovery that is no time',
      { discoveredAt: 'أمس' },
      'discoveredAt',
      'يرجى إدخال وقت اكتشاف الحادثة',
    ],
    [
      'an occurrence after the discovery',
      { discoveredAt: hoursAgo(5), occurredAt: hoursAgo(1) },
      'occurredAt',
      'وقت وقوع الحادثة لا يمكن أن يكون بعد وقت اكتشافها',
    ],
    ['a title too long', { title: 'ع'.repeat(151) }, 'title', 'العنوان أطول من المسموح'],
  ];
  it.each(refusals)(
    'refuses %s in Arabic and writes nothing',
    async (_, changes, field, message) => {
      const before = await rowCounts();
      const response = await as(root).call(contract.create, { body: anIncident(changes) });
      expect(response.statusCode).toBe(400);
      const error = response.json<ValidationError>();
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.fields[field]).toBe(message);
      expect(await rowCounts()).toEqual(before);
    },
  );

  it('refuses a control character anywhere in the body before reading it', async () => {
    const before = await rowCounts();
    const response = await as(root).call(contract.create, {
      body: anIncident({ description: 'نص\u0000مخفي' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toMatch(/[\u0600-\u06FF]/);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('the 72-hour clock', () => {
  it.each([
    [10, { state: 'on_time', hoursLeft: 62, hoursLate: null }],
    [47.5, { state: 'on_time', hoursLeft: 25 }],
    [48.5, { state: 'due_soon', hoursLeft: 24 }],
    [71, { state: 'due_soon', hoursLeft: 1, hoursLate: null }],
    [71.9, { state: 'due_soon', hoursLeft: 1 }],
    [72.1, { state: 'overdue', hoursLeft: null, hoursLate: 0 }],
    [73, { state: 'overdue', hoursLeft: null, hoursLate: 1 }],
    [200, { state: 'overdue', hoursLate: 128 }],
  ] as const)('discovered %s hours ago, before any notice', async (ago, clock) => {
    const incident = await recorded({ discoveredAt: hoursAgo(ago) });
    expect(incident.clock).toMatchObject(clock);
  });

  it.each([
    ['at the deadline itself', 72, { state: 'notified_on_time', hoursLate: null }],
    ['a minute before it', 72 - 1 / 60, { state: 'notified_on_time' }],
    ['a minute after it', 72 + 1 / 60, { state: 'notified_late', hoursLate: 0 }],
    ['three hours after it', 75, { state: 'notified_late', hoursLate: 3 }],
  ] as const)('a notice to SDAIA %s', async (_, after, clock) => {
    const discovered = Date.now() - 100 * HOUR;
    const incident = await recorded({ discoveredAt: new Date(discovered).toISOString() });
    const response = await update(incident.id, {
      sdaiaNotice: 'notified',
      sdaiaNotifiedAt: new Date(discovered + after * HOUR).toISOString(),
      sdaiaReference: 'NDGP-2026-0042',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().clock).toMatchObject({ ...clock, hoursLeft: null });
    expect(response.json().sdaiaReference).toBe('NDGP-2026-0042');
  });

  it('stops when a notice to SDAIA is judged not required', async () => {
    const incident = await recorded({ discoveredAt: hoursAgo(80) });
    const response = await update(incident.id, { sdaiaNotice: 'not_required' });
    expect(response.json().clock).toMatchObject({
      state: 'not_required',
      hoursLeft: null,
      hoursLate: null,
    });
  });

  it('counts the incidents past their 72 hours without a notice', async () => {
    const before = (await as(root).call(contract.list)).json().counts.overdue;
    await recorded({ discoveredAt: hoursAgo(90) });
    await recorded({ discoveredAt: hoursAgo(10) });
    expect((await as(root).call(contract.list)).json().counts.overdue).toBe(before + 1);
  });
});

describe('notices, measures and closing', () => {
  let incident: Incident;
  beforeAll(async () => {
    incident = await recorded({ discoveredAt: hoursAgo(20) });
  });

  it('refuses a notice without its time, a time without its notice, a time before discovery', async () => {
    const before = await rowCounts();
    const cases: [BodyOf<typeof contract.update>, string, string][] = [
      [{ sdaiaNotice: 'notified' }, 'sdaiaNotifiedAt', 'يرجى إدخال وقت إبلاغ سدايا'],
      [
        { subjectsNotifiedAt: hoursAgo(1) },
        'subjectsNotifiedAt',
        'وقت الإبلاغ يُسجَّل مع الإبلاغ فقط',
      ],
      [{ sdaiaReference: 'X-1' }, 'sdaiaReference', 'رقم المرجع يُسجَّل مع الإبلاغ فقط'],
      [
        { sdaiaNotice: 'notified', sdaiaNotifiedAt: hoursAgo(30) },
        'sdaiaNotifiedAt',
        'وقت الإبلاغ لا يمكن أن يسبق وقت اكتشاف الحادثة',
      ],
      [{ measures: 'عزل \u202Eالخادم' }, 'measures', INVALID_CHARACTERS_MESSAGE],
      [{ status: unchecked('deleted') }, 'status', 'قيمة غير صالحة'],
    ];
    for (const [body, field, message] of cases) {
      const response = await update(incident.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<ValidationError>().fields[field]).toBe(message);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('will not close an incident whose notices and measures are not settled', async () => {
    const before = await rowCounts();
    const response = await update(incident.id, { status: 'closed' });
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>()).toEqual({
      code: 'INCIDENT_NOT_READY',
      message: 'لا تُغلق الحادثة قبل حسم إبلاغ سدايا وإبلاغ أصحاب البيانات وكتابة الإجراءات المتخذة',
    });
    expect(await rowCounts()).toEqual(before);
  });

  it('records each notice once, the measures, closes and reopens, auditing each', async () => {
    const sdaiaAt = hoursAgo(10);
    const notified = await update(incident.id, {
      sdaiaNotice: 'notified',
      sdaiaNotifiedAt: sdaiaAt,
      sdaiaReference: 'NDGP-77',
    });
    expect(notified.json()).toMatchObject({
      sdaiaNotice: 'notified',
      sdaiaNotifiedAt: sdaiaAt,
      sdaiaReference: 'NDGP-77',
      clock: { state: 'notified_on_time' },
    });

    // Given once: neither moved nor taken back.
    for (const body of [
      { sdaiaNotice: 'notified', sdaiaNotifiedAt: hoursAgo(1) },
      { sdaiaNotice: 'pending' },
    ] as const) {
      const again = await update(incident.id, body);
      expect(again.statusCode).toBe(409);
      expect(again.json<ApiError>()).toEqual({
        code: 'NOTICE_RECORDED',
        message: 'سُجّل إبلاغ سدايا من قبل ولا يمكن تغييره',
      });
    }

    const subjects = await update(incident.id, {
      subjectsNotice: 'notified',
      subjectsNotifiedAt: hoursAgo(9),
      measures: 'أُبطل الرابط وأُرسل رابط جديد.\nراجعنا سجل الوصول.',
    });
    expect(subjects.json()).toMatchObject({ subjectsNotice: 'notified', status: 'open' });

    const closed = await update(incident.id, { status: 'closed' });
    expect(closed.json()).toMatchObject({ status: 'closed', closedAt: expect.any(String) });

    const edit = await update(incident.id, { measures: 'إضافة' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json<ApiError>().code).toBe('INCIDENT_CLOSED');

    const reopened = await update(incident.id, { status: 'open' });
    expect(reopened.json()).toMatchObject({ status: 'open', closedAt: null });

    // Nothing changed, nothing audited.
    await update(incident.id, { status: 'open' });

    expect((await auditsOf(incident.id)).map((entry) => entry.action)).toEqual([
      'data_incident.create',
      'data_incident.sdaia_notice',
      'data_incident.subjects_notice',
      'data_incident.measures',
      'data_incident.close',
      'data_incident.reopen',
    ]);
  });

  it('answers 404 in Arabic for an incident that does not exist', async () => {
    const response = await update('00000000-0000-4000-8000-000000000000', { status: 'closed' });
    expect(response.statusCode).toBe(404);
    expect(response.json<ApiError>().message).toBe('الحادثة غير موجودة');
  });
});

describe('who may use the register', () => {
  it('is for super-admins only, and a refused caller writes nothing', async () => {
    const admin = await anAdmin(t);
    const broker = await aBroker(t);
    const incident = await recorded();
    const before = await rowCounts();
    for (const caller of [admin, broker]) {
      expect((await as(caller).call(contract.list)).statusCode).toBe(403);
      expect((await as(caller).call(contract.create, { body: anIncident() })).statusCode).toBe(403);
      expect((await update(incident.id, { status: 'closed' }, caller)).statusCode).toBe(403);
    }
    expect((await as(null).call(contract.list)).statusCode).toBe(401);
    expect(await rowCounts()).toEqual(before);
  });

  it('has no way to delete an incident', async () => {
    const incident = await recorded();
    // Raw: the contract declares no deletion, so the path is called as a client might guess it.
    const response = await as(root).delete(`/api/superadmin/data-incidents/${incident.id}`);
    expect(response.statusCode).toBe(404);
    const [kept] = await t.database.db
      .select({ id: dataIncidents.id })
      .from(dataIncidents)
      .where(eq(dataIncidents.id, incident.id));
    expect(kept?.id).toBe(incident.id);
    expect(
      t.app.routeRecord.filter(
        (route) =>
          route.path.startsWith('/api/superadmin/data-incidents') && route.method === 'DELETE',
      ),
    ).toEqual([]);
  });
});
