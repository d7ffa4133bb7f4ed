import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminBrokerEndpoints } from '#contract/admin/brokers';
import { exportEndpoints } from '#contract/admin/exports';
import { adminSettingsEndpoints } from '#contract/admin/settings';
import { brokerEndpoints } from '#contract/brokers';
import { superadminEndpoints } from '#contract/superadmin';
import { auditLog, brokerNotes, brokerNudges, brokers, outboundMessages } from '../../db/schema.js';
import { type Caller, client } from '../../test-support/client.js';
import { aBroker, aReferral, aUniqueName } from '../../test-support/factories.js';
import type { ApiError } from '../../test-support/responses.js';
import { sharedTestApp } from '../../test-support/shared-test-app.js';
import { anAdminAndASuperAdmin } from '../../test-support/staff.js';
import type { TestBroker } from '../../test-support/test-app.js';

// The program team's notes and tags on brokers, and reminders to dormant brokers (decision 073).

let admin: TestBroker;
let root: TestBroker;
const t = sharedTestApp({ AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
beforeAll(async () => {
  ({ admin, root } = await anAdminAndASuperAdmin(t));
});

const as = (caller: Caller) => client(t).as(caller);
const db = () => t.database.db;
const listed = async (query: { search?: string; filter?: 'dormant'; tag?: string }) =>
  (await as(admin).call(adminBrokerEndpoints.list, { query })).json().items;
/** The broker signed up `days` days ago, with no referral since. */
const signedUpDaysAgo = (brokerId: string, days: number) =>
  db()
    .update(brokers)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(brokers.id, brokerId));

describe('notes', () => {
  it('are the team’s: Arabic 400s for bad input, kept newest first with their author, searchable, audited', async () => {
    const name = aUniqueName('وسيط الملاحظات');
    const broker = await aBroker(t, { fullName: name });
    const refused = await as(broker).call(adminBrokerEndpoints.addNote, {
      params: { id: broker.id },
      body: { body: 'ملاحظة' },
    });
    expect(refused.statusCode).toBe(403);
    for (const [body, message] of [
      ['', 'يرجى كتابة الملاحظة'],
      ['اتصل\u202Eبه', 'النص يحتوي على رموز غير مسموح بها'],
      ['ا'.repeat(2001), 'الملاحظة أطول من ٢٠٠٠ حرف'],
    ] as const) {
      const response = await as(admin).call(adminBrokerEndpoints.addNote, {
        params: { id: broker.id },
        body: { body },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().message).toBe(message);
    }
    expect(
      (await as(admin).call(adminBrokerEndpoints.notes, { params: { id: broker.id } })).json()
        .items,
    ).toHaveLength(0);

    const first = await as(admin).call(adminBrokerEndpoints.addNote, {
      params: { id: broker.id },
      body: { body: 'اتصلنا به ولم يرد' },
    });
    expect(first.statusCode).toBe(201);
    await as(root).call(adminBrokerEndpoints.addNote, {
      params: { id: broker.id },
      body: { body: 'وعد بإحالة مكتب التعاون\r\nالأسبوع القادم' },
    });
    const notes = (
      await as(admin).call(adminBrokerEndpoints.notes, { params: { id: broker.id } })
    ).json().items;
    expect(notes.map((note) => note.body)).toEqual([
      'وعد بإحالة مكتب التعاون\nالأسبوع القادم',
      'اتصلنا به ولم يرد',
    ]);
    expect(notes[1]?.author).toBe('وسيط تجريبي');

    // The search finds a broker by a note's words.
    expect((await listed({ search: 'مكتب التعاون' })).map((b) => b.fullName)).toEqual([name]);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'broker.note_add'), eq(auditLog.entityId, broker.id)));
    expect(entry).toMatchObject({ actorPhone: admin.phone, after: { length: 17 } });
    // Never shown to the broker.
    const own = await as(broker).call(brokerEndpoints.profile);
    expect(own.body).not.toContain('اتصلنا به');
  });
});

