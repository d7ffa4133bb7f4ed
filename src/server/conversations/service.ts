/**
 * Conversations between the program team and brokers (issue 35 item 3, decision record 079).
 * Each broker has one conversation with the team. A message may concern one of the broker's
 * referrals and carry one private attachment (a stored file of the broker's). A message from
 * the team tells the broker in the bell, and on the phone (WhatsApp or SMS, through the outbox)
 * when it is the first one the broker has not read: an SMS is money, so a broker who does not
 * read is told once. Every change is announced to open pages (notifications/live.ts).
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { ConversationMessage } from '#contract/conversations';
import { brokerDisplayName, type MessageFields } from '#domain';
import type { AuditRecorder } from '../audit/service.js';
import type { AppContext } from '../context.js';
import type { Database, Transaction } from '../db/client.js';
import { brokerMessages, brokers, referrals, storedFiles } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { storeUpload } from '../files/upload.js';
import { isUuid } from '../ids.js';
import { contentTypeOfKey, storedFileType } from '../integrations/storage.js';
import { lockedLiveBroker } from '../ledger/locks.js';
import { enqueueMessage } from '../messaging/outbox.js';
import { announceMessage } from '../notifications/live.js';
import { notify } from '../notifications/service.js';

export const BROKER_NOT_FOUND = 'الوسيط غير موجود';

/** What the team's messages need to tell a broker on the phone. */
export type NoticeContext = { whatsappConfigured: boolean; productName: string };

/** Who writes: the broker of the conversation, or a member of the team. */
export type Writer = { id: string; team: boolean };

type MessageRow = typeof brokerMessages.$inferSelect;
type Attachment = { file: Buffer; type: 'pdf' | 'jpg' | 'png'; key: string };

/** A broker who has a conversation with the team: live, and not of the team. */
const conversationBroker = (broker: { isAdmin: boolean; isSuperAdmin: boolean }) =>
  !broker.isAdmin && !broker.isSuperAdmin;

/** The broker's messages not read by the team, or the team's not read by the broker. */
export const unreadBy = (reader: 'team' | 'broker') =>
  and(isNull(brokerMessages.readAt), eq(brokerMessages.fromTeam, reader === 'broker')) as SQL;

/** A message as the contract shows it; `forTeam` names who wrote it. */
function toMessage(
  row: MessageRow,
  referral: { number: number; tenantPhone: string } | null,
  author: { fullName: string | null; brokerCode: string } | null,
  forTeam: boolean,
): ConversationMessage {
  return {
    id: row.id,
    fromTeam: row.fromTeam,
    authorName: forTeam && author ? brokerDisplayName(author.fullName, author.brokerCode) : null,
    body: row.body,
    referral:
      row.referralId && referral
        ? { id: row.referralId, number: referral.number, tenantPhone: referral.tenantPhone }
        : null,
    broadcast: row.broadcastId !== null,
    attachment: row.attachmentType
      ? {
          type: row.attachmentType as 'pdf' | 'jpg' | 'png',
          available: row.attachmentKey !== null,
        }
      : null,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Who wrote a message: the broker of the conversation, or a member of the team. */
const author = alias(brokers, 'author');

/** A page of one conversation, newest first. */
export async function conversationPage(
  db: Database,
  brokerId: string,
  page: { page: number; pageSize: number },
  forTeam: boolean,
) {
  const where = eq(brokerMessages.brokerId, brokerId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        message: brokerMessages,
        number: referrals.number,
        tenantPhone: referrals.tenantPhone,
        authorName: author.fullName,
        authorCode: author.brokerCode,
      })
      .from(brokerMessages)
      .innerJoin(author, eq(author.id, brokerMessages.authorId))
      .leftJoin(referrals, eq(referrals.id, brokerMessages.referralId))
      .where(where)
      .orderBy(desc(brokerMessages.createdAt), desc(brokerMessages.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ value: sql<number>`count(*)::int` }).from(brokerMessages).where(where),
  ]);
  return {
    items: rows.map((row) =>
      toMessage(
        row.message,
        row.number !== null && row.tenantPhone !== null
          ? { number: row.number, tenantPhone: row.tenantPhone }
          : null,
        { fullName: row.authorName, brokerCode: row.authorCode },
        forTeam,
      ),
    ),
    total: total?.value ?? 0,
    page: page.page,
    pageSize: page.pageSize,
  };
}

