import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { rateLimits } from '../db/schema.js';
import type { FileStorage } from '../integrations/storage.js';
import { notifyAdmins } from '../notifications/service.js';
import {
  type ErrorReporter,
  type ReportContext,
  requestContext,
} from '../observability/error-reports.js';
import { RepeatedFailureLog } from '../plugins/log-safety.js';
import { firstInWindow } from '../rate-limit.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether writes fail for a full disk (src/server/health/disk-space.ts). */
    diskSpace: DiskSpace;
  }
}

/** After a write meets a full disk, how long /readyz says so before it tries a write itself. */
const QUIET_MS = 10_000;
const PROBE_KEY = 'disk-space-probe';
const PROBE_BYTES = Buffer.alloc(64 * 1024);

/**
 * Whether writes fail for lack of disk space, as the writes themselves found:
 * the error handler calls `writeFailed` when a write meets a full disk (the database's or the
 * file store's; src/server/db/errors.ts isDiskFull), and /readyz answers 503 `disk_full`, so a
 * load balancer stops sending writes that would fail. That holds for QUIET_MS after the last
 * such failure; then each /readyz tries a small write to the database and the file store, and
 * the first that goes through ends it. Reads go on being served meanwhile.
 */
export class DiskSpace {
  private lastFullAt: number | null = null;
  private readonly failures: RepeatedFailureLog;

  constructor(
    private readonly deps: {
      db: Database;
      storage: FileStorage;
      log: Pick<FastifyBaseLogger, 'error' | 'info'>;
      reports: ErrorReporter;
    },
    private readonly now: () => number = Date.now,
  ) {
    this.failures = new RepeatedFailureLog(deps.log, 'writing (disk full)', 60_000, (error) =>
      deps.reports.report(error, this.context),
    );
  }

  /** The request whose write met the full disk last, for the error report. */
  private context: ReportContext = { mechanism: 'job', job: 'disk space' };

  /**
   * A write met a full disk: logged once a minute with a count (reported once a run), and the
   * admins told once an hour — when the database can still write their notice (a full file
   * store leaves it able to; a full database disk does not, and the log and reports remain).
   */
  writeFailed(error: unknown, request: FastifyRequest, status: number): void {
    this.context = requestContext(request, status);
    const news = this.lastFullAt === null;
    this.lastFullAt = this.now();
    this.failures.failed(error);
    if (news) void this.alertAdmins().catch(() => {});
  }

  /** True while writes are known to fail. */
  async full(): Promise<boolean> {
    if (this.lastFullAt === null) return false;
    if (this.now() - this.lastFullAt < QUIET_MS) return true;
    try {
      await this.deps.db
        .insert(rateLimits)
        .values({ key: PROBE_KEY, count: 1, resetAt: new Date() })
        .onConflictDoUpdate({ target: rateLimits.key, set: { resetAt: new Date() } });
      // A fresh key each time (the store takes only document keys), so no document is touched.
      const probe = `${randomBytes(16).toString('hex')}.pdf`;
      await this.deps.storage.put(probe, PROBE_BYTES, 'application/pdf');
      await this.deps.storage.delete(probe);
    } catch {
      this.lastFullAt = this.now();
      return true;
    }
    this.lastFullAt = null;
    this.failures.succeeded();
    return false;
  }

  private async alertAdmins(): Promise<void> {
    if (!(await firstInWindow(this.deps.db, 'disk-full-alert', 3600))) return;
    await notifyAdmins(this.deps.db, {
      type: 'error',
      title: 'مساحة التخزين ممتلئة',
      message:
        'تعذر حفظ بيانات أو مستندات جديدة لأن مساحة التخزين ممتلئة. القراءة تعمل كالمعتاد؛ يرجى إبلاغ فريق التشغيل لتوسيع المساحة.',
    });
  }
}
