import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conversationEndpoints } from '#contract/conversations';
import { messageFields } from '#domain';
import { audit, auditBy } from '../audit/service.js';
import type { AppContext, FeatureOptions } from '../context.js';
import { AppError, notFound } from '../errors.js';
import { readUpload, registerUploads } from '../files/upload.js';
import { serve } from '../http/serve.js';
import { contentTypeOfKey } from '../integrations/storage.js';
import { currentBroker } from '../plugins/session.js';
import { enforceRateLimits, type RateRule } from '../rate-limit.js';
import { audienceSize, broadcastGroups, listBroadcasts, sendBroadcast } from './broadcasts.js';
import { listConversations } from './inbox.js';
import {
  attachmentFor,
  broadcastsMutedOf,
  conversationHead,
  conversationPage,
  markConversationRead,
  muteBroadcasts,
  sendMessage,
  unreadCount,
  type Writer,
} from './service.js';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;
/** What a broker may write: a conversation, not a channel for floods (or for filling storage). */
const brokerBudget = (id: string): RateRule[] => [
  { key: `messages:broker:${id}:hour`, limit: 30, windowSeconds: HOUR },
  { key: `messages:broker:${id}:day`, limit: 100, windowSeconds: DAY },
];
/** What one admin may write in a day: each first unread message may be an SMS. */
const adminBudget = (id: string): RateRule[] => [
  { key: `messages:admin:${id}:day`, limit: 500, windowSeconds: DAY },
];

/** The message's text fields, read from the multipart body by the domain's rule. */
function fieldsOf(fields: Record<string, string>) {
  const parsed = messageFields.safeParse(fields);
  if (!parsed.success) {
    throw new AppError(
      400,
      'VALIDATION_ERROR',
      parsed.error.issues[0]?.message ?? 'الرسالة غير صالحة',
    );
  }
  return parsed.data;
}

/** Sends an attachment, never cached, once `opened` (an audit row for the team) has run. */
async function sendAttachment(
  ctx: Pick<AppContext, 'storage'>,
  reply: FastifyReply,
  key: string,
  opened?: () => Promise<void>,
) {
  const stream = await ctx.storage.get(key);
  if (!stream) throw notFound('المرفق غير موجود');
  try {
    await opened?.();
  } catch (error) {
    stream.destroy();
    throw error;
  }
  const extension = key.split('.').pop();
  return reply
    .header('content-type', contentTypeOfKey(key))
    .header('content-disposition', `attachment; filename="attachment.${extension}"`)
    .header('cache-control', 'private, no-store')
    .send(stream);
}

/**
 * Conversations with brokers (decision record 079): the broker's «الرسائل» and the console's
 * conversations and broadcasts. Registered under /api: each endpoint's access is its own.
 */
export const conversationRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const notices = {
    whatsappConfigured: ctx.channels.whatsapp !== null,
    productName: ctx.config.brand.productName,
  };

  serve(app, conversationEndpoints.mine, async (request) => {
    const me = currentBroker(request);
    const [page, unread, broadcastsMuted] = await Promise.all([
      conversationPage(db, me.id, request.query, false),
      unreadCount(db, me.id, 'broker'),
      broadcastsMutedOf(db, me.id),
    ]);
    return { ...page, unread, broadcastsMuted };
  });

  serve(app, conversationEndpoints.read, async (request) => {
    await markConversationRead(db, currentBroker(request).id, 'broker');
    return { ok: true as const };
  });

  serve(app, conversationEndpoints.attachment, async (request, reply) => {
    const me = currentBroker(request);
    const found = await attachmentFor(db, request.params.id, me.id);
    return sendAttachment(ctx, reply, found.key);
  });

  serve(app, conversationEndpoints.muteBroadcasts, async (request) =>
    muteBroadcasts(db, currentBroker(request).id, request.body.muted, auditBy(request)),
  );

  serve(app, conversationEndpoints.list, async (request) => listConversations(db, request.query));

  serve(app, conversationEndpoints.conversation, async (request) => {
    const broker = await conversationHead(db, request.params.id);
    const page = await conversationPage(
      db,
      broker.id,
      { page: request.query.page, pageSize: 50 },
      true,
    );
    return { ...page, broker };
  });

  serve(app, conversationEndpoints.markRead, async (request) => {
    const broker = await conversationHead(db, request.params.id);
    await markConversationRead(db, broker.id, 'team');
    return { ok: true as const };
  });

  serve(app, conversationEndpoints.teamAttachment, async (request, reply) => {
    const found = await attachmentFor(db, request.params.id, null);
    return sendAttachment(ctx, reply, found.key, () =>
      audit(db, request, {
        action: 'file.download',
        entityType: 'broker',
        entityId: found.brokerId,
        after: { message: found.messageId, key: found.key },
      }),
    );
  });

  serve(app, conversationEndpoints.groups, async () => broadcastGroups(db));

  serve(app, conversationEndpoints.audience, async (request) => audienceSize(db, request.query));

  serve(app, conversationEndpoints.broadcast, async (request, reply) => {
    const me = currentBroker(request);
    const sent = await sendBroadcast(db, notices, me.id, request.body, auditBy(request));
    return reply.status(201).send(sent);
  });

  serve(app, conversationEndpoints.broadcasts, async (request) =>
    listBroadcasts(db, request.query.page),
  );

  // Multipart for the two ways of writing alone: a text field and one file.
  await app.register(async (uploads) => {
    // A message of 2,000 characters is up to 8 KiB in UTF-8.
    await registerUploads(uploads, 2, 8 * 1024);
    const send = async (
      request: Parameters<typeof readUpload>[0],
      brokerId: string,
      writer: Writer,
      budget: RateRule[],
    ) => {
      const { fields, file } = await readUpload(request, () => enforceRateLimits(db, budget));
      // Files fill the storage: 20 a day for anyone writing.
      if (file && file.length > 0) {
        await enforceRateLimits(db, [
          { key: `messages:files:${writer.id}`, limit: 20, windowSeconds: DAY },
        ]);
      }
      return sendMessage(
        { db, storage: ctx.storage, notices },
        request,
        { brokerId, writer, fields: fieldsOf(fields), file },
        auditBy(request),
      );
    };
    serve(uploads, conversationEndpoints.send, async (request, reply) => {
      const me = currentBroker(request);
      const sent = await send(request, me.id, { id: me.id, team: false }, brokerBudget(me.id));
      return reply.status(201).send(sent);
    });
    serve(uploads, conversationEndpoints.reply, async (request, reply) => {
      const me = currentBroker(request);
      const broker = await conversationHead(db, request.params.id);
      const sent = await send(request, broker.id, { id: me.id, team: true }, adminBudget(me.id));
      return reply.status(201).send(sent);
    });
  });
};