describe('tags', () => {
  it('are set whole, kept once each, at most ten, filtered, searched, counted and exported', async () => {
    const name = aUniqueName('وسيط الوسوم');
    const broker = await aBroker(t, { fullName: name });
    const tooMany = await as(admin).call(adminBrokerEndpoints.setTags, {
      params: { id: broker.id },
      body: { tags: Array.from({ length: 11 }, (_, i) => `وسم ${i}`) },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<ApiError>().message).toBe('لا يزيد عدد الوسوم على ١٠');
    const bidi = await as(admin).call(adminBrokerEndpoints.setTags, {
      params: { id: broker.id },
      body: { tags: ['كبير\u202E'] },
    });
    expect(bidi.statusCode).toBe(400);

    const set = await as(admin).call(adminBrokerEndpoints.setTags, {
      params: { id: broker.id },
      body: { tags: ['مكتب كبير', ' الرياض ', 'مكتب كبير'] },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().tags).toEqual(['مكتب كبير', 'الرياض']);
    expect((await listed({ tag: 'مكتب كبير' })).map((b) => b.fullName)).toEqual([name]);
    expect((await listed({ search: 'مكتب كبير' })).map((b) => b.fullName)).toEqual([name]);
    const tags = (await as(admin).call(adminBrokerEndpoints.tags)).json().items;
    expect(tags).toContainEqual({ tag: 'مكتب كبير', brokers: 1 });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'broker.tags_change'), eq(auditLog.entityId, broker.id)));
    expect(entry).toMatchObject({ before: { tags: [] }, after: { tags: ['مكتب كبير', 'الرياض'] } });

    await as(admin).call(adminBrokerEndpoints.addNote, {
      params: { id: broker.id },
      body: { body: '=HYPERLINK("http://x")' },
    });
    const file = await as(admin).call(exportEndpoints.download, {
      params: { type: 'brokers' },
      query: { tag: 'مكتب كبير' },
    });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows: ExcelJS.CellValue[][] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      rows.push((row.values as ExcelJS.CellValue[]).slice(1));
    });
    expect(rows[0]?.slice(10)).toEqual(['الوسوم', 'آخر إحالة', 'آخر ملاحظة للفريق']);
    expect(rows).toHaveLength(2);
    // The note is text in its cell, never a formula.
    expect(rows[1]?.slice(10)).toEqual(['مكتب كبير، الرياض', undefined, '=HYPERLINK("http://x")']);
  });
});

