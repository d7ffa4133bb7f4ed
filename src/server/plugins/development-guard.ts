import type { FastifyInstance } from 'fastify';
import { isLoopbackHost } from '../config.js';
import { AppError } from '../errors.js';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/** `localhost:3000` → `localhost`, `[::1]:3000` → `::1`. */
const hostnameOf = (host: string) => {
  const bracketed = /^\[([^\]]+)\]/.exec(host);
  return bracketed?.[1] ?? host.replace(/:\d+$/, '');
};

/**
 * A development server hands out codes and has demo accounts, so it serves this machine only:
 * a request relayed by a proxy (which would make it reachable from elsewhere while it listens
 * on loopback) or naming another host (DNS rebinding) is refused before anything runs.
 */
export function registerDevelopmentGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const relayed = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
    const host = request.headers.host ?? '';
    if (relayed || !isLoopbackHost(hostnameOf(host))) {
      throw new AppError(
        403,
        'DEVELOPMENT_LOCAL_ONLY',
        'خادم التطوير يخدم هذا الجهاز فقط؛ للوصول إليه من الشبكة شغّله بإعدادات الإنتاج (NODE_ENV=production)',
      );
    }
  });
}