/** How many messages the reader has not read in the broker's conversation. */
export async function unreadCount(
  db: Pick<Database, 'select'>,
  brokerId: string,
  reader: 'team' | 'broker',
): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(brokerMessages)
    .where(and(eq(brokerMessages.brokerId, brokerId), unreadBy(reader)));
  return row?.value ?? 0;
}

/** Marks the other side's messages read by `reader`, and tells the open pages. */
export async function markConversationRead(
  db: Database,
  brokerId: string,
  reader: 'team' | 'broker',
): Promise<void> {
  await db.transaction(async (tx) => {
    const read = await tx
      .update(brokerMessages)
      .set({ readAt: new Date() })
      .where(and(eq(brokerMessages.brokerId, brokerId), unreadBy(reader)))
      .returning({ id: brokerMessages.id });
    if (read.length > 0) await announceMessage(tx, brokerId);
  });
}

/**
 * The file sent with a message, judged by its bytes: a PDF, a JPEG or a PNG, or a 400; stored
 * before the message's transaction (removed again when it fails).
 */
export function attachmentOf(file: Buffer | null): Attachment | null {
  if (!file || file.length === 0) return null;
  const type = storedFileType(file);
  if (!type) {
    throw new AppError(400, 'ATTACHMENT_TYPE', 'يُرفق ملف بي دي إف أو صورة بصيغة JPEG أو PNG فقط');
  }
  return { file, type, key: `${randomBytes(16).toString('hex')}.${type}` };
}

/** The broker's referral a message concerns: theirs, or 404 (another's is not found either). */
async function referralOf(tx: Transaction, brokerId: string, referralId: string | null) {
  if (!referralId) return null;
  const missing = () => notFound('الإحالة غير موجودة');
  if (!isUuid(referralId)) throw missing();
  const [referral] = await tx
    .select({ number: referrals.number, tenantPhone: referrals.tenantPhone })
    .from(referrals)
    .where(and(eq(referrals.id, referralId), eq(referrals.brokerId, brokerId)));
  if (!referral) throw missing();
  return referral;
}

/**
 * Writes a message in the broker's conversation. Refused with nothing written: an empty message
 * without a file (400), a referral not the broker's (404), a retired broker or a member of the
 * team as the conversation's broker (404). A message from the team is audited, rings the
 * broker's bell, and queues a phone notice when the broker allows messages and had no unread
 * message of the team before it.
 */
export async function sendMessage(
  ctx: Pick<AppContext, 'db' | 'storage'> & { notices: NoticeContext },
  request: FastifyRequest,
  input: { brokerId: string; writer: Writer; fields: MessageFields; file: Buffer | null },
  record: AuditRecorder,
): Promise<ConversationMessage> {
  const attachment = attachmentOf(input.file);
  if (!input.fields.body && !attachment) {
    throw new AppError(400, 'MESSAGE_EMPTY', 'يرجى كتابة الرسالة أو إرفاق ملف');
  }
  if (attachment) {
    await storeUpload(request, ctx.storage, {
      key: attachment.key,
      file: attachment.file,
      contentType: contentTypeOfKey(attachment.key),
    });
  }
  try {
    return await ctx.db.transaction(async (tx) => {
      const broker = await lockedLiveBroker(tx, input.brokerId);
      if (!conversationBroker(broker)) throw notFound(BROKER_NOT_FOUND);
      const referral = await referralOf(tx, broker.id, input.fields.referralId);
      const earlierUnread = input.writer.team ? await unreadCount(tx, broker.id, 'broker') : 0;
      if (attachment) {
        await tx.insert(storedFiles).values({
          key: attachment.key,
          brokerId: broker.id,
          kind: 'message',
          size: attachment.file.length,
        });
      }
      const [row] = await tx
        .insert(brokerMessages)
        .values({
          brokerId: broker.id,
          authorId: input.writer.id,
          fromTeam: input.writer.team,
          body: input.fields.body,
          referralId: input.fields.referralId,
          attachmentKey: attachment?.key ?? null,
          attachmentType: attachment?.type ?? null,
        })
        .returning();
      if (!row) throw new Error('the message was not inserted');
      if (input.writer.team) {
        await notify(tx, broker.id, {
          type: 'info',
          title: 'رسالة جديدة من فريق البرنامج',
          message: 'اقرأها وردّ عليها من صفحة الرسائل',
          link: '/messages',
        });
        if (broker.notifyByMessage && earlierUnread === 0) {
          await enqueueMessage(tx, ctx.notices.whatsappConfigured, {
            kind: 'broker_message',
            to: broker.phone,
            purpose: 'broker_message',
            parameters: [broker.fullName?.trim() || 'شريكنا', ctx.notices.productName],
            cause: `message:${row.id}`,
          });
        }
        await record(tx, {
          action: 'message.send',
          entityType: 'broker',
          entityId: broker.id,
          after: {
            message: row.id,
            referral: row.referralId,
            attachment: row.attachmentType,
            phoneNotice: broker.notifyByMessage && earlierUnread === 0,
          },
        });
      }
      await announceMessage(tx, broker.id);
      const [writer] = await tx
        .select({ fullName: brokers.fullName, brokerCode: brokers.brokerCode })
        .from(brokers)
        .where(eq(brokers.id, input.writer.id));
      return toMessage(row, referral, writer ?? null, input.writer.team);
    });
  } catch (error) {
    // A file with no message would be kept forever unseen.
    if (attachment) await ctx.storage.delete(attachment.key).catch(() => {});
    throw error;
  }
}