describe('dormant brokers', () => {
  it('are those with no referral in the days super-admins set, and each is reminded once a month', async () => {
    const byAdmin = await as(admin).call(adminSettingsEndpoints.set, {
      body: { key: 'dormancy_days', value: '10' },
    });
    expect(byAdmin.statusCode).toBe(403);
    const bad = await as(root).call(adminSettingsEndpoints.set, {
      body: { key: 'dormancy_days', value: '400' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiError>().message).toBe('يرجى إدخال عدد أيام بين ٧ و٣٦٥');
    expect(
      (
        await as(root).call(adminSettingsEndpoints.set, {
          body: { key: 'dormancy_days', value: '10' },
        })
      ).statusCode,
    ).toBe(200);

    const quietName = aUniqueName('وسيط خامل');
    const quiet = await aBroker(t, { fullName: quietName });
    await signedUpDaysAgo(quiet.id, 20);
    const busyName = aUniqueName('وسيط نشط');
    const busy = await aBroker(t, { fullName: busyName });
    await signedUpDaysAgo(busy.id, 20);
    await aReferral(t, busy);
    const newName = aUniqueName('وسيط جديد');
    await aBroker(t, { fullName: newName });
    const dormant = (await listed({ filter: 'dormant' })).map((b) => b.fullName);
    expect(dormant).toContain(quietName);
    expect(dormant).not.toContain(busyName);
    expect(dormant).not.toContain(newName);

    const notDormant = await as(admin).call(adminBrokerEndpoints.nudge, {
      params: { id: busy.id },
    });
    expect(notDormant.statusCode).toBe(409);
    expect(notDormant.json<ApiError>().code).toBe('NOT_DORMANT');

    const nudged = await as(admin).call(adminBrokerEndpoints.nudge, { params: { id: quiet.id } });
    expect(nudged.statusCode).toBe(200);
    expect(nudged.json().lastNudgedAt).not.toBeNull();
    const queued = await db()
      .select()
      .from(outboundMessages)
      .where(
        and(eq(outboundMessages.kind, 'broker_nudge'), eq(outboundMessages.recipient, quiet.phone)),
      );
    expect(queued).toHaveLength(1);
    expect(queued[0]?.body).toContain(`مرحباً ${quietName}، نذكّرك بحسابك في`);

    const again = await as(admin).call(adminBrokerEndpoints.nudge, { params: { id: quiet.id } });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().message).toBe(
      'أُرسل تذكير لهذا الوسيط خلال آخر ٣٠ يومًا؛ يُرسل التذكير مرة واحدة في الشهر',
    );
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'broker.nudge'), eq(auditLog.entityId, quiet.id)));
    expect(entry).toMatchObject({ actorPhone: admin.phone });

    // Staff accounts are never dormant; a broker who turned messages off is not reminded.
    await signedUpDaysAgo(admin.id, 20);
    expect((await listed({ filter: 'dormant' })).map((b) => b.id)).not.toContain(admin.id);
    const silent = await aBroker(t);
    await signedUpDaysAgo(silent.id, 20);
    await db().update(brokers).set({ notifyByMessage: false }).where(eq(brokers.id, silent.id));
    const off = await as(admin).call(adminBrokerEndpoints.nudge, { params: { id: silent.id } });
    expect(off.statusCode).toBe(409);
    expect(off.json<ApiError>().code).toBe('MESSAGES_OFF');

    // 500 reminders in a Riyadh day across the platform, then none until tomorrow.
    // (one admin's 100 a day: the 499 are another's)
    const other = await aBroker(t);
    await signedUpDaysAgo(other.id, 20);
    await db().execute(
      sql`insert into broker_nudges (broker_id, sent_by) select ${quiet.id}, ${root.id} from generate_series(1, 499)`,
    );
    const capped = await as(admin).call(adminBrokerEndpoints.nudge, { params: { id: other.id } });
    expect(capped.statusCode).toBe(429);
    expect(
      await db().select().from(brokerNudges).where(eq(brokerNudges.brokerId, other.id)),
    ).toHaveLength(0);
  });
});

describe('a retired account', () => {
  it('takes the team’s tags and notes on the person with it', async () => {
    const broker = await aBroker(t);
    await as(admin).call(adminBrokerEndpoints.setTags, {
      params: { id: broker.id },
      body: { tags: ['مكتب\u200B كبير', 'مكتب  كبير'] },
    });
    const [tagged] = await db().select().from(brokers).where(eq(brokers.id, broker.id));
    // One form: the zero-width space and the double space fold into one tag.
    expect(tagged?.tags).toEqual(['مكتب كبير']);
    await as(admin).call(adminBrokerEndpoints.addNote, {
      params: { id: broker.id },
      body: { body: 'يعمل مع مكتب في حي النرجس' },
    });
    expect(
      (await as(root).call(superadminEndpoints.deleteBroker, { params: { id: broker.id } }))
        .statusCode,
    ).toBe(200);
    const [retired] = await db().select().from(brokers).where(eq(brokers.id, broker.id));
    expect(retired?.tags).toEqual([]);
    expect(
      await db().select().from(brokerNotes).where(eq(brokerNotes.brokerId, broker.id)),
    ).toHaveLength(0);
  });
});
