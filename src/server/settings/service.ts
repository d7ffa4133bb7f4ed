import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { systemConfig } from '../db/schema.js';

export const SMS_NOTIFICATIONS_KEY = 'sms_notifications_enabled';

export async function getSetting(db: Database, key: string): Promise<string | null> {
  const [row] = await db
    .select({ value: systemConfig.value })
    .from(systemConfig)
    .where(eq(systemConfig.key, key))
    .limit(1);
  return row?.value ?? null;
}

/** Spec section 4: the SMS to tenants is on unless the stored value is 'false'. */
export async function smsNotificationsEnabled(db: Database): Promise<boolean> {
  return (await getSetting(db, SMS_NOTIFICATIONS_KEY)) !== 'false';
}
