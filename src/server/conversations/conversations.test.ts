import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { conversationEndpoints } from '#contract/conversations';
import { groupEndpoints } from '#contract/groups';
import { superadminEndpoints } from '#contract/superadmin';
import {
  auditLog,
  broadcasts,
  brokerGroups,
  brokerMessages,
  brokers,
  notifications,
  outboundMessages,
  storedFiles,
} from '../db/schema.js';
import { type Caller, client } from '../test-support/client.js';
import { aBroker, aReferral } from '../test-support/factories.js';
import type { ApiError } from '../test-support/responses.js';
import { anAdminAndASuperAdmin } from '../test-support/staff.js';
import { signUpBroker, type TestBroker } from '../test-support/test-app.js';
import { sharedUploadingApp } from '../test-support/uploading-app.js';

// Decision 079: conversations between the program team and brokers, and broadcasts.

const METRICS_TOKEN = 'conversations-metrics-token-0123456789';
const { t, base, storedOnDisk, dataDir } = sharedUploadingApp('conversations', { METRICS_TOKEN });
const filesOnDisk = () => {
  const folder = path.join(dataDir(), 'uploads');
  return existsSync(folder) ? readdirSync(folder).length : 0;
};
let admin: TestBroker;
let root: TestBroker;
beforeAll(async () => {
  ({ admin, root } = await anAdminAndASuperAdmin(t));
});

const as = (caller: Caller) => client(t).as(caller);
const PDF = new TextEncoder().encode('%PDF-1.4\n% a message attachment\n%%EOF\n');

