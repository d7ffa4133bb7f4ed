import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureOptions } from '../context.js';
import { currentBroker } from '../plugins/session.js';
import { listNotifications, markAllRead, onNotification } from './service.js';

const KEEP_ALIVE_MS = 25_000;

export const notificationRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const broker = { config: { access: 'broker' as const } };
  // Open streams end when the server closes, so a shutdown never waits on them.
  const streams = new Set<NodeJS.WritableStream & { end: () => void }>();
  app.addHook('onClose', async () => {
    for (const stream of streams) stream.end();
  });

  app.get('/', broker, async (request) => listNotifications(ctx.db, currentBroker(request).id));

  app.post('/read', broker, async (request) => {
    await markAllRead(ctx.db, currentBroker(request).id);
    return { ok: true };
  });

  /** Server-sent events: a `notification` event tells the page to read the list again. */
  app.get('/stream', broker, async (request, reply) => {
    const brokerId = currentBroker(request).id;
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
    const unsubscribe = onNotification(brokerId, () =>
      res.write('event: notification\ndata: {}\n\n'),
    );
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    request.raw.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
      streams.delete(res);
    });
  });
};
