import type { FastifyPluginAsync } from 'fastify';
import { errorLogFields } from '../plugins/log-safety.js';
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
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/readyz', async (request, reply) => {
      if (lifecycle.draining) return reply.status(503).send({ status: 'draining' });
      try {
        await ping();
      } catch (error) {
        request.log.warn(errorLogFields(error), 'database not reachable');
        return reply.status(503).send({ status: 'unavailable' });
      }
      if (await lifecycle.diskSpace.full()) return reply.status(503).send({ status: 'disk_full' });
      return { status: 'ready' };
    });
  };
}
