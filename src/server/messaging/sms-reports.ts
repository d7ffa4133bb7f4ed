import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messagingEndpoints } from '#contract/messaging';
import type { FeatureOptions } from '../context.js';
import { type OutboundMessage, outboundMessages } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { serve } from '../http/serve.js';
import { isUuid } from '../ids.js';
import { parseDeliveryReport, undeliveredError } from '../integrations/unifonic.js';
import { addressKey, enforceRateLimits } from '../rate-limit.js';
import { alertAdmins } from './alerts.js';
import { equalSecrets } from './webhook.js';

/**
 * Unifonic's delivery reports: the address given to Unifonic as `statusCallback`
 * ends in UNIFONIC_REPORT_SECRET, since Unifonic signs nothing and documents no way to verify
 * a report (https://docs.unifonic.com/docs/receiving-delivery-status-via-webhook); a wrong or
 * missing secret is a 404, as for any unknown path. A report is then only a prompt: the
 * message's state is asked of Unifonic itself (GetMessagesDetails by CorrelationID, our row's
 * id) before anything moves, so a forged or replayed report can change nothing. Its current
 * payload is not documented either: JSON and forms are both read (parseDeliveryReport).
 * Unifonic retries a report that is not answered 200 (6 tries in 72 hours, its support page
 * says): an answer it cannot confirm now is a 503, and it comes again.
 */
export const smsReportRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { ctx }) => {
  const { db, config, channels } = ctx;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  serve(app, messagingEndpoints.smsReport, async (request) => {
    const secret = config.sms.provider === 'unifonic' ? config.sms.reportSecret : null;
    if (!secret || !equalSecrets(request.params.secret, secret)) throw notFound();
    // Each report costs a call to Unifonic: bounded per address and in total.
    await enforceRateLimits(db, [
      { key: `sms-report:${addressKey(request.ip)}`, limit: 600, windowSeconds: 60 },
      { key: 'sms-report:all', limit: 3000, windowSeconds: 60 },
    ]);
    const report = parseDeliveryReport(request.body);
    // Nothing we can read: acknowledged, or Unifonic would send it again for three days.
    if (!report) return { ok: true as const };
    const byId: SQL | null =
      report.correlationId && isUuid(report.correlationId)
        ? eq(outboundMessages.id, report.correlationId)
        : report.providerMessageId
          ? eq(outboundMessages.providerMessageId, report.providerMessageId)
          : null;
    if (!byId) return { ok: true as const };
    const [row] = await db
      .select()
      .from(outboundMessages)
      .where(and(byId, eq(outboundMessages.channel, 'sms')))
      .limit(1);
    if (!row || !channels.sms.lookup) return { ok: true as const };
    // Not recorded as sent yet (the report beat our record of the send, or the send is being
    // checked): Unifonic is asked to send the report again later.
    if (row.status === 'queued' || row.status === 'sending') throw reportAgainLater();
    // Already delivered, read or failed: nothing moves back.
    if (row.status !== 'sent') return { ok: true as const };
    let found: Awaited<ReturnType<NonNullable<typeof channels.sms.lookup>>>;
    try {
      found = await channels.sms.lookup(row.id);
    } catch {
      throw reportAgainLater();
    }
    // A final report Unifonic's own records do not show yet: asked again later.
    if (report.state !== 'pending' && (!found.found || found.state === 'pending')) {
      throw reportAgainLater();
    }
    if (found.found && found.state === 'delivered') await markDelivered(ctx.db, row);
    if (found.found && found.state === 'failed') {
      // The lookup's details may carry no ER code (U2 documents none): the report's then.
      const failure =
        found.code === null && report.code !== null ? undeliveredError(report.code) : found.failure;
      if (!failure) return { ok: true as const };
      const failed = await db
        .update(outboundMessages)
        .set({
          status: 'failed',
          errorKind: failure.kind,
          lastError: `${failure.code}: ${failure.message}`.slice(0, 300),
        })
        .where(and(eq(outboundMessages.id, row.id), eq(outboundMessages.status, 'sent')))
        .returning({ id: outboundMessages.id });
      // A text the operators filter or a sender they refuse: an admin must act.
      const kind = failure.kind;
      if (failed.length > 0 && (kind === 'config' || kind === 'content')) {
        await alertAdmins(db, 'sms');
      }
    }
    return { ok: true as const };
  });
};

const reportAgainLater = () =>
  new AppError(503, 'PROVIDER_UNAVAILABLE', 'تعذر التحقق من حالة الرسالة الآن');

async function markDelivered(db: FeatureOptions['ctx']['db'], row: OutboundMessage) {
  await db
    .update(outboundMessages)
    .set({ status: 'delivered', deliveredAt: new Date() })
    .where(and(eq(outboundMessages.id, row.id), eq(outboundMessages.status, 'sent')));
}
