import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationEndpoints } from '#contract/notifications';
import type { FeatureOptions } from '../context.js';
import { serve } from '../http/serve.js';
import { currentBroker } from '../plugins/session.js';
import { onMessage, onNotification, onTeamMessage } from './live.js';
import { listNotifications, markAllRead } from './service.js';

const KEEP_ALIVE_MS = 25_000;
const RECONNECT_AFTER_SHUTDOWN_MS = 2000;

export const notificationRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  // Open streams end as the server starts closing (before it waits for open connections), so
  // a shutdown never waits on them; the page is told to come back in two seconds, when another
  // instance (or this one, restarted) answers.
  const streams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end(`retry: ${RECONNECT_AFTER_SHUTDOWN_MS}\n\n`);
  });

  serve(app, notificationEndpoints.list, async (request) =>
    listNotifications(ctx.db, currentBroker(request).id),
  );

  serve(app, notificationEndpoints.markRead, async (request) => {
    await markAllRead(ctx.db, currentBroker(request).id);
    return { ok: true as const };
  });

  /**
   * Server-sent events: a `notification` event tells the page to read the list again, a
   * `conversation` event to read the conversation again (the broker's own; any, for the team).
   */
  serve(app, notificationEndpoints.stream, async (request, reply) => {
    const me = currentBroker(request);
    const brokerId = me.id;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 10000\n\n');
    streams.add(res);
    const message = () => res.write('event: conversation\ndata: {}\n\n');
    const unsubscribes = [
      onNotification(brokerId, () => res.write('event: notification\ndata: {}\n\n')),
      me.isAdmin || me.isSuperAdmin ? onTeamMessage(message) : onMessage(brokerId, message),
    ];
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    request.raw.on('close', () => {
      clearInterval(keepAlive);
      for (const unsubscribe of unsubscribes) unsubscribe();
      streams.delete(res);
    });
  });
};
