import { createRequire } from 'node:module';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pino from 'pino';
import { z } from 'zod';
import { activationQuestionRoutes } from './activation-questions/routes.js';
import { adminRoutes } from './admin/routes.js';
import { apiKeyRoutes } from './api-keys/routes.js';
import { authRoutes } from './auth/routes.js';
import { bonusRoutes } from './bonuses/routes.js';
import { brokerRoutes } from './brokers/routes.js';
import { commissionRoutes } from './commissions/routes.js';
import type { AppConfig } from './config.js';
import type { AppContext } from './context.js';
import { conversationRoutes } from './conversations/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { dataIncidentRoutes } from './data-incidents/routes.js';
import { adminDataRequestRoutes, dataRightsRoutes } from './data-requests/routes.js';
import type { DatabaseHandle } from './db/client.js';
import { devRoutes } from './dev-routes.js';
import { fileRoutes } from './files/routes.js';
import { groupRoutes } from './groups/routes.js';
import { DiskSpace } from './health/disk-space.js';
import { healthRoutes, type Lifecycle } from './health/routes.js';
import { answerClientError } from './http/client-errors.js';
import { recordRoutes } from './http/route-record.js';
import { logSerializerReport, responseSerializers } from './http/serializer.js';
import { inboundRoutes } from './inbound/routes.js';
import type { SmsSender } from './integrations/sms.js';
import { type FileStorage, storageFor } from './integrations/storage.js';
import { scheduledJobsFor } from './jobs.js';
import { type Channels, channelsFor, smsSenderFor } from './messaging/channels.js';
import { type OutboxOptions, startOutboxWorker } from './messaging/outbox.js';
import { messagingRoutes } from './messaging/routes.js';
import { smsReportRoutes } from './messaging/sms-reports.js';
import { whatsappWebhookRoutes } from './messaging/webhook.js';
import { registerMetrics } from './metrics/routes.js';
import { listenForNotifications } from './notifications/live.js';
import { notificationRoutes } from './notifications/routes.js';
import { type ErrorReporter, errorReporterFor } from './observability/error-reports.js';
import { officeRoutes } from './offices/routes.js';
import { openApiRoutes } from './openapi/routes.js';
import { registerDevelopmentGuard } from './plugins/development-guard.js';
import { frameworkErrors, registerErrorHandling } from './plugins/errors.js';
import { inlineScriptSources } from './plugins/inline-scripts.js';
import { registerInputGuard } from './plugins/input-guard.js';
import {
  errorLogSerializer,
  OneLineRequestLog,
  requestId,
  requestLogFields,
} from './plugins/log-safety.js';
import { registerSecurity } from './plugins/security.js';
import { registerSessions } from './plugins/session.js';
import { registerWebApp } from './plugins/static.js';
import { programTermsRoutes } from './program-terms/routes.js';
import { referralLinkRoutes } from './referral-links/routes.js';
import { referralRoutes } from './referrals/routes.js';
import { keepCommissionRule } from './settings/service.js';
import { superadminRoutes } from './superadmin/routes.js';
import { tenantFormRoutes } from './tenant-forms/routes.js';
import { shortLinkRoutes } from './tenant-forms/short-links.js';
import { webhookRoutes } from './webhooks/routes.js';

// Arabic default messages for whatever a schema does not word itself.
z.config(z.locales.ar());

export type BuildAppOptions = {
  config: AppConfig;
  database: DatabaseHandle;
  /** Folder of the built web app, or null to serve the API only (API tests). */
  webRoot: string | null;
  sms?: SmsSender;
  /** WhatsApp and CRM adapters in place of those the configuration names (tests). */
  channels?: Partial<Omit<Channels, 'sms'>>;
  /** The outbox worker's lease, backoff and poll interval (tests shorten them). */
  outbox?: OutboxOptions;
  storage?: FileStorage;
  /** Where logs go; defaults to stdout. Tests pass a stream to read what was logged. */
  logStream?: pino.DestinationStream;
  /** Told of every route as it is registered, so tests can reach each one. */
  onRoute?: (route: { method: string; url: string }) => void;
  /** Where unexpected errors go; by default the reporter of config.errorReports. */
  errorReports?: ErrorReporter;
};

