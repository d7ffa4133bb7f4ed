import { and, eq, gt, isNull, notExists, sql } from 'drizzle-orm';
import { type OutboxChannel, outboxChannelLabel } from '#domain';
import type { Database } from '../db/client.js';
import { brokers, notifications } from '../db/schema.js';
import { notify } from '../notifications/service.js';

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
