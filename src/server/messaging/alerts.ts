import { and, eq, gt, isNull, notExists, sql } from 'drizzle-orm';
import { type OutboxChannel, outboxChannelLabel } from '#domain';
import type { Database } from '../db/client.js';
import { brokers, notifications } from '../db/schema.js';
import { notify, notifyAdmins } from '../notifications/service.js';
import { firstInWindow } from '../rate-limit.js';

const TITLE = 'تعذر إرسال الرسائل';

/**
 * Tells every admin that a channel needs their attention (credentials, sender, template), at
 * most once an hour per admin and channel, so a failing provider does not bury them in alerts.
 */
export async function alertAdmins(db: Database, channel: OutboxChannel): Promise<void> {
  const label = outboxChannelLabel(channel);
  const message = `تعذر الإرسال عبر ${label} بسبب إعدادات المزوّد أو القالب. راجع صفحة إعدادات الرسائل وقائمة الرسائل الصادرة.`;
  // One query: the admins who have not had this very alert in the last hour.
  const admins = await db
    .select({ id: brokers.id })
    .from(brokers)
    .where(
      and(
        eq(brokers.isAdmin, true),
        isNull(brokers.deletedAt),
        notExists(
          db
            .select({ id: notifications.id })
            .from(notifications)
            .where(
              and(
                eq(notifications.brokerId, brokers.id),
                eq(notifications.title, TITLE),
                eq(notifications.message, message),
                gt(notifications.createdAt, sql`now() - interval '1 hour'`),
              ),
            ),
        ),
      ),
    );
  for (const admin of admins) {
    await notify(db, admin.id, { type: 'error', title: TITLE, message, link: '/messaging-config' });
  }
}

const CEILING_TITLE = 'بلغ إرسال رموز التحقق حده الأقصى';

/**
 * Tells every admin, once per ceiling and window, that codes stopped going out: a ceiling
 * reached is an attack on the SMS bill or a surge worth a look.
 */
export async function alertCodeCeiling(
  db: Database,
  scope: string,
  windowSeconds: number,
): Promise<void> {
  if (!(await firstInWindow(db, `otp-ceiling-alert:${scope}`, windowSeconds))) return;
  const what = scope.startsWith('link:')
    ? `رابط الإحالة ${scope.slice('link:'.length)} بلغ حده اليومي من رموز التحقق`
    : scope === 'hour'
      ? 'المنصة بلغت حدها من رموز التحقق لهذه الساعة'
      : 'المنصة بلغت حدها اليومي من رموز التحقق';
  await notifyAdmins(db, {
    type: 'error',
    title: CEILING_TITLE,
    message: `${what}، ولن تُرسل رموز أخرى حتى نهاية المدة. راجع طلبات الرموز الأخيرة؛ يستطيع المشرف العام تعديل الحدود.`,
    link: '/messaging-config',
  });
}