/**
 * A message's attachment: the message of `brokerId`'s conversation when given (the broker's own),
 * any for the team. 404 when there is none, or it was erased with the account.
 */
export async function attachmentFor(
  db: Database,
  messageId: string,
  brokerId: string | null,
): Promise<{ key: string; brokerId: string; messageId: string }> {
  const missing = () => notFound('المرفق غير موجود');
  if (!isUuid(messageId)) throw missing();
  const [row] = await db
    .select({ key: brokerMessages.attachmentKey, brokerId: brokerMessages.brokerId })
    .from(brokerMessages)
    .where(
      and(
        eq(brokerMessages.id, messageId),
        brokerId ? eq(brokerMessages.brokerId, brokerId) : undefined,
      ),
    );
  if (!row?.key) throw missing();
  return { key: row.key, brokerId: row.brokerId, messageId };
}

/** Whether the broker muted broadcasts. */
export async function broadcastsMutedOf(db: Database, brokerId: string): Promise<boolean> {
  const [row] = await db
    .select({ muted: brokers.broadcastsMuted })
    .from(brokers)
    .where(eq(brokers.id, brokerId));
  return row?.muted ?? false;
}

/** The broker's choice to receive broadcasts or not. */
export async function muteBroadcasts(
  db: Database,
  brokerId: string,
  muted: boolean,
  record: AuditRecorder,
): Promise<{ broadcastsMuted: boolean }> {
  return db.transaction(async (tx) => {
    const broker = await lockedLiveBroker(tx, brokerId);
    if (broker.broadcastsMuted !== muted) {
      await tx
        .update(brokers)
        .set({ broadcastsMuted: muted, updatedAt: new Date() })
        .where(eq(brokers.id, brokerId));
      await record(tx, {
        action: 'message.broadcasts_muted',
        entityType: 'broker',
        entityId: brokerId,
        before: { broadcastsMuted: broker.broadcastsMuted },
        after: { broadcastsMuted: muted },
      });
    }
    return { broadcastsMuted: muted };
  });
}

/** The broker a conversation is with, as the team's page heads it; 404 for none or staff. */
export async function conversationHead(db: Database, brokerId: string) {
  const [broker] = await db.select().from(brokers).where(eq(brokers.id, brokerId));
  if (!broker || !conversationBroker(broker)) throw notFound(BROKER_NOT_FOUND);
  return {
    id: broker.id,
    name: brokerDisplayName(broker.fullName, broker.brokerCode),
    phone: broker.phone,
    notifyByMessage: broker.notifyByMessage,
    broadcastsMuted: broker.broadcastsMuted,
    retired: broker.deletedAt !== null,
  };
}