/** Writes over real HTTP (multipart), as the pages do: to the team, or to `to` as the team. */
async function write(
  caller: TestBroker,
  fields: Record<string, string>,
  options: { to?: string; file?: { bytes: Uint8Array; name: string } } = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (options.file)
    form.set('file', new Blob([Buffer.from(options.file.bytes)]), options.file.name);
  const path = options.to ? `/api/admin/conversations/${options.to}/messages` : '/api/messages';
  const response = await fetch(`${base()}${path}`, {
    method: 'POST',
    body: form,
    headers: { cookie: caller.cookie },
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}
const messagesOf = (brokerId: string) =>
  t.database.db.select().from(brokerMessages).where(eq(brokerMessages.brokerId, brokerId));
const noticesOf = (messageIds: string[]) =>
  messageIds.length === 0
    ? Promise.resolve([])
    : t.database.db
        .select()
        .from(outboundMessages)
        .where(
          inArray(
            outboundMessages.dedupeKey,
            messageIds.flatMap((id) => [`message:${id}:sms`, `message:${id}:whatsapp`]),
          ),
        );
const mine = async (broker: TestBroker) =>
  (await as(broker).call(conversationEndpoints.mine, { query: {} })).json();

describe('a conversation', () => {
  it('carries a broker’s message about a referral, with a file, to the team, who find and read it', async () => {
    const broker = await aBroker(t, { fullName: 'وسيط المحادثة' });
    const referral = await aReferral(t, broker);
    const sent = await write(
      broker,
      { body: 'متى يُراجع طلب المستأجر؟\nشكراً', referralId: referral.id },
      { file: { bytes: PDF, name: 'عقد.pdf' } },
    );
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({
      fromTeam: false,
      authorName: null,
      body: 'متى يُراجع طلب المستأجر؟\nشكراً',
      referral: { id: referral.id },
      broadcast: false,
      attachment: { type: 'pdf', available: true },
      readAt: null,
    });
    const [row] = await messagesOf(broker.id);
    expect(row?.attachmentKey).toBeTruthy();
    expect(storedOnDisk(row?.attachmentKey ?? '')).toBe(true);

    // The team's inbox: unread, found by a word of the message and by the broker's name.
    const bySearch = await as(admin).call(conversationEndpoints.list, {
      query: { search: 'يُراجع طلب' },
    });
    expect(bySearch.json().items).toEqual([
      expect.objectContaining({ brokerId: broker.id, brokerName: 'وسيط المحادثة', unread: 1 }),
    ]);
    const byName = await as(admin).call(conversationEndpoints.list, {
      query: { search: 'وسيط المحادثة', unread: 'true' },
    });
    expect(byName.json().items.map((c) => c.brokerId)).toEqual([broker.id]);
    expect(
      (
        await as(admin).call(conversationEndpoints.list, { query: { search: 'كلمة لا ترد' } })
      ).json().total,
    ).toBe(0);

    // The thread names the writer for the team; the attachment is the broker's own, and the team's
    // opening of it is on record.
    const thread = await as(admin).call(conversationEndpoints.conversation, {
      params: { id: broker.id },
      query: {},
    });
    expect(thread.json().items[0]).toMatchObject({ authorName: 'وسيط المحادثة' });
    const messageId = String(sent.json.id);
    const own = await as(broker).call(conversationEndpoints.attachment, {
      params: { id: messageId },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['cache-control']).toBe('private, no-store');
    const stranger = await as(await aBroker(t)).call(conversationEndpoints.attachment, {
      params: { id: messageId },
    });
    expect(stranger.statusCode).toBe(404);
    const opened = await as(admin).call(conversationEndpoints.teamAttachment, {
      params: { id: messageId },
    });
    expect(opened.statusCode).toBe(200);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'file.download'), eq(auditLog.entityId, broker.id)));
    expect(audited).toHaveLength(1);

    // Waiting for the team, as operations watch it.
    const unreadByTeam = async () => {
      const scraped = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      // No row, no series: none waits.
      return Number(
        /^broker_messages_unread\{reader="team"\} (\d+)$/m.exec(scraped.body)?.[1] ?? 0,
      );
    };
    expect(await unreadByTeam()).toBeGreaterThanOrEqual(1);
    const waiting = await unreadByTeam();

    // Read by the team: the broker sees it read.
    expect(
      (await as(admin).call(conversationEndpoints.markRead, { params: { id: broker.id } }))
        .statusCode,
    ).toBe(200);
    expect((await mine(broker)).items[0]?.readAt).not.toBeNull();
    expect(await unreadByTeam()).toBe(waiting - 1);
    expect(
      (
        await as(admin).call(conversationEndpoints.list, { query: { search: 'وسيط المحادثة' } })
      ).json().items[0]?.unread,
    ).toBe(0);
  });

  it('refuses bad messages in Arabic and writes nothing', async () => {
    const broker = await aBroker(t);
    const other = await aBroker(t);
    const othersReferral = await aReferral(t, other);
    const refusals: [
      Record<string, string>,
      { bytes: Uint8Array; name: string } | undefined,
      number,
      string,
    ][] = [
      [{ body: '   ' }, undefined, 400, 'يرجى كتابة الرسالة أو إرفاق ملف'],
      [{ body: 'مرحباً\u202E' }, undefined, 400, 'النص يحتوي على رموز غير مسموح بها'],
      [{ body: 'مرحباً\u0000' }, undefined, 400, 'النص يحتوي على رموز غير مسموح بها'],
      [{ body: 'س'.repeat(2001) }, undefined, 400, 'الرسالة أطول من ٢٠٠٠ حرف'],
      [
        { body: 'عن إحالة غيري', referralId: othersReferral.id },
        undefined,
        404,
        'الإحالة غير موجودة',
      ],
      [{ body: 'عن إحالة', referralId: 'not-an-id' }, undefined, 404, 'الإحالة غير موجودة'],
      [
        { body: 'ملف' },
        { bytes: new TextEncoder().encode('MZ\x90\x00 an executable'), name: 'x.pdf' },
        400,
        'يُرفق ملف بي دي إف أو صورة بصيغة JPEG أو PNG فقط',
      ],
    ];
    for (const [fields, file, status, message] of refusals) {
      const refused = await write(broker, fields, file ? { file } : {});
      expect(refused.status, message).toBe(status);
      expect(refused.json.message).toBe(message);
    }
    // A refusal after the file was stored leaves no file behind, on disk or in the table.
    const filesBefore = await t.database.db.select().from(storedFiles);
    const onDiskBefore = filesOnDisk();
    const late = await write(
      broker,
      { body: 'عقد إحالة غيري', referralId: othersReferral.id },
      { file: { bytes: PDF, name: 'x.pdf' } },
    );
    expect(late.status).toBe(404);
    expect(await t.database.db.select().from(storedFiles)).toHaveLength(filesBefore.length);
    expect(filesOnDisk()).toBe(onDiskBefore);
    // A text field past its size is refused whole, never stored cut short.
    const flood = await write(broker, { body: `${' '.repeat(9000)}نص` });
    expect(flood.status).toBe(413);
    const json = await fetch(`${base()}/api/messages`, {
      method: 'POST',
      body: JSON.stringify({ body: 'نص' }),
      headers: { cookie: broker.cookie, 'content-type': 'application/json' },
    });
    expect(json.status).toBe(415);
    expect(await messagesOf(broker.id)).toEqual([]);
    expect(
      await t.database.db.select().from(storedFiles).where(eq(storedFiles.brokerId, broker.id)),
    ).toEqual([]);
    // A conversation is with a broker: never with a member of the team.
    const toStaff = await write(admin, { body: 'مرحباً' }, { to: root.id });
    expect(toStaff.status).toBe(404);
    const toNobody = await write(admin, { body: 'مرحباً' }, { to: randomUUID() });
    expect(toNobody.status).toBe(404);
    // The console is the team's.
    for (const endpoint of [conversationEndpoints.list, conversationEndpoints.broadcasts]) {
      expect((await as(broker).call(endpoint, { query: {} })).statusCode).toBe(403);
    }
    expect((await write(broker, { body: 'أنا الفريق' }, { to: other.id })).status).toBe(403);
  });

  it('tells the broker of the team’s message in the bell, and once on the phone until read', async () => {
    const broker = await aBroker(t, { fullName: 'وسيط الإشعار' });
    const first = await write(admin, { body: 'نحتاج صورة العقد من فضلك' }, { to: broker.id });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ fromTeam: true, broadcast: false });
    const second = await write(admin, { body: 'تذكير: صورة العقد' }, { to: broker.id });
    const firstNotices = await noticesOf([String(first.json.id)]);
    expect(firstNotices).toHaveLength(1);
    // The notice says there is a message, never its words.
    expect(firstNotices[0]?.body).toContain('وصلتك رسالة جديدة');
    expect(firstNotices[0]?.body).not.toContain('صورة العقد');
    expect(firstNotices[0]?.recipient).toBe(broker.phone);
    expect(await noticesOf([String(second.json.id)])).toEqual([]);
    const bell = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.brokerId, broker.id));
    expect(bell.filter((n) => n.link === '/messages')).toHaveLength(2);
    const page = await mine(broker);
    expect(page.unread).toBe(2);
    expect(page.items[0]).toMatchObject({ fromTeam: true, authorName: null });

    // Read: the next message is told again.
    await as(broker).call(conversationEndpoints.read);
    expect((await mine(broker)).unread).toBe(0);
    const third = await write(admin, { body: 'شكراً، وصلت' }, { to: broker.id });
    expect(await noticesOf([String(third.json.id)])).toHaveLength(1);
    const sends = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'message.send'), eq(auditLog.entityId, broker.id)));
    expect(sends).toHaveLength(3);
    expect(sends.every((row) => row.actorId === admin.id)).toBe(true);

    // A broker who turned messages off hears in the app only.
    const quiet = await aBroker(t);
    await t.database.db
      .update(brokers)
      .set({ notifyByMessage: false })
      .where(eq(brokers.id, quiet.id));
    const unheard = await write(admin, { body: 'مرحباً' }, { to: quiet.id });
    expect(unheard.status).toBe(201);
    expect(await noticesOf([String(unheard.json.id)])).toEqual([]);
  });

  it('lets a referral a message named be deleted, the message kept', async () => {
    const broker = await aBroker(t);
    const referral = await aReferral(t, broker);
    expect((await write(broker, { body: 'عن هذه الإحالة', referralId: referral.id })).status).toBe(
      201,
    );
    const deleted = await as(root).call(superadminEndpoints.deleteReferral, {
      params: { id: referral.id },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await messagesOf(broker.id)).toEqual([
      expect.objectContaining({ body: 'عن هذه الإحالة', referralId: null }),
    ]);
  });

  it('keeps the messages of a retired broker and erases their files', async () => {
    const broker = await aBroker(t);
    const sent = await write(broker, { body: '' }, { file: { bytes: PDF, name: 'x.pdf' } });
    expect(sent.status).toBe(201);
    const [before] = await messagesOf(broker.id);
    const key = before?.attachmentKey ?? '';
    expect(
      (await as(root).call(superadminEndpoints.deleteBroker, { params: { id: broker.id } }))
        .statusCode,
    ).toBe(200);
    const [after] = await messagesOf(broker.id);
    expect(after).toMatchObject({ attachmentKey: null, attachmentType: 'pdf', body: '' });
    await expect.poll(() => storedOnDisk(key)).toBe(false);
    const thread = await as(admin).call(conversationEndpoints.conversation, {
      params: { id: broker.id },
      query: {},
    });
    // A retired account is no longer a conversation the team writes in, but its record stays.
    expect(thread.statusCode).toBe(200);
    expect(thread.json().items[0]?.attachment).toEqual({ type: 'pdf', available: false });
    expect(
      (
        await as(admin).call(conversationEndpoints.teamAttachment, {
          params: { id: String(sent.json.id) },
        })
      ).statusCode,
    ).toBe(404);
    expect((await write(admin, { body: 'مرحباً' }, { to: broker.id })).status).toBe(404);
  });
});

