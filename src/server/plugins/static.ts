import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app. Vite's hashed assets are immutable, so they are cached for a
 * year; index.html is revalidated so a deploy is picked up at once. Client routes fall back
 * to index.html; unknown /api paths answer JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string | null): Promise<void> {
  const hasWeb = webRoot !== null && existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isApi && wantsPage && hasWeb) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'المسار المطلوب غير موجود', code: 'NOT_FOUND' });
  });
}
