import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authRoutes } from './auth/routes.js';
import { brokerRoutes } from './brokers/routes.js';
import type { AppConfig } from './config.js';
import type { AppContext } from './context.js';
import type { DatabaseHandle } from './db/client.js';
import { healthRoutes } from './health/routes.js';
import { ConsoleSmsSender, type SmsSender } from './integrations/sms.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerSecurity } from './plugins/security.js';
import { registerSessions } from './plugins/session.js';
import { registerWebApp } from './plugins/static.js';

// Arabic default messages for whatever a schema does not word itself.
z.config(z.locales.ar());

export type BuildAppOptions = {
  config: AppConfig;
  database: DatabaseHandle;
  /** Folder of the built web app, or null to serve the API only (API tests). */
  webRoot: string | null;
  sms?: SmsSender;
  /** Where logs go; defaults to stdout. Tests pass a stream to read what was logged. */
  logStream?: NodeJS.WritableStream;
};

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    bodyLimit: 64 * 1024,
    trustProxy: config.env === 'production',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config,
    db: database.db,
    sms: options.sms ?? new ConsoleSmsSender(app.log, config.exposeOtpInResponses),
  };

  registerErrorHandling(app);
  registerSecurity(app, { production: config.env === 'production' });
  await registerSessions(app, { db: ctx.db, secureCookies: config.secureCookies });
  await app.register(healthRoutes(database.ping));
  await app.register(authRoutes, { prefix: '/api/auth', ctx });
  await app.register(brokerRoutes, { prefix: '/api/broker', ctx });
  await registerWebApp(app, options.webRoot);
  return app;
}
