import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isDiskFull, isStatementTimeout } from '../db/errors.js';
import { AppError } from '../errors.js';
import type { DiskSpace } from '../health/disk-space.js';
import { type ErrorReporter, requestContext } from '../observability/error-reports.js';
import { errorLogFields } from './log-safety.js';

type ErrorBody = { message: string; code: string; fields?: Record<string, string> } & Record<
  string,
  unknown
>;

const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'حجم البيانات المرسلة أكبر من المسموح',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'صيغة البيانات غير مدعومة، يرجى الإرسال بصيغة JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'INVALID_BODY',
    message: 'البيانات المرسلة غير صالحة',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'INVALID_BODY',
    message: 'البيانات المرسلة غير صالحة',
  },
};

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`): a
 * path that is not valid percent-encoding, or a path parameter longer than the router takes.
 * Without this option Fastify answers them itself, in English, echoing the whole path.
 */
const ROUTER_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_URL', message: 'الرابط المطلوب غير صالح' },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'URL_TOO_LONG',
    message: 'الرابط المطلوب أطول من المسموح',
  },
};

export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = ROUTER_ERRORS[error.code];
  if (known) {
    return reply.status(known.status).send({ message: known.message, code: known.code });
  }
  request.log.error(errorLogFields(error), 'router error');
  reportAnswered500(request.server.errorReports, error, request);
  return reply
    .status(500)
    .send({ message: 'حدث خطأ غير متوقع، يرجى المحاولة لاحقاً', code: 'INTERNAL_ERROR' });
}

/**
 * An error that became a 500 answer, to the error reports (when configured): the request's id,
 * method, route template and status, never its path, query, headers or body. A client's error
 * (4xx) and a database that is down (503, counted and probed elsewhere) are not reported.
 */
function reportAnswered500(reports: ErrorReporter, error: unknown, request: FastifyRequest) {
  reports.report(error, requestContext(request, 500));
}

/** One error contract for every route: `{ message, code }`, Arabic message, no stack traces. */
export function registerErrorHandling(
  app: FastifyInstance,
  diskSpace: Pick<DiskSpace, 'writeFailed'>,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { message: error.message, code: error.code, ...error.extra };
      return reply.status(error.statusCode).headers(error.headers).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[field] ??= issue.message ?? 'قيمة غير صالحة';
      }
      const first = error.validation[0]?.message ?? 'البيانات المرسلة غير صالحة';
      return reply.status(400).send({ message: first, code: 'VALIDATION_ERROR', fields });
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) {
      return reply.status(known.status).send({ message: known.message, code: known.code });
    }
    if (error.statusCode && error.statusCode < 500) {
      // Other client errors raised by Fastify itself (malformed JSON and the like).
      return reply
        .status(error.statusCode)
        .send({ message: 'البيانات المرسلة غير صالحة', code: 'BAD_REQUEST' });
    }
    // PostgreSQL down or restarting: the request failed fast and can be retried in a moment.
    if (isDatabaseUnavailable(error)) {
      if (isStatementTimeout(error)) {
        // Slow, not down: on-call needs the query, not an outage alarm.
        request.log.warn(errorLogFields(error), 'database statement timed out');
        app.errorReports.report(error, requestContext(request, 503));
      } else {
        request.log.warn(errorLogFields(error), 'database unavailable');
      }
      return reply.status(503).header('retry-after', '5').send({
        message: 'الخدمة غير متاحة مؤقتاً، يرجى المحاولة بعد قليل',
        code: 'SERVICE_UNAVAILABLE',
      });
    }
    // A full disk (the database's or the file store's): nothing was written; said as such,
    // logged once a minute and shown on /readyz (src/server/health/disk-space.ts).
    if (isDiskFull(error)) {
      diskSpace.writeFailed(error, request, 507);
      return reply.status(507).header('retry-after', '60').send({
        message: 'تعذر الحفظ لأن مساحة التخزين ممتلئة، يرجى المحاولة لاحقاً',
        code: 'STORAGE_FULL',
      });
    }
    // A database error's message carries the query's parameters (tenants' data): never logged.
    request.log.error(errorLogFields(error), 'unhandled error');
    reportAnswered500(app.errorReports, error, request);
    return reply
      .status(500)
      .send({ message: 'حدث خطأ غير متوقع، يرجى المحاولة لاحقاً', code: 'INTERNAL_ERROR' });
  });
}