describe('broadcasts', () => {
  it('reach a city’s brokers except those who muted them, with their delivery counts', async () => {
    const sender = await signUpBroker(t, { admin: true });
    const reached = [await aBroker(t), await aBroker(t)];
    const muted = await aBroker(t);
    const elsewhere = await aBroker(t);
    for (const broker of [...reached, muted]) {
      await t.database.db.update(brokers).set({ city: 'taif' }).where(eq(brokers.id, broker.id));
    }
    await t.database.db.update(brokers).set({ city: 'medina' }).where(eq(brokers.id, elsewhere.id));
    expect(
      (
        await as(muted).call(conversationEndpoints.muteBroadcasts, { body: { muted: true } })
      ).json(),
    ).toEqual({ broadcastsMuted: true });
    expect((await mine(muted)).broadcastsMuted).toBe(true);

    const audience = await as(sender).call(conversationEndpoints.audience, {
      query: { audience: 'city', city: 'taif' },
    });
    expect(audience.json()).toEqual({ recipients: 2, muted: 1 });

    const sent = await as(sender).call(conversationEndpoints.broadcast, {
      body: { audience: 'city', city: 'taif', body: 'عرض الشهر: عمولة إضافية لكل عقد' },
    });
    expect(sent.statusCode).toBe(201);
    const broadcast = sent.json();
    expect(broadcast).toMatchObject({
      audience: 'city',
      city: 'الطائف',
      recipients: 2,
      muted: 1,
      read: 0,
    });
    const { pending, sent: out, delivered, failed, none } = broadcast.notices;
    expect(pending + out + delivered + failed).toBe(2);
    expect(none).toBe(0);
    for (const broker of reached) {
      expect((await mine(broker)).items[0]).toMatchObject({
        fromTeam: true,
        broadcast: true,
        body: 'عرض الشهر: عمولة إضافية لكل عقد',
      });
    }
    expect((await mine(muted)).items).toEqual([]);
    expect((await mine(elsewhere)).items).toEqual([]);

    await as(reached[0] as TestBroker).call(conversationEndpoints.read);
    const listed = (await as(sender).call(conversationEndpoints.broadcasts, { query: {} })).json();
    expect(listed.items.find((b) => b.id === broadcast.id)).toMatchObject({
      read: 1,
      recipients: 2,
    });
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'broadcast.send'), eq(auditLog.entityId, broadcast.id)));
    expect(audited).toHaveLength(1);
  });

  it('reach a group (the default holding brokers without one) and the dormant', async () => {
    const sender = await signUpBroker(t, { admin: true });
    const [group] = await t.database.db
      .insert(brokerGroups)
      .values({ name: `مجموعة البث ${randomUUID()}`, level: 5 })
      .returning();
    const member = await aBroker(t);
    await t.database.db
      .update(brokers)
      .set({ groupId: group?.id })
      .where(eq(brokers.id, member.id));
    expect((await as(sender).call(conversationEndpoints.groups)).json().items).toContainEqual({
      id: group?.id,
      name: group?.name,
    });
    const toGroup = await as(sender).call(conversationEndpoints.broadcast, {
      body: { audience: 'group', groupId: group?.id ?? '', body: 'أهلاً بأعضاء المجموعة' },
    });
    expect(toGroup.json()).toMatchObject({ recipients: 1, groupName: group?.name });
    expect((await mine(member)).items[0]?.body).toBe('أهلاً بأعضاء المجموعة');
    // The group goes (its broker moved out first); the broadcast keeps its name.
    await t.database.db.update(brokers).set({ groupId: null }).where(eq(brokers.id, member.id));
    const removed = await as(root).call(groupEndpoints.remove, { params: { id: group?.id ?? '' } });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = (await as(sender).call(conversationEndpoints.broadcasts, { query: {} })).json();
    expect(after.items.find((b) => b.id === toGroup.json().id)?.groupName).toBe(group?.name);

    const sleeper = await aBroker(t);
    await t.database.db
      .update(brokers)
      .set({ createdAt: new Date(Date.now() - 400 * 24 * 60 * 60 * 1000) })
      .where(eq(brokers.id, sleeper.id));
    const toDormant = await as(sender).call(conversationEndpoints.broadcast, {
      body: { audience: 'dormant', body: 'اشتقنا لإحالاتك' },
    });
    expect(toDormant.statusCode).toBe(201);
    expect((await mine(sleeper)).items[0]?.body).toBe('اشتقنا لإحالاتك');
    expect((await mine(member)).items[0]?.body).toBe('أهلاً بأعضاء المجموعة');
  });

  it('refuses bad broadcasts in Arabic, an empty audience, and past the day’s budget', async () => {
    const sender = await signUpBroker(t, { admin: true });
    const before = await t.database.db.select().from(broadcasts);
    const refusals = [
      [{ audience: 'city', body: 'نص الإعلان' }, 400, 'يرجى اختيار المدينة'],
      [{ audience: 'group', body: 'نص الإعلان' }, 400, 'يرجى اختيار المجموعة'],
      [{ audience: 'everyone', body: 'نص الإعلان' }, 400, 'يرجى اختيار من تصلهم الرسالة'],
      [{ audience: 'city', city: 'riyadh', body: '' }, 400, 'يرجى كتابة نص الرسالة الجماعية'],
      [
        { audience: 'city', city: 'riyadh', body: 'إعلان\u202Eمقلوب' },
        400,
        'النص يحتوي على رموز غير مسموح بها',
      ],
      [
        { audience: 'city', city: 'riyadh', body: 'س'.repeat(1001) },
        400,
        'الرسالة الجماعية أطول من ١٠٠٠ حرف',
      ],
      [
        { audience: 'group', groupId: randomUUID(), body: 'نص الإعلان' },
        404,
        'المجموعة غير موجودة',
      ],
      [
        { audience: 'city', city: 'other', body: 'نص الإعلان' },
        409,
        'لا يوجد وسطاء تصلهم هذه الرسالة',
      ],
    ] as const;
    for (const [body, status, message] of refusals) {
      const refused = await as(sender).call(conversationEndpoints.broadcast, {
        body: body as never,
      });
      expect(refused.statusCode, message).toBe(status);
      expect(refused.json<ApiError>().message).toBe(message);
    }
    expect(await t.database.db.select().from(broadcasts)).toHaveLength(before.length);

    const target = await aBroker(t);
    await t.database.db.update(brokers).set({ city: 'khobar' }).where(eq(brokers.id, target.id));
    for (let i = 0; i < 5; i++) {
      const sent = await as(sender).call(conversationEndpoints.broadcast, {
        body: { audience: 'city', city: 'khobar', body: `إعلان رقم ${i}` },
      });
      expect(sent.statusCode).toBe(201);
    }
    const over = await as(sender).call(conversationEndpoints.broadcast, {
      body: { audience: 'city', city: 'khobar', body: 'إعلان زائد' },
    });
    expect(over.statusCode).toBe(429);
    expect(over.json<ApiError>().message).toBe(
      'أرسلت ٥ رسائل جماعية اليوم، وهو الحد لكل مشرف؛ أعد المحاولة غداً',
    );
    // Five broadcasts, and one phone notice: the broker had not read the first.
    const received = await messagesOf(target.id);
    expect(received).toHaveLength(5);
    expect(await noticesOf(received.map((m) => m.id))).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(outboundMessages)
        .where(like(outboundMessages.body, '%إعلان زائد%')),
    ).toEqual([]);
  });
});