/**
 * Where the logger writes: the stream a test reads, or standard output. In production, by
 * pino's recipe for asynchronous logging: lines gather up to 4 KB (about a dozen requests'
 * lines) before a write, where pino's default destination makes a write for nearly every line,
 * each handed to libuv's thread pool and its completion signalled back to the event loop.
 * Written at least every second when quiet and flushed at exit: only a `kill -9` loses what is
 * held. Elsewhere pino's default (pretty-printed at a development terminal), so a developer sees
 * each line at once.
 */
function logDestination(stream: pino.DestinationStream | undefined, config: AppConfig) {
  if (stream) return { stream };
  if (config.env !== 'production') return readableLogs(config);
  return {
    stream: pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 }),
  };
}

/** Whether pino-pretty is installed: a development dependency, absent from a release. */
function prettyInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * Development at a terminal: lines pretty-printed by pino-pretty (in a worker thread). Anywhere
 * else, tests and every piped or collected output included, JSON lines.
 */
export function readableLogs(config: Pick<AppConfig, 'env'>) {
  if (config.env !== 'development' || !process.stdout.isTTY || !prettyInstalled()) return {};
  return {
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
    },
  };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...logDestination(options.logStream, config),
      // Tenant-form tokens, short-link codes and file keys are secrets: masked in request logs.
      // A request is logged only through this serializer and an answer only through Fastify's
      // (its status code), so no header (cookie, authorization, set-cookie) reaches a log line,
      // and no redaction pass over each line is needed (plugins.test.ts checks the headers).
      // An error's message and stack go through the scrubber error reports use.
      serializers: { req: requestLogFields, err: errorLogSerializer },
    },
    logController: new OneLineRequestLog(),
    genReqId: requestId,
    bodyLimit: 64 * 1024,
    // The router's own refusals (bad percent-encoding, an overlong path parameter) in the
    // product's error shape, not Fastify's English echo of the path.
    frameworkErrors,
    // What Node's HTTP parser refuses before any route (bad framing, oversized headers) too.
    clientErrorHandler: answerClientError,
    // Forwarded-for headers are believed only from the proxies TRUST_PROXY names.
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Outside production every answer is checked against the contract's zod schema (the whole
  // test suite enforces it); production writes them with serializers compiled from it.
  const serializers = responseSerializers({ checkWithZod: config.env !== 'production' });
  app.setSerializerCompiler(serializers.compiler);
  app.addHook('onReady', async () => logSerializerReport(app.log, serializers.report));
  recordRoutes(app);
  const { onRoute } = options;
  if (onRoute) {
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) onRoute({ method, url: route.url });
    });
  }

  const errorReports = options.errorReports ?? errorReporterFor(config.errorReports, app.log);
  app.decorate('errorReports', errorReports);
  // Only with OTEL_* set: the request's server span named by its route template and given the
  // request id. Without them no hook is added and no OpenTelemetry module is loaded.
  if (config.tracing) (await import('./observability/request-spans.js')).nameRequestSpans(app);

  registerMetrics(app, {
    db: database.db,
    poolStats: database.poolStats,
    token: config.metricsToken,
  });
  const sms = options.sms ?? smsSenderFor(config, app.log);
  const channels = channelsFor(
    config,
    sms,
    options.channels,
    (labels) => app.metrics.deliveries.inc(labels),
    database.db,
  );
  const outbox = startOutboxWorker(database.db, channels, app.log, {
    webhookRequireHttps: config.env === 'production',
    report: (error) => errorReports.report(error, { mechanism: 'job', job: 'outbox' }),
    counted: (outcome) => app.metrics.jobRuns.inc({ job: 'outbox', outcome }),
    ...options.outbox,
  });
  app.addHook('onClose', () => outbox.stop());
  const stopListening = await listenForNotifications(database);
  app.addHook('onClose', () => stopListening());
  const stopKeepingRule = await keepCommissionRule(database);
  app.addHook('onClose', () => stopKeepingRule());
  app.decorate('outbox', outbox);
  const storage = options.storage ?? storageFor(config.storage);
  const ctx: AppContext = { config, db: database.db, sms, channels, outbox, storage };
  app.decorate('scheduledJobs', scheduledJobsFor(ctx));

  const diskSpace = new DiskSpace({
    db: ctx.db,
    storage,
    log: app.log,
    reports: errorReports,
  });
  app.decorate('diskSpace', diskSpace);
  registerErrorHandling(app, diskSpace);
  // NODE_ENV=test is the test suite's own, which relays forwarded headers on purpose.
  if (config.development && config.env === 'development') registerDevelopmentGuard(app);
  registerSecurity(app, {
    production: config.env === 'production',
    inlineScripts: inlineScriptSources(options.webRoot),
  });
  await registerSessions(app, { db: ctx.db, secureCookies: config.secureCookies });
  // After the session hook (hooks run in registration order): a stranger gets 401/403 first.
  registerInputGuard(app);
  const lifecycle: Lifecycle = { draining: false, diskSpace };
  app.decorate('startDraining', () => {
    lifecycle.draining = true;
  });
  await app.register(healthRoutes(database.ping, lifecycle));
  await app.register(authRoutes, { prefix: '/api/auth', ctx });
  await app.register(brokerRoutes, { prefix: '/api/broker', ctx });
  await app.register(referralLinkRoutes, { prefix: '/api', ctx });
  await app.register(referralRoutes, { prefix: '/api/referrals', ctx });
  await app.register(dashboardRoutes, { prefix: '/api/dashboard', ctx });
  await app.register(commissionRoutes, { prefix: '/api/commissions', ctx });
  await app.register(notificationRoutes, { prefix: '/api/notifications', ctx });
  await app.register(adminRoutes, { prefix: '/api/admin', ctx });
  await app.register(superadminRoutes, { prefix: '/api/superadmin', ctx });
  await app.register(groupRoutes, { prefix: '/api', ctx });
  await app.register(bonusRoutes, { prefix: '/api', ctx });
  await app.register(programTermsRoutes, { prefix: '/api', ctx });
  await app.register(activationQuestionRoutes, { prefix: '/api', ctx });
  await app.register(apiKeyRoutes, { prefix: '/api', ctx });
  await app.register(conversationRoutes, { prefix: '/api', ctx });
  await app.register(officeRoutes, { prefix: '/api', ctx });
  await app.register(inboundRoutes, { prefix: '/api/v1', ctx });
  await app.register(openApiRoutes, { prefix: '/api', ctx });
  await app.register(webhookRoutes, { prefix: '/api/superadmin/webhooks', ctx });
  await app.register(dataIncidentRoutes, { prefix: '/api/superadmin/data-incidents', ctx });
  await app.register(tenantFormRoutes, { prefix: '/api', ctx });
  await app.register(dataRightsRoutes, { prefix: '/api/tenant-form', ctx });
  await app.register(adminDataRequestRoutes, { prefix: '/api/admin/data-requests', ctx });
  await app.register(fileRoutes, { prefix: '/api/files', ctx });
  await app.register(messagingRoutes, { prefix: '/api', ctx });
  await app.register(whatsappWebhookRoutes, { prefix: '/api/webhooks', ctx });
  await app.register(smsReportRoutes, { prefix: '/api/webhooks', ctx });
  if (config.development) await app.register(devRoutes, { prefix: '/api/dev', ctx });
  await app.register(shortLinkRoutes, { ctx });
  await registerWebApp(app, {
    webRoot: options.webRoot,
    publicUrl: config.publicUrl,
    brand: config.brand,
  });
  return app;
}
