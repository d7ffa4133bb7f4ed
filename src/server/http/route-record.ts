import type { FastifyInstance } from 'fastify';
import type { Access } from '#contract/common';

/** One served route, as `npm run routes` prints it and the access-matrix test walks it. */
export type RouteRecord = {
  method: string;
  path: string;
  access: Access | null;
  summary: string | null;
  /** What the route declares it answers: JSON of a schema, something else (a file, a stream), or nothing. */
  response: 'json' | 'not json' | 'undeclared';
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, in order; filled as the app is built. */
    routeRecord: RouteRecord[];
  }
}

/** Records every route from here on; call before any route is registered. */
export function recordRoutes(app: FastifyInstance): void {
  const record: RouteRecord[] = [];
  app.decorate('routeRecord', record);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify adds a HEAD route beside every GET; the GET stands for both.
      if (method === 'HEAD') continue;
      record.push({
        method,
        path: route.url,
        access: route.config?.access ?? null,
        summary: route.config?.summary ?? null,
        response: route.schema?.response
          ? 'json'
          : route.config?.notJson
            ? 'not json'
            : 'undeclared',
      });
    }
  });
}
