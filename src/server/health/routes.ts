import type { FastifyPluginAsync } from 'fastify';
import { errorLogFields } from '../plugins/log-safety.js';

/** Liveness (the process answers) and readiness (the database answers). */
export function healthRoutes(ping: () => Promise<void>): FastifyPluginAsync {
  return async (app) => {
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/readyz', async (request, reply) => {
      try {
        await ping();
        return { status: 'ready' };
      } catch (error) {
        request.log.warn(errorLogFields(error), 'database not reachable');
        return reply.status(503).send({ status: 'unavailable' });
      }
    });
  };
}
