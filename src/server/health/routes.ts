import type { FastifyPluginAsync } from 'fastify';
import { RepeatedFailureLog } from '../plugins/log-safety.js';
import type { DiskSpace } from './disk-space.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * From now on /readyz answers 503 while everything else is still served: the first step
     * of a shutdown, so a load balancer stops sending before the server closes.
     */
    startDraining(): void;
  }
}

/**
 * Whether the instance is shutting down (set by `startDraining`), and whether writes fail for
 * a full disk.
 */
export type Lifecycle = { draining: boolean; diskSpace: Pick<DiskSpace, 'full'> };

/**
 * Liveness (the process answers) and readiness (the database answers and the instance is not
 * shutting down).
 */
export function healthRoutes(ping: () => Promise<void>, lifecycle: Lifecycle): FastifyPluginAsync {
  return async (app) => {
    // A database away for minutes fails every probe of every balancer: logged once, then once
    // a minute with a count, and once more when it answers again.
    const unreachable = new RepeatedFailureLog(app.log, 'database ping');
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/readyz', async (_request, reply) => {
      if (lifecycle.draining) return reply.status(503).send({ status: 'draining' });
      try {
        await ping();
        unreachable.succeeded();
      } catch (error) {
        unreachable.failed(error);
        return reply.status(503).send({ status: 'unavailable' });
      }
      if (await lifecycle.diskSpace.full()) return reply.status(503).send({ status: 'disk_full' });
      return { status: 'ready' };
    });
  };
}
